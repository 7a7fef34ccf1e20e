import { createAnthropic } from '@ai-sdk/anthropic';
import { createOpenAI } from '@ai-sdk/openai';
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import type { LanguageModel } from 'ai';
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
const API_URLS = { openai: 'https://api.openai.com/v1', anthropic: 'https://api.anthropic.com/v1' } as const;

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
  modelFor(task: AiTaskName): TaskModel | null;
}

/**
 * Picks the provider from the env, in this order: OPENAI_BASE_URL → any OpenAI-compatible server
 * over chat completions (Ollama, vLLM, LM Studio), with OPENAI_API_KEY when given; else
 * OPENAI_API_KEY → OpenAI (at OPENAI_RESPONSES_BASE_URL when set); else ANTHROPIC_API_KEY →
 * Anthropic (at ANTHROPIC_BASE_URL when set); else none.
 */
export function createAiProviders(env: Env): AiProviders {
  const pick = (): { provider: AiProviderName; create: (modelId: string) => LanguageModel; defaultModel: string } | null => {
    if (env.OPENAI_BASE_URL) {
      const compatible = createOpenAICompatible({
        name: 'openai-compatible',
        baseURL: env.OPENAI_BASE_URL,
        ...(env.OPENAI_API_KEY && { apiKey: env.OPENAI_API_KEY }),
        // response_format: json_schema (not json_object), and token usage on streamed answers.
        supportsStructuredOutputs: true,
        includeUsage: true,
      });
      // AI_MODEL is required with OPENAI_BASE_URL (env.ts refuses to start without it).
      return { provider: 'openai-compatible', create: (id) => compatible.chatModel(id), defaultModel: env.AI_MODEL! };
    }
    if (env.OPENAI_API_KEY) {
      // The Responses API (POST {baseURL}/responses), with text.format json_schema.
      const openai = createOpenAI({ apiKey: env.OPENAI_API_KEY, baseURL: env.OPENAI_RESPONSES_BASE_URL ?? API_URLS.openai });
      return { provider: 'openai', create: (id) => openai(id), defaultModel: env.AI_MODEL ?? DEFAULT_MODELS.openai };
    }
    if (env.ANTHROPIC_API_KEY) {
      // The Messages API (POST {baseURL}/messages), with output_config.format json_schema on models
      // that have structured outputs (claude-sonnet-4-5 does) and a forced 'json' tool on older ones.
      const anthropic = createAnthropic({ apiKey: env.ANTHROPIC_API_KEY, baseURL: env.ANTHROPIC_BASE_URL ?? API_URLS.anthropic });
      return { provider: 'anthropic', create: (id) => anthropic(id), defaultModel: env.AI_MODEL ?? DEFAULT_MODELS.anthropic };
    }
    return null;
  };
  const chosen = pick();
  const modelId = (task: AiTaskName) => env.aiTaskModels[task] ?? chosen?.defaultModel ?? '';
  const models = new Map<string, LanguageModel>();
  return {
    configured: chosen !== null,
    provider: chosen?.provider ?? null,
    defaultModel: chosen?.defaultModel ?? null,
    modelIds: () => (chosen ? Object.fromEntries(AI_TASKS.map((task) => [task, modelId(task)])) : {}),
    modelFor: (task) => {
      if (!chosen) return null;
      const id = modelId(task);
      // One client per model: making one builds the SDK's response schemas, a cost per request otherwise.
      let model = models.get(id);
      if (!model) models.set(id, (model = chosen.create(id)));
      return { model, provider: chosen.provider, modelId: id };
    },
  };
}
