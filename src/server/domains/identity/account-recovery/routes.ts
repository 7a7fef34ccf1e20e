import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZPasswordResetAccepted, ZPasswordResetConfirm, ZPasswordResetRequest } from '../../../../shared/schemas/account-recovery.ts';
import { ZErrorResponse, ZOkResponse } from '../../../../shared/schemas/common.ts';
import { clearSessionCookie } from '../../../http/session.ts';
import type { AccountRecoveryService } from './service.ts';

const tags = ['auth'];
const E = ZErrorResponse;

export interface AccountRecoveryRouteDeps {
  recovery: AccountRecoveryService;
  secureCookies: boolean;
}

/** Password reset by a mailed single-use link; both public. */
export const accountRecoveryRoutes: FastifyPluginAsyncZod<AccountRecoveryRouteDeps> = async (app, { recovery, secureCookies }) => {
  app.addHook('onSend', async (_request, reply) => {
    void reply.header('cache-control', 'no-store');
  });

  app.post(
    '/api/password-reset',
    {
      schema: {
        tags,
        summary:
          'Ask for a password-reset link by mail. 202 whether or not the address has an account; throttled per IP and per address (429)',
        body: ZPasswordResetRequest,
        response: { 202: ZPasswordResetAccepted, 400: E, 429: E },
      },
    },
    async (request, reply) => reply.status(202).send(await recovery.request(request.body.email, request.ip)),
  );

  app.post(
    '/api/password-reset/confirm',
    {
      schema: {
        tags,
        summary:
          "Set a new password with a reset link's token: the link is used up and every session of the account ends. Invalid, used or expired link: 400",
        body: ZPasswordResetConfirm,
        response: { 200: ZOkResponse, 400: E },
      },
    },
    async (request, reply) => {
      const { userId } = await recovery.confirm(request.body);
      // Every session of the account has ended; this browser's cookie, if it was one of them, goes too.
      if (request.auth?.user.id === userId) clearSessionCookie(reply, secureCookies);
      return { ok: true as const };
    },
  );
};
