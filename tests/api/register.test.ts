import { keptMails } from '../helpers/kept-mail.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, registerCompany, registration, sessionCookie, type TestApp } from '../helpers/app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

async function countRows() {
  const [orgs, users] = await Promise.all([
    t.db
      .selectFrom('organisations')
      .select((eb) => eb.fn.countAll<string | number>().as('n'))
      .executeTakeFirstOrThrow(),
    t.db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<string | number>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { orgs: Number(orgs.n), users: Number(users.n) };
}

describe('POST /api/register', () => {
  it('creates the company and its admin, logs them in and answers 201 with the user', async () => {
    const body = registration({ cvrNumber: '25 05-29 43', email: 'Mette.Hansen@Magenta.DK' });
    const res = await t.app.inject({ method: 'POST', url: '/api/register', payload: body });
    expect(res.statusCode).toBe(201);
    const user = res.json();
    expect(user).toMatchObject({
      email: 'mette.hansen@magenta.dk',
      username: 'mette.hansen',
      contactName: body.contactName,
      companyName: body.companyName,
      cvrNumber: '25052943',
      role: 'admin',
      // The address is on magenta.dk, MAGENTA's domain in the registry data: it proves control once
      // its owner enters the code sent there, not before.
      companyVerified: false,
      plan: 'trial',
      address: body.address,
      city: body.city,
      postalCode: body.postalCode,
    });
    expect(user).not.toHaveProperty('password_hash');
    expect(user).not.toHaveProperty('passwordHash');
    expect(Date.parse(user.trialEndsAt) - Date.now()).toBeGreaterThan(13 * 24 * 3600 * 1000);

    const me = await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie: sessionCookie(res) } });
    expect(me.statusCode).toBe(200);
    expect(me.json().id).toBe(user.id);

    const stored = await t.db.selectFrom('users').select('password_hash').where('id', '=', user.id).executeTakeFirstOrThrow();
    expect(stored.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    // Without SMTP the code is kept for the installation's admins (/dev/mail).
    const [code] = await keptMails(t.db, 'mette.hansen@magenta.dk');
    expect(code!.kind).toBe('verification-code');
  });

  it('answers 400 with every field message and changes nothing', async () => {
    const before = await countRows();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/register',
      payload: registration({ cvrNumber: '12345678', phone: '123', confirmPassword: 'other-password' }),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      message: 'Please enter a valid CVR number',
      code: 'VALIDATION',
      errors: {
        cvrNumber: 'Please enter a valid CVR number',
        phone: 'Please enter a valid phone number',
        confirmPassword: "Passwords don't match",
      },
    });
    expect(await countRows()).toEqual(before);
  });

  it('speaks Danish when the client asks for it', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/register',
      headers: { 'accept-language': 'da' },
      payload: registration({ acceptTerms: false }),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ acceptTerms: 'Du skal acceptere vilkår og betingelser' });
  });

  it('refuses fields that are not part of registration', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/register', payload: { ...registration(), role: 'instructor' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toHaveProperty('role');
  });

  it('answers 409 when an unconfirmed company holds the CVR and control cannot be proved (no registry e-mail, mail off)', async () => {
    const first = await registerCompany(t.app);
    const before = await countRows();
    const res = await t.app.inject({ method: 'POST', url: '/api/register', payload: registration({ cvrNumber: first.body.cvrNumber }) });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'CVR_TAKEN', errors: { cvrNumber: expect.stringContaining('uden at bekræfte') } });
    expect(await countRows()).toEqual(before);
  });

  it('answers 409 when the email is taken, whatever its case', async () => {
    const first = await registerCompany(t.app);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/register',
      payload: registration({ email: first.body.email.toUpperCase() }),
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'EMAIL_TAKEN', message: 'Denne e-mailadresse er allerede i brug.' });
  });

  it('handles two simultaneous registrations of one CVR: one 201, one 409', async () => {
    const cvrNumber = registration().cvrNumber;
    const results = await Promise.all(
      [1, 2].map(() => t.app.inject({ method: 'POST', url: '/api/register', payload: registration({ cvrNumber }) })),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
  });
});
