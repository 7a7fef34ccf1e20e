import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZConsentList, ZConsentParams } from '../../../../shared/schemas/legal.ts';
import { errorResponses, noStoreByDefault } from '../../../http/route-helpers.ts';
import { requireAuth } from '../../../http/session.ts';
import type { ConsentsService } from './service.ts';

export const consentsRoutes: FastifyPluginAsyncZod<{ consents: ConsentsService }> = async (app, { consents }) => {
  noStoreByDefault(app);

  app.get(
    '/api/me/consents',
    {
      schema: {
        tags: ['privacy'],
        summary:
          'The consents Kursa keeps about the logged-in person, newest first: the newsletter (with its confirmation and withdrawal), contact requests and reviews they agreed to have quoted, each with whether it can be withdrawn here',
        response: { 200: ZConsentList, ...errorResponses(401) },
      },
    },
    async (request) => ({ consents: await consents.list(requireAuth(request).user) }),
  );

  app.delete(
    '/api/me/consents/:kind/:id',
    {
      schema: {
        tags: ['privacy'],
        summary:
          "Withdraw one of the person's own consents: the newsletter is unsubscribed, a review is no longer quoted (the review stays). A contact request's consent cannot be withdrawn here (400); anyone else's is 404. Answers the list as it is now",
        params: ZConsentParams,
        response: { 200: ZConsentList, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => ({ consents: await consents.withdraw(requireAuth(request).user, request.params.kind, request.params.id) }),
  );
};
