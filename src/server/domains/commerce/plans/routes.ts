import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZErrorResponse } from '../../../../shared/schemas/common.ts';
import { ZPlanOverview } from '../../../../shared/schemas/plans.ts';
import { requireAuth } from '../../../http/session.ts';
import type { PlansService } from './service.ts';

/** The company's plan. */
export const plansRoutes: FastifyPluginAsyncZod<{ plans: PlansService }> = async (app, { plans }) => {
  app.get(
    '/api/plan',
    {
      schema: {
        tags: ['plans'],
        summary:
          "The company's plan and its state (trial, active, expired: read-only), with the published courses, learners and admins it uses against the plan's limits (admins and instructors)",
        response: { 200: ZPlanOverview, 401: ZErrorResponse, 403: ZErrorResponse },
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      return plans.overview(requireAuth(request).user);
    },
  );
};
