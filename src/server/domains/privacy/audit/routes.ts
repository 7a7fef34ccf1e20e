import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { Readable } from 'node:stream';
import { z } from 'zod';
import { ZAuditExport, ZAuditPage, ZAuditPublicKey, ZAuditPublicKeyQuery, ZAuditQuery } from '../../../../shared/schemas/audit.ts';
import { errorResponses, noStoreByDefault } from '../../../http/route-helpers.ts';
import { requireAuth } from '../../../http/session.ts';
import type { AuditService } from './service.ts';

const file = z.any().describe('The log as CSV (UTF-8 with BOM, semicolons), every column the chain’s hashes cover');
const pemFile = z.string().describe('The public key as SPKI PEM');

export const auditRoutes: FastifyPluginAsyncZod<{ audit: AuditService }> = async (app, { audit }) => {
  noStoreByDefault(app);

  app.get(
    '/api/audit-log',
    {
      schema: {
        tags: ['audit'],
        summary:
          "The company's audit log, for its admins: newest first in pages (before, limit ≤ 200), filtered by actor (id or e-mail), action and time (from inclusive, to exclusive); format=csv or format=json gives every entry in chain order with seq, prev_hash and hash, the signed chain heads with their public keys, and the signed checkpoint the chain starts from once retention has removed its oldest entries (pages name it too), for npm run audit:verify",
        querystring: ZAuditQuery,
        response: { 200: ZAuditPage.or(ZAuditExport).or(file), ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const actor = requireAuth(request).user;
      const { format } = request.query;
      if (!format) return audit.page(actor, request.query);
      const lines = format === 'csv' ? audit.csv(actor, request.query) : audit.json(actor, request.query);
      const day = new Date().toISOString().slice(0, 10);
      void reply.header('content-type', format === 'csv' ? 'text/csv; charset=utf-8' : 'application/json; charset=utf-8');
      void reply.header('content-disposition', `attachment; filename="audit-log-${day}.${format}"`);
      return reply.send(Readable.from(lines));
    },
  );

  app.get(
    '/api/audit-log/public-key',
    {
      schema: {
        tags: ['audit'],
        summary:
          "The installation's public key that signs the audit chain's heads, for its admins: SPKI PEM to download (npm run audit:verify --key), or format=json with its id and SHA-256 fingerprint, to compare with the one the operator publishes",
        querystring: ZAuditPublicKeyQuery,
        response: { 200: ZAuditPublicKey.or(pemFile), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const key = await audit.publicKey(requireAuth(request).user);
      if (request.query.format === 'json') return key;
      void reply.header('content-type', 'application/x-pem-file; charset=utf-8');
      void reply.header('content-disposition', 'attachment; filename="kursa-audit-public-key.pem"');
      return reply.send(key.pem);
    },
  );
};
