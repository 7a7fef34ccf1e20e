import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZErrorResponse, ZIdParams } from '../../../../shared/schemas/common.ts';
import {
  ZAssignRequest,
  ZAssignResult,
  ZAttemptRequest,
  ZAttemptResult,
  ZCourseIdParams,
  ZEnrolment,
  ZLearningList,
  ZLearningParams,
  ZPlayerLesson,
  ZPlayerOutline,
  ZPositionRequest,
  ZProgressResult,
  ZScormRun,
} from '../../../../shared/schemas/learning.ts';
import { SCORM_RUN_BYTES } from '../../../../shared/constants.ts';
import { AppError } from '../../../http/errors.ts';
import { requireAuth } from '../../../http/session.ts';
import type { EnrolmentsService } from './enrolments.ts';
import type { LearningService } from './service.ts';
import { errorResponses, noStoreByDefault } from '../../../http/route-helpers.ts';

const tags = ['learning'];
const E = ZErrorResponse;
const errors = errorResponses(400, 401, 403, 404, 409);

/** Enrolment, the learner's list, the player and quizzes. */
export const learningRoutes: FastifyPluginAsyncZod<{ learning: LearningService; enrolments: EnrolmentsService }> = async (
  app,
  { learning, enrolments },
) => {
  noStoreByDefault(app);

  app.post(
    '/api/courses/:id/enrol',
    {
      schema: {
        tags,
        summary:
          "Enrol in a course: a free public (or unlisted) course of any company, or any published course of one's own company. Idempotent: 201 the first time, 200 after",
        params: ZIdParams,
        response: { 200: ZEnrolment, 201: ZEnrolment, ...errors },
      },
    },
    async (request, reply) => {
      const { enrolment, created } = await enrolments.enrol(requireAuth(request).user, request.params.id);
      return reply.status(created ? 201 : 200).send(enrolment);
    },
  );

  app.post(
    '/api/courses/:id/assignments',
    {
      config: { apiKey: ['enrolments:manage'] },
      schema: {
        tags,
        summary: "Assign a published course to members of the company, with an optional due date (admins, the course's instructor)",
        params: ZIdParams,
        body: ZAssignRequest,
        response: { 200: ZAssignResult, ...errors },
      },
    },
    async (request) => enrolments.assign(requireAuth(request).user, request.params.id, request.body),
  );

  app.get(
    '/api/learning',
    {
      schema: {
        tags,
        summary: 'My enrolments with their progress, due dates and where to continue',
        response: { 200: ZLearningList, 401: E },
      },
    },
    async (request) => ({ enrolments: await enrolments.list(requireAuth(request).user) }),
  );

  app.get(
    '/api/learning/:courseId',
    {
      schema: {
        tags,
        summary: "The player's outline with my completion marks and progress",
        params: ZCourseIdParams,
        response: { 200: ZPlayerOutline, ...errors },
      },
    },
    async (request) => learning.outline(requireAuth(request).user, request.params.courseId),
  );

  app.get(
    '/api/learning/:courseId/lessons/:lessonId',
    {
      schema: {
        tags,
        summary: 'One lesson for the player, with my progress on it and its neighbours; a quiz comes without its answer key',
        params: ZLearningParams,
        response: { 200: ZPlayerLesson, ...errors },
      },
    },
    async (request) => learning.lesson(requireAuth(request).user, request.params.courseId, request.params.lessonId),
  );

  app.post(
    '/api/learning/:courseId/lessons/:lessonId/complete',
    {
      schema: {
        tags,
        summary: 'Mark a text, video or download lesson complete (a quiz completes by being passed)',
        params: ZLearningParams,
        response: { 200: ZProgressResult, ...errors },
      },
    },
    async (request) => learning.markComplete(requireAuth(request).user, request.params.courseId, request.params.lessonId),
  );

  app.put(
    '/api/learning/:courseId/lessons/:lessonId/position',
    {
      schema: {
        tags,
        summary: "Save a video's position to resume from; at 90 % watched the lesson is complete",
        params: ZLearningParams,
        body: ZPositionRequest,
        response: { 200: ZProgressResult, ...errors },
      },
    },
    async (request) => learning.savePosition(requireAuth(request).user, request.params.courseId, request.params.lessonId, request.body),
  );

  app.get(
    '/api/learning/:courseId/lessons/:lessonId/scorm',
    {
      schema: {
        tags,
        summary:
          "A SCORM lesson's CMI data to start its SCO from: the learner, the mastery score, and the last run's status, score, location and suspend data",
        params: ZLearningParams,
        response: { 200: ZScormRun, ...errors },
      },
    },
    async (request) => learning.scormRun(requireAuth(request).user, request.params.courseId, request.params.lessonId),
  );

  app.put(
    '/api/learning/:courseId/lessons/:lessonId/scorm',
    {
      schema: {
        tags,
        summary:
          "Keep what a SCORM lesson's SCO committed, to resume from; passed, or completed and not failed, completes the lesson. At most 256 KB of CMI data",
        params: ZLearningParams,
        body: ZScormRun,
        response: { 200: ZProgressResult, ...errorResponses(400, 401, 403, 404, 409, 413) },
      },
    },
    async (request) => {
      if (JSON.stringify(request.body).length > SCORM_RUN_BYTES)
        throw new AppError('TOO_LARGE', 413, 'scorm.runTooLarge', { params: { kb: SCORM_RUN_BYTES / 1024 } });
      return learning.saveScormRun(requireAuth(request).user, request.params.courseId, request.params.lessonId, request.body);
    },
  );

  app.post(
    '/api/learning/:courseId/lessons/:lessonId/attempts',
    {
      schema: {
        tags,
        summary: 'Submit answers to a quiz: graded on the server, stored per attempt',
        params: ZLearningParams,
        body: ZAttemptRequest,
        response: { 201: ZAttemptResult, ...errors },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await learning.attempt(requireAuth(request).user, request.params.courseId, request.params.lessonId, request.body.answers)),
  );
};
