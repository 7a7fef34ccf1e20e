import { describe, expect, it } from 'vitest';
import { createAiProviders } from '../../src/server/ai/providers.ts';
import { landscapeSize } from '../../src/server/ai/run-task.ts';
import { AI_TASKS } from '../../src/server/ai/task-names.ts';
import { parseEnv } from '../../src/server/env.ts';

// The AI variables, checked at start-up.

const error = (source: Record<string, string>) => {
  try {
    parseEnv(source);
  } catch (e) {
    return (e as Error).message;
  }
  throw new Error('expected parseEnv to fail');
};

describe('AI environment', () => {
  it('has no provider, a 2,000,000-token quota and a 120 s timeout by default', () => {
    const env = parseEnv({});
    expect(env).toMatchObject({ AI_MONTHLY_TOKENS_PER_COMPANY: 2_000_000, AI_TIMEOUT_MS: 120_000, aiTaskModels: {} });
    expect(createAiProviders(env)).toMatchObject({ configured: false, provider: null, defaultModel: null });
  });

  it('requires AI_MODEL with OPENAI_BASE_URL, naming it', () => {
    expect(error({ OPENAI_BASE_URL: 'http://localhost:11434/v1' })).toMatch(/AI_MODEL: is required with OPENAI_BASE_URL/);
  });

  it('reads AI_MODEL_<TASK> per task, and refuses a name that is no task', () => {
    const env = parseEnv({ OPENAI_BASE_URL: 'http://localhost:11434/v1', AI_MODEL: 'llama3.1', AI_MODEL_GENERATE_CONCEPT: 'qwen2.5' });
    expect(env.aiTaskModels).toEqual({ 'generate-concept': 'qwen2.5' });
    // Every task has its model: the override where one is set, else AI_MODEL.
    expect(createAiProviders(env).modelIds()).toEqual(
      Object.fromEntries(AI_TASKS.map((task) => [task, task === 'generate-concept' ? 'qwen2.5' : 'llama3.1'])),
    );
    expect(error({ AI_MODEL_GENERATE_CONCPT: 'x' })).toMatch(
      /AI_MODEL_GENERATE_CONCPT="x": is no AI task's model; the tasks are AI_MODEL_ANALYZE_TEACHER_NEEDS, AI_MODEL_GENERATE_CONCEPT/,
    );
  });

  it('picks the provider: a base URL first, then OpenAI, then Anthropic, each with a default model', () => {
    expect(
      createAiProviders(parseEnv({ OPENAI_BASE_URL: 'http://localhost:11434/v1', AI_MODEL: 'llama3.1', OPENAI_API_KEY: 'k' })),
    ).toMatchObject({ provider: 'openai-compatible', defaultModel: 'llama3.1' });
    expect(createAiProviders(parseEnv({ OPENAI_API_KEY: 'k', ANTHROPIC_API_KEY: 'a' }))).toMatchObject({
      provider: 'openai',
      defaultModel: 'gpt-5-mini',
    });
    expect(createAiProviders(parseEnv({ ANTHROPIC_API_KEY: 'a', AI_MODEL: 'claude-haiku-4-5' }))).toMatchObject({
      provider: 'anthropic',
      defaultModel: 'claude-haiku-4-5',
    });
  });

  it('chooses the image model: OpenAI gpt-image-1 unless AI_IMAGE_MODEL says otherwise, a compatible server only when named, Anthropic none', async () => {
    const openai = createAiProviders(parseEnv({ OPENAI_API_KEY: 'k' }));
    expect(openai.image).toEqual({ modelId: 'gpt-image-1' });
    expect(await openai.imageModel()).toMatchObject({ provider: 'openai', modelId: 'gpt-image-1', model: { modelId: 'gpt-image-1' } });
    expect(createAiProviders(parseEnv({ OPENAI_API_KEY: 'k', AI_IMAGE_MODEL: 'dall-e-3' })).image).toEqual({ modelId: 'dall-e-3' });
    const local = { OPENAI_BASE_URL: 'http://localhost:11434/v1', AI_MODEL: 'llama3.1' };
    expect(createAiProviders(parseEnv(local)).image).toEqual({ missing: 'not-named' });
    expect(await createAiProviders(parseEnv(local)).imageModel()).toBeNull();
    const drawing = createAiProviders(parseEnv({ ...local, AI_IMAGE_MODEL: 'flux-schnell' }));
    expect(await drawing.imageModel()).toMatchObject({ provider: 'openai-compatible', modelId: 'flux-schnell' });
    expect(createAiProviders(parseEnv({ ANTHROPIC_API_KEY: 'a' })).image).toEqual({ missing: 'provider-has-none' });
    expect(createAiProviders(parseEnv({})).image).toEqual({ missing: 'no-provider' });
    expect(error({ ANTHROPIC_API_KEY: 'a', AI_IMAGE_MODEL: 'dall-e-3' })).toMatch(
      /AI_IMAGE_MODEL="dall-e-3": needs OPENAI_BASE_URL or OPENAI_API_KEY/,
    );
  });

  it('asks each image model for a landscape size it has', () => {
    expect([landscapeSize('gpt-image-1'), landscapeSize('dall-e-3'), landscapeSize('dall-e-2'), landscapeSize('flux-schnell')]).toEqual([
      '1536x1024',
      '1792x1024',
      '1024x1024',
      '1536x1024',
    ]);
  });

  it('names a bad quota or timeout', () => {
    const message = error({ AI_MONTHLY_TOKENS_PER_COMPANY: 'lots', AI_TIMEOUT_MS: '5' });
    expect(message).toContain('AI_MONTHLY_TOKENS_PER_COMPANY="lots"');
    expect(message).toContain('AI_TIMEOUT_MS="5"');
  });
});
