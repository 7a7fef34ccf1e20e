import type { FastifyInstance } from 'fastify';
import { AppError } from './errors.ts';

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Refuses state-changing requests that a foreign site made the browser send: an Origin other than
 * PUBLIC_URL's, or Sec-Fetch-Site cross-site. Requests without either header (curl, server to
 * server) carry no ambient browser credentials and pass; SameSite=Lax cookies back this up.
 */
export function registerOriginCheck(app: FastifyInstance, publicUrl: string): void {
  const allowed = new URL(publicUrl).origin;
  app.addHook('onRequest', async (request) => {
    if (!UNSAFE.has(request.method)) return;
    const site = request.headers['sec-fetch-site'];
    const origin = request.headers.origin;
    if (site === 'cross-site' || (origin !== undefined && origin !== allowed)) {
      throw new AppError('FOREIGN_ORIGIN', 403, 'http.foreignOrigin');
    }
  });
}
