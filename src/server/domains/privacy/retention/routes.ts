import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZRetention, ZRetentionView } from '../../../../shared/schemas/erasure.ts';
import { errorResponses, noStoreByDefault } from '../../../http/route-helpers.ts';
import { requireAuth } from '../../../http/session.ts';
import type { RetentionService } from './service.ts';

const tags = ['privacy'];

export const retentionRoutes: FastifyPluginAsyncZod<{ retention: RetentionService }> = async (app, { retention }) => {
  noStoreByDefault(app);

  app.get(
    '/api/organisation/retention',
    {
      schema: {
        tags,
        summary: 'How long the company keeps what it no longer needs, and when the nightly run last applied it (admins)',
        response: { 200: ZRetentionView, ...errorResponses(401, 403) },
      },
    },
    async (request) => retention.get(requireAuth(request).user),
  );

  app.put(
    '/api/organisation/retention',
    {
      schema: {
        tags,
        summary: 'Set how long the company keeps what it no longer needs (admins); applied each night',
        body: ZRetention,
        response: { 200: ZRetentionView, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => retention.put(requireAuth(request).user, request.body, request.ip),
  );
};
