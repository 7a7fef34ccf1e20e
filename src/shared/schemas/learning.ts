import { z } from 'zod';
import { LESSON_KINDS, QUIZ_REVEALS } from './lesson-content.ts';
import { MAX_WATCHED_RANGES } from '../limits.ts';
import { safeString } from './common.ts';

export { MAX_WATCHED_RANGES };

/** Enrolment, the learner's list, the player and graded quiz attempts. */

export const ZEnrolment = z.object({
  id: z.string(),
  courseId: z.string(),
  userId: z.string(),
  source: z.enum(['self', 'assigned']),
  dueAt: z.string().nullable(),
  enrolledAt: z.string(),
  progress: z.number().int(),
  completedAt: z.string().nullable(),
});
export type TEnrolment = z.infer<typeof ZEnrolment>;

export const ZAssignRequest = z.strictObject({
  userIds: z.array(safeString().min(1).max(64)).min(1, { error: 'learning.assignNobody' }).max(500),
  dueAt: z.iso.datetime({ offset: true, error: 'learning.dueAt' }).nullable().optional(),
});
export const ZAssignResult = z.object({ assigned: z.number().int(), updated: z.number().int() });

export const ZLearningItem = z.object({
  enrolmentId: z.string(),
  courseId: z.string(),
  title: z.string(),
  slug: z.string(),
  thumbnailUrl: z.string().nullable(),
  companyName: z.string(),
  instructor: z.string(),
  progress: z.number().int(),
  lessonCount: z.number().int(),
  completedLessons: z.number().int(),
  dueAt: z.string().nullable(),
  enrolledAt: z.string(),
  completedAt: z.string().nullable(),
  /** Where "continue where you left off" leads: the last lesson opened, or the first not completed. */
  continueLessonId: z.string().nullable(),
});
export const ZLearningList = z.object({ enrolments: z.array(ZLearningItem) });
export type TLearningItem = z.infer<typeof ZLearningItem>;

export const ZPlayerLessonSummary = z.object({
  id: z.string(),
  title: z.string(),
  kind: z.enum(LESSON_KINDS),
  durationMinutes: z.number().int().nullable(),
  completed: z.boolean(),
});
export const ZPlayerOutline = z.object({
  courseId: z.string(),
  title: z.string(),
  slug: z.string(),
  companyName: z.string(),
  instructor: z.string(),
  progress: z.number().int(),
  completedAt: z.string().nullable(),
  dueAt: z.string().nullable(),
  continueLessonId: z.string().nullable(),
  modules: z.array(z.object({ id: z.string(), title: z.string(), lessons: z.array(ZPlayerLessonSummary) })),
});
export type TPlayerOutline = z.infer<typeof ZPlayerOutline>;

export const ZQuestionResult = z.object({
  questionId: z.string(),
  correct: z.boolean(),
  /** The feedback of each option the learner chose. */
  feedback: z.array(z.object({ optionId: z.string(), text: z.string() })),
  /** The answer key: null until the quiz's `revealAnswers` allows it (passed, or no attempts left). */
  answer: z
    .object({
      correctOptionIds: z.array(z.string()),
      acceptedAnswers: z.array(z.string()),
      explanation: z.string(),
    })
    .nullable(),
});
export type TQuestionResult = z.infer<typeof ZQuestionResult>;
export const ZAttemptResult = z.object({
  attempt: z.number().int(),
  score: z.number().int(),
  passed: z.boolean(),
  passMark: z.number().int(),
  /** null: unlimited. */
  attemptsLeft: z.number().int().nullable(),
  /** Whether `questions` carry the answer key. */
  answersRevealed: z.boolean(),
  questions: z.array(ZQuestionResult),
  courseProgress: z.number().int(),
  courseCompleted: z.boolean(),
  createdAt: z.string(),
});
export type TAttemptResult = z.infer<typeof ZAttemptResult>;

export const ZPlayerLesson = z.object({
  id: z.string(),
  title: z.string(),
  kind: z.enum(LESSON_KINDS),
  durationMinutes: z.number().int().nullable(),
  /** The lesson's content for a learner: a quiz without its answer key. */
  content: z.unknown(),
  completed: z.boolean(),
  positionSeconds: z.number(),
  previousLessonId: z.string().nullable(),
  nextLessonId: z.string().nullable(),
  courseProgress: z.number().int(),
  quiz: z
    .object({
      passMark: z.number().int(),
      maxAttempts: z.number().int().nullable(),
      attemptsUsed: z.number().int(),
      attemptsLeft: z.number().int().nullable(),
      passed: z.boolean(),
      revealAnswers: z.enum(QUIZ_REVEALS),
      lastAttempt: ZAttemptResult.nullable(),
    })
    .nullable(),
});
export type TPlayerLesson = z.infer<typeof ZPlayerLesson>;

export const ZLearningParams = z.object({ courseId: safeString().min(1).max(64), lessonId: safeString().min(1).max(64) });
export const ZCourseIdParams = z.object({ courseId: safeString().min(1).max(64) });

/** How far past the video's duration a player's times may run (its clock and the file's length differ by a frame or so). */
export const DURATION_SLACK_SECONDS = 0.5;

const ZSeconds = z.number().min(0).max(1_000_000);
/**
 * A video's place to resume from, its duration, and the ranges of it the player played since it
 * loaded (`[start, end]` seconds); only the ranges count towards completion.
 */
export const ZPositionRequest = z
  .strictObject({
    positionSeconds: ZSeconds,
    durationSeconds: z.number().positive().max(1_000_000).optional(),
    watched: z
      .array(z.tuple([ZSeconds, ZSeconds]))
      .max(MAX_WATCHED_RANGES, { error: 'learning.watchedTooMany' })
      .optional(),
  })
  .superRefine((body, ctx) => {
    const limit = body.durationSeconds === undefined ? undefined : body.durationSeconds + DURATION_SLACK_SECONDS;
    if (limit !== undefined && body.positionSeconds > limit)
      ctx.addIssue({ code: 'custom', path: ['positionSeconds'], message: 'learning.beyondDuration' });
    if (body.watched === undefined) return;
    if (limit === undefined) ctx.addIssue({ code: 'custom', path: ['durationSeconds'], message: 'learning.durationMissing' });
    body.watched.forEach(([start, end], index) => {
      if (end < start) ctx.addIssue({ code: 'custom', path: ['watched', index], message: 'learning.watchedBackwards' });
      else if (limit !== undefined && end > limit)
        ctx.addIssue({ code: 'custom', path: ['watched', index], message: 'learning.beyondDuration' });
    });
  });
/** A SCORM lesson's CMI data as the runtime renders it, `{ cmi: { … } }` (docs/decisions/065-scorm-player.md). */
export const ZScormRun = z.object({ cmi: z.record(z.string(), z.unknown()) });
export type TScormRun = z.infer<typeof ZScormRun>;

export const ZProgressResult = z.object({ completed: z.boolean(), courseProgress: z.number().int(), courseCompleted: z.boolean() });

/** Per question: the chosen option ids (single, multiple, true/false) or the typed answer (short answer). */
export const ZAttemptRequest = z.strictObject({
  answers: z.record(safeString().max(64), z.union([z.array(safeString().max(64)).max(10), safeString().max(500)])),
});
