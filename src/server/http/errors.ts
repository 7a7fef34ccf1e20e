import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { isMessageKey, translate, type MessageKey } from '../../shared/i18n/messages.ts';
import type { TErrorResponse } from '../../shared/schemas/common.ts';
import { requestLanguage } from './language.ts';

/**
 * The one application error (DESIGN.md). Its message and field messages are keys of the shared
 * message catalogue, translated per request when the error is sent.
 */
export class AppError extends Error {
  constructor(
    readonly code: string,
    readonly status: number,
    readonly messageKey: MessageKey,
    readonly fields?: Partial<Record<string, MessageKey>>,
    readonly params?: Record<string, string | number>,
    readonly headers?: Record<string, string>,
  ) {
    super(messageKey);
    this.name = 'AppError';
  }
}

function body(request: FastifyRequest, error: AppError): TErrorResponse {
  const lang = requestLanguage(request);
  const out: TErrorResponse = { message: translate(error.messageKey, lang, error.params), code: error.code };
  if (error.fields) {
    out.errors = {};
    for (const [field, key] of Object.entries(error.fields)) if (key) out.errors[field] = translate(key, lang);
  }
  return out;
}

/** Fastify's own 4xx errors (bad JSON, too large, wrong content type) in our shape. */
const frameworkErrors: Record<string, { status: number; key: MessageKey }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, key: 'http.badJson' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, key: 'http.badJson' },
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, key: 'http.tooLarge' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 415, key: 'http.badContentType' },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { status: 400, key: 'http.badJson' },
};

/** Errors Fastify raises before routing (a malformed URL, say), in our shape and language. */
export function frameworkErrorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const lang = requestLanguage(request);
  const status = error.statusCode && error.statusCode < 500 ? error.statusCode : 400;
  void reply.status(status).send({ message: translate('http.badRequest', lang), code: error.code ?? 'BAD_REQUEST' });
}

export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    const lang = requestLanguage(request);
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
        const key = isMessageKey(issue.message ?? '') ? (issue.message as MessageKey) : field === '_' ? 'http.badBody' : 'http.invalidValue';
        errors[field] ??= translate(key, lang);
      }
      const first = Object.values(errors)[0];
      return reply.status(400).send({ message: first ?? translate('http.validation', lang), code: 'VALIDATION', errors });
    }
    const known = error.code ? frameworkErrors[error.code] : undefined;
    if (known || error instanceof SyntaxError) {
      const { status, key } = known ?? { status: 400, key: 'http.badJson' as const };
      return reply.status(status).send({ message: translate(key, lang), code: error.code ?? 'BAD_JSON' });
    }
    if (error.statusCode === 429) {
      return reply.status(429).send({ message: translate('http.rateLimited', lang), code: 'RATE_LIMITED' });
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return reply.status(error.statusCode).send({ message: translate('http.badRequest', lang), code: error.code ?? 'BAD_REQUEST' });
    }
    // A 5xx is a bug: log everything, show nothing internal.
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ message: translate('http.internal', lang), code: 'INTERNAL' });
  });
}
