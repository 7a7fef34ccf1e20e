import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZIdParams } from '../../../../shared/schemas/common.ts';
import { z } from 'zod';
import {
  ZAnswerQuestionRequest,
  ZAskQuestionRequest,
  ZCourseQuestion,
  ZCourseQuestionList,
  ZCourseQuestionsQuery,
  ZEditQuestionRequest,
  ZHelpfulRequest,
  ZModerationRequest,
  ZPinnedRequest,
  ZQuestionSettings,
  ZReplyRequest,
} from '../../../../shared/schemas/course-questions.ts';
import { errorResponses, noStoreByDefault } from '../../../http/route-helpers.ts';
import { requireAuth } from '../../../http/session.ts';
import type { QuestionsService } from './service.ts';

const tags = ['questions'];

/** Learners' questions to a course's instructor, and the answers (the instructors' list is /api/instructors/{id}/questions). */
export const questionsRoutes: FastifyPluginAsyncZod<{ questions: QuestionsService }> = async (app, { questions }) => {
  noStoreByDefault(app);

  app.post(
    '/api/courses/:id/questions',
    {
      schema: {
        tags,
        summary:
          "Ask the course's instructor a question (3–2000 characters), optionally from one of its lessons: a learner enrolled in the course. A course I cannot see 404",
        params: ZIdParams,
        body: ZAskQuestionRequest,
        response: { 201: ZCourseQuestion, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const question = await questions.ask(requireAuth(request).user, request.params.id, request.body);
      return reply.code(201).send(question);
    },
  );

  app.get(
    '/api/courses/:id/questions',
    {
      schema: {
        tags,
        summary:
          "The questions on a course with their answers, newest first: a learner's own, or every one for the course's instructor and its company's admins (only their own with mine=true, as the player asks)",
        params: ZIdParams,
        querystring: ZCourseQuestionsQuery,
        response: { 200: ZCourseQuestionList, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => questions.forCourse(requireAuth(request).user, request.params.id, request.query.mine === 'true'),
  );

  app.put(
    '/api/questions/:id/answer',
    {
      schema: {
        tags,
        summary:
          "Answer a learner's question (1–4000 characters): the course's instructor or an admin of its company; writing again replaces the answer. Another company's question, or a learner asking, 404",
        params: ZIdParams,
        body: ZAnswerQuestionRequest,
        response: { 200: ZCourseQuestion, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => questions.answer(requireAuth(request).user, request.params.id, request.body.answer),
  );

  app.get(
    '/api/courses/:id/questions/settings',
    {
      schema: {
        tags,
        summary: "Whether the course's learners may ask questions its other learners see: its staff and its learners",
        params: ZIdParams,
        response: { 200: ZQuestionSettings, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => questions.settings(requireAuth(request).user, request.params.id),
  );

  app.put(
    '/api/courses/:id/questions/settings',
    {
      schema: {
        tags,
        summary: "Let the course's learners ask in public, or not (its instructor or an admin of its company)",
        params: ZIdParams,
        body: ZQuestionSettings,
        response: { 200: ZQuestionSettings, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => questions.setSettings(requireAuth(request).user, request.params.id, request.body),
  );

  app.post(
    '/api/questions/:id/replies',
    {
      schema: {
        tags,
        summary:
          "Reply in an answered question's thread (1–4000 characters): its asker's follow-up or the course staff's reply; the other side is notified. 409 before the first answer",
        params: ZIdParams,
        body: ZReplyRequest,
        response: { 201: ZCourseQuestion, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => reply.code(201).send(await questions.reply(requireAuth(request).user, request.params.id, request.body.body)),
  );

  app.patch(
    '/api/questions/:id',
    {
      schema: {
        tags,
        summary: 'Edit a question (its asker); it is shown as edited',
        params: ZIdParams,
        body: ZEditQuestionRequest,
        response: { 200: ZCourseQuestion, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => questions.edit(requireAuth(request).user, request.params.id, request.body.body),
  );

  app.put(
    '/api/questions/:id/helpful',
    {
      schema: {
        tags,
        summary: 'Mark the answer helpful, or not (the question’s asker). 409 before an answer',
        params: ZIdParams,
        body: ZHelpfulRequest,
        response: { 200: ZCourseQuestion, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => questions.setHelpful(requireAuth(request).user, request.params.id, request.body.helpful),
  );

  app.put(
    '/api/questions/:id/pinned',
    {
      schema: {
        tags,
        summary:
          "Pin an answered question to its lesson as a frequently asked question every learner of the course sees (and the tutor points to), or unpin it: the course's staff. 409 for one without an answer or lesson, or hidden",
        params: ZIdParams,
        body: ZPinnedRequest,
        response: { 200: ZCourseQuestion, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => questions.setPinned(requireAuth(request).user, request.params.id, request.body.pinned),
  );

  app.post(
    '/api/questions/:id/hide',
    {
      schema: {
        tags,
        summary:
          "Hide a question from the course's other learners (and unpin it), with a reason its asker sees: the course's staff. Recorded in the audit log",
        params: ZIdParams,
        body: ZModerationRequest,
        response: { 200: ZCourseQuestion, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => questions.setHidden(requireAuth(request).user, request.params.id, request.body.reason, request.ip),
  );

  app.delete(
    '/api/questions/:id/hide',
    {
      schema: {
        tags,
        summary: 'Show a hidden question again: the course’s staff',
        params: ZIdParams,
        response: { 200: ZCourseQuestion, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => questions.setHidden(requireAuth(request).user, request.params.id, null, request.ip),
  );

  app.delete(
    '/api/questions/:id',
    {
      schema: {
        tags,
        summary: "Delete a question and its thread, with a reason kept in the audit log: the course's staff",
        params: ZIdParams,
        body: ZModerationRequest,
        response: { 204: z.null(), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      await questions.remove(requireAuth(request).user, request.params.id, request.body.reason, request.ip);
      return reply.code(204).send(null);
    },
  );
};
