/**
 * Every AI task Kursa runs, by the name of its folder under tasks/. The env's `AI_MODEL_<TASK>`
 * overrides are checked against this list at start-up, so a misspelt override stops the start
 * with its name instead of being ignored. A new task adds its name here.
 */
export const AI_TASKS = [
  'analyze-teacher-needs',
  'generate-concept',
  'generate-template',
  'generate-content',
  'generate-outline',
  'generate-lesson',
  'generate-quiz',
  'generate-workbook',
  'outline-from-material',
  'lesson-from-material',
  'analyze-performance',
  'optimize-engagement',
  'generate-marketing',
  'translate-course',
  // What the image model draws for a cover or a lesson, and the picture's alt text.
  'generate-image-brief',
  // The three assistants' chat: free text, not a schema.
  'assistant-chat',
] as const;
export type AiTaskName = (typeof AI_TASKS)[number];

/** The variable that chooses a task's model: generate-concept → AI_MODEL_GENERATE_CONCEPT. */
export function taskModelVariable(task: AiTaskName): string {
  return `AI_MODEL_${task.toUpperCase().replaceAll('-', '_')}`;
}

export const TASK_MODEL_PREFIX = 'AI_MODEL_';
