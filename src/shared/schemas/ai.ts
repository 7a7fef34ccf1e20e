import { z } from 'zod';

/** The AI layer as the API shows it. */

export const AI_PROVIDERS = ['openai', 'anthropic', 'openai-compatible'] as const;
export type AiProviderName = (typeof AI_PROVIDERS)[number];

/** Who wrote a generated answer: whatever a model wrote records which provider and model wrote it. */
export const ZAiSource = z.object({
  provider: z.enum(AI_PROVIDERS),
  model: z.string(),
});
export type TAiSource = z.infer<typeof ZAiSource>;

export const ZAiUsage = z.object({
  /** The calendar month (UTC) the figures cover, as YYYY-MM. */
  month: z.string(),
  calls: z.number().int(),
  inputTokens: z.number().int(),
  outputTokens: z.number().int(),
  totalTokens: z.number().int(),
  quotaTokens: z.number().int(),
  remainingTokens: z.number().int(),
});
export type TAiUsage = z.infer<typeof ZAiUsage>;

/**
 * GET /api/ai/status. Everyone learns whether AI is configured ('Setup Required' when not); a
 * company's admin also sees the provider, the models and the company's usage this month.
 */
export const ZAiStatus = z.object({
  configured: z.boolean(),
  /** Whether an image model draws pictures (the creator's media step). */
  images: z.boolean(),
  admin: z
    .object({
      provider: z.enum(AI_PROVIDERS).nullable(),
      defaultModel: z.string().nullable(),
      /** The image model (AI_IMAGE_MODEL, or OpenAI's default), or null. */
      imageModel: z.string().nullable(),
      /** Each task's model (AI_MODEL_<TASK> overrides shown as they apply). */
      taskModels: z.record(z.string(), z.string()),
      usage: ZAiUsage,
    })
    .nullable(),
});
export type TAiStatus = z.infer<typeof ZAiStatus>;
