import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZApiKey, ZApiKeyCreated, ZApiKeyList, ZCreateApiKeyRequest } from '../../../../shared/schemas/api-keys.ts';
import { ZIdParams } from '../../../../shared/schemas/common.ts';
import { errorResponses, noStoreByDefault } from '../../../http/route-helpers.ts';
import { requireAuth } from '../../../http/session.ts';
import type { ApiKeys } from './service.ts';

const tags = ['api-keys'];

/** The admins' API for the company's API keys (docs/decisions/061-api-keys.md). */
export const apiKeyRoutes: FastifyPluginAsyncZod<{ keys: ApiKeys }> = async (app, { keys }) => {
  noStoreByDefault(app);

  app.get(
    '/api/organisation/api-keys',
    {
      schema: {
        tags,
        summary: "The company's API keys, without their secrets, newest first (admins)",
        response: { 200: ZApiKeyList, ...errorResponses(401, 403) },
      },
    },
    async (request) => ({ keys: await keys.list(requireAuth(request).user) }),
  );
  app.post(
    '/api/organisation/api-keys',
    {
      schema: {
        tags,
        summary:
          'A new API key with the scopes chosen, acting for the admin who makes it; answered this once, only its hash is kept (admins)',
        body: ZCreateApiKeyRequest,
        response: { 201: ZApiKeyCreated, ...errorResponses(400, 401, 402, 403, 409) },
      },
    },
    async (request, reply) => reply.status(201).send(await keys.create(requireAuth(request).user, request.body, request.ip)),
  );
  app.delete(
    '/api/organisation/api-keys/:id',
    {
      schema: {
        tags,
        summary: 'Revokes an API key: requests with it are refused at once (admins)',
        params: ZIdParams,
        response: { 200: ZApiKey, ...errorResponses(401, 402, 403, 404, 409) },
      },
    },
    async (request) => keys.revoke(requireAuth(request).user, request.params.id, request.ip),
  );
};
