import type { z } from 'zod';
import type { AiTaskName } from './task-names.ts';

/** The languages a task writes in: a course's language. */
export type AiLanguage = 'da' | 'en';

/** What a task sends: instructions (system) and the user message carrying the user's data. */
export interface TaskPrompt {
  system: string;
  user: string;
}

/**
 * An AI task (docs/decisions/016-ai-layer.md): its folder's prompt.ts builds the prompt and
 * schema.ts gives the zod schema its answer must meet (sent as a JSON-schema response format, then
 * validated).
 */
export interface AiTask<INPUT, OUTPUT> {
  name: AiTaskName;
  schema: z.ZodType<OUTPUT>;
  /** One line on what the answer is, sent with the schema. */
  describe: Record<AiLanguage, string>;
  prompt(input: INPUT, language: AiLanguage): TaskPrompt;
}
