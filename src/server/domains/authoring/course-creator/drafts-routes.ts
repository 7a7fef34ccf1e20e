import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZErrorResponse, ZIdParams, ZOkResponse } from '../../../../shared/schemas/common.ts';
import { ZInsertContentRequest, ZLessonIdParams } from '../../../../shared/schemas/creator-content.ts';
import {
  ZAddFeatureRequest,
  ZAddFeatureResponse,
  ZApplyTemplateRequest,
  ZApplyTemplateResponse,
  ZChooseConceptRequest,
  ZChooseConceptResponse,
  ZCreateDraftRequest,
  ZCreatorDraft,
  ZCreatorDraftList,
  ZUpdateDraftRequest,
} from '../../../../shared/schemas/creator-drafts.ts';
import { ZLesson, ZVersionQuery } from '../../../../shared/schemas/courses.ts';
import { requestLanguage } from '../../../http/language.ts';
import { requireAuth } from '../../../http/session.ts';
import type { ContentService } from './content.ts';
import type { DraftCourseService } from './draft-course.ts';
import type { DraftsService } from './drafts.ts';
import { errorResponses, noStoreByDefault } from '../../../http/route-helpers.ts';

const tags = ['course-creator'];
const E = ZErrorResponse;
const errors = errorResponses(400, 401, 403, 404, 409);
const who = "admins see their company's drafts, instructors their own; anyone else's id is 404";

/** The creator's saved drafts and the writes that turn them into a course. */
export const creatorDraftsRoutes: FastifyPluginAsyncZod<{
  drafts: DraftsService;
  draftCourses: DraftCourseService;
  content: ContentService;
}> = async (app, { drafts, draftCourses, content }) => {
  noStoreByDefault(app);
  const base = '/api/course-creator/drafts';

  app.post(
    base,
    {
      schema: {
        tags,
        summary: 'Start a creator draft; every field optional; language defaults to Accept-Language, else da (admins and instructors)',
        body: ZCreateDraftRequest,
        response: { 201: ZCreatorDraft, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await drafts.create(requireAuth(request).user, request.body, requestLanguage(request))),
  );

  app.get(
    base,
    {
      schema: {
        tags,
        summary: `The caller's drafts, most recently changed first, without their content_history (read one draft for it) (${who})`,
        response: { 200: ZCreatorDraftList, 401: E, 403: E },
      },
    },
    async (request) => ({
      drafts: await drafts.list(requireAuth(request).user),
    }),
  );

  app.get(
    `${base}/:id`,
    { schema: { tags, summary: `One draft (${who})`, params: ZIdParams, response: { 200: ZCreatorDraft, ...errors } } },
    async (request) => drafts.get(requireAuth(request).user, request.params.id),
  );

  app.patch(
    `${base}/:id`,
    {
      schema: {
        tags,
        summary: `Save the wizard's state: the fields given (course_context merged field by field; teacher_profile and concepts null clear them; content_history is the whole list, newest first, at most 20 items and 512 KiB) at the draft's \`version\` (stale: 409 VERSION_CONFLICT) (${who})`,
        params: ZIdParams,
        body: ZUpdateDraftRequest,
        response: { 200: ZCreatorDraft, ...errors },
      },
    },
    async (request) => drafts.update(requireAuth(request).user, request.params.id, request.body),
  );

  app.delete(
    `${base}/:id`,
    {
      schema: {
        tags,
        summary: `Delete a draft at ?version=N (stale: 409); a course it made stays (${who})`,
        params: ZIdParams,
        querystring: ZVersionQuery,
        response: { 200: ZOkResponse, ...errors },
      },
    },
    async (request) => {
      await drafts.delete(requireAuth(request).user, request.params.id, request.query.version);
      return { ok: true as const };
    },
  );

  app.post(
    `${base}/:id/choose-concept`,
    {
      schema: {
        tags,
        summary: `Make a concept (as generate-concept answered it) the draft's course: a draft course the builder edits; 409 CREATOR_COURSE_EXISTS when it has one (${who})`,
        params: ZIdParams,
        body: ZChooseConceptRequest,
        response: { 200: ZChooseConceptResponse, ...errors },
      },
    },
    async (request) => draftCourses.chooseConcept(requireAuth(request).user, request.params.id, request.body),
  );

  app.post(
    `${base}/:id/apply-template`,
    {
      schema: {
        tags,
        summary: `Make the draft's template the course's outline (creating the course if the draft has none): 409 CREATOR_NO_TEMPLATE, 409 COURSE_HAS_OUTLINE unless replace, 409 COURSE_HAS_CONTENT when replacing would remove work or learners are enrolled (${who})`,
        params: ZIdParams,
        body: ZApplyTemplateRequest,
        response: { 200: ZApplyTemplateResponse, ...errors },
      },
    },
    async (request) => draftCourses.applyTemplate(requireAuth(request).user, request.params.id, request.body),
  );

  app.post(
    '/api/integrations/add-feature',
    {
      schema: {
        tags,
        summary: `Switch a Kursa capability on in a draft (idempotent; unknown key 400); the course generator honours the draft's features (${who})`,
        body: ZAddFeatureRequest,
        response: { 200: ZAddFeatureResponse, ...errors },
      },
    },
    async (request) => draftCourses.addFeature(requireAuth(request).user, request.body),
  );

  app.post(
    '/api/course-creator/lessons/:lessonId/insert-content',
    {
      schema: {
        tags,
        summary:
          "Put a generated document into a lesson (append or replace) at the lesson's `version` (stale: 409); a text lesson's text, a video or download lesson's notes; a revision is kept; with generate-content's `source` and `content_type` the lesson is marked AI-written",
        params: ZLessonIdParams,
        body: ZInsertContentRequest,
        response: { 200: ZLesson, ...errors },
      },
    },
    async (request) => content.insert(requireAuth(request).user, request.params.lessonId, request.body),
  );
};
