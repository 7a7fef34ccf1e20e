import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZErrorResponse, ZIdParams } from '../../../../shared/schemas/common.ts';
import {
  ZCourse,
  ZCourseList,
  ZCreateCourseRequest,
  ZCreateLessonRequest,
  ZCreateModuleRequest,
  ZLesson,
  ZLessonRevisionDetail,
  ZLessonRevisionList,
  ZOutlineRequest,
  ZRestoreRevisionRequest,
  ZRevisionParams,
  ZStatusRequest,
  ZUpdateCourseRequest,
  ZUpdateLessonRequest,
  ZUpdateModuleRequest,
  ZVersionQuery,
} from '../../../../shared/schemas/courses.ts';
import { requireAuth } from '../../../http/session.ts';
import type { CoursesService } from './service.ts';
import { errorResponses, noStoreByDefault } from '../../../http/route-helpers.ts';

const tags = ['courses'];
const E = ZErrorResponse;
/** The answers every route here may give besides its success. */
const errors = errorResponses(400, 401, 403, 404, 409);

/** The course builder's API: courses, their outline, lessons and lesson revisions. */
export const coursesRoutes: FastifyPluginAsyncZod<{ courses: CoursesService }> = async (app, { courses }) => {
  // The author's own drafts, answer keys included: never kept by a cache.
  noStoreByDefault(app);

  app.get(
    '/api/courses',
    {
      config: { apiKey: ['reports:read', 'enrolments:manage'] },
      schema: {
        tags,
        summary: "The caller's courses: an admin's company's, an instructor's own",
        response: { 200: ZCourseList, 401: E, 403: E },
      },
    },
    async (request) => ({ courses: await courses.list(requireAuth(request).user) }),
  );

  app.post(
    '/api/courses',
    {
      schema: {
        tags,
        summary: 'Create a draft course owned by the caller',
        body: ZCreateCourseRequest,
        response: { 201: ZCourse, ...errors },
      },
    },
    async (request, reply) => reply.status(201).send(await courses.create(requireAuth(request).user, request.body)),
  );

  app.get(
    '/api/courses/:id',
    {
      schema: {
        tags,
        summary: 'A course with its settings, modules and lessons (no lesson content)',
        params: ZIdParams,
        response: { 200: ZCourse, ...errors },
      },
    },
    async (request) => courses.get(requireAuth(request).user, request.params.id),
  );

  app.patch(
    '/api/courses/:id',
    {
      schema: {
        tags,
        summary: "Update a course's settings; `version` is the course version they were read at (stale: 409)",
        params: ZIdParams,
        body: ZUpdateCourseRequest,
        response: { 200: ZCourse, ...errors },
      },
    },
    async (request) => courses.update(requireAuth(request).user, request.params.id, request.body),
  );

  app.delete(
    '/api/courses/:id',
    {
      schema: {
        tags,
        summary: 'Archive a course (unpublish restores it as a draft)',
        params: ZIdParams,
        response: { 200: ZCourse, ...errors },
      },
    },
    async (request) => courses.archive(requireAuth(request).user, request.params.id),
  );

  app.post(
    '/api/courses/:id/status',
    {
      schema: {
        tags,
        summary:
          'Publish (checks completeness: 422 COURSE_INCOMPLETE lists what is missing; empty lessons — a video lesson without a video, a text lesson without text, a download without a file — answer 409 EMPTY_LESSONS listing them unless `confirmEmptyLessons`), unpublish (back to draft, also from archived) or archive',
        params: ZIdParams,
        body: ZStatusRequest,
        response: { 200: ZCourse, ...errors, 422: E },
      },
    },
    async (request) => courses.setStatus(requireAuth(request).user, request.params.id, request.body),
  );

  app.put(
    '/api/courses/:id/outline',
    {
      schema: {
        tags,
        summary: 'Reorder: the complete order of modules and of the lessons in each (lessons may change module)',
        params: ZIdParams,
        body: ZOutlineRequest,
        response: { 200: ZCourse, ...errors },
      },
    },
    async (request) => courses.outline.reorder(requireAuth(request).user, request.params.id, request.body),
  );

  app.post(
    '/api/courses/:id/modules',
    {
      schema: {
        tags,
        summary: 'Add a module at the end of the course',
        params: ZIdParams,
        body: ZCreateModuleRequest,
        response: { 201: ZCourse, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await courses.outline.addModule(requireAuth(request).user, request.params.id, request.body)),
  );

  app.patch(
    '/api/modules/:id',
    {
      schema: {
        tags,
        summary: 'Rename a module or change its description',
        params: ZIdParams,
        body: ZUpdateModuleRequest,
        response: { 200: ZCourse, ...errors },
      },
    },
    async (request) => courses.outline.updateModule(requireAuth(request).user, request.params.id, request.body),
  );

  app.delete(
    '/api/modules/:id',
    {
      schema: {
        tags,
        summary: 'Delete a module and its lessons; `?version=` is the course version',
        params: ZIdParams,
        querystring: ZVersionQuery,
        response: { 200: ZCourse, ...errors },
      },
    },
    async (request) => courses.outline.deleteModule(requireAuth(request).user, request.params.id, request.query.version),
  );

  app.post(
    '/api/modules/:id/lessons',
    {
      schema: {
        tags,
        summary: 'Add a lesson at the end of a module, with empty content of its kind',
        params: ZIdParams,
        body: ZCreateLessonRequest,
        response: { 201: ZCourse, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await courses.outline.addLesson(requireAuth(request).user, request.params.id, request.body)),
  );

  app.get(
    '/api/lessons/:id',
    {
      schema: {
        tags,
        summary: 'A lesson with its content, as its author edits it (quiz answers included)',
        params: ZIdParams,
        response: { 200: ZLesson, ...errors },
      },
    },
    async (request) => courses.lessons.get(requireAuth(request).user, request.params.id),
  );

  app.patch(
    '/api/lessons/:id',
    {
      schema: {
        tags,
        summary: "Save a lesson's title, kind, content or duration; `version` is the lesson's version (stale: 409)",
        params: ZIdParams,
        body: ZUpdateLessonRequest,
        response: { 200: ZLesson, ...errors },
      },
    },
    async (request) => courses.lessons.save(requireAuth(request).user, request.params.id, request.body),
  );

  app.delete(
    '/api/lessons/:id',
    {
      schema: {
        tags,
        summary: 'Delete a lesson; `?version=` is the course version',
        params: ZIdParams,
        querystring: ZVersionQuery,
        response: { 200: ZCourse, ...errors },
      },
    },
    async (request) => courses.outline.deleteLesson(requireAuth(request).user, request.params.id, request.query.version),
  );

  app.get(
    '/api/lessons/:id/revisions',
    {
      schema: {
        tags,
        summary: "A lesson's saved revisions, newest first (the last 20)",
        params: ZIdParams,
        response: { 200: ZLessonRevisionList, ...errors },
      },
    },
    async (request) => ({ revisions: await courses.lessons.revisions(requireAuth(request).user, request.params.id) }),
  );

  app.get(
    '/api/lessons/:id/revisions/:revisionId',
    {
      schema: {
        tags,
        summary: 'One revision of a lesson, with its content',
        params: ZRevisionParams,
        response: { 200: ZLessonRevisionDetail, ...errors },
      },
    },
    async (request) => courses.lessons.revision(requireAuth(request).user, request.params.id, request.params.revisionId),
  );

  app.post(
    '/api/lessons/:id/revisions/:revisionId/restore',
    {
      schema: {
        tags,
        summary: "Restore a revision as the lesson's new version; `version` is the lesson's current version",
        params: ZRevisionParams,
        body: ZRestoreRevisionRequest,
        response: { 200: ZLesson, ...errors },
      },
    },
    async (request) =>
      courses.lessons.restore(requireAuth(request).user, request.params.id, request.params.revisionId, request.body.version),
  );
};
