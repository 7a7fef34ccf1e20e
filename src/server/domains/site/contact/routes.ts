import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZErrorResponse } from '../../../../shared/schemas/common.ts';
import { ZContactReceived, ZContactRequest } from '../../../../shared/schemas/contact.ts';
import { requestLanguage } from '../../../http/language.ts';
import type { ContactService } from './service.ts';

const E = ZErrorResponse;

/** The contact form; public. */
export const contactRoutes: FastifyPluginAsyncZod<{ contact: ContactService }> = async (app, { contact }) => {
  app.post(
    '/api/contact',
    {
      schema: {
        tags: ['contact'],
        summary:
          'Send a request through the contact form: stored, and mailed to SALES_EMAIL (Reply-To the sender) when mail is on. Throttled per IP (429)',
        body: ZContactRequest,
        response: { 201: ZContactReceived, 400: E, 429: E },
      },
    },
    async (request, reply) => reply.status(201).send(await contact.submit(request.body, request.ip, requestLanguage(request))),
  );
};
