import type { FastifyInstance } from 'fastify';
import { ZErrorResponse } from '../../shared/schemas/common.ts';

type ErrorStatus = 400 | 401 | 402 | 403 | 404 | 409 | 410 | 413 | 415 | 422 | 429 | 502 | 503;

/** The error answers a route may give besides its success: each one is the same `{ error }` body. */
export function errorResponses<const S extends readonly ErrorStatus[]>(...statuses: S): { [K in S[number]]: typeof ZErrorResponse } {
  return Object.fromEntries(statuses.map((status) => [status, ZErrorResponse])) as { [K in S[number]]: typeof ZErrorResponse };
}

/**
 * Every answer of the routes registered in this plugin is kept out of caches, unless a route set its
 * own cache-control: they carry one person's or one company's data.
 */
export function noStoreByDefault(app: FastifyInstance): void {
  app.addHook('onSend', async (_request, reply) => {
    if (!reply.hasHeader('cache-control')) void reply.header('cache-control', 'no-store');
  });
}
