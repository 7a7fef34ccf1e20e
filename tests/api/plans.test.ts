import type { Kysely, Updateable } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TRIAL_DAYS } from '../../src/shared/constants.ts';
import { PLAN_GRACE_DAYS } from '../../src/shared/plans.ts';
import { DEMO_ACCOUNT } from '../../src/shared/demo.ts';
import { up as upDemoPlan } from '../../src/server/db/migrations/022-demo-plan.ts';
import { writeAllowedWhenReadOnly } from '../../src/server/domains/commerce/plans/read-only.ts';
import { planState, type PlanRow } from '../../src/server/domains/commerce/plans/state.ts';
import type { OrganisationsTable } from '../../src/server/db/schema.ts';
import { createTestApp, registerCompany, sessionCookie, type TestApp } from '../helpers/app.ts';
import { addPerson, call, company, courseWithLesson, type Company, type Person } from '../helpers/courses.ts';
import { keptLinks } from '../helpers/kept-mail.ts';
import { insertCourse } from '../helpers/published-courses.ts';

// The trial from registration, read-only after the trial or plan (nothing deleted,
// learners keep learning), and the plans' limits (PLAN_LIMITS in src/shared/plans.ts).

const DAY = 24 * 60 * 60 * 1000;
const ACCEPT = { contactName: 'Ida Invitation', password: 'invited-pass-1', confirmPassword: 'invited-pass-1' };
let n = 0;
const email = (base = 'p') => `${base}-${++n}-${Math.random().toString(36).slice(2, 8)}@example.dk`;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const setPlan = (organisationId: string, values: Updateable<OrganisationsTable>) =>
  t.db.updateTable('organisations').set(values).where('id', '=', organisationId).execute();
const ago = (ms: number) => new Date(Date.now() - ms).toISOString();
const ahead = (ms: number) => new Date(Date.now() + ms).toISOString();

async function publishedCourse(who: Person, i: number) {
  let course = (await call(t, who, 'POST', '/api/courses', { title: `Kursus ${i}`, description: 'Et kursus.' })).json();
  course = (await call(t, who, 'POST', `/api/courses/${course.id}/modules`, { title: 'Modul', version: course.version })).json();
  course = (
    await call(t, who, 'POST', `/api/modules/${course.modules[0].id}/lessons`, { title: 'Lektion', kind: 'text', version: course.version })
  ).json();
  return call(t, who, 'POST', `/api/courses/${course.id}/status`, {
    action: 'publish',
    version: course.version,
    confirmEmptyLessons: true,
  });
}

describe('the plan state', () => {
  it('starts a 14-day trial at registration, shown with the usage against the trial’s (Professional’s) limits', async () => {
    const before = Date.now();
    const c = await company(t);
    const res = await call(t, c.admin, 'GET', '/api/plan');
    expect(res.statusCode, res.body).toBe(200);
    const plan = res.json();
    expect(plan).toMatchObject({ plan: 'trial', period: null, paidUntil: null, status: 'trial', readOnly: false });
    const ends = Date.parse(plan.trialEndsAt);
    expect(ends).toBeGreaterThanOrEqual(before + TRIAL_DAYS * DAY);
    expect(ends).toBeLessThanOrEqual(Date.now() + TRIAL_DAYS * DAY);
    expect(plan.endsAt).toBe(plan.trialEndsAt);
    // The company: one admin, two instructors (no limit on those) and one learner.
    expect(plan.usage).toEqual({
      activeCourses: { used: 0, limit: null },
      students: { used: 1, limit: 1000 },
      admins: { used: 1, limit: 3 },
    });
    // Instructors see it too (the banner); learners are not shown the company's plan.
    expect((await call(t, c.instructor, 'GET', '/api/plan')).statusCode).toBe(200);
    expect((await call(t, c.learner, 'GET', '/api/plan')).statusCode).toBe(403);
    expect((await call(t, null, 'GET', '/api/plan')).statusCode).toBe(401);
  });

  it('decides trial, active and expired at the boundaries: the trial ends at its end; a paid plan after its paid period plus the grace days', () => {
    const now = new Date('2026-12-11T12:00:00.000Z');
    const row = (values: Partial<PlanRow>): PlanRow => ({
      plan: 'trial',
      trial_ends_at: null,
      plan_period: null,
      plan_paid_until: null,
      ...values,
    });
    expect(planState(row({ trial_ends_at: '2026-12-11T12:00:00.001Z' }), now)).toMatchObject({ status: 'trial', readOnly: false });
    expect(planState(row({ trial_ends_at: '2026-12-11T12:00:00.000Z' }), now)).toMatchObject({ status: 'expired', readOnly: true });
    const paid = (until: string) =>
      planState(row({ plan: 'starter', plan_period: 'monthly', plan_paid_until: until, trial_ends_at: '2026-01-01T00:00:00.000Z' }), now);
    const lastGraceMoment = new Date(now.getTime() - PLAN_GRACE_DAYS * DAY + 1).toISOString();
    expect(paid(lastGraceMoment)).toMatchObject({
      plan: 'starter',
      period: 'monthly',
      status: 'active',
      readOnly: false,
      endsAt: '2026-12-11T12:00:00.001Z',
    });
    expect(paid(new Date(now.getTime() - PLAN_GRACE_DAYS * DAY).toISOString())).toMatchObject({ status: 'expired', readOnly: true });
    // A paid plan the operator granted without an end (the demo company, a contract) does not end.
    expect(planState(row({ plan: 'enterprise' }), now)).toMatchObject({ status: 'active', readOnly: false, endsAt: null });
  });

  it('keeps a paid plan active until its paid period plus the grace days, then read-only with the renewal message', async () => {
    const c = await company(t);
    const paidUntil = ago(DAY);
    await setPlan(c.admin.organisationId, {
      plan: 'professional',
      plan_period: 'annual',
      plan_paid_until: paidUntil,
      trial_ends_at: ago(30 * DAY),
    });
    const plan = (await call(t, c.admin, 'GET', '/api/plan')).json();
    expect(plan).toMatchObject({ plan: 'professional', period: 'annual', paidUntil, status: 'active', readOnly: false });
    expect(Date.parse(plan.endsAt)).toBe(Date.parse(paidUntil) + PLAN_GRACE_DAYS * DAY);
    expect((await call(t, c.admin, 'POST', '/api/courses', { title: 'I nådeperioden' })).statusCode).toBe(201);

    await setPlan(c.admin.organisationId, { plan_paid_until: ago((PLAN_GRACE_DAYS + 1) * DAY) });
    expect((await call(t, c.admin, 'GET', '/api/plan')).json()).toMatchObject({ status: 'expired', readOnly: true });
    const refused = await call(t, c.admin, 'POST', '/api/courses', { title: 'Efter nådeperioden' });
    expect(refused.statusCode).toBe(402);
    expect(refused.json()).toEqual({
      code: 'PLAN_REQUIRED',
      message:
        "The plan has expired, so the company's data is read-only: everything is kept and can still be viewed, but nothing can be changed until you renew or choose a plan under Billing (/billing).",
    });
    // A renewal (the webhook moving the paid period on) opens it again.
    await setPlan(c.admin.organisationId, { plan_paid_until: ahead(30 * DAY) });
    expect((await call(t, c.admin, 'POST', '/api/courses', { title: 'Fornyet' })).statusCode).toBe(201);
  });

  it('gives the seeded demo company a plan that never turns read-only', async () => {
    const demo = await createTestApp({ env: { SEED_DEMO: 'true' } });
    try {
      const login = await demo.app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { email: DEMO_ACCOUNT.email, password: DEMO_ACCOUNT.password },
      });
      const plan = await demo.app.inject({ method: 'GET', url: '/api/plan', headers: { cookie: sessionCookie(login) } });
      expect(plan.json()).toMatchObject({ plan: 'professional', status: 'active', readOnly: false, endsAt: null, paidUntil: null });
      expect(plan.json().usage.activeCourses.used).toBeGreaterThan(0);
      // A demo seeded before plans ended (on a trial) is moved to the same plan by migration 022; no other company is.
      const other = await registerCompany(demo.app);
      await demo.db.updateTable('organisations').set({ plan: 'trial' }).execute();
      await upDemoPlan(demo.db as unknown as Kysely<unknown>);
      const plans = await demo.db.selectFrom('organisations').select(['email', 'plan']).execute();
      expect(plans.find((o) => o.email === DEMO_ACCOUNT.email)?.plan).toBe('professional');
      expect(plans.find((o) => o.email === other.user.email)?.plan).toBe('trial');
    } finally {
      await demo.close();
    }
  });
});

describe('read-only after the trial', () => {
  let c: Company;
  let draft: { id: string; version: number };
  let published: { id: string };
  let lessonId: string;
  let invitationToken: string;
  let otherAdmin: Person;

  beforeAll(async () => {
    c = await company(t);
    otherAdmin = await addPerson(t, c.admin.organisationId, 'admin');
    const made = await courseWithLesson(t, c.instructor);
    draft = { id: made.course.id, version: made.course.version };
    published = await insertCourse(t.db, c.admin.organisationId, c.instructor.id, { visibility: 'private' }, [
      {
        title: 'Modul',
        lessons: [
          { title: 'Tekst', kind: 'text' },
          { title: 'Mere', kind: 'text' },
        ],
      },
    ]);
    const lesson = await t.db
      .selectFrom('lessons')
      .innerJoin('course_modules', 'course_modules.id', 'lessons.module_id')
      .select('lessons.id')
      .where('course_modules.course_id', '=', published.id)
      .orderBy('lessons.position')
      .executeTakeFirstOrThrow();
    lessonId = lesson.id;
    const invitee = email('late');
    expect((await call(t, c.admin, 'POST', '/api/invitations', { email: invitee, role: 'learner' })).statusCode).toBe(201);
    // Without SMTP the invitation mail is kept; its link is what the invitee would follow.
    const [link] = await keptLinks(t.db, invitee, /http:\/\/localhost:5000\/invite\/[\w-]+/);
    invitationToken = new URL(link!).pathname.split('/').pop()!;
    await setPlan(c.admin.organisationId, { trial_ends_at: ago(1000) });
  });

  it('refuses every write to company data with 402 PLAN_REQUIRED in the caller’s language, and changes nothing', async () => {
    const snapshot = async () => ({
      courses: await t.db
        .selectFrom('courses')
        .select(['id', 'title', 'status', 'version'])
        .where('organisation_id', '=', c.admin.organisationId)
        .orderBy('id')
        .execute(),
      invitations: await t.db
        .selectFrom('invitations')
        .select(['id', 'revoked_at'])
        .where('organisation_id', '=', c.admin.organisationId)
        .execute(),
      members: await t.db
        .selectFrom('users')
        .select(['id', 'role', 'deactivated_at'])
        .where('organisation_id', '=', c.admin.organisationId)
        .orderBy('id')
        .execute(),
      organisation: await t.db
        .selectFrom('organisations')
        .select(['subdomain', 'updated_at'])
        .where('id', '=', c.admin.organisationId)
        .executeTakeFirstOrThrow(),
      drafts: await t.db.selectFrom('creator_drafts').select('id').where('organisation_id', '=', c.admin.organisationId).execute(),
      uploads: await t.db.selectFrom('uploads').select('id').where('organisation_id', '=', c.admin.organisationId).execute(),
    });
    const before = await snapshot();
    const writes: [Person, 'POST' | 'PATCH' | 'PUT' | 'DELETE', string, unknown?][] = [
      [c.admin, 'POST', '/api/courses', { title: 'Nyt kursus' }],
      [c.instructor, 'PATCH', `/api/courses/${draft.id}`, { title: 'Ny titel', version: draft.version }],
      [c.instructor, 'DELETE', `/api/courses/${draft.id}?version=${draft.version}`],
      [c.instructor, 'POST', `/api/courses/${draft.id}/status`, { action: 'publish', version: draft.version }],
      [c.admin, 'POST', `/api/courses/${published.id}/assignments`, { userIds: [c.learner.id] }],
      [c.admin, 'POST', '/api/invitations', { email: email(), role: 'learner' }],
      [c.admin, 'PATCH', `/api/members/${c.instructor.id}`, { role: 'learner' }],
      [c.admin, 'PUT', '/api/organisation/subdomain', { subdomain: 'skrivebeskyttet' }],
      [c.admin, 'POST', '/api/course-creator/drafts', {}],
      [c.admin, 'POST', '/api/course-creator/generate-concept', { topic: 'Ledelse' }],
      [c.instructor, 'POST', `/api/course-generation/courses/${draft.id}/generate`, {}],
      [c.admin, 'POST', '/api/chat', { message: 'Hej', conversationHistory: [] }],
    ];
    for (const [who, method, url, payload] of writes) {
      const res = await call(t, who, method, url, payload);
      expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(402);
      expect(res.json()).toEqual({
        code: 'PLAN_REQUIRED',
        message:
          "The trial has ended, so the company's data is read-only: everything is kept and can still be viewed, but nothing can be changed until you choose a plan under Billing (/billing).",
      });
    }
    // An upload is refused before its body is read.
    const upload = await t.app.inject({
      method: 'POST',
      url: '/api/uploads',
      headers: { cookie: c.instructor.cookie, 'content-type': 'multipart/form-data; boundary=x' },
      payload: `--x\r\nContent-Disposition: form-data; name="courseId"\r\n\r\n${draft.id}\r\n--x--\r\n`,
    });
    expect(upload.statusCode).toBe(402);
    // In Danish by default.
    const da = await t.app.inject({
      method: 'POST',
      url: '/api/courses',
      headers: { cookie: c.admin.cookie },
      payload: { title: 'Dansk' },
    });
    expect(da.json().message).toBe(
      'Prøveperioden er slut, så virksomhedens data er skrivebeskyttet: alt er gemt og kan stadig ses, men intet kan ændres, før I vælger et abonnement under »Abonnement« (/billing).',
    );
    expect(await snapshot()).toEqual(before);
  });

  it('refuses accepting an invitation into the read-only company, and makes no account', async () => {
    const res = await call(t, null, 'POST', `/api/invitations/${invitationToken}/accept`, ACCEPT);
    expect(res.statusCode).toBe(402);
    expect(res.json().code).toBe('PLAN_REQUIRED');
    const invitation = await t.db
      .selectFrom('invitations')
      .select(['accepted_at'])
      .where('organisation_id', '=', c.admin.organisationId)
      .executeTakeFirstOrThrow();
    expect(invitation.accepted_at).toBeNull();
  });

  it('still reads everything, and lets people log in and out, edit their profile and change their password', async () => {
    for (const url of [
      `/api/courses/${draft.id}`,
      '/api/members',
      '/api/invitations',
      '/api/organisation/overview',
      `/api/instructors/${c.instructor.id}/courses`,
    ]) {
      const who = url.startsWith('/api/instructors') ? c.instructor : c.admin;
      expect((await call(t, who, 'GET', url)).statusCode, url).toBe(200);
    }
    expect((await call(t, c.admin, 'GET', '/api/plan')).json()).toMatchObject({ plan: 'trial', status: 'expired', readOnly: true });
    const profile = await call(t, otherAdmin, 'PATCH', `/api/users/${otherAdmin.id}`, { contactName: 'Nyt Navn' });
    expect(profile.statusCode, profile.body).toBe(200);
    // One's own account only: not the company's name and address, nor another member's profile.
    const company = await call(t, otherAdmin, 'PATCH', `/api/users/${otherAdmin.id}`, {
      contactName: 'Nyt Navn',
      companyName: 'Nyt Firmanavn ApS',
    });
    expect(company.statusCode, company.body).toBe(402);
    expect(company.json().code).toBe('PLAN_REQUIRED');
    const colleague = await call(t, otherAdmin, 'PATCH', `/api/users/${c.learner.id}`, { contactName: 'Ændret Af Admin' });
    expect(colleague.statusCode, colleague.body).toBe(402);
    const rows = await t.db.selectFrom('users').select(['id', 'contact_name']).where('id', 'in', [otherAdmin.id, c.learner.id]).execute();
    expect(rows.find((r) => r.id === c.learner.id)?.contact_name).not.toBe('Ændret Af Admin');
    const org = await t.db.selectFrom('organisations').select('name').where('id', '=', otherAdmin.organisationId).executeTakeFirstOrThrow();
    expect(org.name).not.toBe('Nyt Firmanavn ApS');
    const password = await call(t, otherAdmin, 'POST', '/api/change-password', {
      currentPassword: 'person-pass-1',
      newPassword: 'person-pass-2',
    });
    expect(password.statusCode, password.body).toBe(200);
    expect((await call(t, otherAdmin, 'POST', '/api/logout')).statusCode).toBe(200);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: otherAdmin.email, password: 'person-pass-2' },
    });
    expect(login.statusCode).toBe(200);
  });

  it('lets learners keep learning: enrol, complete lessons and review, so their work is not lost', async () => {
    const enrol = await call(t, c.learner, 'POST', `/api/courses/${published.id}/enrol`);
    expect(enrol.statusCode, enrol.body).toBe(201);
    const done = await call(t, c.learner, 'POST', `/api/learning/${published.id}/lessons/${lessonId}/complete`);
    expect(done.statusCode, done.body).toBe(200);
    const review = await call(t, c.learner, 'PUT', `/api/courses/${published.id}/review`, { rating: 5, comment: 'Godt' });
    expect(review.statusCode, review.body).toBeLessThan(300);
    const enrolment = await t.db
      .selectFrom('enrolments')
      .select(['id', 'progress'])
      .where('user_id', '=', c.learner.id)
      .where('course_id', '=', published.id)
      .executeTakeFirstOrThrow();
    expect(enrolment.progress).toBe(50);
    const progress = await t.db
      .selectFrom('lesson_progress')
      .select(['lesson_id', 'completed_at'])
      .where('enrolment_id', '=', enrolment.id)
      .execute();
    expect(progress).toEqual([{ lesson_id: lessonId, completed_at: expect.any(String) }]);
  });

  it('allows paying for a plan: the billing routes are on the allow-list', () => {
    expect(writeAllowedWhenReadOnly('POST', '/api/billing/checkout')).toBe(true);
    expect(writeAllowedWhenReadOnly('POST', '/api/billing')).toBe(true);
    expect(writeAllowedWhenReadOnly('POST', '/api/billingx')).toBe(false);
    expect(writeAllowedWhenReadOnly('POST', '/api/courses')).toBe(false);
  });

  it('lets a logged-in user of the read-only company use the public forms and buy a course for themself', async () => {
    const contact = await call(t, c.admin, 'POST', '/api/contact', {
      name: 'Anne Admin',
      email: 'anne@example.dk',
      topic: 'sales',
      message: 'Vi vil gerne vælge et abonnement.',
      consent: true,
      consentText: 'Jeg accepterer, at Kursa gemmer min henvendelse.',
    });
    expect(contact.statusCode, contact.body).toBe(201);
    // Not refused for the plan: this installation has no Stripe, and says so.
    const checkout = await call(t, c.admin, 'POST', `/api/courses/${draft.id}/checkout`, { for: 'self' });
    expect(checkout.json<{ code: string }>().code).not.toBe('PLAN_REQUIRED');
    expect(writeAllowedWhenReadOnly('POST', '/api/newsletter/subscribe')).toBe(true);
    expect(writeAllowedWhenReadOnly('POST', '/api/password-reset/confirm')).toBe(true);
  });

  it('opens again, with everything kept, once the company has a plan', async () => {
    await setPlan(c.admin.organisationId, { plan: 'starter', plan_period: 'monthly', plan_paid_until: ahead(30 * DAY) });
    const res = await call(t, c.instructor, 'PATCH', `/api/courses/${draft.id}`, { title: 'Ny titel', version: draft.version });
    expect(res.statusCode, res.body).toBe(200);
  });
});

describe('plan limits', () => {
  it('Starter: the 6th published course and the 101st learner are refused with the plan and the limit named; Enterprise then has no limits', async () => {
    const c = await company(t);
    await setPlan(c.admin.organisationId, { plan: 'starter', plan_period: 'monthly', plan_paid_until: ahead(20 * DAY) });
    for (let i = 1; i <= 5; i++) expect((await publishedCourse(c.admin, i)).statusCode).toBe(200);
    const sixth = await publishedCourse(c.admin, 6);
    expect(sixth.statusCode).toBe(403);
    expect(sixth.json()).toEqual({
      code: 'PLAN_LIMIT',
      message:
        'The Starter plan allows 5 published courses. Unpublish or archive a course, or choose a larger plan under Billing (/billing).',
    });

    // One learner exists; 99 invitations fill Starter's 100 places.
    for (let i = 0; i < 99; i++)
      expect((await call(t, c.admin, 'POST', '/api/invitations', { email: email('seat'), role: 'learner' })).statusCode).toBe(201);
    const hundredFirst = await call(t, c.admin, 'POST', '/api/invitations', { email: email('seat'), role: 'learner' });
    expect(hundredFirst.statusCode).toBe(403);
    expect(hundredFirst.json()).toEqual({
      code: 'PLAN_LIMIT',
      message:
        'The Starter plan has room for 100 learners, and every place is taken. Deactivate a learner, or choose a larger plan under Billing (/billing).',
    });
    // An instructor becoming a learner needs a place too.
    expect((await call(t, c.admin, 'PATCH', `/api/members/${c.instructor.id}`, { role: 'learner' })).statusCode).toBe(403);
    // The admins heard of each limit once, however often it stopped someone.
    const told = (await call(t, c.admin, 'GET', '/api/notifications')).json<{ notifications: { kind: string; title: string }[] }>();
    expect(told.notifications.filter((n) => n.kind === 'plan-limit').map((n) => n.title)).toEqual([
      'Your plan has no more seats',
      'Your plan allows no more courses',
    ]);
    expect((await call(t, c.admin, 'GET', '/api/plan')).json().usage).toEqual({
      activeCourses: { used: 5, limit: 5 },
      students: { used: 100, limit: 100 },
      admins: { used: 1, limit: 3 },
    });

    await setPlan(c.admin.organisationId, { plan: 'enterprise', plan_period: 'annual', plan_paid_until: ahead(300 * DAY) });
    expect((await call(t, c.admin, 'GET', '/api/plan')).json().usage).toEqual({
      activeCourses: { used: 5, limit: null },
      students: { used: 100, limit: null },
      admins: { used: 1, limit: null },
    });
    expect((await publishedCourse(c.admin, 7)).statusCode).toBe(200);
    expect((await call(t, c.admin, 'POST', '/api/invitations', { email: email('seat'), role: 'learner' })).statusCode).toBe(201);
    for (let i = 0; i < 4; i++)
      expect((await call(t, c.admin, 'POST', '/api/invitations', { email: email('boss'), role: 'admin' })).statusCode).toBe(201);
  });

  it('Professional: the 4th admin is refused, by invitation and by a role change; a withdrawn invitation frees the place', async () => {
    const c = await company(t);
    await setPlan(c.admin.organisationId, { plan: 'professional', plan_period: 'monthly', plan_paid_until: ahead(20 * DAY) });
    await addPerson(t, c.admin.organisationId, 'admin');
    const third = await call(t, c.admin, 'POST', '/api/invitations', { email: email('admin'), role: 'admin' });
    expect(third.statusCode).toBe(201);
    const fourth = await call(t, c.admin, 'POST', '/api/invitations', { email: email('admin'), role: 'admin' });
    expect(fourth.statusCode).toBe(403);
    expect(fourth.json()).toEqual({
      code: 'PLAN_LIMIT',
      message:
        'The Professional plan has room for 3 admins, and every place is taken. Give an admin another role, or choose a larger plan under Billing (/billing).',
    });
    const promote = await call(t, c.admin, 'PATCH', `/api/members/${c.instructor.id}`, { role: 'admin' });
    expect(promote.statusCode).toBe(403);
    expect(promote.json().code).toBe('PLAN_LIMIT');
    expect((await t.db.selectFrom('users').select('role').where('id', '=', c.instructor.id).executeTakeFirstOrThrow()).role).toBe(
      'instructor',
    );
    // Instructors are not limited.
    expect((await call(t, c.admin, 'POST', '/api/invitations', { email: email('teacher'), role: 'instructor' })).statusCode).toBe(201);

    expect((await call(t, c.admin, 'DELETE', `/api/invitations/${third.json().invitation.id}`)).statusCode).toBe(200);
    expect((await call(t, c.admin, 'PATCH', `/api/members/${c.instructor.id}`, { role: 'admin' })).statusCode).toBe(200);
  });

  it('the trial counts as Professional and says so', async () => {
    const c = await company(t);
    await addPerson(t, c.admin.organisationId, 'admin');
    await addPerson(t, c.admin.organisationId, 'admin');
    const res = await call(t, c.admin, 'POST', '/api/invitations', { email: email('admin'), role: 'admin' });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(
      'The trial works as Professional and has room for 3 admins, and every place is taken. Give an admin another role, or choose a plan under Billing (/billing).',
    );
  });
});
