import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, sessionCookie, type TestApp } from '../helpers/app.ts';
import { addPerson, call, company, type Company, type Person } from '../helpers/courses.ts';
import { keptLinks } from '../helpers/kept-mail.ts';
import { uploadBrandImage } from '../helpers/media.ts';
import { startTestSmtp, type TestSmtp } from '../helpers/smtp.ts';

// People in a company — invitations by single-use link, members, deactivation, seats.

const ACCEPT = { contactName: 'Ida Invitation', password: 'invited-pass-1', confirmPassword: 'invited-pass-1' };
const tokenOf = (link: string) => new URL(link).pathname.split('/').pop()!;
let n = 0;
const email = (base = 'ny') => `${base}-${++n}-${Math.random().toString(36).slice(2, 8)}@example.dk`;

describe('without SMTP: the invitation mail is kept for the installation’s admins, and its link works', () => {
  let t: TestApp;
  let a: Company;
  let b: Company;
  beforeAll(async () => {
    t = await createTestApp();
    a = await company(t);
    b = await company(t);
  });
  afterAll(async () => t.close());

  const INVITE_LINK = /http:\/\/localhost:5000\/invite\/[\w-]+/;
  /** The invitation as answered, with the link of the mail it was kept in (the answer has none: it was mailed). */
  const invite = async (who: Person, body: Record<string, unknown>) => {
    const res = await call(t, who, 'POST', '/api/invitations', body);
    if (res.statusCode !== 201) return res;
    const sent = res.json();
    expect(sent).toMatchObject({ mailed: true, link: null });
    const link = (await keptLinks(t.db, sent.invitation.email, INVITE_LINK)).at(-1);
    return Object.assign(res, { json: () => ({ ...sent, link }) });
  };

  it('invites with a role and answers 201 with the link; the invitee accepts, is logged in and lands in the company', async () => {
    const address = email();
    const res = await invite(a.admin, { email: address.toUpperCase(), role: 'instructor', contactName: 'Ida Underviser' });
    expect(res.statusCode, res.body).toBe(201);
    const sent = res.json();
    expect(sent).toMatchObject({
      mailed: true,
      invitation: { email: address, role: 'instructor', status: 'open', contactName: 'Ida Underviser' },
    });
    expect(sent.link).toMatch(/^http:\/\/localhost:5000\/invite\/[\w-]{40,}$/);
    const token = tokenOf(sent.link);
    // The token itself is never stored, only its hash.
    const stored = await t.db.selectFrom('invitations').selectAll().where('id', '=', sent.invitation.id).executeTakeFirstOrThrow();
    expect(JSON.stringify(stored)).not.toContain(token);

    const preview = await call(t, null, 'GET', `/api/invitations/${token}`);
    expect(preview.json()).toMatchObject({ status: 'open', email: address, role: 'instructor' });

    const accepted = await call(t, null, 'POST', `/api/invitations/${token}/accept`, ACCEPT);
    expect(accepted.statusCode, accepted.body).toBe(201);
    expect(accepted.json()).toMatchObject({
      email: address,
      role: 'instructor',
      contactName: 'Ida Invitation',
      organisationId: a.admin.organisationId,
    });
    const me = await t.app.inject({ url: '/api/me', headers: { cookie: sessionCookie(accepted) } });
    expect(me.json().email).toBe(address);
    // The new account logs in with its password.
    expect((await call(t, null, 'POST', '/api/login', { email: address, password: ACCEPT.password })).statusCode).toBe(200);
  });

  it('a link works once; a revoked or expired one says so (410) and makes nothing', async () => {
    const used = (await invite(a.admin, { email: email(), role: 'learner' })).json();
    expect((await call(t, null, 'POST', `/api/invitations/${tokenOf(used.link)}/accept`, ACCEPT)).statusCode).toBe(201);
    const again = await call(t, null, 'POST', `/api/invitations/${tokenOf(used.link)}/accept`, ACCEPT);
    expect(again.statusCode).toBe(410);
    expect(again.json()).toMatchObject({
      code: 'INVITATION_USED',
      message: 'The invitation has already been used. Log in with the account it created.',
    });

    const revokedAddress = email();
    const revoked = (await invite(a.admin, { email: revokedAddress, role: 'learner' })).json();
    const revoke = await call(t, a.admin, 'DELETE', `/api/invitations/${revoked.invitation.id}`);
    expect(revoke.json().status).toBe('revoked');
    const refused = await call(t, null, 'POST', `/api/invitations/${tokenOf(revoked.link)}/accept`, ACCEPT);
    expect(refused.statusCode).toBe(410);
    expect(refused.json().code).toBe('INVITATION_REVOKED');
    expect((await call(t, null, 'GET', `/api/invitations/${tokenOf(revoked.link)}`)).json().status).toBe('revoked');

    const expiredAddress = email();
    const expired = (await invite(a.admin, { email: expiredAddress, role: 'learner' })).json();
    await t.db
      .updateTable('invitations')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('id', '=', expired.invitation.id)
      .execute();
    const late = await call(t, null, 'POST', `/api/invitations/${tokenOf(expired.link)}/accept`, ACCEPT);
    expect(late.statusCode).toBe(410);
    expect(late.json()).toMatchObject({
      code: 'INVITATION_EXPIRED',
      message: 'The invitation has expired. Ask the person who invited you to send a new one.',
    });
    for (const address of [revokedAddress, expiredAddress]) {
      expect(await t.db.selectFrom('users').select('id').where('email', '=', address).executeTakeFirst()).toBeUndefined();
    }
    expect((await call(t, null, 'POST', '/api/invitations/not-a-real-token-at-all-xxxxxxxx/accept', ACCEPT)).statusCode).toBe(404);

    // Sent again: a new link that works, and the old one no longer does.
    const resent = await call(t, a.admin, 'POST', `/api/invitations/${expired.invitation.id}/resend`);
    expect(resent.statusCode, resent.body).toBe(200);
    expect(resent.json().invitation.status).toBe('open');
    expect((await call(t, null, 'GET', `/api/invitations/${tokenOf(expired.link)}`)).statusCode).toBe(404);
    const newLink = (await keptLinks(t.db, expiredAddress, INVITE_LINK)).find((link) => link !== expired.link)!;
    expect((await call(t, null, 'POST', `/api/invitations/${tokenOf(newLink)}/accept`, ACCEPT)).statusCode).toBe(201);
  });

  it('two accepts of one link at once make one account', async () => {
    const sent = (await invite(a.admin, { email: email(), role: 'learner' })).json();
    const token = tokenOf(sent.link);
    const results = await Promise.all(Array.from({ length: 5 }, () => call(t, null, 'POST', `/api/invitations/${token}/accept`, ACCEPT)));
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(1);
    expect(results.every((r) => r.statusCode === 201 || r.statusCode === 410 || r.statusCode === 409)).toBe(true);
    const users = await t.db.selectFrom('users').select('id').where('email', '=', sent.invitation.email).execute();
    expect(users).toHaveLength(1);
  });

  it('refuses bad input and addresses that already have an account or an open invitation, changing nothing', async () => {
    const bad = await invite(a.admin, { email: 'not-an-email', role: 'owner' });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors)).toEqual(expect.arrayContaining(['email', 'role']));
    const member = await invite(a.admin, { email: a.instructor.email, role: 'learner' });
    expect(member.statusCode).toBe(409);
    expect(member.json().message).toBe('The person with this email is already a member of the company.');
    const elsewhere = await invite(a.admin, { email: b.instructor.email, role: 'learner' });
    expect(elsewhere.json().message).toBe('This email address is already used by an account on Kursa.');
    const address = email();
    expect((await invite(a.admin, { email: address, role: 'learner' })).statusCode).toBe(201);
    const twice = await invite(a.admin, { email: address, role: 'learner' });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().code).toBe('ALREADY_INVITED');
    const weak = await call(t, null, 'POST', `/api/invitations/${'x'.repeat(43)}/accept`, {
      contactName: 'I',
      password: 'short',
      confirmPassword: 'other',
    });
    expect(weak.statusCode).toBe(400);
    expect(Object.keys(weak.json().errors)).toEqual(expect.arrayContaining(['contactName', 'password', 'confirmPassword']));
  });

  it('is for admins: instructors and learners get 403, strangers 401; another company’s invitation is 404', async () => {
    for (const who of [a.instructor, a.learner]) {
      expect((await invite(who, { email: email(), role: 'learner' })).statusCode).toBe(403);
      expect((await call(t, who, 'GET', '/api/invitations')).statusCode).toBe(403);
    }
    expect((await invite(null as unknown as Person, { email: email(), role: 'learner' })).statusCode).toBe(401);
    const theirs = (await invite(b.admin, { email: email(), role: 'learner' })).json();
    expect((await call(t, a.admin, 'DELETE', `/api/invitations/${theirs.invitation.id}`)).statusCode).toBe(404);
    expect((await call(t, a.admin, 'POST', `/api/invitations/${theirs.invitation.id}/resend`)).statusCode).toBe(404);
    const list = (await call(t, a.admin, 'GET', '/api/invitations')).json();
    expect(list.invitations.some((i: { id: string }) => i.id === theirs.invitation.id)).toBe(false);
    expect(list).toMatchObject({ seats: { plan: 'trial', limit: 1000 } });
  });

  it('imports a CSV with a report per row: invited, skipped (member, duplicate, open invitation) and failed (bad email, bad role)', async () => {
    const fresh = [email('csv'), email('csv')];
    const csv = [
      'Email;Navn;Rolle',
      `${fresh[0]};Anne Andersen;kursist`,
      `"${fresh[1]}";"Bo ""B"" Berg";Instruktør`,
      `${a.learner.email};Allerede Medlem;learner`,
      `${fresh[0]};Dubletten;learner`,
      'ikke-en-email;Forkert;learner',
      `${email('csv')};Ukendt Rolle;chef`,
    ].join('\r\n');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/invitations/import',
      payload: { csv },
      headers: { cookie: a.admin.cookie, 'accept-language': 'da' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const report = res.json();
    expect(report).toMatchObject({ invited: 2, skipped: 2, failed: 2 });
    expect(report.rows.map((r: { line: number; status: string }) => [r.line, r.status])).toEqual([
      [2, 'invited'],
      [3, 'invited'],
      [4, 'skipped'],
      [5, 'skipped'],
      [6, 'failed'],
      [7, 'failed'],
    ]);
    expect(report.rows[2].message).toBe('Personen med denne e-mail er allerede medlem af virksomheden.');
    expect(report.rows[3].message).toBe('Samme e-mail står tidligere i filen.');
    expect(report.rows[4].message).toBe('Indtast en gyldig e-mailadresse');
    expect(report).toMatchObject({ mailed: true });
    expect(report.rows[0].link).toBeNull();
    expect(await keptLinks(t.db, fresh[0]!, INVITE_LINK)).toHaveLength(1);
    const bo = await t.db
      .selectFrom('invitations')
      .select(['role', 'contact_name'])
      .where('email', '=', fresh[1]!)
      .executeTakeFirstOrThrow();
    expect(bo).toEqual({ role: 'instructor', contact_name: 'Bo "B" Berg' });
    const noHeader = await call(t, a.admin, 'POST', '/api/invitations/import', { csv: 'a@b.dk,Navn,learner' });
    expect(noHeader.statusCode).toBe(400);
  });
});

describe('members', () => {
  let t: TestApp;
  let a: Company;
  beforeAll(async () => {
    t = await createTestApp();
    a = await company(t);
  });
  afterAll(async () => t.close());

  it('lists the company’s members for admins and instructors, not learners', async () => {
    const list = await call(t, a.admin, 'GET', '/api/members');
    expect(list.statusCode).toBe(200);
    expect(
      list
        .json()
        .members.map((m: { id: string }) => m.id)
        .sort(),
    ).toEqual([a.admin.id, a.instructor.id, a.otherInstructor.id, a.learner.id].sort());
    expect((await call(t, a.instructor, 'GET', '/api/members')).statusCode).toBe(200);
    expect((await call(t, a.learner, 'GET', '/api/members')).statusCode).toBe(403);
  });

  it('deactivating a member ends their sessions at once and stops their logins; reactivating lets them back', async () => {
    const person = await addPerson(t, a.admin.organisationId, 'learner');
    expect((await call(t, person, 'GET', '/api/me')).statusCode).toBe(200);
    const off = await call(t, a.admin, 'PATCH', `/api/members/${person.id}`, { active: false });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json()).toMatchObject({ active: false });
    expect((await call(t, person, 'GET', '/api/me')).statusCode).toBe(401);
    expect(await t.db.selectFrom('sessions').select('id').where('user_id', '=', person.id).execute()).toEqual([]);
    const email = (await t.db.selectFrom('users').select('email').where('id', '=', person.id).executeTakeFirstOrThrow()).email;
    const login = await call(t, null, 'POST', '/api/login', { email, password: 'person-pass-1' });
    expect(login.statusCode).toBe(401);
    expect(login.json().message).toBe('Invalid email or password.');

    expect((await call(t, a.admin, 'PATCH', `/api/members/${person.id}`, { active: true })).json().active).toBe(true);
    expect((await call(t, null, 'POST', '/api/login', { email, password: 'person-pass-1' })).statusCode).toBe(200);
  });

  it('changes roles; keeps at least one active admin; an admin cannot change themself; others 403/404', async () => {
    const promoted = await call(t, a.admin, 'PATCH', `/api/members/${a.otherInstructor.id}`, { role: 'admin' });
    expect(promoted.json().role).toBe('admin');
    expect((await call(t, a.otherInstructor, 'GET', '/api/invitations')).statusCode).toBe(200);
    // Two admins: one may step the other down, but not the last one.
    expect((await call(t, a.otherInstructor, 'PATCH', `/api/members/${a.admin.id}`, { role: 'instructor' })).statusCode).toBe(200);
    const last = await call(t, a.admin, 'PATCH', `/api/members/${a.otherInstructor.id}`, { active: false });
    expect(last.statusCode).toBe(403);
    const self = await call(t, a.otherInstructor, 'PATCH', `/api/members/${a.otherInstructor.id}`, { role: 'learner' });
    expect(self.statusCode).toBe(403);
    expect(self.json().code).toBe('FORBIDDEN');
    // Back as it was.
    expect((await call(t, a.otherInstructor, 'PATCH', `/api/members/${a.admin.id}`, { role: 'admin' })).statusCode).toBe(200);

    const other = await company(t);
    expect((await call(t, a.admin, 'PATCH', `/api/members/${other.learner.id}`, { active: false })).statusCode).toBe(404);
    expect((await call(t, a.instructor, 'PATCH', `/api/members/${a.learner.id}`, { active: false })).statusCode).toBe(403);
    expect((await call(t, a.admin, 'PATCH', `/api/members/${a.learner.id}`, {})).statusCode).toBe(400);
  });

  it('the last admin cannot be deactivated or demoted by another route either', async () => {
    const solo = await company(t);
    const res = await call(t, solo.admin, 'PATCH', `/api/members/${solo.admin.id}`, { active: false });
    expect(res.statusCode).toBe(403);
  });
});

describe('seats and the course limit of the plans', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('refuses a learner invitation past the plan’s seats, counting active learners and open invitations; instructors take no seat', async () => {
    const a = await company(t);
    await t.db.updateTable('organisations').set({ plan: 'starter' }).where('id', '=', a.admin.organisationId).execute();
    // One learner exists; fill the rest of Starter's 100 with open invitations.
    for (let i = 0; i < 99; i++)
      expect((await call(t, a.admin, 'POST', '/api/invitations', { email: email('seat'), role: 'learner' })).statusCode).toBe(201);
    const full = await t.app.inject({
      method: 'POST',
      url: '/api/invitations',
      payload: { email: email('seat'), role: 'learner' },
      headers: { cookie: a.admin.cookie, 'accept-language': 'en' },
    });
    expect(full.statusCode).toBe(403);
    expect(full.json()).toMatchObject({
      code: 'PLAN_LIMIT',
      message:
        'The Starter plan has room for 100 learners, and every place is taken. Deactivate a learner, or choose a larger plan under Billing (/billing).',
    });
    expect((await call(t, a.admin, 'POST', '/api/invitations', { email: email('seat'), role: 'instructor' })).statusCode).toBe(201);
    // Deactivating the learner frees a seat; reactivating them then is refused.
    expect((await call(t, a.admin, 'PATCH', `/api/members/${a.learner.id}`, { active: false })).statusCode).toBe(200);
    expect((await call(t, a.admin, 'POST', '/api/invitations', { email: email('seat'), role: 'learner' })).statusCode).toBe(201);
    const back = await call(t, a.admin, 'PATCH', `/api/members/${a.learner.id}`, { active: true });
    expect(back.statusCode).toBe(403);
    expect(back.json().code).toBe('PLAN_LIMIT');
    expect((await call(t, a.admin, 'GET', '/api/members')).json().seats).toEqual({ plan: 'starter', used: 100, limit: 100 });
  });

  it('Starter publishes at most 5 courses at once', async () => {
    const a = await company(t);
    await t.db.updateTable('organisations').set({ plan: 'starter' }).where('id', '=', a.admin.organisationId).execute();
    const publishOne = async (i: number) => {
      let course = (await call(t, a.admin, 'POST', '/api/courses', { title: `Kursus ${i}`, description: 'Et kursus.' })).json();
      course = (await call(t, a.admin, 'POST', `/api/courses/${course.id}/modules`, { title: 'Modul', version: course.version })).json();
      course = (
        await call(t, a.admin, 'POST', `/api/modules/${course.modules[0].id}/lessons`, {
          title: 'Lektion',
          kind: 'text',
          version: course.version,
        })
      ).json();
      return call(t, a.admin, 'POST', `/api/courses/${course.id}/status`, {
        action: 'publish',
        version: course.version,
        confirmEmptyLessons: true,
      });
    };
    for (let i = 1; i <= 5; i++) expect((await publishOne(i)).statusCode).toBe(200);
    const sixth = await publishOne(6);
    expect(sixth.statusCode).toBe(403);
    expect(sixth.json()).toMatchObject({
      code: 'PLAN_LIMIT',
      message:
        'The Starter plan allows 5 published courses. Unpublish or archive a course, or choose a larger plan under Billing (/billing).',
    });
    const published = await t.db
      .selectFrom('courses')
      .select('id')
      .where('organisation_id', '=', a.admin.organisationId)
      .where('status', '=', 'published')
      .execute();
    expect(published).toHaveLength(5);
  });
});

describe('with mail (a local SMTP server)', () => {
  let t: TestApp;
  let smtp: TestSmtp;
  let a: Company;
  beforeAll(async () => {
    smtp = await startTestSmtp();
    t = await createTestApp({ env: { SMTP_URL: smtp.url } });
    a = await company(t);
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it('mails the link in the invitee’s language instead of answering it; the mailed link works', async () => {
    const address = email('mail');
    const res = await call(t, a.admin, 'POST', '/api/invitations', { email: address, role: 'learner', language: 'da' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ mailed: true, link: null });
    const [mail] = smtp.to(address);
    expect(mail!.subject).toMatch(/inviterer dig til .* på Kursa$/);
    expect(mail!.text).toContain('som kursist');
    const link = /http:\/\/localhost:5000\/invite\/[\w-]+/.exec(mail!.text)![0];
    const accepted = await call(t, null, 'POST', `/api/invitations/${tokenOf(link)}/accept`, ACCEPT);
    expect(accepted.statusCode).toBe(201);
    expect((await t.db.selectFrom('users').select('language').where('email', '=', address).executeTakeFirstOrThrow()).language).toBe('da');

    const english = email('mail');
    await call(t, a.admin, 'POST', '/api/invitations', { email: english, role: 'instructor', language: 'en' });
    expect(smtp.to(english)[0]!.text.replace(/\s+/g, ' ')).toContain('as an instructor.');
  });

  it("comes in the company's brand: its logo (which anyone may fetch), its colour, and under white label its name instead of Kursa's", async () => {
    const c = await company(t);
    const logo = await uploadBrandImage(t.app, c.admin.cookie);
    expect(logo.statusCode, logo.body).toBe(200);
    const saved = await call(t, c.admin, 'PUT', '/api/organisation/brand', { colour: '#facc15', heroText: null, whiteLabel: false });
    const { palette, logoUrl } = saved.json();
    const branded = email('brand');
    await call(t, c.admin, 'POST', '/api/invitations', { email: branded, role: 'learner', language: 'da' });
    let [mail] = smtp.to(branded);
    expect(mail!.html).toContain(`<img src="http://localhost:5000${logoUrl}"`);
    expect(mail!.html).toContain(`background:${palette.primary}`);
    expect(mail!.subject).toMatch(/på Kursa$/);
    // The logo in the mail opens for anyone, without a session.
    expect((await t.app.inject({ url: logoUrl })).statusCode).toBe(200);

    await call(t, c.admin, 'PUT', '/api/organisation/brand', { colour: '#facc15', heroText: null, whiteLabel: true });
    const plain = email('brand');
    await call(t, c.admin, 'POST', '/api/invitations', { email: plain, role: 'learner', language: 'da' });
    [mail] = smtp.to(plain);
    expect(`${mail!.subject}\n${mail!.text}\n${mail!.html}`).not.toMatch(/Kursa/i);
    expect(mail!.text).toContain('— Nordisk Læring ApS');
  });

  it('a relay that refuses the mail leaves the invitation open and gives the admin the link', async () => {
    smtp.failNext(1);
    const res = await call(t, a.admin, 'POST', '/api/invitations', { email: email('mail'), role: 'learner' });
    expect(res.statusCode).toBe(201);
    expect(res.json().mailed).toBe(false);
    expect(res.json().link).toMatch(/\/invite\//);
  });
});
