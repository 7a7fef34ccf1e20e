import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZErrorResponse } from '../../../../shared/schemas/common.ts';
import { ZCustomDomain, ZDomainAllowedQuery, ZDomainRequest } from '../../../../shared/schemas/custom-domain.ts';
import { AppError } from '../../../http/errors.ts';
import { noStoreByDefault } from '../../../http/route-helpers.ts';
import { requireAuth } from '../../../http/session.ts';
import type { CustomDomainsService } from './service.ts';

const tags = ['sites'];
const E = ZErrorResponse;

/** A company's own domain for its site, and the question a TLS proxy asks before it fetches a certificate. */
export const customDomainRoutes: FastifyPluginAsyncZod<{ domains: CustomDomainsService }> = async (app, { domains }) => {
  noStoreByDefault(app);

  app.get(
    '/api/organisation/domain',
    {
      schema: {
        tags,
        summary:
          "The company's own domain for its site: none, pending (with the TXT record to add) or verified; whether the plan includes it, and the host its CNAME points at (admins and instructors)",
        response: { 200: ZCustomDomain, 401: E, 403: E },
      },
    },
    async (request) => domains.get(requireAuth(request).user),
  );

  app.put(
    '/api/organisation/domain',
    {
      schema: {
        tags,
        summary:
          "Add the company's domain, or replace it (admins only, on a plan that includes it: else 403 PLAN_FEATURE). It starts unverified, with a new token for its TXT record; 409 when another company has it",
        body: ZDomainRequest,
        response: { 200: ZCustomDomain, 400: E, 401: E, 403: E, 409: E },
      },
    },
    async (request) => domains.set(requireAuth(request).user, request.body.domain),
  );

  app.post(
    '/api/organisation/domain/verify',
    {
      schema: {
        tags,
        summary:
          'Look for the TXT record _kursa.{domain} = kursa-verification={token} now (node’s resolver): verified when found, else 422 DOMAIN_NOT_VERIFIED naming what is missing; 503 when DNS cannot be asked',
        response: { 200: ZCustomDomain, 401: E, 403: E, 404: E, 422: E, 503: E },
      },
    },
    async (request) => domains.verify(requireAuth(request).user),
  );

  app.delete(
    '/api/organisation/domain',
    {
      schema: {
        tags,
        summary: "Remove the company's domain (admins only): the site is no longer served there",
        response: { 200: ZCustomDomain, 401: E, 403: E },
      },
    },
    async (request) => domains.remove(requireAuth(request).user),
  );

  app.get(
    '/api/domains/allowed',
    {
      schema: {
        tags,
        summary:
          "For a TLS proxy's on-demand certificates (Caddy's `ask`): 200 when `domain` is a company's verified domain on a plan that includes it, or a company's subdomain; 404 for anything else",
        querystring: ZDomainAllowedQuery,
        response: { 200: z.object({ allowed: z.literal(true) }), 400: E, 404: E },
      },
    },
    async (request) => {
      if (!(await domains.allowed(request.query.domain))) throw new AppError('NOT_FOUND', 404, 'http.notFound');
      return { allowed: true as const };
    },
  );
};
