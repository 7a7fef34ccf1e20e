import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZChangePasswordRequest, ZLoginRequest, ZRegisterRequest } from '../../../../shared/schemas/auth.ts';
import { ZErrorResponse, ZOkResponse } from '../../../../shared/schemas/common.ts';
import { ZTwoFactorRequired, ZTwoFactorSetupRequired } from '../../../../shared/schemas/two-factor.ts';
import { ZLoginResponse, ZUser } from '../../../../shared/schemas/users.ts';
import { ZConfirmRegistrationRequest, ZRegisterClaimPending } from '../../../../shared/schemas/verification.ts';
import type { Db } from '../../../db/database.ts';
import { requestLanguage } from '../../../http/language.ts';
import { clearSessionCookie, requireAuth, rotateSession, startSession } from '../../../http/session.ts';
import { setChallengeCookie, twoFactorRoutes } from '../two-factor/routes.ts';
import type { AuthService } from './service.ts';
import { ssoRoutes } from '../sso/routes.ts';
import { passkeyRoutes } from '../two-factor/passkey-routes.ts';
import type { SendNotice } from '../../../mail/mailer.ts';
import { reserveRegistration } from '../../../throttle/login.ts';

export interface AuthRouteDeps {
  db: Db;
  auth: AuthService;
  secureCookies: boolean;
  /** Registrations one IP may attempt an hour (REGISTRATIONS_PER_IP_HOUR). */
  registrationsPerIpHour: number;
  env: { PUBLIC_URL: string };
  /** Mails that go out at once (a member told their second factor was reset). */
  notify: SendNotice;
}

const tags = ['auth'];

export const authRoutes: FastifyPluginAsyncZod<AuthRouteDeps> = async (
  app,
  { db, auth, secureCookies, registrationsPerIpHour, env, notify },
) => {
  const loggedIn = async (userId: string) => {
    const firstLogin = await auth.recordLogin(userId);
    return { ...(await auth.userById(userId)), firstLogin };
  };
  await app.register(ssoRoutes, {
    db,
    sso: auth.sso.service,
    settings: auth.sso.settings,
    saml: auth.sso.saml,
    secureCookies,
    publicUrl: env.PUBLIC_URL,
    loggedIn,
  });
  await app.register(passkeyRoutes, { db, publicUrl: env.PUBLIC_URL, twoFactor: auth.twoFactor, notify, secureCookies, loggedIn });
  await app.register(twoFactorRoutes, {
    db,
    twoFactor: auth.twoFactor,
    policies: auth.twoFactorPolicies,
    secureCookies,
    loggedIn,
  });

  app.post(
    '/api/register',
    {
      schema: {
        tags,
        summary:
          'Register a company (by CVR) and its first user, an admin, and log them in. 202 when the CVR is held by an unconfirmed company and a code went to the company',
        body: ZRegisterRequest,
        response: {
          201: ZUser,
          202: ZRegisterClaimPending,
          400: ZErrorResponse,
          409: ZErrorResponse,
          429: ZErrorResponse,
          502: ZErrorResponse,
        },
      },
    },
    async (request, reply) => {
      await reserveRegistration(db, request.ip, registrationsPerIpHour);
      const result = await auth.register(request.body, requestLanguage(request));
      if ('pending' in result) return reply.status(202).send(result.pending);
      if (result.registryError)
        request.log.warn({ registryError: result.registryError }, 'CVR registry unavailable; company stored as unchecked');
      await startSession(db, reply, request, result.userId, false, secureCookies);
      await auth.recordLogin(result.userId);
      return reply.status(201).send(await auth.userById(result.userId));
    },
  );

  app.post(
    '/api/register/confirm',
    {
      schema: {
        tags,
        summary: 'Finish a pending registration with the code mailed to the company: the company moves to the registrant, who is logged in',
        body: ZConfirmRegistrationRequest,
        response: { 201: ZUser, 400: ZErrorResponse, 409: ZErrorResponse },
      },
    },
    async (request, reply) => {
      const userId = await auth.confirmRegistration(request.body);
      await startSession(db, reply, request, userId, false, secureCookies);
      await auth.recordLogin(userId);
      return reply.status(201).send(await auth.userById(userId));
    },
  );

  app.post(
    '/api/login',
    {
      config: { signsIn: true },
      schema: {
        tags,
        summary:
          'Log in with email and password; firstLogin tells whether the person had never logged in before. With two-factor sign-in on, no session yet: twoFactorRequired with the methods the person has (totp, passkey), and POST /api/login/2fa or /api/login/2fa/passkey within 5 minutes; when the company requires a second factor the person has none of, twoFactorSetupRequired and POST /api/login/2fa/setup',
        body: ZLoginRequest,
        response: {
          200: z.union([ZLoginResponse, ZTwoFactorRequired, ZTwoFactorSetupRequired]),
          400: ZErrorResponse,
          401: ZErrorResponse,
          403: ZErrorResponse,
          429: ZErrorResponse,
        },
      },
    },
    async (request, reply) => {
      const userId = await auth.authenticate(request.body, request.ip, requestLanguage(request));
      if (await auth.twoFactor.required(userId)) {
        setChallengeCookie(reply, await auth.twoFactor.challenge(userId, request.body.rememberMe), secureCookies);
        return { twoFactorRequired: true as const, methods: await auth.twoFactor.methods(userId) };
      }
      if (await auth.twoFactorPolicies.mustSetUp(userId)) {
        setChallengeCookie(reply, await auth.twoFactor.challenge(userId, request.body.rememberMe, 'setup'), secureCookies);
        return { twoFactorSetupRequired: true as const };
      }
      await startSession(db, reply, request, userId, request.body.rememberMe, secureCookies);
      const firstLogin = await auth.recordLogin(userId);
      return { ...(await auth.userById(userId)), firstLogin };
    },
  );

  app.post(
    '/api/logout',
    {
      schema: {
        tags,
        summary:
          "End this session. A session from the company's identity provider also gets the provider's own logout address (providerLogoutUrl), for the browser to go on to",
        response: { 200: z.object({ ok: z.literal(true), providerLogoutUrl: z.string().optional() }) },
      },
    },
    async (request, reply) => {
      // Asked before the session ends: its link to the provider's session goes with it.
      const providerLogoutUrl = request.auth ? await auth.sso.service.providerLogoutUrl(request.auth.sessionId) : undefined;
      if (request.auth) await auth.endSession(request.auth.sessionId);
      clearSessionCookie(reply, secureCookies);
      return { ok: true as const, ...(providerLogoutUrl && { providerLogoutUrl }) };
    },
  );

  app.get(
    '/api/me',
    { schema: { tags, summary: 'The logged-in user', response: { 200: ZUser, 401: ZErrorResponse } } },
    async (request) => requireAuth(request).user,
  );

  // The client's session check: 200 with the user, or 200 with null when logged out, so a visitor
  // who is not logged in sees no failed request in the console. GET /api/me still answers a visitor
  // 401, as the public API has it.
  app.get(
    '/api/session',
    { schema: { tags, summary: 'The logged-in user, or null when logged out', response: { 200: ZUser.nullable() } } },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      return request.auth?.user ?? null;
    },
  );

  app.post(
    '/api/change-password',
    {
      schema: {
        tags,
        summary: "Change the logged-in user's password; ends their other sessions and gives this one a new token",
        body: ZChangePasswordRequest,
        response: { 200: ZOkResponse, 400: ZErrorResponse, 401: ZErrorResponse },
      },
    },
    async (request, reply) => {
      const { user, sessionId } = requireAuth(request);
      await auth.changePassword(user, sessionId, request.body, request.ip);
      await rotateSession(db, reply, request, secureCookies);
      return { ok: true as const };
    },
  );
};
