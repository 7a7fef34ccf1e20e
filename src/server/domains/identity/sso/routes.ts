import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZErrorResponse, ZOkResponse } from '../../../../shared/schemas/common.ts';
import { landingPath } from '../../../../shared/landing.ts';
import { ZSsoLookup, ZSsoSettings, ZSsoSettingsUpdate } from '../../../../shared/schemas/sso.ts';
import type { TSsoError } from '../../../../shared/sso.ts';
import type { Db } from '../../../db/database.ts';
import { AppError } from '../../../http/errors.ts';
import { noStoreByDefault } from '../../../http/route-helpers.ts';
import { requireAuth, startSession } from '../../../http/session.ts';
import type { SamlSignIn } from './saml.ts';
import { samlRoutes } from './saml-routes.ts';
import type { SsoService, SsoSignedIn } from './service.ts';
import type { SsoSettingsService } from './settings.ts';
import { SsoRefusal } from './sign-in.ts';

export interface SsoRouteDeps {
  db: Db;
  sso: SsoService;
  settings: SsoSettingsService;
  saml: SamlSignIn;
  secureCookies: boolean;
  publicUrl: string;
  /** After a session started: records the login; the person's role. */
  loggedIn: (userId: string) => Promise<{ role: string }>;
}

const tags = ['sso'];
const E = ZErrorResponse;
const ZStartQuery = z.object({
  email: z.string().max(254).optional(),
  /** The company's id, from its own site's "Log in with Microsoft". */
  org: z.string().max(64).optional(),
  next: z.string().max(2000).optional(),
  remember: z.enum(['true', 'false']).optional(),
});

/** Starts the session of a person the provider vouched for (either protocol); where they land. */
export function sessionFor(deps: Pick<SsoRouteDeps, 'db' | 'sso' | 'secureCookies' | 'publicUrl' | 'loggedIn'>) {
  return async (signedIn: SsoSignedIn, request: FastifyRequest, reply: FastifyReply): Promise<string> => {
    const sessionId = await startSession(deps.db, reply, request, signedIn.userId, signedIn.remember, deps.secureCookies);
    await deps.sso.linkSession(sessionId, signedIn);
    const { role } = await deps.loggedIn(signedIn.userId);
    return `${deps.publicUrl}${landingPath(role, signedIn.next)}`;
  };
}

/**
 * Single sign-on (docs/decisions/058-single-sign-on.md): the admins' settings, the login page's
 * look-up, the way out to the provider and back, and the provider's logout.
 */
export const ssoRoutes: FastifyPluginAsyncZod<SsoRouteDeps> = async (app, deps) => {
  const { sso, settings } = deps;
  noStoreByDefault(app);

  /** Back to the login page with the reason a sign-in did not go through, in words the page has. */
  const refused = (code: TSsoError) => `${deps.publicUrl}/login?sso_error=${code}`;

  const signInWith = sessionFor(deps);

  app.get(
    '/api/organisation/sso',
    {
      schema: {
        tags,
        summary:
          "The company's single sign-on: its provider, whether it is on or required, the group mappings, and the addresses to give the provider (admins)",
        response: { 200: ZSsoSettings, 401: E, 403: E },
      },
    },
    async (request) => settings.get(requireAuth(request).user),
  );

  app.put(
    '/api/organisation/sso',
    {
      schema: {
        tags,
        summary:
          "Set the company's single sign-on (admins). Turning it on needs a verified e-mail domain and a provider whose discovery document answers; requiring it needs a break-glass admin with a second factor. The client secret is kept encrypted and never shown again (left out: the one kept stays)",
        body: ZSsoSettingsUpdate,
        response: { 200: ZSsoSettings, 400: E, 401: E, 403: E },
      },
    },
    async (request) => settings.put(requireAuth(request).user, request.body, request.ip),
  );

  app.get(
    '/api/auth/sso/lookup',
    {
      schema: {
        tags,
        summary:
          "Whether an address's domain signs in at its company's identity provider, and whether passwords are refused there. It tells nothing of any one person",
        querystring: z.object({ email: z.string().max(254) }),
        response: { 200: ZSsoLookup },
      },
    },
    async (request) => sso.lookup(request.query.email),
  );

  app.get(
    '/api/auth/sso/start',
    {
      schema: {
        tags,
        summary:
          "Send the browser to the identity provider of the address's company (email) or of the company (org), with state, nonce and PKCE. Without single sign-on there: back to /login?sso_error=off",
        querystring: ZStartQuery,
        response: { 302: z.null() },
      },
    },
    async (request, reply) => {
      const { email, org, next, remember } = request.query;
      try {
        const connection = org ? await sso.connectionOfCompany(org) : email ? await sso.connectionForEmail(email) : undefined;
        if (!connection) throw new SsoRefusal('off', 'no single sign-on for the address');
        return reply.redirect(await sso.start(connection, { email, next: next ?? null, remember: remember === 'true' }), 302);
      } catch (error) {
        if (!(error instanceof SsoRefusal)) throw error;
        request.log.warn({ reason: error.message }, 'single sign-on could not start');
        return reply.redirect(refused(error.code), 302);
      }
    },
  );

  app.get(
    '/api/auth/oidc/callback',
    {
      schema: {
        tags,
        summary:
          'Where the OpenID provider sends the browser back: the code is exchanged (PKCE) and the ID token checked (issuer, audience, expiry, nonce, signature); the person is found or made, and logged in. A refusal goes back to /login?sso_error=…',
        querystring: z.record(z.string(), z.string().max(8000)),
        response: { 302: z.null() },
      },
    },
    async (request, reply) => {
      try {
        const signedIn = await sso.finishOidc(new URL(request.url, deps.publicUrl), request.ip);
        return reply.redirect(await signInWith(signedIn, request, reply), 302);
      } catch (error) {
        if (!(error instanceof SsoRefusal)) throw error;
        request.log.warn({ reason: error.message, code: error.code }, 'a single sign-on was refused');
        return reply.redirect(refused(error.code), 302);
      }
    },
  );

  // Form posts from the provider's servers (back-channel) carry the logout token as a form field.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 64 * 1024 }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });

  await app.register(samlRoutes, { ...deps, signInWith });

  app.post(
    '/api/auth/oidc/backchannel-logout/:org',
    {
      config: { crossSitePost: true },
      schema: {
        tags,
        summary:
          "OpenID Connect back-channel logout: the provider's signed logout token (for this client, with the logout event, used once) ends the Kursa sessions that came from its session (sid) or its subject (sub)",
        params: z.object({ org: z.string().max(64) }),
        body: z.object({ logout_token: z.string().min(1).max(16_000) }),
        response: { 200: ZOkResponse, 400: E },
      },
    },
    async (request) => {
      try {
        await sso.backChannelLogout(request.params.org, request.body.logout_token);
        return { ok: true as const };
      } catch (error) {
        if (!(error instanceof SsoRefusal)) throw error;
        request.log.warn({ reason: error.message }, 'a back-channel logout was refused');
        throw new AppError('LOGOUT_TOKEN_REFUSED', 400, 'sso.logoutRefused');
      }
    },
  );

  app.get(
    '/api/auth/oidc/frontchannel-logout/:org',
    {
      schema: {
        tags,
        summary:
          "OpenID Connect front-channel logout: the provider's page loads this with its issuer and session id (iss, sid), and the Kursa sessions from that provider session end",
        params: z.object({ org: z.string().max(64) }),
        querystring: z.object({ iss: z.string().max(1000).optional(), sid: z.string().max(500).optional() }),
        response: { 200: z.string() },
      },
    },
    async (request, reply) => {
      const { iss, sid } = request.query;
      const issuer = await sso.oidcIssuer(request.params.org);
      if (issuer && sid && (iss === undefined || iss === issuer))
        await sso.endSessions(request.params.org, issuer, { providerSession: sid });
      // The provider shows this in a hidden frame: an empty page, framable by it alone is not knowable here, so by anyone.
      return reply
        .type('text/html; charset=utf-8')
        .header('content-security-policy', "default-src 'none'")
        .send('<!doctype html><title>Logged out</title>');
    },
  );
};
