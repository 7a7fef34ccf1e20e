import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ZLoginSecondFactor,
  ZRecoveryCodes,
  ZTotpConfirm,
  ZTotpSetup,
  ZTwoFactorPassword,
  ZTwoFactorPolicy,
  ZTwoFactorStatus,
} from '../../../../shared/schemas/two-factor.ts';
import { ZOkResponse } from '../../../../shared/schemas/common.ts';
import { ZLoginResponse, type TLoginResponse } from '../../../../shared/schemas/users.ts';
import type { Db } from '../../../db/database.ts';
import { errorResponses, noStoreByDefault } from '../../../http/route-helpers.ts';
import { requireAuth, startSession } from '../../../http/session.ts';
import type { TwoFactorPolicies } from './policy.ts';
import { CHALLENGE_MS, type TwoFactorService } from './service.ts';

const tags = ['auth'];
/** The browser's hold on a login waiting for its second factor: sent to the login routes only. */
export const CHALLENGE_COOKIE = 'kursa_2fa';

export function setChallengeCookie(reply: FastifyReply, token: string, secure: boolean): void {
  reply.setCookie(CHALLENGE_COOKIE, token, {
    path: '/api/login',
    httpOnly: true,
    sameSite: 'strict',
    secure,
    maxAge: CHALLENGE_MS / 1000,
  });
}

/** Setting up two-factor sign-in on one's own account, and a login's second step. */
export const twoFactorRoutes: FastifyPluginAsyncZod<{
  db: Db;
  twoFactor: TwoFactorService;
  policies: TwoFactorPolicies;
  secureCookies: boolean;
  /** After the session started: the login's answer (recorded as a login, the user, whether their first). */
  loggedIn: (userId: string) => Promise<TLoginResponse>;
}> = async (app, { db, twoFactor, policies, secureCookies, loggedIn }) => {
  noStoreByDefault(app);

  app.get(
    '/api/me/2fa',
    {
      schema: {
        tags,
        summary: 'Whether I sign in with a second factor, and my recovery codes left',
        response: { 200: ZTwoFactorStatus, ...errorResponses(401) },
      },
    },
    async (request) => twoFactor.status(requireAuth(request).user),
  );

  app.post(
    '/api/me/2fa/totp',
    {
      schema: {
        tags,
        summary: 'Start setting up an authenticator app: a new secret and its QR code; in force once confirmed with a code',
        response: { 200: ZTotpSetup, ...errorResponses(401, 409) },
      },
    },
    async (request) => twoFactor.begin(requireAuth(request).user),
  );

  app.post(
    '/api/me/2fa/totp/confirm',
    {
      schema: {
        tags,
        summary:
          'Confirm the authenticator app with the code it shows: two-factor sign-in is on, and ten recovery codes are given (this once)',
        body: ZTotpConfirm,
        response: { 200: ZRecoveryCodes, ...errorResponses(400, 401, 409, 429) },
      },
    },
    async (request) => twoFactor.confirm(requireAuth(request).user, request.body.code, request.ip),
  );

  app.delete(
    '/api/me/2fa/totp',
    {
      schema: {
        tags,
        summary: 'Turn two-factor sign-in off, with my password; the recovery codes go too',
        body: ZTwoFactorPassword,
        response: { 200: ZOkResponse, ...errorResponses(400, 401, 409, 429) },
      },
    },
    async (request) => {
      await twoFactor.disable(requireAuth(request).user, request.body.password, request.ip);
      return { ok: true as const };
    },
  );

  app.post(
    '/api/me/2fa/recovery-codes',
    {
      schema: {
        tags,
        summary: 'Ten new recovery codes, with my password; the old ones no longer work',
        body: ZTwoFactorPassword,
        response: { 200: ZRecoveryCodes, ...errorResponses(400, 401, 409, 429) },
      },
    },
    async (request) => twoFactor.newRecoveryCodes(requireAuth(request).user, request.body.password, request.ip),
  );

  app.post(
    '/api/login/2fa',
    {
      config: { signsIn: true },
      schema: {
        tags,
        summary:
          "A login's second step, after POST /api/login answered twoFactorRequired: the authenticator app's code or a recovery code (each once); throttled like the password",
        body: ZLoginSecondFactor,
        response: { 200: ZLoginResponse, ...errorResponses(400, 401, 429) },
      },
    },
    async (request, reply) => {
      const { userId, remember } = await twoFactor.complete(request.cookies[CHALLENGE_COOKIE], request.body, request.ip);
      reply.clearCookie(CHALLENGE_COOKIE, { path: '/api/login' });
      await startSession(db, reply, request, userId, remember, secureCookies);
      return loggedIn(userId);
    },
  );

  app.post(
    '/api/login/2fa/setup',
    {
      config: { signsIn: true },
      schema: {
        tags,
        summary:
          'A login whose company requires a second factor the person has not set up (POST /api/login answered twoFactorSetupRequired): a secret for their authenticator app',
        response: { 200: ZTotpSetup, ...errorResponses(401, 409) },
      },
    },
    async (request) => twoFactor.setupAtLogin(request.cookies[CHALLENGE_COOKIE]),
  );

  app.post(
    '/api/login/2fa/setup/confirm',
    {
      config: { signsIn: true },
      schema: {
        tags,
        summary:
          "That login's first code from the app: two-factor sign-in is on, the session starts, and ten recovery codes are given (this once)",
        body: ZTotpConfirm,
        response: { 200: ZLoginResponse.extend(ZRecoveryCodes.shape), ...errorResponses(400, 401, 409, 429) },
      },
    },
    async (request, reply) => {
      const { userId, remember, recoveryCodes } = await twoFactor.confirmAtLogin(
        request.cookies[CHALLENGE_COOKIE],
        request.body.code,
        request.ip,
      );
      reply.clearCookie(CHALLENGE_COOKIE, { path: '/api/login' });
      await startSession(db, reply, request, userId, remember, secureCookies);
      return { ...(await loggedIn(userId)), recoveryCodes };
    },
  );

  app.get(
    '/api/organisation/two-factor',
    {
      schema: {
        tags,
        summary: 'Whom the company requires a second factor of (admins)',
        response: { 200: ZTwoFactorPolicy, ...errorResponses(401, 403) },
      },
    },
    async (request) => policies.policy(requireAuth(request).user),
  );

  app.put(
    '/api/organisation/two-factor',
    {
      schema: {
        tags,
        summary:
          "Require a second factor of no one, the company's admins, or everyone (admins; one with a second factor of their own): the sessions of those it now requires one of, who have none, end",
        body: ZTwoFactorPolicy,
        response: { 200: ZTwoFactorPolicy, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request) => policies.setPolicy(requireAuth(request).user, request.body.policy, request.ip),
  );
};
