import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { isMessageKey, translate, type MessageKey } from '../../shared/i18n/messages.ts';
import type { TErrorResponse } from '../../shared/schemas/common.ts';
import { discardRestOfBody } from './discard-body.ts';
import { requestLanguage } from './language.ts';

/** A field's message: a catalogue key, or a key with the values its text takes ({{lesson}}). */
export type FieldMessage = MessageKey | { key: MessageKey; params: Record<string, string | number> };

/**
 * The one application error. Its message and field messages are keys of the shared
 * message catalogue, translated per request when the error is sent.
 */
/** What an error may carry besides its code, status and message. */
export interface AppErrorDetails {
  /** Per-field messages (a form shows each under its field). */
  fields?: Partial<Record<string, FieldMessage>> | undefined;
  /** Values for the message's placeholders. */
  params?: Record<string, string | number> | undefined;
  /** Response headers the answer needs (Retry-After, say). */
  headers?: Record<string, string> | undefined;
}

export class AppError extends Error {
  readonly fields: AppErrorDetails['fields'];
  readonly params: AppErrorDetails['params'];
  readonly headers: AppErrorDetails['headers'];

  constructor(
    readonly code: string,
    readonly status: number,
    readonly messageKey: MessageKey,
    details: AppErrorDetails = {},
  ) {
    super(messageKey);
    this.name = 'AppError';
    this.fields = details.fields;
    this.params = details.params;
    this.headers = details.headers;
  }
}

function body(request: FastifyRequest, error: AppError): TErrorResponse {
  const lang = requestLanguage(request);
  const out: TErrorResponse = { message: translate(error.messageKey, lang, error.params), code: error.code };
  if (error.fields) {
    out.errors = {};
    for (const [field, message] of Object.entries(error.fields)) {
      if (message)
        out.errors[field] = typeof message === 'string' ? translate(message, lang) : translate(message.key, lang, message.params);
    }
  }
  return out;
}

interface Answer {
  status: number;
  code: string;
  key: MessageKey;
}

/**
 * Fastify's (and its plugins') own 4xx errors in our words: a client only ever sees our codes,
 * never an internal name like FST_ERR_CTP_INVALID_JSON_BODY.
 */
const frameworkErrors: Record<string, Answer> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, code: 'BAD_JSON', key: 'http.badJson' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, code: 'BAD_JSON', key: 'http.badJson' },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { status: 400, code: 'BAD_REQUEST', key: 'http.badRequest' },
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, code: 'TOO_LARGE', key: 'http.tooLarge' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 415, code: 'BAD_CONTENT_TYPE', key: 'http.badContentType' },
  FST_ERR_BAD_URL: { status: 400, code: 'BAD_URL', key: 'http.badUrl' },
  // A static path that can never be a file (a NUL byte, a directory): there is nothing there.
  FST_STATIC_FORBIDDEN_PATH: { status: 404, code: 'NOT_FOUND', key: 'http.notFound' },
};

/** Any other 4xx Fastify or a plugin raises, by status. */
function answerForStatus(status: number): Answer {
  switch (status) {
    case 403: // @fastify/static refusing a directory
    case 404:
      return { status: 404, code: 'NOT_FOUND', key: 'http.notFound' };
    case 413:
      return { status, code: 'TOO_LARGE', key: 'http.tooLarge' };
    case 415:
      return { status, code: 'BAD_CONTENT_TYPE', key: 'http.badContentType' };
    case 429:
      return { status, code: 'RATE_LIMITED', key: 'http.rateLimited' };
    default:
      return { status, code: 'BAD_REQUEST', key: 'http.badRequest' };
  }
}

/** Our answer for an error that is not an AppError nor a validation error, or undefined for a 5xx. */
function frameworkAnswer(error: FastifyError): Answer | undefined {
  const known = error.code ? frameworkErrors[error.code] : undefined;
  if (known) return known;
  if (error instanceof SyntaxError) return { status: 400, code: 'BAD_JSON', key: 'http.badJson' };
  if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) return answerForStatus(error.statusCode);
  return undefined;
}

/** Errors Fastify raises before routing (a malformed URL, say), in our shape and language. */
export function frameworkErrorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const answer = frameworkAnswer(error) ?? { status: 400, code: 'BAD_REQUEST', key: 'http.badRequest' };
  void reply.status(answer.status).send({ message: translate(answer.key, requestLanguage(request)), code: answer.code });
}

/**
 * Errors node's HTTP parser raises before there is a request (a request that took too long, headers
 * too large, a malformed request line): answered on the raw socket, in our shape, then closed.
 * There is no request to take a language from, so the message is in its default language (its
 * catalogue entry's `spec`).
 */
export function clientErrorHandler(this: FastifyInstance, error: NodeJS.ErrnoException, socket: Duplex): void {
  // A reset connection is gone; there is no one to answer.
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const answer: Answer =
    error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
      ? { status: 408, code: 'TIMEOUT', key: 'http.timeout' }
      : error.code === 'HPE_HEADER_OVERFLOW'
        ? { status: 431, code: 'HEADERS_TOO_LARGE', key: 'http.headersTooLarge' }
        : { status: 400, code: 'BAD_REQUEST', key: 'http.badRequest' };
  this.log.debug({ err: error }, 'client error');
  if (socket.writable) {
    const body = JSON.stringify({ message: translate(answer.key), code: answer.code });
    socket.write(
      `HTTP/1.1 ${answer.status} ${STATUS_CODES[answer.status]}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}

export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    const lang = requestLanguage(request);
    // A body refused while it is still arriving (too large, malformed): Fastify asks for the
    // connection to close, which cuts off a client that is still sending before it reads the
    // answer. The rest is read and thrown away instead, for a bounded time.
    if (reply.getHeader('connection') === 'close' && !request.raw.complete) {
      reply.removeHeader('connection');
      discardRestOfBody(request, reply);
    }
    if (error instanceof AppError) {
      if (error.headers) reply.headers(error.headers);
      return reply.status(error.status).send(body(request, error));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors: Record<string, string> = {};
      for (const issue of error.validation) {
        if (issue.keyword === 'unrecognized_keys') {
          const keys = (issue.params as { keys?: string[] }).keys ?? [];
          for (const key of keys) errors[key] ??= translate('http.unknownField', lang);
          continue;
        }
        const field = issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || '_';
        // Our schemas carry catalogue keys; anything else is zod's own English, said our way.
        const key = isMessageKey(issue.message ?? '')
          ? (issue.message as MessageKey)
          : field === '_'
            ? 'http.badBody'
            : 'http.invalidValue';
        errors[field] ??= translate(key, lang);
      }
      const first = Object.values(errors)[0];
      return reply.status(400).send({ message: first ?? translate('http.validation', lang), code: 'VALIDATION', errors });
    }
    const answer = frameworkAnswer(error);
    if (answer) return reply.status(answer.status).send({ message: translate(answer.key, lang), code: answer.code });
    // A 5xx is a bug: log everything, show nothing internal.
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ message: translate('http.internal', lang), code: 'INTERNAL' });
  });
}
