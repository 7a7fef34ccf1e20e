import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZChangePasswordRequest, ZLoginRequest, ZRegisterRequest } from '../../../shared/schemas/auth.ts';
import { ZErrorResponse, ZOkResponse } from '../../../shared/schemas/common.ts';
import { ZUser } from '../../../shared/schemas/users.ts';
import type { Db } from '../../db/database.ts';
import { clearSessionCookie, requireAuth, startSession } from '../../http/session.ts';
import type { AuthService } from './service.ts';

export interface AuthRouteDeps {
  db: Db;
  auth: AuthService;
  secureCookies: boolean;
}

const tags = ['auth'];

export const authRoutes: FastifyPluginAsyncZod<AuthRouteDeps> = async (app, { db, auth, secureCookies }) => {
  app.post(
    '/api/register',
    {
      schema: {
        tags,
        summary: 'Register a company (by CVR) and its first user, an admin, and log them in',
        body: ZRegisterRequest,
        response: { 201: ZUser, 400: ZErrorResponse, 409: ZErrorResponse },
      },
    },
    async (request, reply) => {
      const { userId, registryError } = await auth.register(request.body);
      if (registryError) request.log.warn({ registryError }, 'CVR registry unavailable; company stored as unverified');
      await startSession(db, reply, request, userId, false, secureCookies);
      return reply.status(201).send(await auth.userById(userId));
    },
  );

  app.post(
    '/api/login',
    {
      schema: {
        tags,
        summary: 'Log in with email and password',
        body: ZLoginRequest,
        response: { 200: ZUser, 400: ZErrorResponse, 401: ZErrorResponse, 429: ZErrorResponse },
      },
    },
    async (request, reply) => {
      const userId = await auth.authenticate(request.body, request.ip);
      await startSession(db, reply, request, userId, request.body.rememberMe, secureCookies);
      return auth.userById(userId);
    },
  );

  app.post(
    '/api/logout',
    { schema: { tags, summary: 'End this session', response: { 200: ZOkResponse } } },
    async (request, reply) => {
      if (request.auth) await auth.endSession(request.auth.sessionId);
      clearSessionCookie(reply, secureCookies);
      return { ok: true as const };
    },
  );

  app.get(
    '/api/me',
    { schema: { tags, summary: 'The logged-in user', response: { 200: ZUser, 401: ZErrorResponse } } },
    async (request) => requireAuth(request).user,
  );

  app.post(
    '/api/change-password',
    {
      schema: {
        tags,
        summary: "Change the logged-in user's password; ends their other sessions",
        body: ZChangePasswordRequest,
        response: { 200: ZOkResponse, 400: ZErrorResponse, 401: ZErrorResponse },
      },
    },
    async (request) => {
      const { user, sessionId } = requireAuth(request);
      await auth.changePassword(user, sessionId, request.body, request.ip);
      return { ok: true as const };
    },
  );
};
