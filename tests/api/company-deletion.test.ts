import { existsSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NotificationScheduler } from '../../src/server/domains/notifications/scheduler.ts';
import { DEMO_EMAILS } from '../../src/shared/demo.ts';
import type { TCompanyDeletion } from '../../src/shared/schemas/erasure.ts';
import type { TCertificateVerification } from '../../src/shared/schemas/certificates.ts';
import { createTestApp, registerCompany, type TestApp } from '../helpers/app.ts';
import { OPERATOR_ENV, WEBHOOK_SECRET, deliverToWebhook, planMetadata, subscriptionSession } from '../helpers/billing.ts';
import { addPerson, call, company, type Company } from '../helpers/courses.ts';
import { FakeStripe } from '../helpers/fake-stripe.ts';
import { until } from '../helpers/jobs.ts';
import { PNG, upload } from '../helpers/media.ts';
import { queueingNotifications, scanJobs } from '../helpers/notifications.ts';
import { DAY, foundIn, leaveTraces } from '../helpers/privacy.ts';

// A company deleting itself: asked for by an admin with their password and the company's name,
// told to every admin by e-mail, cancellable by any admin during the grace period, then carried out
// by the app's own scan: people erased, content and files deleted, the subscription cancelled at
// Stripe, certificates still verifying, invoices kept, other companies untouched.

const PASSWORD = 'correct-horse-1';
let t: TestApp;
let fake: FakeStripe;

beforeAll(async () => {
  fake = await new FakeStripe({
    webhookSecret: WEBHOOK_SECRET,
    deliver: deliverToWebhook(() => t.app),
  }).start();
  t = await createTestApp({
    env: { STRIPE_SECRET_KEY: 'sk_test_kursa', STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET, STRIPE_API_URL: fake.url, ...OPERATOR_ENV },
  });
  await t.app.ready();
});
afterAll(async () => {
  await t?.close();
  await fake?.stop();
});

const later = (days: number) => new Date(Date.now() + days * DAY);
const organisation = (id: string) => t.db.selectFrom('organisations').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const mails = (organisationId: string) =>
  t.db
    .selectFrom('mail_outbox')
    .select(['to_address', 'subject', 'text_body'])
    .where('organisation_id', '=', organisationId)
    .where('kind', '=', 'company-deletion')
    .orderBy('created_at')
    .execute();
const ask = (who: Company['admin'], body: Record<string, unknown>) => call(t, who, 'DELETE', '/api/organisation', body);

describe('asking for the deletion', () => {
  it('takes an admin’s password and the company’s name, mails every admin, and any admin cancels it', async () => {
    const a = await company(t, { companyName: 'Slettes Snart ApS' });
    const b = await company(t);
    const second = await addPerson(t, a.admin.organisationId, 'admin', 'en');
    const org = a.admin.organisationId;

    expect((await ask(a.instructor, { password: 'person-pass-1', companyName: 'Slettes Snart ApS' })).statusCode).toBe(403);
    const wrongName = await ask(a.admin, { password: PASSWORD, companyName: 'Slettes ApS' });
    expect(wrongName.statusCode).toBe(400);
    expect(wrongName.json()).toMatchObject({ errors: { companyName: expect.any(String) } });
    const wrongPassword = await ask(a.admin, { password: 'not-it', companyName: 'Slettes Snart ApS' });
    expect(wrongPassword.statusCode).toBe(400);
    expect(wrongPassword.json()).toMatchObject({ errors: { password: expect.any(String) } });
    expect((await ask(a.admin, { password: PASSWORD })).statusCode).toBe(400);
    expect(await t.db.selectFrom('erasure_requests').select('id').where('organisation_id', '=', org).execute()).toEqual([]);
    expect(await mails(org)).toEqual([]);

    const asked = await ask(a.admin, { password: PASSWORD, companyName: '  slettes snart aps ' });
    expect(asked.statusCode).toBe(202);
    const { deletion } = asked.json<TCompanyDeletion>();
    expect(deletion).toMatchObject({ kind: 'organisation', status: 'pending', requestedByName: 'Anne Jensen' });
    const days = (Date.parse(deletion!.dueAt) - Date.parse(deletion!.requestedAt)) / DAY;
    expect(days).toBe(14);
    expect((await ask(a.admin, { password: PASSWORD, companyName: 'Slettes Snart ApS' })).statusCode).toBe(409);

    // Every admin hears of it, in their own language, with the way to cancel.
    const told = await mails(org);
    expect(told.map((m) => m.to_address).sort()).toEqual([a.admin.email, second.email].sort());
    const danish = told.find((m) => m.to_address === a.admin.email)!;
    expect(danish.subject).toMatch(/^Slettes Snart ApS bliver slettet fra Kursa /);
    expect(danish.text_body).toContain('Anne Jensen har bedt om at slette Slettes Snart ApS');
    expect(danish.text_body).toContain('http://localhost:5000/dashboard/settings');
    expect(told.find((m) => m.to_address === second.email)!.subject).toMatch(/^Slettes Snart ApS will be deleted from Kursa on /);

    // Only its own admins see or touch it.
    expect((await call(t, a.learner, 'GET', '/api/organisation/deletion')).statusCode).toBe(403);
    expect((await call(t, b.admin, 'GET', '/api/organisation/deletion')).json()).toEqual({ deletion: null });
    expect((await call(t, b.admin, 'DELETE', '/api/organisation/deletion')).statusCode).toBe(404);
    expect((await call(t, second, 'GET', '/api/organisation/deletion')).json<TCompanyDeletion>().deletion?.id).toBe(deletion!.id);

    const cancelled = await call(t, second, 'DELETE', '/api/organisation/deletion');
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json()).toEqual({ deletion: null });
    expect((await call(t, a.admin, 'DELETE', '/api/organisation/deletion')).statusCode).toBe(404);
    const afterCancel = await mails(org);
    expect(afterCancel).toHaveLength(4);
    expect(afterCancel.filter((m) => /fortrudt|cancelled/.test(m.subject))).toHaveLength(2);
    const audit = await t.db.selectFrom('audit_log').select('action').where('organisation_id', '=', org).execute();
    expect(audit.map((e) => e.action)).toEqual(
      expect.arrayContaining(['organisation.deletion-requested', 'organisation.deletion-cancelled']),
    );
    // Nothing happens when the date comes.
    expect((await organisation(org)).deleted_at).toBeNull();
  });

  it('refuses the demo company: its logins are everyone’s to try', async () => {
    const d = await company(t, { companyName: 'Demo Test ApS' });
    await t.db.updateTable('users').set({ email: DEMO_EMAILS[0]! }).where('id', '=', d.learner.id).execute();
    expect((await ask(d.admin, { password: PASSWORD, companyName: 'Demo Test ApS' })).statusCode).toBe(403);
    await t.db.deleteFrom('users').where('id', '=', d.learner.id).execute();
  });
});

/** Rows still keyed to the company, by table. */
async function rowsOf(organisationId: string): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const table of await t.db.introspection.getTables()) {
    if (!table.columns.some((c) => c.name === 'organisation_id')) continue;
    const r = await sql<{
      n: number | string;
    }>`select count(*) as n from ${sql.table(table.name)} where organisation_id = ${organisationId}`.execute(t.db);
    const n = Number(r.rows[0]?.n ?? 0);
    if (n > 0) out[table.name] = n;
  }
  return out;
}

describe('carrying it out', () => {
  it('erases everyone, deletes the content, files and logs, ends the subscription, and keeps certificates and invoices', async () => {
    const a = await company(t, { companyName: 'Lukker Ned A/S' });
    const b = await company(t, { companyName: 'Bliver Her ApS' });
    const org = a.admin.organisationId;
    const before = await organisation(org);
    // A paid plan: a subscription at Stripe, an invoice.
    const session = subscriptionSession(fake, planMetadata(org, 'starter', 'monthly', 19900), 19900, 4975, 'month');
    expect((await fake.complete(String(session.id))).map((d) => d.status)).toEqual([200, 200]);
    const subscription = (await organisation(org)).stripe_subscription_id;
    expect(subscription).toBeTruthy();
    await t.db.updateTable('organisations').set({ subdomain: 'lukker-ned' }).where('id', '=', org).execute();
    // A person with traces everywhere, a certificate, an uploaded file.
    const marker = 'Qv8Lukker3Mk';
    const { code, course } = await leaveTraces(t, a.learner, a.admin, a.instructor.id, marker);
    const uploaded = await upload(t.app, a.instructor.cookie, { courseId: course.id, kind: 'image' }, { filename: 'tavle.png', data: PNG });
    expect(uploaded.statusCode).toBe(201);
    const file = await t.db.selectFrom('uploads').select('storage_key').where('organisation_id', '=', org).executeTakeFirstOrThrow();
    const filePath = path.join(t.database.dataDir, 'uploads', file.storage_key);
    expect(existsSync(filePath)).toBe(true);
    // Another company's learner took the course: their record stays theirs.
    const outsider = `e-outsider-${b.learner.id}`;
    await t.db
      .insertInto('enrolments')
      .values({
        id: outsider,
        course_id: course.id,
        user_id: b.learner.id,
        source: 'self',
        assigned_by: null,
        due_at: null,
        enrolled_at: new Date().toISOString(),
        progress: 0,
        last_lesson_id: null,
        last_activity_at: null,
        completed_at: null,
      })
      .execute();
    const bRows = await rowsOf(b.admin.organisationId);

    expect((await ask(a.admin, { password: PASSWORD, companyName: 'Lukker Ned A/S' })).statusCode).toBe(202);
    const notifications = await queueingNotifications(t);
    const scheduler = new NotificationScheduler(t.db, scanJobs(t.db, notifications), 1000, t.app.log, undefined, {
      erasures: { pending: async () => [{ organisationId: org }], run: async () => 0 },
    });
    // The scan's step is the app's own (app.ts wires the deletion, with Stripe, into it).
    expect(await scheduler.tick(later(15))).toBeGreaterThan(0);
    await until(async () => (await organisation(org)).deleted_at !== null, 'the company was deleted');

    // The subscription is cancelled at Stripe, through its API.
    expect(fake.cancelled).toEqual([subscription]);
    const deleted = await organisation(org);
    expect(deleted).toMatchObject({ stripe_subscription_id: null, subdomain: null, address: '', email: null, name: 'Lukker Ned A/S' });
    expect(deleted.cvr).not.toBe(before.cvr);
    const request = await t.db
      .selectFrom('erasure_requests')
      .selectAll()
      .where('organisation_id', '=', org)
      .where('kind', '=', 'organisation')
      .executeTakeFirstOrThrow();
    expect(request.status).toBe('done');
    expect(JSON.parse(request.summary!)).toMatchObject({ company: { name: 'Lukker Ned A/S', cvr: before.cvr }, removed: { people: 4 } });

    // No one of the company is left, by name, address or marker, anywhere but the invoices bookkeeping keeps.
    for (const needle of [marker, a.learner.email, a.admin.email, a.instructor.email]) {
      expect(
        (await foundIn(t, needle)).filter((place) => !place.startsWith('invoices.')),
        needle,
      ).toEqual([]);
    }
    const people = await t.db.selectFrom('users').select(['erased_at', 'email']).where('organisation_id', '=', org).execute();
    expect(people.every((p) => p.erased_at !== null && p.email.endsWith('@erased.invalid'))).toBe(true);
    expect((await call(t, null, 'POST', '/api/login', { email: a.admin.email, password: PASSWORD })).statusCode).toBe(401);
    expect((await call(t, a.admin, 'GET', '/api/me')).statusCode).toBe(401);

    // What stays keyed to it: the pseudonyms, the certificate, the emptied courses and the record.
    expect(Object.keys(await rowsOf(org)).sort()).toEqual(['certificates', 'courses', 'erasure_requests', 'users']);
    const verified = (await call(t, null, 'GET', `/api/certificates/${code}`)).json<TCertificateVerification>();
    expect(verified.status).toBe('genuine');
    expect(verified.certificate).toMatchObject({ holderErased: true, holderName: '' });
    const courses = await t.db
      .selectFrom('courses')
      .select(['status', 'visibility', 'description'])
      .where('organisation_id', '=', org)
      .execute();
    expect(courses.every((c) => c.status === 'archived' && c.visibility === 'private' && c.description === '')).toBe(true);
    expect(await t.db.selectFrom('lessons').select('id').where('course_id', '=', course.id).execute()).toEqual([]);
    expect(existsSync(filePath)).toBe(false);
    expect(await t.db.selectFrom('invoices').select('id').where('buyer_organisation_id', '=', org).execute()).toHaveLength(1);

    // The other company is as it was, its learner's enrolment in the deleted course too.
    expect(await rowsOf(b.admin.organisationId)).toEqual(bRows);
    expect(await t.db.selectFrom('enrolments').select('id').where('id', '=', outsider).execute()).toHaveLength(1);
    expect((await call(t, b.admin, 'GET', '/api/me')).statusCode).toBe(200);
    expect(fake.cancelled).toHaveLength(1);
    // The CVR number is free: the company may register anew, from nothing.
    const again = await registerCompany(t.app, { cvrNumber: before.cvr, companyName: 'Lukker Ned A/S' });
    expect(again.user.organisationId).not.toBe(org);
  });
});
