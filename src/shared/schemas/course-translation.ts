import { z } from 'zod';
import { COURSE_LANGUAGES } from './courses.ts';

/** Translating a course da ↔ en into a new linked course. */
export const ZTranslateCourseRequest = z.object({ language: z.enum(COURSE_LANGUAGES, { error: 'course.language' }) }).strict();
export type TTranslateCourseRequest = z.infer<typeof ZTranslateCourseRequest>;

export const ZTranslateCourseResponse = z.object({
  /** Follow it at GET /api/jobs/:id and /api/jobs/:id/events. */
  jobId: z.string(),
  /** The new course: a private draft in the other language, readable and editable at once. */
  courseId: z.string(),
});
export type TTranslateCourseResponse = z.infer<typeof ZTranslateCourseResponse>;

export const ZCourseTranslation = z.object({
  id: z.string(),
  title: z.string(),
  language: z.enum(COURSE_LANGUAGES),
  status: z.string(),
  /** original: the course this one was translated from; translation: one made from it. */
  relation: z.enum(['original', 'translation']),
  /** The newest translation job into it, if any: its id and status. */
  job: z.object({ id: z.string(), status: z.string() }).nullable(),
});
export type TCourseTranslation = z.infer<typeof ZCourseTranslation>;
