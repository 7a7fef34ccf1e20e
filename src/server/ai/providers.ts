import type { ImageModel, LanguageModel } from 'ai';
import type { AiProviderName } from '../../shared/schemas/ai.ts';
import type { Env } from '../env.ts';
import { AI_TASKS, type AiTaskName } from './task-names.ts';

/** The model a provider uses when AI_MODEL does not choose one (a compatible server has none). */
const DEFAULT_MODELS: Record<Exclude<AiProviderName, 'openai-compatible'>, string> = {
  openai: 'gpt-5-mini',
  anthropic: 'claude-sonnet-4-5',
};

/**
 * Where OpenAI's and Anthropic's APIs are unless OPENAI_RESPONSES_BASE_URL / ANTHROPIC_BASE_URL
 * say otherwise. Always handed to the SDKs: left out, they read OPENAI_BASE_URL (which means a
 * compatible server here) and ANTHROPIC_BASE_URL from process.env themselves, and an empty one (a
 * .env copied from .env.example) made createOpenAI throw at start-up.
 */
export const API_URLS = { openai: 'https://api.openai.com/v1', anthropic: 'https://api.anthropic.com/v1' } as const;

/** The image model OpenAI draws with unless AI_IMAGE_MODEL names another. */
export const DEFAULT_OPENAI_IMAGE_MODEL = 'gpt-image-1';

/** Why no image can be drawn: no AI provider at all, a compatible server without AI_IMAGE_MODEL, or Anthropic (which has no image model). */
export type ImageModelMissing = 'no-provider' | 'not-named' | 'provider-has-none';

export interface ImageTaskModel {
  model: ImageModel;
  provider: AiProviderName;
  modelId: string;
}

export interface TaskModel {
  model: LanguageModel;
  provider: AiProviderName;
  modelId: string;
}

/** The AI providers as the env configures them; `configured` false means 'Setup Required'. */
export interface AiProviders {
  readonly configured: boolean;
  readonly provider: AiProviderName | null;
  /** The model every task uses unless AI_MODEL_<TASK> names another. */
  readonly defaultModel: string | null;
  /** Each task's model id (only when configured). */
  modelIds(): Partial<Record<AiTaskName, string>>;
  /** The model for a task, or null when no provider is configured. */
  modelFor(task: AiTaskName): Promise<TaskModel | null>;
  /** The image model's id, or why there is none. */
  readonly image: { modelId: string } | { missing: ImageModelMissing };
  /** The image model, or null when there is none (see `image`). */
  imageModel(): Promise<ImageTaskModel | null>;
}

/**
 * The provider's SDK is imported, and its client made, on the first request that needs a model:
 * each provider package is some MB of code a server without AI, or one only serving pages, would
 * hold for nothing. The promise is kept, so every later request shares the one client.
 */
function once<T>(make: () => Promise<T>): () => Promise<T> {
  let made: Promise<T> | undefined;
  return () => (made ??= make());
}

/**
 * Picks the provider from the env, in this order: OPENAI_BASE_URL → any OpenAI-compatible server
 * over chat completions (Ollama, vLLM, LM Studio), with OPENAI_API_KEY when given; else
 * OPENAI_API_KEY → OpenAI (at OPENAI_RESPONSES_BASE_URL when set); else ANTHROPIC_API_KEY →
 * Anthropic (at ANTHROPIC_BASE_URL when set); else none.
 */
/** The start-up log line saying which provider and model are in use, or that none is. */
export function aiProvidersLogLine(providers: AiProviders): [object, string] {
  return providers.configured
    ? [{ provider: providers.provider, model: providers.defaultModel }, 'AI provider configured']
    : [{}, 'no AI provider configured: AI features show Setup Required'];
}

export function createAiProviders(env: Env): AiProviders {
  type Picked = {
    provider: AiProviderName;
    create: (modelId: string) => Promise<LanguageModel>;
    defaultModel: string;
    /** How the provider's image model is made, and its id; absent when it has none. */
    image?: { id: string; create: (modelId: string) => Promise<ImageModel> };
  };
  const pick = (): Picked | null => {
    const { OPENAI_BASE_URL, OPENAI_API_KEY, ANTHROPIC_API_KEY } = env;
    if (OPENAI_BASE_URL) {
      const compatible = once(async () =>
        (await import('@ai-sdk/openai-compatible')).createOpenAICompatible({
          name: 'openai-compatible',
          baseURL: OPENAI_BASE_URL,
          ...(OPENAI_API_KEY && { apiKey: OPENAI_API_KEY }),
          // response_format: json_schema (not json_object), and token usage on streamed answers.
          supportsStructuredOutputs: true,
          includeUsage: true,
        }),
      );
      // AI_MODEL is required with OPENAI_BASE_URL (env.ts refuses to start without it).
      return {
        provider: 'openai-compatible',
        create: async (id) => (await compatible()).chatModel(id),
        defaultModel: env.AI_MODEL!,
        // POST {baseURL}/images/generations; a server that draws nothing has no AI_IMAGE_MODEL.
        ...(env.AI_IMAGE_MODEL && { image: { id: env.AI_IMAGE_MODEL, create: async (id: string) => (await compatible()).imageModel(id) } }),
      };
    }
    if (OPENAI_API_KEY) {
      // The Responses API (POST {baseURL}/responses), with text.format json_schema.
      const baseURL = env.OPENAI_RESPONSES_BASE_URL ?? API_URLS.openai;
      const openai = once(async () => (await import('@ai-sdk/openai')).createOpenAI({ apiKey: OPENAI_API_KEY, baseURL }));
      return {
        provider: 'openai',
        create: async (id) => (await openai())(id),
        defaultModel: env.AI_MODEL ?? DEFAULT_MODELS.openai,
        image: { id: env.AI_IMAGE_MODEL ?? DEFAULT_OPENAI_IMAGE_MODEL, create: async (id: string) => (await openai()).image(id) },
      };
    }
    if (ANTHROPIC_API_KEY) {
      // The Messages API (POST {baseURL}/messages), with output_config.format json_schema on models
      // that have structured outputs (claude-sonnet-4-5 does) and a forced 'json' tool on older ones.
      const baseURL = env.ANTHROPIC_BASE_URL ?? API_URLS.anthropic;
      const anthropic = once(async () => (await import('@ai-sdk/anthropic')).createAnthropic({ apiKey: ANTHROPIC_API_KEY, baseURL }));
      return {
        provider: 'anthropic',
        create: async (id) => (await anthropic())(id),
        defaultModel: env.AI_MODEL ?? DEFAULT_MODELS.anthropic,
      };
    }
    return null;
  };
  const chosen = pick();
  const modelId = (task: AiTaskName) => env.aiTaskModels[task] ?? chosen?.defaultModel ?? '';
  const models = new Map<string, Promise<LanguageModel>>();
  const drawer = chosen?.image;
  const imageModel = drawer ? once(() => drawer.create(drawer.id)) : null;
  return {
    configured: chosen !== null,
    provider: chosen?.provider ?? null,
    defaultModel: chosen?.defaultModel ?? null,
    modelIds: () => (chosen ? Object.fromEntries(AI_TASKS.map((task) => [task, modelId(task)])) : {}),
    modelFor: async (task) => {
      if (!chosen) return null;
      const id = modelId(task);
      // One client per model: making one builds the SDK's response schemas, a cost per request otherwise.
      let model = models.get(id);
      if (!model) models.set(id, (model = chosen.create(id)));
      return { model: await model, provider: chosen.provider, modelId: id };
    },
    image: drawer
      ? { modelId: drawer.id }
      : { missing: !chosen ? 'no-provider' : chosen.provider === 'anthropic' ? 'provider-has-none' : 'not-named' },
    imageModel: async () =>
      chosen && drawer && imageModel ? { model: await imageModel(), provider: chosen.provider, modelId: drawer.id } : null,
  };
}
