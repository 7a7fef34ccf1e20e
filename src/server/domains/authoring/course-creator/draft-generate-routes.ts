import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZErrorResponse, ZIdParams } from '../../../../shared/schemas/common.ts';
import { ZDraftGenerationStarted, ZGenerateDraftRequest } from '../../../../shared/schemas/draft-generation.ts';
import { requireAuth } from '../../../http/session.ts';
import type { DraftGenerationService } from './draft-generate.ts';

const E = ZErrorResponse;

/** Generating a creator draft's course with its features (ADR 022). */
export const draftGenerateRoutes: FastifyPluginAsyncZod<{ draftGeneration: DraftGenerationService }> = async (app, { draftGeneration }) => {
  app.post(
    '/api/course-creator/drafts/:id/generate',
    {
      schema: {
        tags: ['course-creator'],
        summary:
          "Start the whole-course job for the draft's course with its features: module-quizzes → a quiz per module (none without it), video-scripts → a video lesson with a script per module, downloadable-workbook → a workbook PDF lesson, second-language → a translation once written; 202 {jobId, job, courseId, features}; stale `version` 409 VERSION_CONFLICT, no course yet 409 CREATOR_NO_COURSE, 409 GENERATION_RUNNING, 503 AI_NOT_CONFIGURED, 429 AI_QUOTA_EXCEEDED; follow it at GET /api/jobs/:jobId (admins: the company's drafts, instructors their own; others 404)",
        params: ZIdParams,
        body: ZGenerateDraftRequest,
        response: { 202: ZDraftGenerationStarted, 400: E, 401: E, 403: E, 404: E, 409: E, 429: E, 503: E },
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      return reply.status(202).send(await draftGeneration.generate(requireAuth(request).user, request.params.id, request.body));
    },
  );
};
