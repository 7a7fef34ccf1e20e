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
  app.addHook('onRequest', async (request) => {
    if (!request.raw.socket?.remoteAddress) throw new AppError('BAD_REQUEST', 400, 'http.badRequest');
  });
}
