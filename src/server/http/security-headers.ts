import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';

/** The only pages that may be framed: the YouTube (youtube-nocookie) and Vimeo players. */
export const VIDEO_EMBED_ORIGINS = ['https://www.youtube-nocookie.com', 'https://player.vimeo.com'] as const;

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
        // Uploaded images and videos are served from this origin (/api/uploads/:id).
        imgSrc: ["'self'", 'data:'],
        mediaSrc: ["'self'"],
        // Video lessons may embed YouTube (privacy-enhanced) and Vimeo players, and nothing else.
        frameSrc: [...VIDEO_EMBED_ORIGINS],
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
