import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZErrorResponse, ZIdParams } from '../../../../shared/schemas/common.ts';
import { ZUpdateUserRequest, ZUser } from '../../../../shared/schemas/users.ts';
import type { Db } from '../../../db/database.ts';
import { requireAuth, rotateSession } from '../../../http/session.ts';
import type { UsersService } from './service.ts';

export interface UsersRouteDeps {
  db: Db;
  users: UsersService;
  secureCookies: boolean;
}

export const usersRoutes: FastifyPluginAsyncZod<UsersRouteDeps> = async (app, { db, users, secureCookies }) => {
  app.patch(
    '/api/users/:id',
    {
      schema: {
        tags: ['users'],
        summary:
          "Update a profile (self, or an admin of the same company) and/or its settings. Changing the e-mail needs the acting user's currentPassword and gives this session a new token",
        params: ZIdParams,
        body: ZUpdateUserRequest,
        response: {
          200: ZUser,
          400: ZErrorResponse,
          401: ZErrorResponse,
          403: ZErrorResponse,
          404: ZErrorResponse,
          409: ZErrorResponse,
          429: ZErrorResponse,
        },
      },
    },
    async (request, reply) => {
      const { user: actor, sessionId } = requireAuth(request);
      const { user, emailChanged } = await users.update(actor, request.params.id, request.body, { ip: request.ip, sessionId });
      if (emailChanged && actor.id === user.id) await rotateSession(db, reply, request, secureCookies);
      return user;
    },
  );
};
