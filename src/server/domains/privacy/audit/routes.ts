import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { Readable } from 'node:stream';
import { z } from 'zod';
import { ZAuditPage, ZAuditQuery } from '../../../../shared/schemas/audit.ts';
import { errorResponses, noStoreByDefault } from '../../../http/route-helpers.ts';
import { requireAuth } from '../../../http/session.ts';
import type { AuditService } from './service.ts';

const file = z.any().describe('The log as CSV (UTF-8 with BOM, semicolons), every column the chain’s hashes cover');

export const auditRoutes: FastifyPluginAsyncZod<{ audit: AuditService }> = async (app, { audit }) => {
  noStoreByDefault(app);

  app.get(
    '/api/audit-log',
    {
      schema: {
        tags: ['audit'],
        summary:
          "The company's audit log, for its admins: newest first in pages (before, limit ≤ 200), filtered by actor (id or e-mail), action and time (from inclusive, to exclusive); format=csv gives every entry in chain order with seq, prev_hash and hash, for npm run audit:verify",
        querystring: ZAuditQuery,
        response: { 200: ZAuditPage.or(file), ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const actor = requireAuth(request).user;
      if (request.query.format !== 'csv') return audit.page(actor, request.query);
      const lines = audit.csv(actor, request.query);
      void reply.header('content-type', 'text/csv; charset=utf-8');
      void reply.header('content-disposition', `attachment; filename="audit-log-${new Date().toISOString().slice(0, 10)}.csv"`);
      return reply.send(Readable.from(lines));
    },
  );
};
