import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';

/**
 * Helmet's headers with a strict CSP (no inline scripts, no eval). The middleware is built once at
 * start; @fastify/helmet rebuilds it on every request, which cost more than the rest of GET /api/me
 * (docs/decisions/006-security-headers.md).
 */
export function registerSecurityHeaders(app: FastifyInstance, options: { https: boolean }): void {
  const middleware = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Radix's scroll lock injects a <style> element; style injection cannot run script.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:'],
        fontSrc: ["'self'"],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: options.https ? [] : null,
      },
    },
    strictTransportSecurity: options.https,
  });
  app.addHook('onRequest', (request, reply, done) => {
    middleware(request.raw, reply.raw, (error?: unknown) => done(error instanceof Error ? error : undefined));
  });
}
