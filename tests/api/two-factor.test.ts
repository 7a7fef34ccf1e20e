import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_EMAILS } from '../../src/shared/demo.ts';
import type { TRecoveryCodes, TTotpSetup, TTwoFactorStatus } from '../../src/shared/schemas/two-factor.ts';
import { createTestApp, registerCompany, sessionCookie, type TestApp } from '../helpers/app.ts';
import { addPerson } from '../helpers/courses.ts';

// Two-factor sign-in with an authenticator app: set up from the profile with a first code, then a
// login waits for a code or a single-use recovery code, each guessed no faster than a password.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await t.app.ready();
});
afterAll(async () => t.close());

const codeFor = (secret: string, at = Date.now()) =>
  new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secret) }).generate({ timestamp: at });

/** A well-formed code that is no step's near now: a wrong code that cannot by chance be right. */
function wrongCode(secret: string): string {
  const near = new Set([-60_000, -30_000, 0, 30_000, 60_000, 90_000].map((d) => codeFor(secret, Date.now() + d)));
  for (let n = 100000; ; n++) if (!near.has(String(n))) return String(n);
}

async function request(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, cookie?: string, payload?: unknown) {
  return t.app.inject({
    method,
    url,
    ...(cookie && { headers: { cookie } }),
    ...(payload !== undefined && { payload: payload as Record<string, unknown> }),
  });
}

/** A registered admin with an authenticator app set up: their cookie, password, secret and recovery codes. */
async function withApp() {
  const { cookie, body, user } = await registerCompany(t.app);
  const setup = (await request('POST', '/api/me/2fa/totp', cookie)).json<TTotpSetup>();
  const confirmed = await request('POST', '/api/me/2fa/totp/confirm', cookie, { code: codeFor(setup.secret) });
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  return {
    cookie,
    email: body.email as string,
    password: body.password as string,
    secret: setup.secret,
    user,
    ...confirmed.json<TRecoveryCodes>(),
  };
}

/** Logs in with the password: the challenge cookie a second factor is then asked for with. */
async function passwordStep(email: string, password: string) {
  const res = await request('POST', '/api/login', undefined, { email, password });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json()).toEqual({ twoFactorRequired: true, methods: ['totp'] });
  expect(res.cookies.find((c) => c.name === 'kursa_session')).toBeUndefined();
  const challenge = res.cookies.find((c) => c.name === 'kursa_2fa')!;
  expect(challenge).toMatchObject({ httpOnly: true, path: '/api/login', sameSite: 'Strict' });
  return `kursa_2fa=${challenge.value}`;
}

describe('setting it up', () => {
  it('gives a secret and its QR code, turns on only with a right code, and gives ten recovery codes once', async () => {
    const { cookie } = await registerCompany(t.app);
    expect((await request('GET', '/api/me/2fa', cookie)).json()).toEqual({ totp: false, recoveryCodesLeft: 0 });
    expect((await request('POST', '/api/me/2fa/totp/confirm', cookie, { code: '123456' })).statusCode).toBe(409);
    const setup = (await request('POST', '/api/me/2fa/totp', cookie)).json<TTotpSetup>();
    expect(setup.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(setup.uri).toMatch(/^otpauth:\/\/totp\/Kursa:.+\?issuer=Kursa&secret=[A-Z2-7]{32}&algorithm=SHA1&digits=6&period=30$/);
    expect(setup.qrSvg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);

    const wrong = await request('POST', '/api/me/2fa/totp/confirm', cookie, { code: wrongCode(setup.secret) });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ code: 'WRONG_CODE', errors: { code: expect.any(String) } });
    expect((await request('POST', '/api/me/2fa/totp/confirm', cookie, { code: '12ab56' })).statusCode).toBe(400);
    expect((await request('GET', '/api/me/2fa', cookie)).json<TTwoFactorStatus>().totp).toBe(false);

    const confirmed = await request('POST', '/api/me/2fa/totp/confirm', cookie, { code: codeFor(setup.secret) });
    expect(confirmed.statusCode).toBe(200);
    const { recoveryCodes } = confirmed.json<TRecoveryCodes>();
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    expect(recoveryCodes.every((c) => /^[a-z2-9]{4}-[a-z2-9]{4}$/.test(c))).toBe(true);
    expect((await request('GET', '/api/me/2fa', cookie)).json()).toEqual({ totp: true, recoveryCodesLeft: 10 });
    // Stored hashed; a second set-up is refused while it is on.
    const stored = await t.db.selectFrom('two_factor_recovery_codes').select('code_hash').execute();
    expect(stored.some((s) => recoveryCodes.includes(s.code_hash))).toBe(false);
    expect((await request('POST', '/api/me/2fa/totp', cookie)).statusCode).toBe(409);
    const audit = await t.db.selectFrom('audit_log').select('action').where('action', '=', '2fa.enabled').execute();
    expect(audit.length).toBeGreaterThan(0);
  });

  it('is refused to the demo accounts, whose logins every visitor shares', async () => {
    const { cookie, user } = await registerCompany(t.app);
    await t.db
      .updateTable('users')
      .set({ email: DEMO_EMAILS[1]! })
      .where('id', '=', user.id as string)
      .execute();
    expect((await request('POST', '/api/me/2fa/totp', cookie)).statusCode).toBe(403);
    await t.db
      .deleteFrom('users')
      .where('id', '=', user.id as string)
      .execute();
  });
});

describe('logging in', () => {
  it('asks for the code after the password, and lets in with it once', async () => {
    const person = await withApp();
    const challenge = await passwordStep(person.email, person.password);
    expect((await request('POST', '/api/login/2fa', undefined, { code: codeFor(person.secret) })).statusCode).toBe(401);
    const wrong = await request('POST', '/api/login/2fa', challenge, { code: wrongCode(person.secret) });
    expect(wrong.statusCode).toBe(400);

    // The code confirming the set-up was for this step already: a later one is needed; two steps on
    // from now is too far (a code is right one step either side).
    const now = Date.now();
    const code = codeFor(person.secret, now + 30_000);
    const far = codeFor(person.secret, now + 90_000);
    // (Six digits repeat: a far code that happens to equal a near one proves nothing, so it is skipped.)
    if (![-30_000, 0, 30_000, 60_000].some((d) => codeFor(person.secret, now + d) === far)) {
      expect((await request('POST', '/api/login/2fa', challenge, { code: far })).statusCode).toBe(400);
    }
    const ok = await request('POST', '/api/login/2fa', challenge, { code });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ id: person.user.id, firstLogin: false });
    expect((await request('GET', '/api/me', sessionCookie(ok))).statusCode).toBe(200);
    // The challenge is used up, and the code with it.
    expect((await request('POST', '/api/login/2fa', challenge, { code })).statusCode).toBe(401);
    const again = await passwordStep(person.email, person.password);
    expect((await request('POST', '/api/login/2fa', again, { code })).statusCode).toBe(400);
  });

  it('takes each recovery code once', async () => {
    const person = await withApp();
    const [first] = person.recoveryCodes;
    const ok = await request('POST', '/api/login/2fa', await passwordStep(person.email, person.password), {
      recoveryCode: ` ${first!.toUpperCase()} `,
    });
    expect(ok.statusCode, ok.body).toBe(200);
    const cookie = sessionCookie(ok);
    expect((await request('GET', '/api/me/2fa', cookie)).json()).toEqual({ totp: true, recoveryCodesLeft: 9 });
    const reused = await request('POST', '/api/login/2fa', await passwordStep(person.email, person.password), { recoveryCode: first });
    expect(reused.statusCode).toBe(400);
    expect(reused.json()).toMatchObject({ errors: { recoveryCode: expect.any(String) } });
    // New codes (with the password) void the old ones.
    expect((await request('POST', '/api/me/2fa/recovery-codes', cookie, { password: 'nope' })).statusCode).toBe(400);
    const renewed = (await request('POST', '/api/me/2fa/recovery-codes', cookie, { password: person.password })).json<TRecoveryCodes>();
    expect(renewed.recoveryCodes).toHaveLength(10);
    const old = await request('POST', '/api/login/2fa', await passwordStep(person.email, person.password), {
      recoveryCode: person.recoveryCodes[1],
    });
    expect(old.statusCode).toBe(400);
  });

  it('refuses an expired login, and more than ten wrong codes however right the next', async () => {
    const person = await withApp();
    const challenge = await passwordStep(person.email, person.password);
    await t.db
      .updateTable('login_challenges')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('user_id', '=', person.user.id)
      .execute();
    expect((await request('POST', '/api/login/2fa', challenge, { code: codeFor(person.secret, Date.now() + 30_000) })).statusCode).toBe(
      401,
    );

    const fresh = await passwordStep(person.email, person.password);
    const wrong = wrongCode(person.secret);
    for (let i = 0; i < 10; i++) expect((await request('POST', '/api/login/2fa', fresh, { code: wrong })).statusCode).toBe(400);
    const locked = await request('POST', '/api/login/2fa', fresh, { code: codeFor(person.secret, Date.now() + 30_000) });
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toMatchObject({ code: 'TWO_FACTOR_THROTTLED' });
  });

  it('is turned off with the password, and the login needs no code again', async () => {
    const person = await withApp();
    expect((await request('DELETE', '/api/me/2fa/totp', person.cookie, { password: 'wrong-one' })).statusCode).toBe(400);
    expect((await request('GET', '/api/me/2fa', person.cookie)).json<TTwoFactorStatus>().totp).toBe(true);
    expect((await request('DELETE', '/api/me/2fa/totp', person.cookie, { password: person.password })).statusCode).toBe(200);
    expect((await request('GET', '/api/me/2fa', person.cookie)).json()).toEqual({ totp: false, recoveryCodesLeft: 0 });
    const res = await request('POST', '/api/login', undefined, { email: person.email, password: person.password });
    expect(res.statusCode).toBe(200);
    expect(sessionCookie(res)).toMatch(/^kursa_session=/);
  });
});

describe('a company requiring it', () => {
  it('of its admins, then everyone: their sessions end, and they log in only by setting it up', async () => {
    const plain = await registerCompany(t.app);
    expect((await request('PUT', '/api/organisation/two-factor', plain.cookie, { policy: 'admins' })).statusCode).toBe(409);

    const boss = await withApp();
    const org = boss.user.organisationId as string;
    const otherAdmin = await addPerson(t, org, 'admin');
    const learner = await addPerson(t, org, 'learner');
    expect((await request('PUT', '/api/organisation/two-factor', learner.cookie, { policy: 'off' })).statusCode).toBe(403);
    expect((await request('GET', '/api/organisation/two-factor', boss.cookie)).json()).toEqual({ policy: 'off' });
    expect((await request('PUT', '/api/organisation/two-factor', boss.cookie, { policy: 'sometimes' })).statusCode).toBe(400);
    expect((await request('PUT', '/api/organisation/two-factor', boss.cookie, { policy: 'admins' })).json()).toEqual({ policy: 'admins' });

    // The other admin is logged out; the learner and the admin who has a second factor are not.
    expect((await request('GET', '/api/me', otherAdmin.cookie)).statusCode).toBe(401);
    expect((await request('GET', '/api/me', learner.cookie)).statusCode).toBe(200);
    expect((await request('GET', '/api/me', boss.cookie)).statusCode).toBe(200);

    const login = await request('POST', '/api/login', undefined, { email: otherAdmin.email, password: 'person-pass-1' });
    expect(login.json()).toEqual({ twoFactorSetupRequired: true });
    expect(login.cookies.find((c) => c.name === 'kursa_session')).toBeUndefined();
    const challenge = `kursa_2fa=${login.cookies.find((c) => c.name === 'kursa_2fa')!.value}`;
    // The setup challenge is not a login's second step, nor a session.
    expect((await request('POST', '/api/login/2fa', challenge, { code: '123456' })).statusCode).toBe(401);
    expect((await request('POST', '/api/me/2fa/totp', challenge)).statusCode).toBe(401);
    const setup = (await request('POST', '/api/login/2fa/setup', challenge)).json<TTotpSetup>();
    expect((await request('POST', '/api/login/2fa/setup/confirm', challenge, { code: wrongCode(setup.secret) })).statusCode).toBe(400);
    const done = await request('POST', '/api/login/2fa/setup/confirm', challenge, { code: codeFor(setup.secret) });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({
      id: otherAdmin.id,
      recoveryCodes: expect.arrayContaining([expect.stringMatching(/^[a-z2-9]{4}-[a-z2-9]{4}$/)]),
    });
    expect((await request('GET', '/api/me/2fa', sessionCookie(done))).json()).toEqual({ totp: true, recoveryCodesLeft: 10 });

    // Everyone: the learner too.
    expect((await request('PUT', '/api/organisation/two-factor', boss.cookie, { policy: 'everyone' })).statusCode).toBe(200);
    expect((await request('GET', '/api/me', learner.cookie)).statusCode).toBe(401);
    expect((await request('POST', '/api/login', undefined, { email: learner.email, password: 'person-pass-1' })).json()).toEqual({
      twoFactorSetupRequired: true,
    });
    const changes = await t.db
      .selectFrom('audit_log')
      .select('details')
      .where('organisation_id', '=', org)
      .where('action', '=', '2fa.policy-changed')
      .orderBy('seq')
      .execute();
    expect(changes.map((c) => JSON.parse(c.details))).toEqual([
      { before: 'off', after: 'admins' },
      { before: 'admins', after: 'everyone' },
    ]);
  });
});
