import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZErrorResponse, ZIdParams } from '../../../../shared/schemas/common.ts';
import {
  ZCourseGenerationJobs,
  ZGenerateCourseRequest,
  ZGenerateQuizzesRequest,
  ZGenerationJobCreated,
  ZRegenerateLessonRequest,
  ZRegenerateModuleRequest,
  ZRegenerateQuestionRequest,
} from '../../../../shared/schemas/course-generation.ts';
import { ZLesson } from '../../../../shared/schemas/courses.ts';
import { AppError } from '../../../http/errors.ts';
import { requestLanguage } from '../../../http/language.ts';
import { requireAuth } from '../../../http/session.ts';
import type { CourseGenerationService } from './service.ts';
import { noStoreByDefault } from '../../../http/route-helpers.ts';

const tags = ['course-generation'];
const E = ZErrorResponse;
const jobErrors = { 400: E, 401: E, 404: E, 409: E, 429: E, 503: E } as const;
const callErrors = { ...jobErrors, 502: E } as const;
const who = 'admins, and instructors on their own courses; other courses 404; 503 AI_NOT_CONFIGURED, 429 AI_QUOTA_EXCEEDED';
const follow = 'follow it at GET /api/jobs/:jobId and its SSE stream GET /api/jobs/:jobId/events';

/** The AI call stops when the client goes away: nobody would read its answer. */
function signalOf(reply: FastifyReply): AbortSignal {
  const controller = new AbortController();
  reply.raw.on('close', () => {
    if (!reply.raw.writableFinished) controller.abort(new AppError('CLIENT_CLOSED', 499, 'ai.aborted'));
  });
  return controller.signal;
}

const user = (request: FastifyRequest) => requireAuth(request).user;

/** Generating a course's content with AI: durable jobs for many lessons, direct calls for one. */
export const courseGenerationRoutes: FastifyPluginAsyncZod<{ generation: CourseGenerationService }> = async (app, { generation }) => {
  noStoreByDefault(app);

  app.post(
    '/api/course-generation/courses/:id/generate',
    {
      schema: {
        tags,
        summary: `Start a job that writes the whole course: its outline (unless it has one), every empty text lesson and a quiz per module; 202 {jobId, job}; 409 GENERATION_RUNNING while one runs; ${follow} (${who})`,
        params: ZIdParams,
        body: ZGenerateCourseRequest,
        response: { 202: ZGenerationJobCreated, ...jobErrors },
      },
    },
    async (request, reply) =>
      reply
        .status(202)
        .send(await generation.generateCourse(user(request), request.params.id, { replaceExisting: false, ...request.body.options })),
  );

  app.post(
    '/api/course-generation/courses/:id/generate-quizzes',
    {
      schema: {
        tags,
        summary: `Start a job that writes a quiz per module from its lessons (empty quizzes, or all with replaceExisting); 202 {jobId, job}; ${follow} (${who})`,
        params: ZIdParams,
        body: ZGenerateQuizzesRequest,
        response: { 202: ZGenerationJobCreated, ...jobErrors },
      },
    },
    async (request, reply) =>
      reply.status(202).send(await generation.generateQuizzes(user(request), request.params.id, request.body.options)),
  );

  app.get(
    '/api/course-generation/courses/:id/jobs',
    {
      schema: {
        tags,
        summary:
          "The course's generation jobs the user may follow (an admin: all), newest first: a reloaded page finds the running one here",
        params: ZIdParams,
        response: { 200: ZCourseGenerationJobs, 400: E, 401: E, 404: E },
      },
    },
    async (request) => generation.courseJobs(user(request), request.params.id, requestLanguage(request)),
  );

  app.post(
    '/api/course-generation/modules/:id/regenerate',
    {
      schema: {
        tags,
        summary: `Start a job that writes every text lesson of the module and its quiz again (old content stays in each lesson's revisions); 202 {jobId, job}; ${follow} (${who})`,
        params: ZIdParams,
        body: ZRegenerateModuleRequest,
        response: { 202: ZGenerationJobCreated, ...jobErrors },
      },
    },
    async (request, reply) =>
      reply.status(202).send(await generation.regenerateModule(user(request), request.params.id, request.body.options)),
  );

  app.post(
    '/api/course-generation/lessons/:id/regenerate',
    {
      schema: {
        tags,
        summary: `Write one lesson (text, or a whole quiz) again at once, with optional wishes; the old content stays in its revisions; a stale version 409 VERSION_CONFLICT (${who}; 502 AI_BAD_OUTPUT)`,
        params: ZIdParams,
        body: ZRegenerateLessonRequest,
        response: { 200: ZLesson, ...callErrors },
      },
    },
    async (request, reply) => generation.regenerateLesson(user(request), request.params.id, request.body, signalOf(reply)),
  );

  app.post(
    '/api/course-generation/lessons/:id/regenerate-question',
    {
      schema: {
        tags,
        summary: `Write one question of a quiz lesson again (its correct answer keeps the old one's position); a stale version 409 VERSION_CONFLICT (${who}; 502 AI_BAD_OUTPUT)`,
        params: ZIdParams,
        body: ZRegenerateQuestionRequest,
        response: { 200: ZLesson, ...callErrors },
      },
    },
    async (request, reply) => generation.regenerateQuestion(user(request), request.params.id, request.body, signalOf(reply)),
  );
};
