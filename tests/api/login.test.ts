import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../src/server/security/passwords.ts';
import { insertUser } from '../../src/server/domains/identity/users/repository.ts';
import { createTestApp, registerCompany, registration, sessionCookie, type TestApp } from '../helpers/app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

function login(payload: Record<string, unknown>, headers: Record<string, string> = {}) {
  return t.app.inject({ method: 'POST', url: '/api/login', payload, headers });
}

describe('POST /api/login', () => {
  it('logs in with the right password, case-insensitively on email', async () => {
    const { body, user } = await registerCompany(t.app);
    const res = await login({ email: body.email.toUpperCase(), password: body.password });
    expect(res.statusCode).toBe(200);
    expect(res.json().id).toBe(user.id);
    const cookie = res.cookies.find((c) => c.name === 'kursa_session')!;
    expect(cookie.httpOnly).toBe(true);
    expect(cookie.sameSite).toBe('Lax');
    expect(cookie.secure).toBeFalsy();
    expect(cookie.value).toMatch(/^[A-Za-z0-9_-]{43}$/); // 256 bits, base64url
    // Without "remember me" it is a browser-session cookie.
    expect(cookie.maxAge).toBeUndefined();
    expect(cookie.expires).toBeUndefined();
  });

  it('says whether it is the person’s first login (they are welcomed as new), and only the first is', async () => {
    const { body, user } = await registerCompany(t.app);
    // Registering logged the admin in: logging in again is a return.
    expect((await login({ email: body.email, password: body.password })).json()).toMatchObject({ id: user.id, firstLogin: false });
    // An account made without a login (as the demo accounts and tests make them).
    const email = `first.${Date.now()}@example.dk`;
    await insertUser(t.db, {
      id: `first-${Date.now()}`,
      organisationId: user.organisationId,
      email,
      passwordHash: await hashPassword('first-pass-123'),
      contactName: 'Frida Første',
      phone: '12345678',
      role: 'learner',
    });
    const [a, b] = await Promise.all([login({ email, password: 'first-pass-123' }), login({ email, password: 'first-pass-123' })]);
    expect([a.json().firstLogin, b.json().firstLogin].sort()).toEqual([false, true]);
    expect((await login({ email, password: 'first-pass-123' })).json().firstLogin).toBe(false);
    // /api/me stays the user alone.
    expect((await t.app.inject({ url: '/api/me', headers: { cookie: sessionCookie(a) } })).json()).not.toHaveProperty('firstLogin');
  });

  it('keeps a remembered login for 30 days', async () => {
    const { body } = await registerCompany(t.app);
    const res = await login({ email: body.email, password: body.password, rememberMe: true });
    const cookie = res.cookies.find((c) => c.name === 'kursa_session')!;
    expect(cookie.maxAge).toBe(30 * 24 * 60 * 60);
    const session = await t.db.selectFrom('sessions').selectAll().orderBy('created_at', 'desc').executeTakeFirstOrThrow();
    expect(Date.parse(session.expires_at) - Date.now()).toBeGreaterThan(29 * 24 * 3600 * 1000);
  });

  it('answers the same 401 for a wrong password and an unknown email', async () => {
    const { body } = await registerCompany(t.app);
    const wrong = await login({ email: body.email, password: 'not-the-password' });
    const unknown = await login({ email: `nobody.${Date.now()}@example.dk`, password: body.password });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ message: 'Ugyldig e-mail eller adgangskode.', code: 'INVALID_CREDENTIALS' });
    expect(unknown.json()).toEqual(wrong.json());
    expect(wrong.cookies).toHaveLength(0);
  });

  it('validates the payload', async () => {
    const res = await login({ email: 'not-an-email', password: '' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ email: 'Please enter a valid email address', password: 'Password is required' });
  });

  it('gives a new token at every login and ends the session the browser had', async () => {
    const { body, cookie: first } = await registerCompany(t.app);
    const res = await login({ email: body.email, password: body.password }, { cookie: first });
    const second = sessionCookie(res);
    expect(second).not.toBe(first);
    expect((await t.app.inject({ url: '/api/me', headers: { cookie: first } })).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/api/me', headers: { cookie: second } })).statusCode).toBe(200);
  });

  it('gives a new token at registration too, ending the session the browser had', async () => {
    const { cookie: first } = await registerCompany(t.app);
    const second = await t.app.inject({ method: 'POST', url: '/api/register', payload: registration(), headers: { cookie: first } });
    expect(second.statusCode).toBe(201);
    expect((await t.app.inject({ url: '/api/me', headers: { cookie: first } })).statusCode).toBe(401);
  });

  it('stores only a hash of the token', async () => {
    const { cookie } = await registerCompany(t.app);
    const token = cookie.split('=')[1]!;
    const rows = await t.db.selectFrom('sessions').select('token_hash').execute();
    expect(rows.some((r) => r.token_hash === token)).toBe(false);
    expect(rows.every((r) => /^[0-9a-f]{64}$/.test(r.token_hash))).toBe(true);
  });
});

describe('login throttling', () => {
  it('locks an account+IP after 10 failures in 5 minutes, the right password included', async () => {
    const { body } = await registerCompany(t.app);
    for (let i = 0; i < 10; i++) {
      expect((await login({ email: body.email, password: `wrong-${i}` })).statusCode).toBe(401);
    }
    const locked = await login({ email: body.email, password: body.password });
    expect(locked.statusCode).toBe(429);
    const retryAfter = Number(locked.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(300);
    expect(locked.json()).toMatchObject({ code: 'LOGIN_THROTTLED', message: expect.stringContaining('For mange') });
    expect(locked.cookies).toHaveLength(0);
  });

  it('records a lock in the company’s audit log once, whoever the account is, with the address tried', async () => {
    const { body, user } = await registerCompany(t.app);
    const email = `kursist-${Date.now()}@example.dk`;
    await insertUser(t.db, {
      id: `learner-${Date.now()}`,
      organisationId: user.organisationId as string,
      email,
      passwordHash: await hashPassword(body.password),
      contactName: 'Lise Låst',
      phone: '12345678',
      role: 'learner',
    });
    for (let i = 0; i < 12; i++) await login({ email, password: `wrong-${i}` });
    const entries = await t.db
      .selectFrom('audit_log')
      .select(['action', 'actor_id', 'actor_email', 'ip', 'details'])
      .where('organisation_id', '=', user.organisationId as string)
      .where('action', 'like', 'auth.%')
      .execute();
    // A learner's wrong passwords are not recorded one by one; the lock is, once.
    expect(entries.filter((e) => e.actor_email === email)).toEqual([
      {
        action: 'auth.login-locked',
        actor_id: null,
        actor_email: email,
        ip: '127.0.0.1',
        details: JSON.stringify({ attempts: 10, minutes: 5 }),
      },
    ]);
  });

  it('lets the account in again once the window has passed', async () => {
    const { body } = await registerCompany(t.app);
    const old = new Date(Date.now() - 301_000).toISOString();
    await t.db
      .insertInto('login_failures')
      .values(
        Array.from({ length: 10 }, (_, i) => ({ id: `old-${Date.now()}-${i}`, account: body.email, ip: '127.0.0.1', created_at: old })),
      )
      .execute();
    expect((await login({ email: body.email, password: body.password })).statusCode).toBe(200);
  });

  it('holds under a burst of parallel guesses: no more than 10 are checked', async () => {
    const { body } = await registerCompany(t.app);
    const results = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        t.app.inject({
          method: 'POST',
          url: '/api/login',
          payload: { email: body.email, password: `burst-${i}` },
          remoteAddress: '10.44.0.1',
        }),
      ),
    );
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 401).length).toBeLessThanOrEqual(10);
    expect(codes.filter((c) => c === 429).length).toBeGreaterThanOrEqual(20);
    expect(codes.every((c) => c === 401 || c === 429)).toBe(true);
  });

  it('counts an IPv6 /64 as one address', async () => {
    const { body } = await registerCompany(t.app);
    for (let i = 1; i <= 10; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { email: body.email, password: 'wrong-password' },
        remoteAddress: `2001:db8:1:2::${i.toString(16)}`,
      });
      expect(res.statusCode).toBe(401);
    }
    const next = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: body.email, password: body.password },
      remoteAddress: '2001:db8:1:2:ffff::1',
    });
    expect(next.statusCode).toBe(429);
  });

  it('locks an IP after 50 failures across accounts', async () => {
    const { body } = await registerCompany(t.app);
    const recent = new Date(Date.now() - 1000).toISOString();
    await t.db
      .insertInto('login_failures')
      .values(
        Array.from({ length: 50 }, (_, i) => ({
          id: `ip-${Date.now()}-${i}`,
          account: `other${i}@example.dk`,
          ip: '10.9.8.7',
          created_at: recent,
        })),
      )
      .execute();
    const fromThatIp = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: body.email, password: body.password },
      remoteAddress: '10.9.8.7',
    });
    expect(fromThatIp.statusCode).toBe(429);
    expect((await login({ email: body.email, password: body.password })).statusCode).toBe(200);
  });
});

describe('sessions', () => {
  it('POST /api/logout ends the session on the server', async () => {
    const { cookie } = await registerCompany(t.app);
    const res = await t.app.inject({ method: 'POST', url: '/api/logout', headers: { cookie } });
    expect(res.statusCode).toBe(200);
    expect(res.cookies.find((c) => c.name === 'kursa_session')?.value).toBe('');
    // The old cookie, replayed, no longer works.
    expect((await t.app.inject({ url: '/api/me', headers: { cookie } })).statusCode).toBe(401);
  });

  it('GET /api/me is 401 without a session, and for an expired one', async () => {
    expect((await t.app.inject({ url: '/api/me' })).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/api/me', headers: { cookie: 'kursa_session=forged' } })).statusCode).toBe(401);
    const { cookie, user } = await registerCompany(t.app);
    await t.db
      .updateTable('sessions')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('user_id', '=', user.id)
      .execute();
    expect((await t.app.inject({ url: '/api/me', headers: { cookie } })).statusCode).toBe(401);
  });

  it('extends a browser-session login while it is used', async () => {
    const { cookie, user } = await registerCompany(t.app);
    const stale = new Date(Date.now() - 10 * 60 * 1000).toISOString();
    const soon = new Date(Date.now() + 60 * 1000).toISOString();
    await t.db.updateTable('sessions').set({ last_seen_at: stale, expires_at: soon }).where('user_id', '=', user.id).execute();
    expect((await t.app.inject({ url: '/api/me', headers: { cookie } })).statusCode).toBe(200);
    const session = await t.db.selectFrom('sessions').selectAll().where('user_id', '=', user.id).executeTakeFirstOrThrow();
    expect(Date.parse(session.expires_at) - Date.now()).toBeGreaterThan(11 * 3600 * 1000);
    expect(session.last_seen_at > stale).toBe(true);
  });
});

describe('GET /api/session', () => {
  it('answers 200 with null when logged out, and never with an error', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/session' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('null');
    expect(res.headers['cache-control']).toBe('no-store');
    const stale = await t.app.inject({ method: 'GET', url: '/api/session', headers: { cookie: 'kursa_session=not-a-token' } });
    expect(stale.statusCode).toBe(200);
    expect(stale.body).toBe('null');
  });

  it('answers the logged-in user, as GET /api/me does', async () => {
    const { cookie, user } = await registerCompany(t.app);
    const res = await t.app.inject({ method: 'GET', url: '/api/session', headers: { cookie } });
    expect(res.statusCode).toBe(200);
    const me = await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie } });
    expect(res.json()).toEqual(me.json());
    expect(res.json().id).toBe(user.id);
  });
});
