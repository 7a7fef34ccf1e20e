import type { FastifyInstance } from 'fastify';
import { AppError } from './errors.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * Another site's page posts here by design (an identity provider's SAML response): the route
     * proves the request itself (a signature), and sets no state from the browser's cookies.
     */
    crossSitePost?: boolean;
  }
}

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const LOOPBACK_HOSTS = ['localhost', '127.0.0.1', '[::1]'];

/**
 * The origins a browser may send state-changing requests from: PUBLIC_URL's, and when that is a
 * loopback address, its loopback aliases on the same port (the start log's 127.0.0.1 and
 * localhost are the same server to the person who opens either).
 */
export function allowedOrigins(publicUrl: string): Set<string> {
  const url = new URL(publicUrl);
  const origins = new Set([url.origin]);
  if (LOOPBACK_HOSTS.includes(url.hostname)) {
    for (const host of LOOPBACK_HOSTS) origins.add(`${url.protocol}//${host}${url.port ? `:${url.port}` : ''}`);
  }
  return origins;
}

/**
 * Refuses state-changing requests that a foreign site made the browser send: an Origin other than
 * PUBLIC_URL's (or its loopback aliases), or Sec-Fetch-Site cross-site. Requests without either
 * header (curl, server to server) carry no ambient browser credentials and pass; SameSite=Lax
 * cookies back this up.
 */
export function registerOriginCheck(app: FastifyInstance, publicUrl: string): void {
  const allowed = allowedOrigins(publicUrl);
  // A callback hook: nothing here waits, so no request should pay for a promise.
  app.addHook('onRequest', (request, _reply, done) => {
    if (!UNSAFE.has(request.method) || request.routeOptions.config.crossSitePost) return done();
    const site = request.headers['sec-fetch-site'];
    const origin = request.headers.origin;
    done(
      site === 'cross-site' || (origin !== undefined && !allowed.has(origin))
        ? new AppError('FOREIGN_ORIGIN', 403, 'http.foreignOrigin')
        : undefined,
    );
  });
}
