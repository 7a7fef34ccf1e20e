import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZErrorResponse, ZIdParams } from '../../../../shared/schemas/common.ts';
import { ZCourseTranslation, ZTranslateCourseRequest, ZTranslateCourseResponse } from '../../../../shared/schemas/course-translation.ts';
import { requireAuth } from '../../../http/session.ts';
import type { CourseTranslationService } from './service.ts';

const tags = ['course-translation'];
const E = ZErrorResponse;

/** Translating a course da ↔ en into a new linked course, as a durable job. */
export const courseTranslationRoutes: FastifyPluginAsyncZod<{ translation: CourseTranslationService }> = async (app, { translation }) => {
  app.post(
    '/api/course-translation/courses/:id/translate',
    {
      schema: {
        tags,
        summary:
          "Translate the course into the other language: 202 with the new course (a private draft, the original's words until each piece is translated) and the job that translates it. 400 same language, 409 a translation into it still running or no lessons, 503 AI_NOT_CONFIGURED, 429 AI_QUOTA_EXCEEDED (whoever may edit the course)",
        params: ZIdParams,
        body: ZTranslateCourseRequest,
        response: { 202: ZTranslateCourseResponse, 400: E, 401: E, 403: E, 404: E, 409: E, 429: E, 503: E },
      },
    },
    async (request, reply) =>
      reply.status(202).send(await translation.translate(requireAuth(request).user, request.params.id, request.body)),
  );

  app.get(
    '/api/course-translation/courses/:id/translations',
    {
      schema: {
        tags,
        summary: "The course's original and translations (that I may edit), each with its newest translation job",
        params: ZIdParams,
        response: { 200: z.array(ZCourseTranslation), 401: E, 403: E, 404: E },
      },
    },
    async (request) => translation.translations(requireAuth(request).user, request.params.id),
  );
};
