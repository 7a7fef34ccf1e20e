import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZSessionList, ZSessionsEnded } from '../../../../shared/schemas/company-domains.ts';
import { ZErrorResponse, ZIdParams } from '../../../../shared/schemas/common.ts';
import { noStoreByDefault } from '../../../http/route-helpers.ts';
import { requireAuth } from '../../../http/session.ts';
import type { SessionsService } from './service.ts';

const tags = ['team'];
const E = ZErrorResponse;

/** One's own sessions, and a member's for the company's admins. */
export const sessionsRoutes: FastifyPluginAsyncZod<{ sessions: SessionsService }> = async (app, { sessions }) => {
  noStoreByDefault(app);

  app.get(
    '/api/me/sessions',
    {
      schema: {
        tags,
        summary: 'Where one is logged in: one’s live sessions (ids, never tokens), the latest used first, the one asking marked current',
        response: { 200: ZSessionList, 401: E },
      },
    },
    async (request) => sessions.own(requireAuth(request)),
  );

  app.delete(
    '/api/me/sessions/:id',
    {
      schema: {
        tags,
        summary: 'End one of one’s other sessions (400 for the current one: log out instead; 404 for one that is not one’s own)',
        params: ZIdParams,
        response: { 200: ZSessionsEnded, 400: E, 401: E, 404: E },
      },
    },
    async (request) => sessions.endOwn(requireAuth(request), request.params.id),
  );

  app.get(
    '/api/members/:id/sessions',
    {
      schema: {
        tags,
        summary: 'A member’s live sessions: created, last seen, address and device (admins)',
        params: ZIdParams,
        response: { 200: ZSessionList, 401: E, 403: E, 404: E },
      },
    },
    async (request) => sessions.ofMember(requireAuth(request), request.params.id),
  );

  app.delete(
    '/api/members/:id/sessions',
    {
      schema: {
        tags,
        summary: 'Sign a member out everywhere: all their sessions end (an admin’s own: all but this one); how many (admins)',
        params: ZIdParams,
        response: { 200: ZSessionsEnded, 401: E, 403: E, 404: E },
      },
    },
    async (request) => sessions.endMember(requireAuth(request), request.params.id, request.ip),
  );
};
