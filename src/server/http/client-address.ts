import type { FastifyInstance } from 'fastify';
import { AppError } from './errors.ts';

/**
 * A request whose connection closed before it was handled has no client address (Node reads it
 * from the live socket), and everything that counts requests by address (the API's rate limit, the
 * login, registration and form throttles, the resource view counter) needs one. Such a request is
 * answered 400 here, to a client that is no longer there, instead of failing further on. Reading the
 * address now also keeps it: Node remembers a socket's peer once asked, so it cannot vanish later
 * in the same request.
 */
export function registerClientAddressCheck(app: FastifyInstance): void {
  // A callback hook: an async one would cost every request a promise for a check that never waits.
  app.addHook('onRequest', (request, _reply, done) => {
    done(request.raw.socket?.remoteAddress ? undefined : new AppError('BAD_REQUEST', 400, 'http.badRequest'));
  });
}
