import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNT, DEMO_LEARNER } from '../../src/shared/demo.ts';
import { DEFAULT_PREFERENCES } from '../../src/shared/schemas/users.ts';
import { insertUser } from '../../src/server/domains/identity/users/repository.ts';
import { hashPassword } from '../../src/server/security/passwords.ts';
import { createTestApp, registerCompany, sessionCookie, type TestApp } from '../helpers/app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

function patch(id: string, cookie: string | undefined, payload: Record<string, unknown>) {
  return t.app.inject({ method: 'PATCH', url: `/api/users/${id}`, payload, headers: cookie ? { cookie } : {} });
}

/** Adds an instructor to a company directly (not through an invitation) and logs them in. */
async function addInstructor(organisationId: string) {
  const id = `instr-${Date.now()}-${Math.random().toString(36).slice(2)}`;
  const email = `${id}@example.dk`;
  await insertUser(t.db, {
    id,
    organisationId,
    email,
    passwordHash: await hashPassword('instructor-pass'),
    contactName: 'Ib Instruktør',
    phone: '87654321',
    role: 'instructor',
  });
  const res = await t.app.inject({ method: 'POST', url: '/api/login', payload: { email, password: 'instructor-pass' } });
  return { id, cookie: sessionCookie(res) };
}

describe('PATCH /api/users/:id', () => {
  it('saves the profile form and answers with the updated user; /api/me agrees', async () => {
    const { cookie, user } = await registerCompany(t.app);
    const res = await patch(user.id, cookie, {
      contactName: 'Anne B. Jensen',
      phone: '+45 87 65 43 21',
      bio: 'Underviser i ledelse',
      expertise: 'Ledelse, HR',
      website: 'https://nordisklaering.dk',
      companyName: 'Nordisk Læring og Udvikling ApS',
      address: 'Vestergade 2',
      city: 'Odense C',
      postalCode: '5000',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      contactName: 'Anne B. Jensen',
      phone: '+45 87 65 43 21',
      bio: 'Underviser i ledelse',
      website: 'https://nordisklaering.dk',
      companyName: 'Nordisk Læring og Udvikling ApS',
      city: 'Odense C',
    });
    const me = await t.app.inject({ url: '/api/me', headers: { cookie } });
    expect(me.json()).toEqual(res.json());
  });

  it('clears optional fields given as empty strings', async () => {
    const { cookie, user } = await registerCompany(t.app);
    await patch(user.id, cookie, { bio: 'x', website: 'https://a.dk' });
    const res = await patch(user.id, cookie, { bio: '', website: '' });
    expect(res.json()).toMatchObject({ bio: null, website: null });
  });

  it("answers 400 with the product's fixed Danish messages and changes nothing", async () => {
    const { cookie, user } = await registerCompany(t.app);
    const res = await patch(user.id, cookie, { contactName: 'A', website: 'nope', phone: '12' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({
      contactName: 'Navn skal være mindst 2 tegn',
      website: 'Indtast en gyldig website-URL',
      phone: 'Indtast et gyldigt telefonnummer',
    });
    const me = await t.app.inject({ url: '/api/me', headers: { cookie } });
    expect(me.json().contactName).toBe(user.contactName);
  });

  it('cannot change role or company membership', async () => {
    const { cookie, user } = await registerCompany(t.app);
    const res = await patch(user.id, cookie, { role: 'learner', organisationId: 'other' });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().errors).sort()).toEqual(['organisationId', 'role']);
    const me = await t.app.inject({ url: '/api/me', headers: { cookie } });
    expect(me.json()).toMatchObject({ role: 'admin', organisationId: user.organisationId });
  });

  it('keeps emails unique (409) and lower-cased', async () => {
    const a = await registerCompany(t.app);
    const b = await registerCompany(t.app);
    const taken = await patch(b.user.id, b.cookie, { email: a.user.email.toUpperCase(), currentPassword: b.body.password });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ code: 'EMAIL_TAKEN', errors: { email: 'Denne e-mailadresse er allerede i brug.' } });
    const ok = await patch(b.user.id, b.cookie, { email: `New.${b.user.email}`.toUpperCase(), currentPassword: b.body.password });
    expect(ok.json().email).toBe(`new.${b.user.email}`);
  });

  it('refuses another company: its users look like they do not exist', async () => {
    const a = await registerCompany(t.app);
    const b = await registerCompany(t.app);
    const res = await patch(b.user.id, a.cookie, { contactName: 'Hacked' });
    expect(res.statusCode).toBe(404);
    const me = await t.app.inject({ url: '/api/me', headers: { cookie: b.cookie } });
    expect(me.json().contactName).toBe(b.user.contactName);
  });

  it('lets an admin edit a colleague, but not an instructor edit the admin', async () => {
    const admin = await registerCompany(t.app);
    const instructor = await addInstructor(admin.user.organisationId);
    expect((await patch(instructor.id, admin.cookie, { bio: 'Set by admin' })).json().bio).toBe('Set by admin');
    const refused = await patch(admin.user.id, instructor.cookie, { contactName: 'Not allowed' });
    expect(refused.statusCode).toBe(403);
  });

  it("lets an instructor edit their own profile but not the company's details", async () => {
    const admin = await registerCompany(t.app);
    const instructor = await addInstructor(admin.user.organisationId);
    // The whole form, company fields unchanged, is fine.
    const own = await patch(instructor.id, instructor.cookie, {
      contactName: 'Ib Jensen',
      companyName: admin.user.companyName,
      city: admin.user.city,
    });
    expect(own.statusCode).toBe(200);
    const refused = await patch(instructor.id, instructor.cookie, { companyName: 'Renamed ApS', contactName: 'Ib X' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().errors).toEqual({ companyName: 'Kun en administrator kan ændre virksomhedens oplysninger.' });
    const me = await t.app.inject({ url: '/api/me', headers: { cookie: instructor.cookie } });
    expect(me.json()).toMatchObject({ contactName: 'Ib Jensen', companyName: admin.user.companyName });
  });

  it('saves the settings switches, merging with what is stored', async () => {
    const { cookie, user } = await registerCompany(t.app);
    expect(user.preferences).toEqual(DEFAULT_PREFERENCES);
    await patch(user.id, cookie, { preferences: { publicProfile: false } });
    const res = await patch(user.id, cookie, { preferences: { emailNotifications: false } });
    expect(res.json().preferences).toEqual({ publicProfile: false, emailNotifications: false });
    const bad = await patch(user.id, cookie, { preferences: { publicProfile: 'yes' } });
    expect(bad.statusCode).toBe(400);
    // Marketing e-mails are the newsletter's; SMS and analytics sharing are no switches at all.
    for (const gone of ['marketingEmails', 'smsNotifications', 'analyticsSharing']) {
      expect((await patch(user.id, cookie, { preferences: { [gone]: true } })).statusCode).toBe(400);
    }
  });

  it('keeps both of two simultaneous switch changes', async () => {
    const { cookie, user } = await registerCompany(t.app);
    await Promise.all([
      patch(user.id, cookie, { preferences: { publicProfile: false } }),
      patch(user.id, cookie, { preferences: { emailNotifications: false } }),
    ]);
    const me = await t.app.inject({ url: '/api/me', headers: { cookie } });
    expect(me.json().preferences).toEqual({ publicProfile: false, emailNotifications: false });
  });

  it('needs a session', async () => {
    const { user } = await registerCompany(t.app);
    expect((await patch(user.id, undefined, { bio: 'x' })).statusCode).toBe(401);
  });
});

describe('the shared demo account', () => {
  let demo: TestApp;
  let cookie: string;
  let id: string;
  beforeAll(async () => {
    demo = await createTestApp({ env: { SEED_DEMO: 'true' } });
    const res = await demo.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: DEMO_ACCOUNT.email, password: DEMO_ACCOUNT.password },
    });
    cookie = sessionCookie(res);
    id = res.json().id;
  });
  afterAll(async () => demo.close());

  it('cannot be taken over or defaced: profile, email and password stay as seeded', async () => {
    for (const payload of [{ contactName: 'Defaced' }, { email: 'mine@example.dk' }, { companyName: 'Mine ApS' }]) {
      const res = await demo.app.inject({ method: 'PATCH', url: `/api/users/${id}`, payload, headers: { cookie } });
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('DEMO_LOCKED');
    }
    const pw = await demo.app.inject({
      method: 'POST',
      url: '/api/change-password',
      payload: { currentPassword: DEMO_ACCOUNT.password, newPassword: 'taken-over-now' },
      headers: { cookie },
    });
    expect(pw.statusCode).toBe(403);
    const login = await demo.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: DEMO_ACCOUNT.email, password: DEMO_ACCOUNT.password },
    });
    expect(login.statusCode).toBe(200);
    expect(login.json().contactName).toBe(DEMO_ACCOUNT.contactName);
  });

  it('still saves its settings switches', async () => {
    const res = await demo.app.inject({
      method: 'PATCH',
      url: `/api/users/${id}`,
      payload: { preferences: { publicProfile: false } },
      headers: { cookie },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().preferences.publicProfile).toBe(false);
  });

  it('is offered on the login page while it exists', async () => {
    const res = await demo.app.inject({ url: '/api/public-config' });
    expect(res.json()).toEqual({
      demoAccount: { email: DEMO_ACCOUNT.email, password: DEMO_ACCOUNT.password },
      demoLearner: { email: DEMO_LEARNER.email, password: DEMO_LEARNER.password },
      cvrProvider: 'offline',
    });
    expect((await t.app.inject({ url: '/api/public-config' })).json()).toMatchObject({ demoAccount: null, demoLearner: null });
  });
});
