import type { OutgoingHttpHeaders } from 'node:http';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { translate } from '../../shared/i18n/messages.ts';
import { AppError } from '../http/errors.ts';
import { requestLanguage } from '../http/language.ts';

/** How often a growing answer is sent after its first piece: enough to read along, not a flood. */
const DELTA_EVERY_MS = 50;

export type DeltaHandler = (partial: unknown, info: { ask: number }) => void;

/** A browser asks for the answer as it is written by accepting text/event-stream. */
export function wantsEventStream(request: FastifyRequest): boolean {
  return /\btext\/event-stream\b/.test(request.headers.accept ?? '');
}

/**
 * Answers an AI call as JSON, or — when the client accepts text/event-stream — as Server-Sent
 * Events while the model writes: `delta` events with the answer so far (`partial`, and `ask`, 1
 * after a re-ask, when the client starts over), then one `result` event with exactly what the JSON
 * answer would have been, or an `error` event ({status, code, message}).
 *
 * The stream opens only with the first piece of the answer: anything refused before the model
 * writes (rights, no provider, quota, a provider that is down) is an ordinary HTTP error with its
 * status. The first piece (and the first after a re-ask) is sent at once (its latency is what a reader feels); later ones at most
 * every 50 ms, always the latest.
 */
/**
 * A Server-Sent Events answer opened by hand (the reply is hijacked): the headers go out with the
 * first event, and `fail` ends it with an `error` event {status, code, message} in the request's
 * language — what the AI calls' streams send once their answer has begun.
 */
export function eventStreamWriter(request: FastifyRequest, reply: FastifyReply) {
  const raw = reply.raw;
  let opened = false;
  const open = () => {
    if (opened) return;
    opened = true;
    reply.hijack();
    // What the hooks put on the reply (the security headers, the rate limit's) goes out too:
    // a hijacked reply writes its headers itself.
    raw.writeHead(200, {
      ...(reply.getHeaders() as OutgoingHttpHeaders),
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      'x-content-type-options': 'nosniff',
      // Proxies (nginx) must pass each event on at once.
      'x-accel-buffering': 'no',
    });
    raw.flushHeaders();
  };
  const send = (event: string, data: unknown) => {
    if (!raw.writableEnded && !raw.destroyed) raw.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
  };
  return {
    open,
    send,
    get opened() {
      return opened;
    },
    /** Sends the last event, opening the stream first if nothing did yet. */
    finish(event: string, data: unknown) {
      open();
      send(event, data);
      raw.end();
      return reply;
    },
    /** After the stream opened: the error as the stream's last event (an unexpected one is logged as a 500). */
    fail(error: unknown) {
      const known = error instanceof AppError ? error : new AppError('INTERNAL', 500, 'http.internal');
      if (!(error instanceof AppError)) request.log.error({ err: error }, 'AI call failed after its answer began');
      send('error', {
        status: known.status,
        code: known.code,
        message: translate(known.messageKey, requestLanguage(request), known.params),
      });
      raw.end();
      return reply;
    },
  };
}

export async function answerMaybeStreamed<T>(
  request: FastifyRequest,
  reply: FastifyReply,
  run: (onDelta?: DeltaHandler) => Promise<T>,
): Promise<T | FastifyReply> {
  if (!wantsEventStream(request)) return run(undefined);
  const stream = eventStreamWriter(request, reply);
  let pending: { partial: unknown; ask: number } | null = null;
  let timer: NodeJS.Timeout | undefined;
  let lastSent = 0;
  let lastAsk = 0;
  const flush = () => {
    clearTimeout(timer);
    timer = undefined;
    if (!pending) return;
    stream.send('delta', pending);
    pending = null;
    lastSent = performance.now();
  };
  const onDelta: DeltaHandler = (partial, { ask }) => {
    stream.open();
    pending = { partial, ask };
    // The first piece, and the first of a re-ask (the client starts over), go at once.
    const wait = lastSent === 0 || ask !== lastAsk ? 0 : DELTA_EVERY_MS - (performance.now() - lastSent);
    lastAsk = ask;
    if (wait <= 0) flush();
    else timer ??= setTimeout(flush, wait);
  };
  try {
    const result = await run(onDelta);
    clearTimeout(timer);
    pending = null;
    return stream.finish('result', result);
  } catch (error) {
    clearTimeout(timer);
    if (!stream.opened) throw error;
    return stream.fail(error);
  }
}
