import { z } from 'zod';
import { QUESTION_ANSWER_MAX, QUESTION_BODY_MAX, QUESTION_BODY_MIN } from '../limits.ts';
import { safeString } from './common.ts';

export { QUESTION_ANSWER_MAX, QUESTION_BODY_MAX, QUESTION_BODY_MIN };

/** Learners' questions to a course's instructor, and the course's answers. */

/** POST /api/courses/:id/questions: the question, and the lesson it was asked from. */
export const ZAskQuestionRequest = z
  .object({
    body: safeString('question.tooShort')
      .trim()
      .min(QUESTION_BODY_MIN, { error: 'question.tooShort' })
      .max(QUESTION_BODY_MAX, { error: 'question.tooLong' }),
    lessonId: safeString().min(1).max(64).optional(),
    /** Seen by the course's other learners too, where the course allows it. */
    public: z.boolean().optional(),
  })
  .strict();
export type TAskQuestionRequest = z.infer<typeof ZAskQuestionRequest>;

/** GET /api/courses/:id/questions?mine=true: only the caller's own, also for the course's instructor or an admin who takes it. */
export const ZCourseQuestionsQuery = z.object({ mine: z.enum(['true', 'false']).optional() }).strict();

/** PUT /api/questions/:id/answer: writing again replaces the answer. */
export const ZAnswerQuestionRequest = z
  .object({
    answer: safeString('question.answerEmpty')
      .trim()
      .min(1, { error: 'question.answerEmpty' })
      .max(QUESTION_ANSWER_MAX, { error: 'question.answerTooLong' }),
  })
  .strict();

/** PATCH /api/questions/:id: the asker rewrites their question. */
export const ZEditQuestionRequest = z.object({ body: ZAskQuestionRequest.shape.body }).strict();

/** POST /api/questions/:id/replies: the asker's follow-up or the course staff's reply. */
export const ZReplyRequest = z.object({ body: ZAnswerQuestionRequest.shape.answer }).strict();

/** Hiding or deleting a question says why (shown to its asker; kept in the audit log). */
export const ZModerationRequest = z
  .object({
    reason: safeString('question.reasonRequired')
      .trim()
      .min(3, { error: 'question.reasonRequired' })
      .max(500, { error: 'question.reasonTooLong' }),
  })
  .strict();

export const ZHelpfulRequest = z.object({ helpful: z.boolean() }).strict();
export const ZPinnedRequest = z.object({ pinned: z.boolean() }).strict();

/** GET/PUT /api/courses/:id/questions/settings. */
export const ZQuestionSettings = z.object({ publicQuestions: z.boolean() }).strict();
export type TQuestionSettings = z.infer<typeof ZQuestionSettings>;

export const ZQuestionReply = z.object({
  id: z.string(),
  /** The writer's name; null for another learner of a public question (they are not named to others). */
  authorName: z.string().nullable(),
  /** Written by the course's staff (its instructor or an admin of its company). */
  staff: z.boolean(),
  mine: z.boolean(),
  body: z.string(),
  createdAt: z.string(),
});

export const ZCourseQuestion = z.object({
  id: z.string(),
  courseId: z.string(),
  courseTitle: z.string(),
  /** The lesson it was asked from; null when it was asked from none or the lesson is gone. */
  lessonId: z.string().nullable(),
  lessonTitle: z.string().nullable(),
  /** The asker; null to the course's other learners (a public question does not name its asker to them). */
  askerName: z.string().nullable(),
  /** The caller asked it. */
  mine: z.boolean(),
  body: z.string(),
  createdAt: z.string(),
  editedAt: z.string().nullable(),
  /** Seen by the course's other learners. */
  public: z.boolean(),
  /** The course's answer, by its instructor or an admin of its company; null until one is written. */
  answer: z.string().nullable(),
  answeredAt: z.string().nullable(),
  /** Who answered, when someone has. */
  answeredBy: z.string().nullable(),
  /** Its asker found the answer helpful. */
  helpful: z.boolean(),
  /** Pinned to its lesson as a frequently asked question. */
  pinned: z.boolean(),
  /** Hidden by the course's staff, and why: shown to them and the asker only. */
  hidden: z.object({ reason: z.string(), at: z.string() }).nullable(),
  /** The thread after the answer, oldest first. */
  replies: z.array(ZQuestionReply),
  /** The course's staff have the next word: no answer yet, or the asker wrote last. */
  awaiting: z.boolean(),
});
export type TCourseQuestion = z.infer<typeof ZCourseQuestion>;
export const ZCourseQuestionList = z.array(ZCourseQuestion);
