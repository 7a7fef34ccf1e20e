import { normalizeIP } from '@fastify/rate-limit';
import type { FastifyRequest } from 'fastify';
import { RATE_LIMIT } from '../../shared/constants.ts';

/**
 * Who a request counts for under the API's ceiling, and that ceiling: a company system by its API
 * key, a logged-in user by their session (a company's office behind one NAT address is not one
 * client), anyone else by their address.
 */
export const apiRateLimit = {
  keyGenerator: (request: FastifyRequest): string =>
    request.auth?.apiKeyId
      ? `k:${request.auth.apiKeyId}`
      : request.auth
        ? `s:${request.auth.sessionId}`
        : `ip:${normalizeIP(request.ip, 64)}`,
  max: (_request: FastifyRequest, key: string): number =>
    key.startsWith('k:')
      ? RATE_LIMIT.perApiKeyPerMinute
      : key.startsWith('s:')
        ? RATE_LIMIT.perSessionPerMinute
        : RATE_LIMIT.perIpPerMinute,
};
