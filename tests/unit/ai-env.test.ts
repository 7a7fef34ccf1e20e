import { describe, expect, it } from 'vitest';
import { createAiProviders } from '../../src/server/ai/providers.ts';
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

  it('names a bad quota or timeout', () => {
    const message = error({ AI_MONTHLY_TOKENS_PER_COMPANY: 'lots', AI_TIMEOUT_MS: '5' });
    expect(message).toContain('AI_MONTHLY_TOKENS_PER_COMPANY="lots"');
    expect(message).toContain('AI_TIMEOUT_MS="5"');
  });
});
