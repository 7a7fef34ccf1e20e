import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZErrorResponse, ZIdParams } from '../../../../shared/schemas/common.ts';
import { ZInstructorReview, ZMyReview, ZReview, ZReviewReplyRequest, ZReviewRequest } from '../../../../shared/schemas/dashboard.ts';
import { requireAuth } from '../../../http/session.ts';
import type { ReviewsService } from './service.ts';

const E = ZErrorResponse;

export const reviewsRoutes: FastifyPluginAsyncZod<{ reviews: ReviewsService }> = async (app, { reviews }) => {
  app.get(
    '/api/courses/:id/review',
    {
      schema: {
        tags: ['reviews'],
        summary:
          'My own review of a course (null when I have not written one), and whether I may write one: I must have started the course',
        params: ZIdParams,
        response: { 200: ZMyReview, 401: E, 404: E },
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      return reviews.mine(requireAuth(request).user, request.params.id);
    },
  );

  app.put(
    '/api/courses/:id/review',
    {
      schema: {
        tags: ['reviews'],
        summary:
          'Rate a course 1–5 with an optional comment (≤ 2000 characters): once per learner, who must have started it; PUT again edits the review',
        params: ZIdParams,
        body: ZReviewRequest,
        response: { 200: ZReview, 400: E, 401: E, 403: E, 404: E },
      },
    },
    async (request) => reviews.put(requireAuth(request).user, request.params.id, request.body),
  );

  app.put(
    '/api/reviews/:id/reply',
    {
      schema: {
        tags: ['reviews'],
        summary:
          "Answer a review of a course (≤ 1000 characters): the course's instructor or an admin of its company; writing again replaces the answer. Another company's review, or a learner asking, 404",
        params: ZIdParams,
        body: ZReviewReplyRequest,
        response: { 200: ZInstructorReview, 400: E, 401: E, 403: E, 404: E },
      },
    },
    async (request) => reviews.reply(requireAuth(request).user, request.params.id, request.body.reply),
  );

  app.delete(
    '/api/reviews/:id/reply',
    {
      schema: {
        tags: ['reviews'],
        summary: "Take back the course's answer to a review (the same people as PUT)",
        params: ZIdParams,
        response: { 200: ZInstructorReview, 401: E, 403: E, 404: E },
      },
    },
    async (request) => reviews.reply(requireAuth(request).user, request.params.id, null),
  );
};
