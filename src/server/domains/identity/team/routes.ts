import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZErrorResponse, ZIdParams } from '../../../../shared/schemas/common.ts';
import {
  ZAcceptedInvitation,
  ZAcceptInvitationRequest,
  ZImportRequest,
  ZImportResult,
  ZInvitation,
  ZInvitationList,
  ZInvitationPreview,
  ZInvitationSent,
  ZInviteRequest,
  ZMember,
  ZMemberList,
  ZTokenParams,
  ZUpdateMemberRequest,
} from '../../../../shared/schemas/team.ts';
import type { Db } from '../../../db/database.ts';
import type { TxtLookup } from '../../../dns/txt.ts';
import { companyDomainRoutes } from '../company-domains/routes.ts';
import { CompanyDomainsService } from '../company-domains/service.ts';
import { sessionsRoutes } from '../sessions/routes.ts';
import { SessionsService } from '../sessions/service.ts';
import { requestLanguage } from '../../../http/language.ts';
import { requireAuth, startSession } from '../../../http/session.ts';
import type { AuthService } from '../auth/service.ts';
import type { TeamService } from './service.ts';
import { errorResponses, noStoreByDefault } from '../../../http/route-helpers.ts';
import { apiKeyRoutes } from '../api-keys/routes.ts';
import type { ApiKeys } from '../api-keys/service.ts';

const tags = ['team'];
const E = ZErrorResponse;
const errors = errorResponses(400, 401, 403, 404, 409);

export interface TeamRouteDeps {
  db: Db;
  team: TeamService;
  auth: AuthService;
  /** The company's API keys, for their admins' routes. */
  apiKeys: ApiKeys;
  secureCookies: boolean;
  /** DNS TXT look-ups, for the company's e-mail domains' proof. */
  txt: TxtLookup;
}

/** Invitations and members; the company's e-mail domains, people's sessions and the API keys. */
export const teamRoutes: FastifyPluginAsyncZod<TeamRouteDeps> = async (app, { db, team, auth, apiKeys, secureCookies, txt }) => {
  noStoreByDefault(app);
  await app.register(apiKeyRoutes, { keys: apiKeys });
  await app.register(companyDomainRoutes, { domains: new CompanyDomainsService(db, txt, app.log) });
  await app.register(sessionsRoutes, { sessions: new SessionsService(db, app.log) });

  app.get(
    '/api/invitations',
    {
      config: { apiKey: ['people:manage'] },
      schema: {
        tags,
        summary: "The company's invitations, newest first, with the seats in use (admins)",
        response: { 200: ZInvitationList, 401: E, 403: E },
      },
    },
    async (request) => team.listInvitations(requireAuth(request).user),
  );

  app.post(
    '/api/invitations',
    {
      config: { apiKey: ['people:manage'] },
      schema: {
        tags,
        summary:
          'Invite someone by email with a role (admins). The link is mailed (without SMTP kept for /dev/mail); when it could not be, or from the public demo, the answer carries it to copy',
        body: ZInviteRequest,
        response: { 201: ZInvitationSent, ...errors },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await team.invite(requireAuth(request).user, request.body, requestLanguage(request) ?? 'da', undefined, request.ip)),
  );

  app.post(
    '/api/invitations/import',
    {
      schema: {
        tags,
        summary: 'Invitations from a CSV (email, name, role), with a report per row (admins)',
        body: ZImportRequest,
        response: { 200: ZImportResult, ...errors },
      },
    },
    async (request) =>
      team.importCsv(requireAuth(request).user, request.body.csv, request.body.language, requestLanguage(request) ?? 'da', request.ip),
  );

  app.post(
    '/api/invitations/:id/resend',
    {
      config: { apiKey: ['people:manage'] },
      schema: {
        tags,
        summary: 'A new link and seven more days for an invitation not yet accepted or revoked (admins)',
        params: ZIdParams,
        response: { 200: ZInvitationSent, ...errors },
      },
    },
    async (request) => team.resend(requireAuth(request).user, request.params.id),
  );

  app.delete(
    '/api/invitations/:id',
    {
      config: { apiKey: ['people:manage'] },
      schema: {
        tags,
        summary: 'Revoke an open invitation: its link stops working (admins)',
        params: ZIdParams,
        response: { 200: ZInvitation, ...errors },
      },
    },
    async (request) => team.revoke(requireAuth(request).user, request.params.id, request.ip),
  );

  app.get(
    '/api/invitations/:token',
    {
      schema: {
        tags,
        summary: 'What an invitation link is for, and whether it still works (public)',
        params: ZTokenParams,
        response: { 200: ZInvitationPreview, 400: E, 404: E },
      },
    },
    async (request) => team.preview(request.params.token),
  );

  app.post(
    '/api/invitations/:token/accept',
    {
      schema: {
        tags,
        summary:
          "Accept an invitation: sets the invitee's name and password, makes the account and logs it in. Expired, used or revoked: 410",
        params: ZTokenParams,
        body: ZAcceptInvitationRequest,
        response: { 201: ZAcceptedInvitation, 400: E, 404: E, 409: E, 410: E },
      },
    },
    async (request, reply) => {
      const userId = await team.accept(request.params.token, request.body);
      await startSession(db, reply, request, userId, false, secureCookies);
      await auth.recordLogin(userId);
      return reply.status(201).send(await auth.userById(userId));
    },
  );

  app.get(
    '/api/members',
    {
      config: { apiKey: ['reports:read', 'people:manage', 'enrolments:manage'] },
      schema: {
        tags,
        summary: "The company's members with their roles and whether they are active (admins and instructors)",
        response: { 200: ZMemberList, 401: E, 403: E },
      },
    },
    async (request) => team.listMembers(requireAuth(request).user),
  );

  app.patch(
    '/api/members/:id',
    {
      config: { apiKey: ['people:manage'] },
      schema: {
        tags,
        summary: "Change a member's role, or deactivate (their sessions end at once) or reactivate them (admins)",
        params: ZIdParams,
        body: ZUpdateMemberRequest,
        response: { 200: ZMember, ...errors },
      },
    },
    async (request) => team.updateMember(requireAuth(request).user, request.params.id, request.body, request.ip),
  );
};
