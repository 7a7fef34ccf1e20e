import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZAddCompanyDomain, ZCompanyDomain, ZCompanyDomainList } from '../../../../shared/schemas/company-domains.ts';
import { ZErrorResponse, ZIdParams } from '../../../../shared/schemas/common.ts';
import { noStoreByDefault } from '../../../http/route-helpers.ts';
import { requireAuth } from '../../../http/session.ts';
import type { CompanyDomainsService } from './service.ts';

const tags = ['team'];
const E = ZErrorResponse;

/** A company's e-mail domains and the proof it controls them (admins only). */
export const companyDomainRoutes: FastifyPluginAsyncZod<{ domains: CompanyDomainsService }> = async (app, { domains }) => {
  noStoreByDefault(app);

  app.get(
    '/api/organisation/domains',
    {
      schema: {
        tags,
        summary: "The company's e-mail domains, pending or verified, each with the TXT record that proves it (admins)",
        response: { 200: ZCompanyDomainList, 401: E, 403: E },
      },
    },
    async (request) => domains.list(requireAuth(request).user),
  );

  app.post(
    '/api/organisation/domains',
    {
      schema: {
        tags,
        summary:
          "Add an e-mail domain (admins): pending with a random token, or verified at once (method 'registry') when it is the domain of the registry e-mail the company proved itself by. 400 for a public mail provider's domain; 409 when the company has it already",
        body: ZAddCompanyDomain,
        response: { 201: ZCompanyDomain, 400: E, 401: E, 403: E, 409: E },
      },
    },
    async (request, reply) => reply.status(201).send(await domains.add(requireAuth(request).user, request.body.domain, request.ip)),
  );

  app.post(
    '/api/organisation/domains/:id/verify',
    {
      schema: {
        tags,
        summary:
          'Look for the TXT record _kursa-verification.{domain} = kursa-verification={token} now: verified (200) when found; 409 DOMAIN_NOT_VERIFIED naming the record to publish when not, 409 DOMAIN_TAKEN when another company has verified the domain; 503 when DNS cannot be asked',
        params: ZIdParams,
        response: { 200: ZCompanyDomain, 401: E, 403: E, 404: E, 409: E, 503: E },
      },
    },
    async (request) => domains.verify(requireAuth(request).user, request.params.id, request.ip),
  );

  app.delete(
    '/api/organisation/domains/:id',
    {
      schema: {
        tags,
        summary: 'Remove one of the company’s e-mail domains (admins); the list that remains',
        params: ZIdParams,
        response: { 200: ZCompanyDomainList, 401: E, 403: E, 404: E },
      },
    },
    async (request) => domains.remove(requireAuth(request).user, request.params.id, request.ip),
  );
};
