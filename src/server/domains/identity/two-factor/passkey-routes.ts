import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZIdParams, ZOkResponse } from '../../../../shared/schemas/common.ts';
import {
  ZPasskey,
  ZPasskeyAdd,
  ZPasskeyAdded,
  ZPasskeyList,
  ZPasskeyLogin,
  ZPasskeyOptions,
  ZPasskeyRename,
  ZPasskeySecondFactor,
} from '../../../../shared/schemas/passkeys.ts';
import { ZTwoFactorPassword } from '../../../../shared/schemas/two-factor.ts';
import { ZLoginResponse, type TLoginResponse } from '../../../../shared/schemas/users.ts';
import type { Db } from '../../../db/database.ts';
import { requestLanguage } from '../../../http/language.ts';
import { errorResponses, noStoreByDefault } from '../../../http/route-helpers.ts';
import { requireAuth, startSession } from '../../../http/session.ts';
import { AuditLog } from '../../privacy/index.ts';
import { setLanguage } from '../users/repository.ts';
import type { SendNotice } from '../../../mail/mailer.ts';
import { SecondFactorReset } from './member-reset.ts';
import { PasskeyService } from './passkeys.ts';
import { passwordlessAllowed } from './passwordless.ts';
import { relyingPartyOf } from './relying-party.ts';
import { CHALLENGE_COOKIE } from './routes.ts';
import type { TwoFactorService } from './service.ts';

const tags = ['auth'];

/**
 * Passkeys (docs/decisions/059-passkeys.md): added and removed on one's profile, given as a login's
 * second step or alone for a login without a password; and an admin's reset of a member's second
 * factor.
 */
export const passkeyRoutes: FastifyPluginAsyncZod<{
  db: Db;
  /** PUBLIC_URL: the host passkeys are bound to (relying-party.ts). */
  publicUrl: string;
  twoFactor: TwoFactorService;
  /** Mails that go out at once (the member told of a reset). */
  notify: SendNotice;
  secureCookies: boolean;
  /** After the session started: the login's answer (recorded as a login, the user, whether their first). */
  loggedIn: (userId: string) => Promise<TLoginResponse>;
}> = async (app, { db, publicUrl, twoFactor, notify, secureCookies, loggedIn }) => {
  noStoreByDefault(app);
  const audit = new AuditLog(db);
  const passkeys = new PasskeyService(db, relyingPartyOf(publicUrl), twoFactor);
  const reset = new SecondFactorReset(db, twoFactor, notify);
  const allowed = (userId: string) => passwordlessAllowed(db, userId);

  app.get(
    '/api/me/2fa/passkeys',
    {
      schema: {
        tags,
        summary: 'My passkeys: name, when added and when last used',
        response: { 200: ZPasskeyList, ...errorResponses(401) },
      },
    },
    async (request) => passkeys.list(requireAuth(request).user),
  );

  app.post(
    '/api/me/2fa/passkeys/options',
    {
      schema: {
        tags,
        summary: 'Start adding a passkey: the options for navigator.credentials.create(), good for 5 minutes and once',
        response: { 200: ZPasskeyOptions, ...errorResponses(401, 403, 409) },
      },
    },
    async (request) => passkeys.registrationOptions(requireAuth(request).user),
  );

  app.post(
    '/api/me/2fa/passkeys',
    {
      schema: {
        tags,
        summary:
          'Add the passkey the browser made, with a name: it is a second factor and logs in without a password. My first second factor also gives ten recovery codes (this once)',
        body: ZPasskeyAdd,
        response: { 200: ZPasskeyAdded, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request) => passkeys.add(requireAuth(request).user, request.body, request.ip),
  );

  app.patch(
    '/api/me/2fa/passkeys/:id',
    {
      schema: {
        tags,
        summary: 'Rename one of my passkeys (404 for one that is not mine)',
        params: ZIdParams,
        body: ZPasskeyRename,
        response: { 200: ZPasskey, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => passkeys.rename(requireAuth(request).user, request.params.id, request.body.name),
  );

  app.delete(
    '/api/me/2fa/passkeys/:id',
    {
      schema: {
        tags,
        summary:
          'Remove one of my passkeys, with my password (404 for one that is not mine); the recovery codes go with my last second factor',
        params: ZIdParams,
        body: ZTwoFactorPassword,
        response: { 200: ZOkResponse, ...errorResponses(400, 401, 404, 429) },
      },
    },
    async (request) => {
      await passkeys.remove(requireAuth(request).user, request.params.id, request.body.password, request.ip);
      return { ok: true as const };
    },
  );

  app.post(
    '/api/login/2fa/passkey/options',
    {
      config: { signsIn: true },
      schema: {
        tags,
        summary:
          "A login's second step with a passkey, after POST /api/login answered twoFactorRequired with the method passkey: the options for navigator.credentials.get()",
        response: { 200: ZPasskeyOptions, ...errorResponses(401, 409) },
      },
    },
    async (request) => passkeys.secondFactorOptions(request.cookies[CHALLENGE_COOKIE]),
  );

  app.post(
    '/api/login/2fa/passkey',
    {
      config: { signsIn: true },
      schema: {
        tags,
        summary: "A login's second step: the passkey's signed answer; the session starts. Wrong answers are throttled like wrong codes",
        body: ZPasskeySecondFactor,
        response: { 200: ZLoginResponse, ...errorResponses(400, 401, 429) },
      },
    },
    async (request, reply) => {
      const { userId, remember } = await passkeys.completeSecondFactor(
        request.cookies[CHALLENGE_COOKIE],
        request.body.credential,
        request.ip,
      );
      reply.clearCookie(CHALLENGE_COOKIE, { path: '/api/login' });
      await startSession(db, reply, request, userId, remember, secureCookies);
      return loggedIn(userId);
    },
  );

  app.post(
    '/api/login/passkey/options',
    {
      config: { signsIn: true },
      schema: {
        tags,
        summary: 'Log in with a passkey, without a password: the options for navigator.credentials.get(), for any passkey of this site',
        response: { 200: ZPasskeyOptions },
      },
    },
    async () => passkeys.loginOptions(),
  );

  app.post(
    '/api/login/passkey',
    {
      config: { signsIn: true },
      schema: {
        tags,
        summary:
          'Log in with a passkey, without a password: its signed answer, verified by its owner (a PIN, a fingerprint), counts as both factors; the session starts. Refused answers are throttled',
        body: ZPasskeyLogin,
        response: { 200: ZLoginResponse, ...errorResponses(400, 429) },
      },
    },
    async (request, reply) => {
      const userId = await passkeys.login(request.body.credential, request.ip, allowed);
      const language = requestLanguage(request);
      if (language) await setLanguage(db, userId, language);
      await startSession(db, reply, request, userId, request.body.rememberMe, secureCookies);
      const answer = await loggedIn(userId);
      // An admin's logins go in the company's audit log, as with a password.
      if (answer.role === 'admin')
        await audit.record({
          organisationId: answer.organisationId,
          actor: { id: userId, name: answer.contactName, email: answer.email, ip: request.ip },
          action: 'auth.login',
          target: { type: 'user', id: userId },
          details: { method: 'passkey' },
        });
      return answer;
    },
  );

  app.delete(
    '/api/members/:id/2fa',
    {
      schema: {
        tags: ['team'],
        summary:
          "Reset a member's two-step verification (a lost phone): their authenticator app, passkeys and recovery codes go, their sessions end, and they are told by email (admins; not one's own)",
        params: ZIdParams,
        response: { 200: ZOkResponse, ...errorResponses(401, 403, 404, 409) },
      },
    },
    async (request) => {
      await reset.reset(requireAuth(request).user, request.params.id, request.ip);
      return { ok: true as const };
    },
  );
};
