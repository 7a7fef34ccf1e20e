import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZIdParams } from '../../../../shared/schemas/common.ts';
import {
  ZAnswerQuestionRequest,
  ZAskQuestionRequest,
  ZCourseQuestion,
  ZCourseQuestionList,
  ZCourseQuestionsQuery,
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
};
