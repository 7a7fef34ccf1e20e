import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ZAnalyzeTeacherNeedsRequest,
  ZGenerateConceptRequest,
  ZGenerateConceptResponse,
  ZTeacherProfile,
} from '../../../../shared/schemas/course-creator.ts';
import { answerMaybeStreamed } from '../../../ai/event-stream-answer.ts';
import { ZGenerateContentRequest, ZGenerateContentResponse } from '../../../../shared/schemas/creator-content.ts';
import { ZGenerateTemplateResponse } from '../../../../shared/schemas/creator-drafts.ts';
import { ZGenerateTemplateRequest } from '../../../../shared/schemas/creator-template.ts';
import { AppError } from '../../../http/errors.ts';
import { requestLanguage } from '../../../http/language.ts';
import { requireAuth } from '../../../http/session.ts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ContentService } from './content.ts';
import type { CourseCreatorService } from './service.ts';
import type { TemplateService } from './template.ts';
import { errorResponses, noStoreByDefault } from '../../../http/route-helpers.ts';

const tags = ['course-creator'];
/** 503 AI_NOT_CONFIGURED or AI_PROVIDER_UNAVAILABLE, 429 AI_QUOTA_EXCEEDED, 502 AI_BAD_OUTPUT. */
const errors = errorResponses(400, 401, 403, 404, 429, 502, 503);
const who =
  'admins and instructors; 503 AI_NOT_CONFIGURED without a provider, 429 AI_QUOTA_EXCEEDED past the monthly quota. With Accept: text/event-stream, the answer as it is written: `delta` events {partial, ask}, then `result` (the JSON answer) or `error` {status, code, message}';

/** The AI call stops when the client goes away: nobody would read its answer. */
function callOptions(request: FastifyRequest, reply: FastifyReply) {
  const controller = new AbortController();
  reply.raw.on('close', () => {
    if (!reply.raw.writableFinished) controller.abort(new AppError('CLIENT_CLOSED', 499, 'ai.aborted'));
  });
  return { requestLanguage: requestLanguage(request), signal: controller.signal };
}

/** The course creator's AI calls: the needs analysis, the concepts, the template and lesson content. */
export const courseCreatorRoutes: FastifyPluginAsyncZod<{
  creator: CourseCreatorService;
  templates: TemplateService;
  content: ContentService;
}> = async (app, { creator, templates, content }) => {
  noStoreByDefault(app);

  app.post(
    '/api/course-creator/analyze-teacher-needs',
    {
      schema: {
        tags,
        summary: `Analyse the questionnaire's answers into a teacher profile, with the Kursa capabilities the draft lacks (${who})`,
        body: ZAnalyzeTeacherNeedsRequest,
        response: { 200: ZTeacherProfile, ...errors },
      },
    },
    async (request, reply) => {
      const actor = requireAuth(request).user;
      return answerMaybeStreamed(request, reply, (onDelta) =>
        creator.analyzeTeacherNeeds(actor, request.body, { ...callOptions(request, reply), onDelta }),
      );
    },
  );

  app.post(
    '/api/course-creator/generate-concept',
    {
      schema: {
        tags,
        summary: `Three distinct course concepts for an industry and audience (${who})`,
        body: ZGenerateConceptRequest,
        response: { 200: ZGenerateConceptResponse, ...errors },
      },
    },
    async (request, reply) => {
      const actor = requireAuth(request).user;
      return answerMaybeStreamed(request, reply, (onDelta) =>
        creator.generateConcept(actor, request.body, { ...callOptions(request, reply), onDelta }),
      );
    },
  );

  app.post(
    '/api/course-creator/generate-template',
    {
      schema: {
        tags,
        summary: `A course template held to the product's fixed ranges (modules, lessons per module, lesson minutes, weeks), from course_data, course_context and the draft (draft_id: stored on it; another's is 404); 400 CREATOR_SUBJECT_REQUIRED without an industry or title (${who})`,
        body: ZGenerateTemplateRequest,
        response: { 200: ZGenerateTemplateResponse, ...errors },
      },
    },
    async (request, reply) => templates.generate(requireAuth(request).user, request.body, callOptions(request, reply)),
  );

  app.post(
    '/api/course-creator/generate-content',
    {
      schema: {
        tags,
        summary: `Material for one lesson by content_type: plain text (content), a lesson document (document) and the structured answer; blank lesson_title is 400 (${who})`,
        body: ZGenerateContentRequest,
        response: { 200: ZGenerateContentResponse, ...errors },
      },
    },
    async (request, reply) => {
      const actor = requireAuth(request).user;
      return answerMaybeStreamed(request, reply, (onDelta) =>
        content.generate(actor, request.body, { ...callOptions(request, reply), onDelta }),
      );
    },
  );
};
