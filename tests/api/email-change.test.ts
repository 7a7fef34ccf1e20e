import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertUser } from '../../src/server/domains/identity/users/repository.ts';
import { hashPassword } from '../../src/server/security/passwords.ts';
import { createTestApp, registerCompany, registration, sessionCookie, type TestApp } from '../helpers/app.ts';
import { startTestSmtp, type TestSmtp } from '../helpers/smtp.ts';

let t: TestApp;
let smtp: TestSmtp;
beforeAll(async () => {
  smtp = await startTestSmtp();
  t = await createTestApp({ env: { SMTP_URL: smtp.url } });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const patch = (id: string, cookie: string, payload: Record<string, unknown>, lang?: string) =>
  t.app.inject({ method: 'PATCH', url: `/api/users/${id}`, payload, headers: { cookie, ...(lang && { 'accept-language': lang }) } });
const me = (cookie: string) => t.app.inject({ url: '/api/me', headers: { cookie } });

describe('changing the login e-mail (PATCH /api/users/:id)', () => {
  it('needs the current password: without it 400 with a field message, and nothing changes', async () => {
    const { cookie, user } = await registerCompany(t.app);
    const res = await patch(user.id, cookie, { email: 'new.address@example.dk', phone: '+45 87 65 43 21' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      code: 'CURRENT_PASSWORD_REQUIRED',
      message: 'Indtast din nuværende adgangskode for at ændre din e-mail.',
      errors: { currentPassword: 'Indtast din nuværende adgangskode for at ændre din e-mail.' },
    });
    expect((await me(cookie)).json()).toMatchObject({ email: user.email, phone: user.phone });
  });

  it('does not tell a session without the password whether an address is taken', async () => {
    const { cookie, user, body } = await registerCompany(t.app);
    const other = await registerCompany(t.app);
    const taken = await patch(user.id, cookie, { email: other.body.email });
    const free = await patch(user.id, cookie, { email: `free.${Date.now()}@example.dk` });
    expect(taken.statusCode).toBe(400);
    expect(taken.json()).toEqual(free.json());
    const wrong = await patch(user.id, cookie, { email: other.body.email, currentPassword: 'not-it' });
    expect(wrong.json().code).toBe('WRONG_PASSWORD');
    // With the password, the helpful answer.
    const right = await patch(user.id, cookie, { email: other.body.email, currentPassword: body.password });
    expect(right.statusCode).toBe(409);
    expect(right.json().code).toBe('EMAIL_TAKEN');
  });

  it('refuses a wrong current password and throttles guesses like a password change', async () => {
    const { cookie, user, body } = await registerCompany(t.app);
    const wrong = await patch(user.id, cookie, { email: 'guess@example.dk', currentPassword: 'not-it' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ code: 'WRONG_PASSWORD', errors: { currentPassword: 'Nuværende adgangskode er forkert.' } });
    for (let i = 0; i < 9; i++) await patch(user.id, cookie, { email: 'guess@example.dk', currentPassword: `guess-${i}` });
    const locked = await patch(user.id, cookie, { email: 'guess@example.dk', currentPassword: body.password });
    expect(locked.statusCode).toBe(429);
    expect((await me(cookie)).json().email).toBe(user.email);
  });

  it("changes it with the password, rotates this session's token, ends other sessions and tells the old address in the user's language", async () => {
    const registered = await t.app.inject({
      method: 'POST',
      url: '/api/register',
      headers: { 'accept-language': 'en' },
      payload: registration(),
    });
    const cookie = sessionCookie(registered);
    const user = registered.json();
    const other = sessionCookie(
      await t.app.inject({ method: 'POST', url: '/api/login', payload: { email: user.email, password: 'correct-horse-1' } }),
    );

    const res = await patch(user.id, cookie, { email: 'Changed.Address@Example.DK', currentPassword: 'correct-horse-1' });
    expect(res.statusCode).toBe(200);
    expect(res.json().email).toBe('changed.address@example.dk');
    const rotated = sessionCookie(res);
    expect(rotated).not.toBe(cookie);
    expect((await me(rotated)).statusCode).toBe(200);
    expect((await me(cookie)).statusCode).toBe(401);
    expect((await me(other)).statusCode).toBe(401);

    const notices = smtp.to(user.email);
    expect(notices).toHaveLength(1);
    expect(notices[0]!.subject).toBe('Your Kursa login email was changed');
    expect(notices[0]!.text).toContain('changed.address@example.dk');
    expect(smtp.to('changed.address@example.dk')).toHaveLength(0);

    const login = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: 'changed.address@example.dk', password: 'correct-horse-1' },
    });
    expect(login.statusCode).toBe(200);
  });

  it('needs no password when the e-mail stays the same, and keeps the token', async () => {
    const { cookie, user } = await registerCompany(t.app);
    const res = await patch(user.id, cookie, { email: user.email.toUpperCase(), contactName: 'Ny Navn' });
    expect(res.statusCode).toBe(200);
    expect(res.cookies.find((c) => c.name === 'kursa_session')).toBeUndefined();
    expect((await me(cookie)).json().contactName).toBe('Ny Navn');
  });

  it("lets an admin change a colleague's e-mail with the admin's own password; the colleague's sessions end", async () => {
    const admin = await registerCompany(t.app);
    const colleagueEmail = `kollega.${Date.now()}@example.dk`;
    await insertUser(t.db, {
      id: `colleague-${admin.user.id}`,
      organisationId: admin.user.organisationId,
      email: colleagueEmail,
      passwordHash: await hashPassword('colleague-pass'),
      contactName: 'Karl Kollega',
      phone: '12345678',
      role: 'instructor',
    });
    const colleague = sessionCookie(
      await t.app.inject({ method: 'POST', url: '/api/login', payload: { email: colleagueEmail, password: 'colleague-pass' } }),
    );
    const wrong = await patch(`colleague-${admin.user.id}`, admin.cookie, { email: 'karl@example.dk', currentPassword: 'colleague-pass' });
    expect(wrong.statusCode).toBe(400);
    const res = await patch(`colleague-${admin.user.id}`, admin.cookie, {
      email: `karl.${Date.now()}@example.dk`,
      currentPassword: admin.body.password,
    });
    expect(res.statusCode).toBe(200);
    expect((await me(colleague)).statusCode).toBe(401);
    expect((await me(admin.cookie)).statusCode).toBe(200);
    expect(smtp.to(colleagueEmail).map((m) => m.subject)).toEqual(['Din login-e-mail på Kursa er ændret']);
  });
});
