import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TTotpSetup } from '../../src/shared/schemas/two-factor.ts';
import { createTestApp, registerCompany, type TestApp } from '../helpers/app.ts';
import { SoftAuthenticator, type CreationOptions } from '../helpers/authenticator.ts';
import { addPerson } from '../helpers/courses.ts';

// An admin resets a member's second factor (a lost phone): the app, the passkeys and the recovery
// codes go, the member's sessions end, the member gets an e-mail in their language, and the
// company's audit log says who did it.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await t.app.ready();
});
afterAll(async () => t.close());

async function request(method: 'GET' | 'POST' | 'DELETE', url: string, cookie?: string, payload?: unknown) {
  return t.app.inject({
    method,
    url,
    ...(cookie && { headers: { cookie } }),
    ...(payload !== undefined && { payload: payload as Record<string, unknown> }),
  });
}

/** A member with both an authenticator app and a passkey, logged in. */
async function protectedMember(organisationId: string, language: 'da' | 'en' | null = null) {
  const member = await addPerson(t, organisationId, 'learner', language);
  const setup = (await request('POST', '/api/me/2fa/totp', member.cookie)).json<TTotpSetup>();
  const code = new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(setup.secret) }).generate();
  expect((await request('POST', '/api/me/2fa/totp/confirm', member.cookie, { code })).statusCode).toBe(200);
  const options = (await request('POST', '/api/me/2fa/passkeys/options', member.cookie)).json<CreationOptions>();
  const credential = new SoftAuthenticator().create(options);
  expect((await request('POST', '/api/me/2fa/passkeys', member.cookie, { name: 'Telefon', credential })).statusCode).toBe(200);
  return member;
}

const rows = async (table: 'two_factor_totp' | 'passkeys' | 'two_factor_recovery_codes' | 'sessions', userId: string) =>
  (await t.db.selectFrom(table).select('user_id').where('user_id', '=', userId).execute()).length;

describe("an admin resets a member's second factor", () => {
  it('removes the app, the passkeys and the recovery codes, ends the sessions, mails the member and audits it', async () => {
    const { cookie, user } = await registerCompany(t.app);
    const member = await protectedMember(user.organisationId, 'en');
    expect(await rows('passkeys', member.id)).toBe(1);

    const res = await request('DELETE', `/api/members/${member.id}/2fa`, cookie);
    expect(res.statusCode, res.body).toBe(200);
    for (const table of ['two_factor_totp', 'passkeys', 'two_factor_recovery_codes', 'sessions'] as const)
      expect(await rows(table, member.id), table).toBe(0);
    expect((await request('GET', '/api/me', member.cookie)).statusCode).toBe(401);
    // The password alone logs the member in again, to set up a new factor.
    const login = await request('POST', '/api/login', undefined, { email: member.email, password: 'person-pass-1' });
    expect(login.json()).toMatchObject({ id: member.id });

    const mail = await t.db.selectFrom('mail_outbox').select(['subject', 'text_body']).where('to_address', '=', member.email).execute();
    expect(mail).toEqual([expect.objectContaining({ subject: 'Your two-step verification on Kursa was reset' })]);
    expect(mail[0]!.text_body).toContain(user.contactName);
    const audit = await t.db
      .selectFrom('audit_log')
      .select(['actor_id', 'details'])
      .where('action', '=', '2fa.reset')
      .where('target_id', '=', member.id)
      .execute();
    expect(audit).toEqual([{ actor_id: user.id, details: expect.stringContaining('passkey') }]);

    // Nothing left to reset.
    expect((await request('DELETE', `/api/members/${member.id}/2fa`, cookie)).statusCode).toBe(409);
  });

  it('mails in Danish to a member whose language is Danish', async () => {
    const { cookie, user } = await registerCompany(t.app);
    const member = await protectedMember(user.organisationId, 'da');
    expect((await request('DELETE', `/api/members/${member.id}/2fa`, cookie)).statusCode).toBe(200);
    const mail = await t.db.selectFrom('mail_outbox').select('subject').where('to_address', '=', member.email).execute();
    expect(mail).toEqual([{ subject: 'Din totrinsbekræftelse på Kursa er nulstillet' }]);
  });

  it('is for admins only, of their own company, and not for their own account', async () => {
    const { cookie, user } = await registerCompany(t.app);
    const member = await protectedMember(user.organisationId);
    const learner = await addPerson(t, user.organisationId, 'learner');
    expect((await request('DELETE', `/api/members/${member.id}/2fa`, learner.cookie)).statusCode).toBe(403);
    const other = await registerCompany(t.app);
    expect((await request('DELETE', `/api/members/${member.id}/2fa`, other.cookie)).statusCode).toBe(404);
    expect((await request('DELETE', `/api/members/${user.id}/2fa`, cookie)).json()).toMatchObject({ code: 'OWN_SECOND_FACTOR' });
    expect((await request('DELETE', `/api/members/${member.id}/2fa`)).statusCode).toBe(401);
    expect(await rows('passkeys', member.id)).toBe(1);
    expect(await rows('two_factor_totp', member.id)).toBe(1);
  });
});
