/**
 * The course model's limits and choices (the lesson kinds and formats, the job statuses), without
 * zod: the course builder shows and checks them on its first load, which must not bring zod and the
 * schemas (which import them from here). Apart from limits.ts, which the player and the dashboard load.
 */
/** A course's text limits (the schemas enforce them; the builder's fields show them as maxLength). */
export const COURSE_LIMITS = {
  title: 200,
  subtitle: 300,
  description: 10_000,
  tags: 20,
  tag: 40,
  objectives: 20,
  objective: 300,
  audience: 1000,
  moduleTitle: 200,
  lessonTitle: 200,
  /** Largest price, in minor units: 1,000,000.00. */
  maxPrice: 100_000_000,
  revisionsKept: 20,
} as const;

export const LESSON_KINDS = ['text', 'video', 'quiz', 'download', 'scorm'] as const;
export type LessonKind = (typeof LESSON_KINDS)[number];

/** The content generator's six formats, which the AI creator writes into lessons. */
export const LESSON_FORMATS = ['lesson', 'video-script', 'presentation', 'audio-narration', 'visual-content', 'interactive'] as const;
export type LessonFormat = (typeof LESSON_FORMATS)[number];

/** The course-source file input's `accept` (a hint; the server reads the bytes). */
export const SOURCE_ACCEPT = '.pdf,.docx,.pptx,.md,.markdown,.txt,application/pdf,text/markdown,text/plain';

export const JOB_STATUSES = ['queued', 'running', 'succeeded', 'failed', 'cancelled'] as const;
export type TJobStatus = (typeof JOB_STATUSES)[number];
/** A job in one of these is finished: its event stream ends once it has been sent. */
export const FINISHED_JOB_STATUSES: readonly TJobStatus[] = ['succeeded', 'failed', 'cancelled'];
