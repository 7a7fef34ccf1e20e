import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';
import type { Env } from '../env.ts';

/** A request slower than this is worth a line at info even when it succeeded. */
export const SLOW_REQUEST_MS = 1000;

/**
 * One line per request, when it ends, instead of Fastify's two at info: routine requests at debug,
 * so a busy terminal stays readable; refused (4xx) and slow ones at info; failed ones (5xx) at
 * error (the error handler has logged the cause). LOG_LEVEL=debug shows them all.
 */
export class RequestLogController extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    const status = reply.statusCode;
    const ms = Math.round(reply.elapsedTime);
    const line = { method: request.method, url: request.url, status, ms };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else if (status >= 500) reply.log.error(line, 'request failed');
    else if (status >= 400) reply.log.info(line, 'request refused');
    else if (ms >= SLOW_REQUEST_MS) reply.log.info(line, 'slow request');
    else reply.log.debug(line, 'request');
  }
}

/** pino's options: JSON lines for log collectors, pretty-printed for a person at a terminal. */
export function loggerOptions(env: Env, pretty: boolean) {
  return {
    level: env.LOG_LEVEL,
    redact: ['req.headers.cookie', 'req.headers.authorization'],
    ...(pretty && {
      transport: { target: 'pino-pretty', options: { translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname,reqId' } },
    }),
  };
}
