import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';

/** The only pages that may be framed: the YouTube (youtube-nocookie) and Vimeo players. */
export const VIDEO_EMBED_ORIGINS = ['https://www.youtube-nocookie.com', 'https://player.vimeo.com'] as const;

/**
 * Helmet's headers with a strict CSP (no inline scripts, no eval). The middleware is built and run
 * once at start; @fastify/helmet rebuilds it on every request, which cost more than the rest of
 * GET /api/me (docs/decisions/006-security-headers.md).
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
        // A SCORM lesson's package from this origin (/api/scorm/…); video lessons may embed YouTube
        // (privacy-enhanced) and Vimeo players; nothing else.
        frameSrc: ["'self'", ...VIDEO_EMBED_ORIGINS],
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
  const { set, removed } = headersOf(middleware);
  // Helmet only removes X-Powered-By, which Fastify never sets: a list of what to remove would be
  // a promise this hook no longer keeps, so it says so at start instead.
  const unexpected = removed.filter((name) => name.toLowerCase() !== 'x-powered-by');
  if (unexpected.length > 0) throw new Error(`helmet removes ${unexpected.join(', ')}, which this hook does not`);
  // On the reply, not on Node's response: Node checks every header set one by one there, then
  // merges them into the reply's at the end, which cost GET /api/me about a tenth of its time.
  // A route's own value for one of them (an upload's CSP) is set later on the reply and wins.
  const headers = Object.fromEntries(set.map(([name, value]) => [name.toLowerCase(), value]));
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
}

/**
 * What helmet's middleware does to a response, found once by running it on a stand-in. With no CSP
 * nonces and no option that reads the request, it sets the same headers on every response; setting
 * them from a list saves running its dozen middlewares per request.
 */
function headersOf(middleware: ReturnType<typeof helmet>): { set: [string, string | string[]][]; removed: string[] } {
  const set: [string, string | string[]][] = [];
  const removed: string[] = [];
  const response = {
    setHeader(name: string, value: string | number | readonly string[]) {
      set.push([name, typeof value === 'number' ? String(value) : Array.isArray(value) ? [...(value as string[])] : (value as string)]);
      return response;
    },
    removeHeader(name: string) {
      removed.push(name);
    },
  };
  let finished = false;
  middleware({ method: 'GET', url: '/', headers: {} } as IncomingMessage, response as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error instanceof Error ? error : new Error(String(error));
    finished = true;
  });
  // Helmet finishes at once; one that waited or read more of the request would need running per request.
  if (!finished) throw new Error('helmet did not finish at once; its headers cannot be worked out in advance');
  return { set, removed };
}
