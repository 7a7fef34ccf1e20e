import type { FastifyRequest } from 'fastify';

/**
 * The language a request asks for: the first Accept-Language tag when it is Danish or English.
 * Undefined means "not stated", and messages then come in each one's default language (its
 * catalogue entry's `spec`, ADR 004). The web client always states the language the user chose.
 */
export function requestLanguage(request: FastifyRequest): 'da' | 'en' | undefined {
  const header = request.headers['accept-language'];
  if (!header) return undefined;
  const first = header.split(',')[0]?.trim().toLowerCase() ?? '';
  if (first.startsWith('da')) return 'da';
  if (first.startsWith('en')) return 'en';
  return undefined;
}
