import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZErrorResponse } from '../../../../shared/schemas/common.ts';
import { ZOnboarding } from '../../../../shared/schemas/onboarding.ts';
import { noStoreByDefault } from '../../../http/route-helpers.ts';
import { requireAuth } from '../../../http/session.ts';
import type { OnboardingService } from './service.ts';

const tags = ['dashboard'];
const E = ZErrorResponse;

/** The getting-started checklist on the dashboard's overview. */
export const onboardingRoutes: FastifyPluginAsyncZod<{ onboarding: OnboardingService }> = async (app, { onboarding }) => {
  noStoreByDefault(app);

  app.get(
    '/api/onboarding',
    {
      schema: {
        tags,
        summary:
          "The getting-started checklist, each step read from the data: an admin's company confirmed, a first course, a subdomain, a colleague invited, a course published; an instructor's own first course and publishing it (learners 403)",
        response: { 200: ZOnboarding, 401: E, 403: E },
      },
    },
    async (request) => onboarding.checklist(requireAuth(request).user),
  );

  app.post(
    '/api/onboarding/dismiss',
    {
      schema: {
        tags,
        summary: 'Put the checklist away for the caller before it is finished (learners 403)',
        response: { 204: z.null(), 401: E, 403: E },
      },
    },
    async (request, reply) => {
      await onboarding.dismiss(requireAuth(request).user);
      return reply.status(204).send(null);
    },
  );
};
