import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZErrorResponse, ZIdParams } from '../../../shared/schemas/common.ts';
import { ZUpdateUserRequest, ZUser } from '../../../shared/schemas/users.ts';
import { requireAuth } from '../../http/session.ts';
import type { UsersService } from './service.ts';

export const usersRoutes: FastifyPluginAsyncZod<{ users: UsersService }> = async (app, { users }) => {
  app.patch(
    '/api/users/:id',
    {
      schema: {
        tags: ['users'],
        summary: 'Update a profile (self, or an admin of the same company) and/or its settings',
        params: ZIdParams,
        body: ZUpdateUserRequest,
        response: { 200: ZUser, 400: ZErrorResponse, 401: ZErrorResponse, 403: ZErrorResponse, 404: ZErrorResponse, 409: ZErrorResponse },
      },
    },
    async (request) => users.update(requireAuth(request).user, request.params.id, request.body),
  );
};
