import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, registerCompany, sessionCookie, type TestApp } from '../helpers/app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

function change(cookie: string | undefined, payload: Record<string, unknown>) {
  return t.app.inject({ method: 'POST', url: '/api/change-password', payload, headers: cookie ? { cookie } : {} });
}

describe('POST /api/change-password', () => {
  it('refuses a wrong current password with a Danish message and keeps the old password', async () => {
    const { cookie, body } = await registerCompany(t.app);
    const res = await change(cookie, { currentPassword: 'wrong-password', newPassword: 'brand-new-pass' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      message: 'Nuværende adgangskode er forkert.',
      code: 'WRONG_PASSWORD',
      errors: { currentPassword: 'Nuværende adgangskode er forkert.' },
    });
    const login = await t.app.inject({ method: 'POST', url: '/api/login', payload: { email: body.email, password: body.password } });
    expect(login.statusCode).toBe(200);
  });

  it('validates with the product’s fixed Danish messages', async () => {
    const { cookie } = await registerCompany(t.app);
    const res = await change(cookie, { currentPassword: '', newPassword: 'short' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({
      currentPassword: 'Indtast din nuværende adgangskode',
      newPassword: 'Ny adgangskode skal være mindst 8 tegn',
    });
  });

  it('changes the password, ends every other session of the user and gives this one a new token', async () => {
    const { cookie, body } = await registerCompany(t.app);
    const otherLogin = await t.app.inject({ method: 'POST', url: '/api/login', payload: { email: body.email, password: body.password } });
    const other = sessionCookie(otherLogin);

    const res = await change(cookie, { currentPassword: body.password, newPassword: 'brand-new-pass' });
    expect(res.statusCode).toBe(200);
    // The session stays, under a new token; the old token no longer opens it.
    const rotated = sessionCookie(res);
    expect(rotated).not.toBe(cookie);
    expect((await t.app.inject({ url: '/api/me', headers: { cookie: rotated } })).statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/me', headers: { cookie } })).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/api/me', headers: { cookie: other } })).statusCode).toBe(401);

    const oldPass = await t.app.inject({ method: 'POST', url: '/api/login', payload: { email: body.email, password: body.password } });
    expect(oldPass.statusCode).toBe(401);
    const newPass = await t.app.inject({ method: 'POST', url: '/api/login', payload: { email: body.email, password: 'brand-new-pass' } });
    expect(newPass.statusCode).toBe(200);
  });

  it('throttles guesses of the current password like logins', async () => {
    const { cookie, body } = await registerCompany(t.app);
    for (let i = 0; i < 10; i++) {
      expect((await change(cookie, { currentPassword: `guess-${i}`, newPassword: 'brand-new-pass' })).statusCode).toBe(400);
    }
    const locked = await change(cookie, { currentPassword: body.password, newPassword: 'brand-new-pass' });
    expect(locked.statusCode).toBe(429);
    expect(locked.json().message).toMatch(/^For mange forkerte forsøg/);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('needs a session', async () => {
    expect((await change(undefined, { currentPassword: 'a', newPassword: 'abcdefgh' })).statusCode).toBe(401);
  });
});
