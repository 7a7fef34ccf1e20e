import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZErrorResponse, ZIdParams } from '../../../../shared/schemas/common.ts';
import { ZCreateScimTokenRequest, ZScimSettings, ZScimToken, ZScimTokenCreated } from '../../../../shared/schemas/scim.ts';
import type { Db } from '../../../db/database.ts';
import { translate } from '../../../../shared/i18n/messages.ts';
import { AppError } from '../../../http/errors.ts';
import { errorResponses, noStoreByDefault } from '../../../http/route-helpers.ts';
import { requireAuth } from '../../../http/session.ts';
import { AuditLog } from '../../privacy/index.ts';
import { ScimGroups, type ProvisionedGroupsPort } from './groups.ts';
import { groupFromResource, groupPatch, parseFilter, userFromResource, userPatch } from './patch.ts';
import { errorBody, listOf, resourceTypes, SCIM_TYPE, schemas, ScimError, serviceProviderConfig } from './resources.ts';
import { ScimTokens } from './tokens.ts';
import type { MembershipHook } from '../users/membership.ts';
import { ScimUsers, type ScimCaller } from './users.ts';

export interface ScimRouteDeps {
  db: Db;
  /** The compliance domain: its groups as provisioning changes them, and what follows a person's change (its rules). */
  compliance: { provisioned: ProvisionedGroupsPort; hooks: { memberChanged: (userId: string) => Promise<void> } };
  publicUrl: string;
  /** Told when provisioning makes, deactivates or reactivates a person. */
  membership?: MembershipHook;
}

const tags = ['scim'];
const E = ZErrorResponse;
const MAX_COUNT = 100;
const ZScimQuery = z.object({
  filter: z.string().max(500).optional(),
  startIndex: z.string().optional(),
  count: z.string().optional(),
  excludedAttributes: z.string().max(200).optional(),
});

/** Entra asks for groups with `excludedAttributes=members` when it only matches them by name. */
const withoutMembers = (excluded: string | undefined) => (excluded ?? '').split(',').some((a) => a.trim().toLowerCase() === 'members');

function paging(query: { startIndex?: string | undefined; count?: string | undefined }) {
  const startIndex = Math.max(1, Number.parseInt(query.startIndex ?? '1', 10) || 1);
  const asked = Number.parseInt(query.count ?? String(MAX_COUNT), 10);
  return { startIndex, count: Math.min(MAX_COUNT, Math.max(0, Number.isNaN(asked) ? MAX_COUNT : asked)) };
}

function resource(body: unknown): Record<string, unknown> {
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    throw new ScimError(400, 'the body must be a JSON object', 'invalidSyntax');
  return body as Record<string, unknown>;
}

/**
 * SCIM 2.0 (RFC 7644) at /scim/v2 for a company's identity provider, by bearer token; and the
 * admins' token API under /api/organisation/scim (docs/decisions/055-scim-provisioning.md).
 */
export const scimRoutes: FastifyPluginAsyncZod<ScimRouteDeps> = async (app, { db, compliance, publicUrl, membership }) => {
  noStoreByDefault(app);
  const audit = new AuditLog(db, app.log);
  const base = new URL('/scim/v2', publicUrl).toString();
  const tokens = new ScimTokens(db, audit, base);
  const users = new ScimUsers(db, audit, compliance.hooks.memberChanged, membership);
  const scimGroups = new ScimGroups(db, compliance.provisioned, audit);

  app.get(
    '/api/organisation/scim',
    {
      schema: {
        tags,
        summary: "The company's SCIM base URL and tokens, without their secrets (admins)",
        response: { 200: ZScimSettings, 401: E, 403: E },
      },
    },
    async (request) => tokens.settings(requireAuth(request).user),
  );
  app.post(
    '/api/organisation/scim/tokens',
    {
      schema: {
        tags,
        summary: 'A new SCIM bearer token, answered this once; only its hash is kept (admins)',
        body: ZCreateScimTokenRequest,
        response: { 201: ZScimTokenCreated, ...errorResponses(400, 401, 402, 403, 409) },
      },
    },
    async (request, reply) => reply.status(201).send(await tokens.create(requireAuth(request).user, request.body.label, request.ip)),
  );
  app.delete(
    '/api/organisation/scim/tokens/:id',
    {
      schema: {
        tags,
        summary: 'Revokes a SCIM token: requests with it are refused at once (admins)',
        params: ZIdParams,
        response: { 200: ZScimToken, ...errorResponses(401, 402, 403, 404, 409) },
      },
    },
    async (request) => tokens.revoke(requireAuth(request).user, request.params.id, request.ip),
  );

  await app.register(async (encapsulated) => {
    const scim = encapsulated.withTypeProvider<ZodTypeProvider>();
    // Entra ID and other clients send application/scim+json; it is JSON.
    scim.addContentTypeParser(SCIM_TYPE, { parseAs: 'string' }, scim.getDefaultJsonParser('error', 'error'));
    scim.decorateRequest('scim', null);
    scim.addHook('onRequest', async (request) => {
      const caller = await tokens.authenticate(request.headers.authorization, request.ip);
      if (!caller) throw new ScimError(401, 'A valid bearer token is required');
      (request as FastifyRequest & { scim: ScimCaller }).scim = caller;
    });
    scim.addHook('onSend', async (_request, reply, payload) => {
      void reply.header('content-type', `${SCIM_TYPE}; charset=utf-8`);
      return payload;
    });
    scim.setErrorHandler((error, request, reply) => {
      if (error instanceof ScimError) return reply.status(error.status).send(errorBody(error.status, error.detail, error.scimType));
      if (error instanceof AppError) {
        const scimType = error.status === 409 ? 'uniqueness' : undefined;
        return reply.status(error.status).send(errorBody(error.status, translate(error.messageKey, 'en', error.params), scimType));
      }
      const status = (error as { statusCode?: number }).statusCode;
      if (status !== undefined && status >= 400 && status < 500)
        return reply.status(status).send(errorBody(status, (error as Error).message, status === 400 ? 'invalidSyntax' : undefined));
      request.log.error({ err: error }, 'a SCIM request failed');
      return reply.status(500).send(errorBody(500, 'Internal error'));
    });
    const callerOf = (request: FastifyRequest) => (request as FastifyRequest & { scim: ScimCaller }).scim;
    const created = (reply: FastifyReply, body: { meta: { location: string } }) =>
      reply.status(201).header('location', body.meta.location).send(body);
    const doc = (summary: string) => ({ schema: { tags, summary, hide: true } });
    const withQuery = (summary: string) => ({ schema: { tags, summary, hide: true, querystring: ZScimQuery } });
    const withId = (summary: string) => ({ schema: { tags, summary, hide: true, params: ZIdParams } });

    scim.get('/scim/v2/ServiceProviderConfig', doc('What this SCIM service supports'), async () =>
      serviceProviderConfig(base, new URL('/api/docs', publicUrl).toString()),
    );
    scim.get('/scim/v2/ResourceTypes', doc('Users and Groups'), async () => listOf(resourceTypes(base), 2, 1));
    scim.get('/scim/v2/Schemas', doc('The attributes kept'), async () => listOf(schemas(base), 2, 1));

    scim.get('/scim/v2/Users', withQuery('People, by userName or externalId'), async (request) => {
      const filter = parseFilter(request.query.filter, ['userName', 'externalId']);
      const { startIndex, count } = paging(request.query);
      const by = filter && (filter.attribute === 'userName' ? { email: filter.value.trim().toLowerCase() } : { externalId: filter.value });
      const found = await users.list(callerOf(request), base, by ?? {}, startIndex, count);
      return listOf(found.resources, found.total, startIndex);
    });
    scim.get('/scim/v2/Users/:id', withId('A person'), async (request) => users.get(callerOf(request), request.params.id, base));
    scim.post('/scim/v2/Users', doc('Creates a person (a learner)'), async (request, reply) =>
      created(reply, await users.create(callerOf(request), userFromResource(resource(request.body)), base)),
    );
    scim.put('/scim/v2/Users/:id', withId('Replaces a person'), async (request) =>
      users.update(callerOf(request), request.params.id, userFromResource(resource(request.body)), base),
    );
    scim.patch('/scim/v2/Users/:id', withId('Changes a person'), async (request) =>
      users.update(callerOf(request), request.params.id, userPatch(request.body), base),
    );
    scim.delete('/scim/v2/Users/:id', withId('Deactivates a person; their records are kept'), async (request, reply) => {
      await users.remove(callerOf(request), request.params.id);
      return reply.status(204).send();
    });

    scim.get('/scim/v2/Groups', withQuery('Groups, by displayName or externalId'), async (request) => {
      const filter = parseFilter(request.query.filter, ['displayName', 'externalId']);
      const { startIndex, count } = paging(request.query);
      const by = filter && (filter.attribute === 'displayName' ? { name: filter.value } : { externalId: filter.value });
      const found = await scimGroups.list(callerOf(request), base, by ?? {}, startIndex, count);
      const resources = withoutMembers(request.query.excludedAttributes)
        ? found.resources.map(({ members: _, ...group }) => group)
        : found.resources;
      return listOf(resources, found.total, startIndex);
    });
    scim.get('/scim/v2/Groups/:id', withId('A group'), async (request) => scimGroups.get(callerOf(request), request.params.id, base));
    scim.post('/scim/v2/Groups', doc('Creates a group (a team)'), async (request, reply) =>
      created(reply, await scimGroups.create(callerOf(request), groupFromResource(resource(request.body)), base)),
    );
    scim.put('/scim/v2/Groups/:id', withId('Replaces a group'), async (request) =>
      scimGroups.update(callerOf(request), request.params.id, groupFromResource(resource(request.body)), base),
    );
    scim.patch('/scim/v2/Groups/:id', withId('Changes a group'), async (request) =>
      scimGroups.update(callerOf(request), request.params.id, groupPatch(request.body), base),
    );
    scim.delete('/scim/v2/Groups/:id', withId('Deletes a group'), async (request, reply) => {
      await scimGroups.remove(callerOf(request), request.params.id);
      return reply.status(204).send();
    });
  });
};
