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

export const ZCourseQuestion = z.object({
  id: z.string(),
  courseId: z.string(),
  courseTitle: z.string(),
  /** The lesson it was asked from; null when it was asked from none or the lesson is gone. */
  lessonId: z.string().nullable(),
  lessonTitle: z.string().nullable(),
  askerName: z.string(),
  body: z.string(),
  createdAt: z.string(),
  /** The course's answer, by its instructor or an admin of its company; null until one is written. */
  answer: z.string().nullable(),
  answeredAt: z.string().nullable(),
  /** Who answered, when someone has. */
  answeredBy: z.string().nullable(),
});
export type TCourseQuestion = z.infer<typeof ZCourseQuestion>;
export const ZCourseQuestionList = z.array(ZCourseQuestion);
