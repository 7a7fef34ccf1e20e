import type { FastifyReply, FastifyRequest } from 'fastify';

/** After an early answer (413, 415, 404…), how long the rest of the body may keep arriving before the connection is cut. */
const LINGER_MS = 5000;

/**
 * Answering before the whole body has arrived (a body refused as too large, an upload refused
 * part-way): stop parsing and throw away what still comes, so the client can finish sending and
 * read the answer (a client whose connection is closed while it sends sees a broken pipe, not the
 * answer), and cut the connection if it keeps sending for long after the answer went out.
 */
export function discardRestOfBody(request: FastifyRequest, reply: FastifyReply): void {
  const raw = request.raw;
  const done = () => raw.complete || raw.readableEnded;
  if (done()) return;
  raw.unpipe();
  raw.resume();
  reply.raw.once('finish', () => {
    if (done()) return;
    const timer = setTimeout(() => {
      // (light-my-request's stand-in socket has no destroy; a real one always does.)
      if (!done() && typeof raw.socket?.destroy === 'function') raw.socket.destroy();
    }, LINGER_MS);
    timer.unref();
    raw.once('end', () => clearTimeout(timer));
    raw.once('close', () => clearTimeout(timer));
  });
}
