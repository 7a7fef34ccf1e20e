import type { IncomingMessage, Server, ServerOptions, ServerResponse } from 'node:http';
import type { Env } from '../env.ts';

/**
 * Time limits on receiving a request: a client that sends headers and half a body, or
 * trickles its headers, is answered 408 and closed instead of holding a connection forever.
 * - headers: the whole header block within HTTP_HEADERS_TIMEOUT_MS;
 * - request: the whole request, body included, within HTTP_REQUEST_TIMEOUT_MS. Node applies one
 *   limit to every route alike, so node's own is HTTP_UPLOAD_TIMEOUT_MS (an upload of a large
 *   video) and `guardRequestBodies` holds every other request to the short limit;
 * - keep-alive: an idle connection closes after HTTP_KEEP_ALIVE_TIMEOUT_MS (above the 60 s idle
 *   timeout common load balancers use, so they never reuse a connection we just closed).
 * Node checks the first two on a timer; it runs at least every second so a limit is kept to
 * within about a second instead of node's default 30 s.
 */
export function httpServerOptions(env: Env): {
  requestTimeout: number;
  keepAliveTimeout: number;
  http: ServerOptions;
  return503OnClosing: boolean;
} {
  const headersTimeout = env.HTTP_HEADERS_TIMEOUT_MS;
  // The longest any request may take: an upload's. guardRequestBodies keeps the rest short.
  const requestTimeout = env.HTTP_UPLOAD_TIMEOUT_MS;
  const keepAliveTimeout = env.HTTP_KEEP_ALIVE_TIMEOUT_MS;
  return {
    requestTimeout,
    keepAliveTimeout,
    http: {
      headersTimeout,
      requestTimeout,
      keepAliveTimeout,
      connectionsCheckingInterval: Math.max(25, Math.min(1000, Math.floor(Math.min(headersTimeout, env.HTTP_REQUEST_TIMEOUT_MS) / 4))),
    },
    // A graceful stop (graceful-stop.ts) answers every request it has received for real; nothing
    // that reaches a route while the app closes is turned away with Fastify's bare 503.
    return503OnClosing: false,
  };
}

/** Requests that may take as long as HTTP_UPLOAD_TIMEOUT_MS: file uploads. */
export function isUploadRequest(request: IncomingMessage): boolean {
  return request.method === 'POST' && (request.url === '/api/uploads' || request.url?.startsWith('/api/uploads?') === true);
}

function hasBody(request: IncomingMessage): boolean {
  const length = request.headers['content-length'];
  return (length !== undefined && length !== '0') || request.headers['transfer-encoding'] !== undefined;
}

/**
 * What node's request limit did for every route before uploads came, now per request:
 * a request with a body must have all of it within HTTP_REQUEST_TIMEOUT_MS of its arrival, or it
 * is answered 408 in our shape (the server's clientError handler, as node's own limit does) and
 * closed. Uploads instead may take HTTP_UPLOAD_TIMEOUT_MS (node's limit) but are cut when nothing
 * arrives for HTTP_REQUEST_TIMEOUT_MS, so a stalled upload does not hold a connection for hours.
 * Requests without a body are complete with their headers (headersTimeout).
 */
export function guardRequestBodies(server: Server, env: Pick<Env, 'HTTP_REQUEST_TIMEOUT_MS'>): void {
  const limit = env.HTTP_REQUEST_TIMEOUT_MS;
  server.on('request', (request: IncomingMessage, response: ServerResponse) => {
    if (!hasBody(request) || request.complete) return;
    const socket = request.socket;
    const expire = () => {
      if (request.complete || socket.destroyed) return;
      if (!response.headersSent) {
        server.emit('clientError', Object.assign(new Error('request timeout'), { code: 'ERR_HTTP_REQUEST_TIMEOUT' }), socket);
      } else {
        socket.destroy();
      }
    };
    let timer: NodeJS.Timeout;
    if (isUploadRequest(request)) {
      // Idle: no new bytes on the connection for `limit`.
      let seen = socket.bytesRead;
      let quietSince = Date.now();
      timer = setInterval(
        () => {
          if (socket.bytesRead !== seen) {
            seen = socket.bytesRead;
            quietSince = Date.now();
          } else if (Date.now() - quietSince >= limit) {
            clearInterval(timer);
            expire();
          }
        },
        Math.max(25, Math.min(1000, Math.floor(limit / 4))),
      );
    } else {
      timer = setTimeout(expire, limit);
    }
    timer.unref();
    const clear = () => clearTimeout(timer);
    request.once('end', clear);
    request.once('close', clear);
  });
}
