import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_EMAILS } from '../../src/shared/demo.ts';
import type { TPasskeyAdded, TPasskeyList } from '../../src/shared/schemas/passkeys.ts';
import type { TTotpSetup } from '../../src/shared/schemas/two-factor.ts';
import { createTestApp, registerCompany, sessionCookie, type TestApp } from '../helpers/app.ts';
import { SoftAuthenticator, type CreationOptions, type RequestOptions } from '../helpers/authenticator.ts';
import { addPerson } from '../helpers/courses.ts';

// Passkeys: added on the profile with a real WebAuthn registration (a software authenticator signs
// with node:crypto), given as a login's second step or alone for a login without a password, and
// refused when the challenge is wrong or used, the counter goes back, the origin or the passkey is
// another's.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await t.app.ready();
});
afterAll(async () => t.close());

async function request(method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, cookie?: string, payload?: unknown) {
  return t.app.inject({
    method,
    url,
    ...(cookie && { headers: { cookie } }),
    ...(payload !== undefined && { payload: payload as Record<string, unknown> }),
  });
}

/** Adds a passkey made by `authenticator` to the account behind `cookie`. */
async function addPasskey(cookie: string, authenticator: SoftAuthenticator, name = 'Laptop') {
  const options = await request('POST', '/api/me/2fa/passkeys/options', cookie);
  expect(options.statusCode, options.body).toBe(200);
  const res = await request('POST', '/api/me/2fa/passkeys', cookie, {
    name,
    credential: authenticator.create(options.json<CreationOptions>()),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<TPasskeyAdded>();
}

/** A registered admin with a passkey. */
async function withPasskey() {
  const { cookie, body, user } = await registerCompany(t.app);
  const authenticator = new SoftAuthenticator();
  const added = await addPasskey(cookie, authenticator);
  return { cookie, email: body.email as string, password: body.password as string, user, authenticator, added };
}

/** The password's step: the challenge cookie the second factor is then asked for with. */
async function passwordStep(email: string, password: string) {
  const res = await request('POST', '/api/login', undefined, { email, password });
  expect(res.statusCode, res.body).toBe(200);
  const challenge = res.cookies.find((c) => c.name === 'kursa_2fa')!;
  return { answer: res.json<{ twoFactorRequired: true; methods: string[] }>(), cookie: `kursa_2fa=${challenge.value}` };
}

async function passwordlessOptions() {
  const res = await request('POST', '/api/login/passkey/options');
  expect(res.statusCode, res.body).toBe(200);
  return res.json<RequestOptions & { userVerification: string }>();
}

const actions = async (userId: string, action: string) =>
  t.db.selectFrom('audit_log').select(['action', 'details']).where('target_id', '=', userId).where('action', '=', action).execute();

describe('adding a passkey', () => {
  it('keeps it with its name, lists it without its key, gives recovery codes with the first factor only, and audits it', async () => {
    const { cookie, user, authenticator, added } = await withPasskey();
    expect(added.passkey).toMatchObject({ name: 'Laptop', lastUsedAt: null });
    expect(added.recoveryCodes).toHaveLength(10);
    expect((await request('GET', '/api/me/2fa', cookie)).json()).toEqual({ totp: false, recoveryCodesLeft: 10 });

    const second = await addPasskey(cookie, authenticator, 'Telefon');
    expect(second.recoveryCodes).toBeUndefined();
    const list = (await request('GET', '/api/me/2fa/passkeys', cookie)).json<TPasskeyList>();
    expect(list.passkeys.map((p) => p.name)).toEqual(['Laptop', 'Telefon']);
    expect(JSON.stringify(list)).not.toContain('public');
    expect(await actions(user.id, '2fa.passkey-added')).toHaveLength(2);

    const renamed = await request('PATCH', `/api/me/2fa/passkeys/${second.passkey.id}`, cookie, { name: 'Arbejdstelefon' });
    expect(renamed.json()).toMatchObject({ name: 'Arbejdstelefon' });
    expect((await request('PATCH', `/api/me/2fa/passkeys/${second.passkey.id}`, cookie, { name: ' ' })).statusCode).toBe(400);
  });

  it('makes the options for this site, without the passkeys the person has', async () => {
    const { cookie, authenticator } = await withPasskey();
    const options = (await request('POST', '/api/me/2fa/passkeys/options', cookie)).json<Record<string, unknown>>();
    expect(options).toMatchObject({
      rp: { id: 'localhost', name: 'Kursa' },
      attestation: 'none',
      authenticatorSelection: { residentKey: 'required' },
      excludeCredentials: [{ id: authenticator.lastId, type: 'public-key' }],
    });
  });

  it('refuses an answer to another challenge, one used twice, one from another origin, and a passkey added twice', async () => {
    const { cookie } = await registerCompany(t.app);
    const authenticator = new SoftAuthenticator();
    const options = (await request('POST', '/api/me/2fa/passkeys/options', cookie)).json<CreationOptions>();

    const wrongChallenge = authenticator.create({ ...options, challenge: Buffer.from('not the challenge').toString('base64url') });
    expect((await request('POST', '/api/me/2fa/passkeys', cookie, { name: 'x', credential: wrongChallenge })).statusCode).toBe(400);

    const foreign = authenticator.create(options, { origin: 'https://evil.example' });
    const refused = await request('POST', '/api/me/2fa/passkeys', cookie, { name: 'x', credential: foreign });
    expect(refused.json()).toMatchObject({ code: 'PASSKEY_REFUSED' });
    // The challenge went with that attempt: the right answer to it now finds it used.
    const late = await request('POST', '/api/me/2fa/passkeys', cookie, { name: 'x', credential: authenticator.create(options) });
    expect(late.json()).toMatchObject({ code: 'PASSKEY_CHALLENGE_EXPIRED' });

    const fresh = (await request('POST', '/api/me/2fa/passkeys/options', cookie)).json<CreationOptions>();
    const otherRp = authenticator.create(fresh, { rpId: 'evil.example' });
    expect((await request('POST', '/api/me/2fa/passkeys', cookie, { name: 'x', credential: otherRp })).statusCode).toBe(400);

    const again = (await request('POST', '/api/me/2fa/passkeys/options', cookie)).json<CreationOptions>();
    const registration = authenticator.create(again);
    expect((await request('POST', '/api/me/2fa/passkeys', cookie, { name: 'x', credential: registration })).statusCode).toBe(200);
    // The same passkey again, for a new challenge (attestation 'none' signs nothing but the key).
    const twice = (await request('POST', '/api/me/2fa/passkeys/options', cookie)).json<CreationOptions>();
    const clientData = JSON.stringify({ type: 'webauthn.create', challenge: twice.challenge, origin: 'http://localhost:5000' });
    const sameKey = {
      ...registration,
      response: { ...registration.response, clientDataJSON: Buffer.from(clientData).toString('base64url') },
    };
    const exists = await request('POST', '/api/me/2fa/passkeys', cookie, { name: 'x', credential: sameKey });
    expect(exists.statusCode).toBe(409);
    expect(exists.json()).toMatchObject({ code: 'PASSKEY_EXISTS' });
    expect((await request('GET', '/api/me/2fa/passkeys', cookie)).json<TPasskeyList>().passkeys).toHaveLength(1);
  });

  it('is refused to a logged-out visitor, and to a demo account (its login is everyone’s)', async () => {
    expect((await request('POST', '/api/me/2fa/passkeys/options')).statusCode).toBe(401);
    expect((await request('GET', '/api/me/2fa/passkeys')).statusCode).toBe(401);
    const { cookie, user } = await registerCompany(t.app);
    await t.db.updateTable('users').set({ email: DEMO_EMAILS[1]! }).where('id', '=', user.id).execute();
    expect((await request('POST', '/api/me/2fa/passkeys/options', cookie)).statusCode).toBe(403);
    await t.db.deleteFrom('users').where('id', '=', user.id).execute();
  });
});

describe('a passkey as the second step of a login', () => {
  it('is offered after the password, and its signature starts the session', async () => {
    const { email, password, user, authenticator } = await withPasskey();
    const step = await passwordStep(email, password);
    expect(step.answer).toEqual({ twoFactorRequired: true, methods: ['passkey'] });
    const options = await request('POST', '/api/login/2fa/passkey/options', step.cookie);
    expect(options.json()).toMatchObject({ allowCredentials: [{ id: authenticator.lastId }] });
    const done = await request('POST', '/api/login/2fa/passkey', step.cookie, {
      credential: authenticator.get(options.json<RequestOptions>(), { verified: false }),
    });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({ id: user.id });
    const session = sessionCookie(done);
    expect((await request('GET', '/api/me', session)).statusCode).toBe(200);
    const [used] = (await request('GET', '/api/me/2fa/passkeys', session)).json<TPasskeyList>().passkeys;
    expect(used!.lastUsedAt).not.toBeNull();
    // The login's challenge is used up.
    expect((await request('POST', '/api/login/2fa/passkey/options', step.cookie)).statusCode).toBe(401);
  });

  it('refuses a replayed answer, a lower counter, and another person’s passkey', async () => {
    const { email, password, authenticator } = await withPasskey();
    const first = await passwordStep(email, password);
    const options = (await request('POST', '/api/login/2fa/passkey/options', first.cookie)).json<RequestOptions>();
    const answer = authenticator.get(options);
    const replayable = await passwordStep(email, password);
    expect((await request('POST', '/api/login/2fa/passkey', first.cookie, { credential: answer })).statusCode).toBe(200);
    // The same signed answer again, on a login waiting for it: its challenge is gone.
    const replayed = await request('POST', '/api/login/2fa/passkey', replayable.cookie, { credential: answer });
    expect(replayed.json()).toMatchObject({ code: 'PASSKEY_CHALLENGE_EXPIRED' });

    // A clone of the authenticator that signs with a counter lower than the last one seen.
    const cloned = await passwordStep(email, password);
    const cloneOptions = (await request('POST', '/api/login/2fa/passkey/options', cloned.cookie)).json<RequestOptions>();
    const low = await request('POST', '/api/login/2fa/passkey', cloned.cookie, {
      credential: authenticator.get(cloneOptions, { counter: 1 }),
    });
    expect(low.statusCode).toBe(400);
    expect(low.json()).toMatchObject({ code: 'PASSKEY_REFUSED' });

    // Someone else's passkey, answering this person's login.
    const other = await withPasskey();
    const third = await passwordStep(email, password);
    const thirdOptions = (await request('POST', '/api/login/2fa/passkey/options', third.cookie)).json<RequestOptions>();
    const foreign = other.authenticator.get({ challenge: thirdOptions.challenge });
    expect((await request('POST', '/api/login/2fa/passkey', third.cookie, { credential: foreign })).json()).toMatchObject({
      code: 'PASSKEY_REFUSED',
    });
    expect((await request('POST', '/api/login/2fa/passkey', undefined, { credential: foreign })).statusCode).toBe(401);
  });

  it('sits beside the app’s code when the person has both, and is throttled with it', async () => {
    const { cookie, email, password, authenticator } = await withPasskey();
    const setup = (await request('POST', '/api/me/2fa/totp', cookie)).json<TTotpSetup>();
    const code = new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(setup.secret) }).generate();
    expect((await request('POST', '/api/me/2fa/totp/confirm', cookie, { code })).statusCode).toBe(200);
    const step = await passwordStep(email, password);
    expect(step.answer.methods).toEqual(['totp', 'passkey']);
    let last = 0;
    for (let i = 0; i < 12 && last !== 429; i++) {
      const options = (await request('POST', '/api/login/2fa/passkey/options', step.cookie)).json<RequestOptions>();
      last = (
        await request('POST', '/api/login/2fa/passkey', step.cookie, {
          credential: authenticator.get(options, { origin: 'https://evil.example' }),
        })
      ).statusCode;
    }
    expect(last).toBe(429);
  });
});

describe('a login with a passkey alone', () => {
  it('asks for a verified person, logs them in without a password, and audits an admin’s login', async () => {
    const { user, authenticator } = await withPasskey();
    const options = await passwordlessOptions();
    expect(options.userVerification).toBe('required');
    expect(options.allowCredentials ?? []).toEqual([]);
    const res = await request('POST', '/api/login/passkey', undefined, { credential: authenticator.get(options), rememberMe: true });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id: user.id, firstLogin: false });
    expect(res.cookies.find((c) => c.name === 'kursa_session')?.maxAge).toBeGreaterThan(0);
    expect((await request('GET', '/api/me', sessionCookie(res))).statusCode).toBe(200);
    expect(await actions(user.id, 'auth.login')).toContainEqual(expect.objectContaining({ details: expect.stringContaining('passkey') }));
  });

  it('refuses an unverified person, a replay, a lower counter, an unknown passkey and a deactivated person', async () => {
    const { user, authenticator } = await withPasskey();
    const unverified = await request('POST', '/api/login/passkey', undefined, {
      credential: authenticator.get(await passwordlessOptions(), { verified: false }),
    });
    expect(unverified.json()).toMatchObject({ code: 'PASSKEY_REFUSED' });

    const answer = authenticator.get(await passwordlessOptions());
    expect((await request('POST', '/api/login/passkey', undefined, { credential: answer })).statusCode).toBe(200);
    expect((await request('POST', '/api/login/passkey', undefined, { credential: answer })).json()).toMatchObject({
      code: 'PASSKEY_CHALLENGE_EXPIRED',
    });
    const low = authenticator.get(await passwordlessOptions(), { counter: 1 });
    expect((await request('POST', '/api/login/passkey', undefined, { credential: low })).statusCode).toBe(400);

    const stranger = new SoftAuthenticator();
    stranger.create({ challenge: 'AAAA', user: { id: Buffer.from(user.id).toString('base64url') }, rp: {} });
    const unknown = stranger.get(await passwordlessOptions());
    expect((await request('POST', '/api/login/passkey', undefined, { credential: unknown })).statusCode).toBe(400);

    await t.db.updateTable('users').set({ deactivated_at: new Date().toISOString() }).where('id', '=', user.id).execute();
    const deactivated = await request('POST', '/api/login/passkey', undefined, {
      credential: authenticator.get(await passwordlessOptions()),
    });
    expect(deactivated.statusCode).toBe(400);
    expect(deactivated.cookies.find((c) => c.name === 'kursa_session')).toBeUndefined();
  });
});

describe('removing a passkey', () => {
  it('needs the password, is one’s own only, and takes the recovery codes with the last second factor', async () => {
    const { cookie, email, password, user, added } = await withPasskey();
    const other = await withPasskey();
    const path = `/api/me/2fa/passkeys/${added.passkey.id}`;
    expect((await request('DELETE', path, cookie, { password: `${password}-not` })).statusCode).toBe(400);
    expect((await request('DELETE', `/api/me/2fa/passkeys/${other.added.passkey.id}`, cookie, { password })).statusCode).toBe(404);
    expect((await request('PATCH', `/api/me/2fa/passkeys/${other.added.passkey.id}`, cookie, { name: 'Mine' })).statusCode).toBe(404);
    expect((await request('DELETE', path, cookie, { password })).statusCode).toBe(200);
    expect((await request('GET', '/api/me/2fa/passkeys', cookie)).json()).toEqual({ passkeys: [] });
    expect((await request('GET', '/api/me/2fa', cookie)).json()).toEqual({ totp: false, recoveryCodesLeft: 0 });
    expect(await actions(user.id, '2fa.passkey-removed')).toHaveLength(1);
    // No second factor left: the password logs in alone again.
    const login = await request('POST', '/api/login', undefined, { email, password });
    expect(login.json()).toMatchObject({ id: user.id });
  });
});

describe("the company's requirement", () => {
  it('is met by a passkey: the admin may require it, and a member with one logs in without setting up the app', async () => {
    const { cookie, user } = await withPasskey();
    const member = await addPerson(t, user.organisationId, 'learner');
    const without = await addPerson(t, user.organisationId, 'learner');
    await addPasskey(member.cookie, new SoftAuthenticator());
    expect((await request('PUT', '/api/organisation/two-factor', cookie, { policy: 'everyone' })).statusCode).toBe(200);
    // The sessions of those with a passkey live on; of those with no second factor, they end.
    expect((await request('GET', '/api/me', cookie)).statusCode).toBe(200);
    expect((await request('GET', '/api/me', member.cookie)).statusCode).toBe(200);
    expect((await request('GET', '/api/me', without.cookie)).statusCode).toBe(401);
    const step = await passwordStep(member.email, 'person-pass-1');
    expect(step.answer).toEqual({ twoFactorRequired: true, methods: ['passkey'] });
  });
});
