import { z } from 'zod';
import { safeString, text } from './common.ts';
import { ZAssignRequest } from './learning.ts';

/** Learning paths: an ordered set of a company's courses, assigned like a course, with its own certificate. */

export const PATH_TITLE_MAX = 120;
export const PATH_DESCRIPTION_MAX = 2000;
export const PATH_COURSES_MAX = 30;

const courseIds = z
  .array(safeString().min(1).max(64))
  .max(PATH_COURSES_MAX, { error: 'paths.tooManyCourses' })
  .refine((ids) => new Set(ids).size === ids.length, { error: 'paths.courseTwice' });

export const ZPathCreate = z.strictObject({
  title: text(1, PATH_TITLE_MAX, 'paths.titleRequired'),
  description: safeString().trim().max(PATH_DESCRIPTION_MAX, { error: 'profile.tooLong' }).default(''),
  /** In the order they are taken. */
  courseIds: courseIds.default([]),
});
export const ZPathUpdate = z.strictObject({
  title: text(1, PATH_TITLE_MAX, 'paths.titleRequired').optional(),
  description: safeString().trim().max(PATH_DESCRIPTION_MAX, { error: 'profile.tooLong' }).optional(),
  courseIds: courseIds.optional(),
});
export type TPathCreate = z.input<typeof ZPathCreate>;
export type TPathUpdate = z.infer<typeof ZPathUpdate>;

/** The courses a path may hold (GET /api/paths/courses). */
export const ZPathCourses = z.object({ courses: z.array(z.object({ id: z.string(), title: z.string() })) });

/** Assigning a path: the same request as assigning a course. */
export const ZPathAssignRequest = ZAssignRequest;
export const ZPathUnassignParams = z.object({ id: safeString().min(1).max(64), userId: safeString().min(1).max(64) });

const ZPathCourse = z.object({
  id: z.string(),
  title: z.string(),
  slug: z.string(),
  /** Only a published course can be taken; a course unpublished since stays on the path, marked. */
  published: z.boolean(),
});

/** A path as the people who make and assign paths see it (GET /api/paths). */
export const ZPathSummary = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  courses: z.array(ZPathCourse),
  /** How many people are on it, and how many of them finished it. */
  people: z.number().int(),
  completed: z.number().int(),
  createdBy: z.string().nullable(),
  /** The caller may change, assign and delete it: an admin, or the instructor who made it. */
  canEdit: z.boolean(),
  updatedAt: z.string(),
});
export const ZPathList = z.object({ paths: z.array(ZPathSummary) });
export type TPathSummary = z.infer<typeof ZPathSummary>;

/** One person on a path and how far they are. */
export const ZPathPerson = z.object({
  userId: z.string(),
  name: z.string(),
  email: z.string(),
  enrolledAt: z.string(),
  dueAt: z.string().nullable(),
  completedCourses: z.number().int(),
  completedAt: z.string().nullable(),
});
export const ZPathDetail = ZPathSummary.extend({ members: z.array(ZPathPerson) });
export type TPathDetail = z.infer<typeof ZPathDetail>;

/** A path I am on (GET /api/learning/paths): its courses in order, with where I am in each. */
export const ZMyPath = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  dueAt: z.string().nullable(),
  enrolledAt: z.string(),
  completedAt: z.string().nullable(),
  /** The path's certificate, once it is finished. */
  certificateCode: z.string().nullable(),
  courses: z.array(
    ZPathCourse.extend({
      /** Per cent of the course's lessons done. */
      progress: z.number().int(),
      completed: z.boolean(),
    }),
  ),
});
export const ZMyPaths = z.object({ paths: z.array(ZMyPath) });
export type TMyPath = z.infer<typeof ZMyPath>;
