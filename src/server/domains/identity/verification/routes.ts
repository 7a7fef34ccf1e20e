import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZErrorResponse, ZOkResponse } from '../../../../shared/schemas/common.ts';
import { ZCodeSent, ZConfirmCodeRequest, ZSendCodeRequest, ZVerificationState } from '../../../../shared/schemas/verification.ts';
import { requireAuth } from '../../../http/session.ts';
import type { VerificationService } from './service.ts';

const tags = ['company'];

/** Company verification for the logged-in user's own company; only its admins act. */
export const verificationRoutes: FastifyPluginAsyncZod<{ verification: VerificationService }> = async (app, { verification }) => {
  app.get(
    '/api/company/verification',
    {
      schema: {
        tags,
        summary: "Whether the user's company has confirmed control, and how it can",
        response: { 200: ZVerificationState, 401: ZErrorResponse },
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      return verification.state(requireAuth(request).user);
    },
  );

  app.post(
    '/api/company/verification/send-code',
    {
      schema: {
        tags,
        summary:
          "Mail a confirmation code to the company's e-mail address as the CVR registry knows it, or (to: 'me') to the admin's own address on the company's domain",
        // No body (the dashboard's plain "send") means the company's address.
        body: ZSendCodeRequest.nullish(),
        response: {
          200: ZCodeSent,
          401: ZErrorResponse,
          403: ZErrorResponse,
          409: ZErrorResponse,
          429: ZErrorResponse,
          502: ZErrorResponse,
        },
      },
    },
    async (request) => verification.sendCode(requireAuth(request).user, request.body?.to ?? 'company'),
  );

  app.post(
    '/api/company/verification/confirm',
    {
      schema: {
        tags,
        summary: 'Confirm control of the company with the mailed code (admins)',
        body: ZConfirmCodeRequest,
        response: { 200: ZOkResponse, 400: ZErrorResponse, 401: ZErrorResponse, 403: ZErrorResponse, 409: ZErrorResponse },
      },
    },
    async (request) => {
      await verification.confirm(requireAuth(request).user, request.body.code);
      return { ok: true as const };
    },
  );
};
