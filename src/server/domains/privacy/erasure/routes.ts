import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZIdParams } from '../../../../shared/schemas/common.ts';
import { ZCompanyDeletion, ZDeleteCompanyRequest, ZEraseMeRequest, ZErasure, ZMyErasure } from '../../../../shared/schemas/erasure.ts';
import { errorResponses, noStoreByDefault } from '../../../http/route-helpers.ts';
import { requireAuth } from '../../../http/session.ts';
import type { CompanyDeletion } from './company.ts';
import type { ErasureService } from './service.ts';

const tags = ['privacy'];

export const erasureRoutes: FastifyPluginAsyncZod<{ erasure: ErasureService; company: CompanyDeletion }> = async (
  app,
  { erasure, company },
) => {
  noStoreByDefault(app);

  app.get(
    '/api/me/erasure',
    { schema: { tags, summary: 'My own pending erasure, or null', response: { 200: ZMyErasure, ...errorResponses(401) } } },
    async (request) => erasure.mine(requireAuth(request).user),
  );

  app.delete(
    '/api/me',
    {
      schema: {
        tags,
        summary:
          "Ask for my account's erasure, with my password: carried out after the company's grace period (14 days unless it set another), cancellable until then",
        body: ZEraseMeRequest,
        response: { 202: ZMyErasure, ...errorResponses(400, 401, 403, 409, 429) },
      },
    },
    async (request, reply) => reply.code(202).send(await erasure.requestOwn(requireAuth(request).user, request.body.password, request.ip)),
  );

  app.delete(
    '/api/me/erasure',
    { schema: { tags, summary: 'Cancel my pending erasure', response: { 200: ZMyErasure, ...errorResponses(401, 404) } } },
    async (request) => erasure.cancelOwn(requireAuth(request).user, request.ip),
  );

  app.get(
    '/api/members/:id/erase',
    {
      schema: {
        tags,
        summary: "A member's pending erasure, or null (admins)",
        params: ZIdParams,
        response: { 200: ZMyErasure, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => erasure.memberErasure(requireAuth(request).user, request.params.id),
  );

  app.post(
    '/api/members/:id/erase',
    {
      schema: {
        tags,
        summary:
          "Erase a member's personal data after the grace period (admins); they are deactivated now, and the erasure can be cancelled until it is carried out",
        params: ZIdParams,
        response: { 202: ZErasure, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => reply.code(202).send(await erasure.requestMember(requireAuth(request).user, request.params.id, request.ip)),
  );

  app.delete(
    '/api/members/:id/erase',
    {
      schema: {
        tags,
        summary: "Cancel a member's pending erasure (admins); one an admin asked for also reactivates them as they were",
        params: ZIdParams,
        response: { 200: ZMyErasure, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => erasure.cancelMember(requireAuth(request).user, request.params.id, request.ip),
  );

  app.get(
    '/api/organisation/deletion',
    {
      schema: {
        tags,
        summary: "The company's pending deletion and who asked for it, or null (admins)",
        response: { 200: ZCompanyDeletion, ...errorResponses(401, 403) },
      },
    },
    async (request) => company.status(requireAuth(request).user),
  );

  app.delete(
    '/api/organisation',
    {
      schema: {
        tags,
        summary:
          "Delete the company and all its data, with an admin's password and the company's name typed: every admin is told by e-mail, and it is carried out after the grace period unless an admin cancels it",
        body: ZDeleteCompanyRequest,
        response: { 202: ZCompanyDeletion, ...errorResponses(400, 401, 403, 409, 429) },
      },
    },
    async (request, reply) => reply.code(202).send(await company.request(requireAuth(request).user, request.body, request.ip)),
  );

  app.delete(
    '/api/organisation/deletion',
    {
      schema: {
        tags,
        summary: "Cancel the company's pending deletion (any admin); every admin is told",
        response: { 200: ZCompanyDeletion, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => company.cancel(requireAuth(request).user, request.ip),
  );
};
