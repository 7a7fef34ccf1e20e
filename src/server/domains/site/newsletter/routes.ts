import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZErrorResponse } from '../../../../shared/schemas/common.ts';
import {
  ZAccountNewsletter,
  ZAccountNewsletterUpdate,
  ZNewsletterAccepted,
  ZNewsletterState,
  ZNewsletterSubscribe,
  ZNewsletterToken,
} from '../../../../shared/schemas/newsletter.ts';
import { requireAuth } from '../../../http/session.ts';
import type { NewsletterService } from './service.ts';

const tags = ['newsletter'];
const E = ZErrorResponse;

/** The newsletter's double opt-in and one-click unsubscribe (public), and a signed-in account's own subscription. */
export const newsletterRoutes: FastifyPluginAsyncZod<{ newsletter: NewsletterService }> = async (app, { newsletter }) => {
  // RFC 8058: a mail client unsubscribes with a POST whose body is "List-Unsubscribe=One-Click",
  // form-encoded or multipart. The token in the address is what counts; the body is read and let be.
  for (const type of ['application/x-www-form-urlencoded', 'multipart/form-data']) {
    app.addContentTypeParser(type, { parseAs: 'string', bodyLimit: 4096 }, (_request, body, done) => done(null, body));
  }
  app.addHook('onSend', async (_request, reply) => {
    void reply.header('cache-control', 'no-store');
  });

  app.post(
    '/api/newsletter/subscribe',
    {
      schema: {
        tags,
        summary:
          'Sign up for the newsletter: stored pending with the consent line and its time, and a mail asks to confirm. 202 whether or not the address is subscribed; throttled (429)',
        body: ZNewsletterSubscribe,
        response: { 202: ZNewsletterAccepted, 400: E, 429: E },
      },
    },
    async (request, reply) => {
      await newsletter.subscribe(request.body, request.ip);
      return reply.status(202).send({ accepted: true as const });
    },
  );

  app.post(
    '/api/newsletter/confirm',
    {
      schema: {
        tags,
        summary: "Confirm a subscription with the mailed link's token (double opt-in)",
        body: ZNewsletterToken,
        response: { 200: ZNewsletterState, 400: E },
      },
    },
    async (request) => newsletter.confirm(request.body.token),
  );

  app.post(
    '/api/newsletter/unsubscribe',
    {
      schema: {
        tags,
        summary: "Unsubscribe with the token of a mail's unsubscribe link; no session needed",
        body: ZNewsletterToken,
        response: { 200: ZNewsletterState, 400: E },
      },
    },
    async (request) => newsletter.unsubscribe(request.body.token),
  );

  app.post(
    '/api/newsletter/unsubscribe/:token',
    {
      schema: {
        tags,
        summary:
          "RFC 8058 one-click unsubscribe, the mails' List-Unsubscribe address: a POST (any body, e.g. List-Unsubscribe=One-Click) with no session",
        params: ZNewsletterToken,
        response: { 200: ZNewsletterState, 400: E },
      },
    },
    async (request) => newsletter.unsubscribe(request.params.token),
  );

  app.get(
    '/api/newsletter/account',
    {
      schema: {
        tags,
        summary: "Whether my account's address gets the newsletter (the settings' marketing e-mails)",
        response: { 200: ZAccountNewsletter, 401: E },
      },
    },
    async (request) => newsletter.accountState(requireAuth(request).user.email),
  );

  app.put(
    '/api/newsletter/account',
    {
      schema: {
        tags,
        summary:
          "Marketing e-mails on or off for my account's address: on subscribes it at once with the consent line as the switch showed it, off unsubscribes it",
        body: ZAccountNewsletterUpdate,
        response: { 200: ZAccountNewsletter, 400: E, 401: E },
      },
    },
    async (request) => newsletter.setForAccount(requireAuth(request).user.email, request.body),
  );
};
