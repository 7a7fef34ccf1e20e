import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { unzipSync, strFromU8 } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ExportsExpiry } from '../../src/server/domains/privacy/index.ts';
import { insertConversation } from '../helpers/privacy.ts';
import { NotificationScheduler } from '../../src/server/domains/notifications/scheduler.ts';
import { newId } from '../../src/server/security/tokens.ts';
import { DiskStorage } from '../../src/server/storage/disk.ts';
import type { TDataExport } from '../../src/shared/schemas/exports.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { completeCourse, courseOfNinetyMinutes } from '../helpers/certificates.ts';
import { addPerson, call, company, courseWithLesson, type Company, type Person } from '../helpers/courses.ts';
import { until } from '../helpers/jobs.ts';
import { pdf, upload } from '../helpers/media.ts';
import { after, DAY, queueingNotifications, scanJobs } from '../helpers/notifications.ts';

// A person's copy of their data and a company's (GDPR art. 15 and 20): made by a job, a ZIP in the
// storage, seen and downloaded only by who asked (and a company's admins for its copy), gone after 7 days.

let t: TestApp;
let a: Company;
let b: Company;
let person: Person;
let other: Person;
const NAME = 'Pia <script>alert("x")</script> & Co';
const UPLOAD = Buffer.concat([pdf(512), randomBytes(200_000)]);
let uploadId: string;

async function seedLearning(who: Person, title: string, comment: string) {
  const course = await courseOfNinetyMinutes(t, a.admin.organisationId, a.otherInstructor.id, title);
  expect((await completeCourse(t, who, course.id)).statusCode).toBe(200);
  const enrolment = await t.db
    .selectFrom('enrolments')
    .select('id')
    .where('user_id', '=', who.id)
    .where('course_id', '=', course.id)
    .executeTakeFirstOrThrow();
  const lesson = await t.db.selectFrom('lessons').select('id').where('course_id', '=', course.id).executeTakeFirstOrThrow();
  const now = new Date().toISOString();
  await t.db
    .insertInto('quiz_attempts')
    .values({
      id: newId(),
      enrolment_id: enrolment.id,
      lesson_id: lesson.id,
      attempt: 1,
      answers: JSON.stringify({ q1: `svar af ${who.id}` }),
      result: '{}',
      score: 80,
      passed: 1,
      created_at: now,
      cycle: 1,
    })
    .execute();
  await t.db
    .insertInto('reviews')
    .values({
      id: newId(),
      course_id: course.id,
      user_id: who.id,
      rating: 5,
      comment,
      created_at: now,
      updated_at: now,
      quote_consent_at: now,
      reply: null,
      replied_at: null,
      replied_by: null,
    })
    .execute();
  await insertConversation(t, {
    organisationId: who.organisationId,
    userId: who.id,
    title: `Samtale ${who.id}`,
    content: `Hvad betyder det? (${who.id})`,
    at: now,
    courseId: course.id,
  });
  return course;
}

const zipOf = async (who: Person, id: string) => {
  const res = await t.app.inject({ method: 'GET', url: `/api/exports/${id}/file`, headers: { cookie: who.cookie } });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toBe('application/zip');
  expect(res.headers['content-disposition']).toMatch(/^attachment; filename="kursa-.*\.zip"$/);
  return unzipSync(new Uint8Array(res.rawPayload));
};

/**
 * The export once it is ready and its job has ended: the row turns ready before the audit entry and
 * the notification are written, and the job succeeds after them.
 */
async function ready(who: Person, id: string) {
  const view = await until(async () => {
    const seen = (await call(t, who, 'GET', `/api/exports/${id}`)).json() as TDataExport;
    expect(seen.status).not.toBe('failed');
    return seen.status === 'ready' && seen;
  }, 'the export is ready');
  const { job_id } = await t.db.selectFrom('data_exports').select('job_id').where('id', '=', id).executeTakeFirstOrThrow();
  await until(
    async () => (await t.db.selectFrom('ai_jobs').select('status').where('id', '=', job_id!).executeTakeFirst())?.status === 'succeeded',
    'the export job succeeded',
  );
  return view;
}

const json = (files: Record<string, Uint8Array>, name: string) => JSON.parse(strFromU8(files[name]!)) as unknown;

beforeAll(async () => {
  t = await createTestApp();
  a = await company(t);
  b = await company(t);
  person = await addPerson(t, a.admin.organisationId, 'instructor', 'en');
  other = a.learner;
  await t.db.updateTable('users').set({ contact_name: NAME }).where('id', '=', person.id).execute();
  await seedLearning(person, 'Brandsikkerhed', 'Meget <b>godt</b>');
  await seedLearning(other, 'Førstehjælp', 'Andens anmeldelse');
  const { course } = await courseWithLesson(t, person);
  const res = await upload(t.app, person.cookie, { courseId: course.id, kind: 'download' }, { filename: 'noter.pdf', data: UPLOAD });
  expect(res.statusCode, res.body).toBe(201);
  uploadId = (res.json() as { id: string }).id;
});
afterAll(async () => t.close());

describe("a person's copy", () => {
  let exportId: string;
  let files: Record<string, Uint8Array>;

  it('is made in the background and holds every kind of their data, not another person’s', async () => {
    const res = await call(t, person, 'POST', '/api/me/export');
    expect(res.statusCode, res.body).toBe(202);
    const asked = res.json() as TDataExport;
    expect(asked).toMatchObject({ scope: 'person', status: 'queued', downloadUrl: null });
    exportId = asked.id;
    const view = await ready(person, exportId);
    expect(view.downloadUrl).toBe(`/api/exports/${exportId}/file`);
    expect(Date.parse(view.expiresAt!) - Date.parse(view.readyAt!)).toBe(7 * DAY);
    files = await zipOf(person, exportId);
    expect(view.size).toBeGreaterThan(UPLOAD.length);

    for (const kind of [
      'account',
      'memberships',
      'enrolments',
      'progress',
      'quiz-attempts',
      'certificates',
      'reviews',
      'ai-conversations',
      'notifications',
      'consents',
      'uploads',
    ])
      expect(Object.keys(files), kind).toContain(`${kind}.json`);
    expect(json(files, 'account.json')).toMatchObject({ id: person.id, email: person.email, contact_name: NAME, language: 'en' });
    expect(JSON.stringify(json(files, 'account.json'))).not.toContain('password');
    expect(json(files, 'memberships.json')).toMatchObject({ company: { id: a.admin.organisationId }, role: 'instructor' });
    const enrolments = json(files, 'enrolments.json') as { courses: { course_title: string }[] };
    expect(enrolments.courses.map((c) => c.course_title)).toContain('Brandsikkerhed');
    expect((json(files, 'progress.json') as unknown[]).length).toBe(3);
    expect(json(files, 'quiz-attempts.json')).toMatchObject([{ answers: { q1: `svar af ${person.id}` }, score: 80 }]);
    const certificates = json(files, 'certificates.json') as { code: string }[];
    expect(certificates).toHaveLength(1);
    expect(strFromU8(files[`certificates/${certificates[0]!.code}.pdf`]!.slice(0, 5))).toBe('%PDF-');
    expect(json(files, 'reviews.json')).toMatchObject([{ comment: 'Meget <b>godt</b>', rating: 5 }]);
    expect(json(files, 'ai-conversations.json')).toMatchObject([{ messages: [{ content: `Hvad betyder det? (${person.id})` }] }]);
    const notifications = json(files, 'notifications.json') as { notifications: { kind: string }[] };
    expect(notifications.notifications.map((n) => n.kind)).toContain('course-completed');
    expect(json(files, 'consents.json')).toMatchObject({ reviewQuotes: [{ course: 'Brandsikkerhed' }] });
    expect(json(files, 'uploads.json')).toMatchObject([{ id: uploadId, originalName: 'noter.pdf', size: UPLOAD.length }]);
    expect(Buffer.from(files[`uploads/${uploadId}-noter.pdf`]!).equals(UPLOAD)).toBe(true);

    // Nothing of the other learner of the same company, nor of another company.
    const everything = Object.entries(files)
      .filter(([name]) => name.endsWith('.json') || name.endsWith('.html'))
      .map(([, bytes]) => strFromU8(bytes))
      .join('\n');
    for (const foreign of [other.id, other.email, 'Førstehjælp', 'Andens anmeldelse', b.admin.organisationId])
      expect(everything).not.toContain(foreign);
  });

  it('has a summary in their language that escapes every value', () => {
    const html = strFromU8(files['summary.html']!);
    expect(html).toContain('<html lang="en">');
    expect(html).toContain('A copy of your data from Kursa');
    expect(html).toContain('Pia &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; Co');
    expect(html).not.toContain('<script');
    expect(html).toContain('Brandsikkerhed');
  });

  it('tells who asked in the app and by e-mail, with the way to the profile, and records it in the audit log', async () => {
    const told = await t.db
      .selectFrom('notifications')
      .selectAll()
      .where('user_id', '=', person.id)
      .where('kind', '=', 'export-ready')
      .execute();
    expect(told).toMatchObject([{ link: '/profile?tab=security', dedupe_key: `export:${exportId}` }]);
    const mail = await until(
      () =>
        t.db.selectFrom('mail_outbox').selectAll().where('user_id', '=', person.id).where('kind', '=', 'export-ready').executeTakeFirst(),
      'the mail',
    );
    expect(mail.subject).toBe('The copy of your data is ready');
    expect(mail.text_body).toContain('/profile?tab=security');
    expect(mail.text_body).not.toContain(`/api/exports/${exportId}`);
    const entry = await t.db
      .selectFrom('audit_log')
      .selectAll()
      .where('organisation_id', '=', a.admin.organisationId)
      .where('action', '=', 'data.exported')
      .executeTakeFirstOrThrow();
    expect(entry).toMatchObject({ actor_id: person.id, target_type: 'user', target_id: person.id });
    expect(JSON.parse(entry.details)).toMatchObject({ exportId, scope: 'person', subjectId: person.id });
  });

  it('is listed for its person and for no one else', async () => {
    const mine = (await call(t, person, 'GET', '/api/me/exports')).json() as { exports: TDataExport[] };
    expect(mine.exports.map((e) => e.id)).toEqual([exportId]);
    expect(((await call(t, other, 'GET', '/api/me/exports')).json() as { exports: TDataExport[] }).exports).toEqual([]);
    for (const who of [other, a.admin, b.admin]) {
      expect((await call(t, who, 'GET', `/api/exports/${exportId}`)).statusCode).toBe(404);
      expect((await call(t, who, 'GET', `/api/exports/${exportId}/file`)).statusCode).toBe(404);
    }
    expect((await call(t, null, 'GET', `/api/exports/${exportId}`)).statusCode).toBe(401);
  });

  it('runs one at a time per person and at most 3 a day', async () => {
    const someone = await addPerson(t, a.admin.organisationId, 'learner');
    // Two at once: the database lets one through.
    const both = await Promise.all([call(t, someone, 'POST', '/api/me/export'), call(t, someone, 'POST', '/api/me/export')]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([202, 409]);
    expect(both.find((r) => r.statusCode === 409)!.json()).toMatchObject({ code: 'EXPORT_RUNNING' });
    await ready(someone, (both.find((r) => r.statusCode === 202)!.json() as TDataExport).id);
    // One whose job is gone (cancelled, its kind removed) holds nobody back: it is marked failed.
    const stale = {
      id: newId(),
      organisation_id: someone.organisationId,
      requested_by: someone.id,
      scope: 'person' as const,
      subject_user_id: someone.id,
      status: 'running' as const,
      active_key: `person:${someone.id}`,
      job_id: newId(),
      storage_key: null,
      size: null,
      error: null,
      created_at: new Date().toISOString(),
      ready_at: null,
      expires_at: null,
    };
    await t.db.insertInto('data_exports').values(stale).execute();
    const next = await call(t, someone, 'POST', '/api/me/export');
    expect(next.statusCode, next.body).toBe(202);
    expect(await t.db.selectFrom('data_exports').select(['status', 'active_key']).where('id', '=', stale.id).executeTakeFirst()).toEqual({
      status: 'failed',
      active_key: null,
    });
    await ready(someone, (next.json() as TDataExport).id);
    // Three asked for in 24 hours: the fourth waits.
    const tooMany = await call(t, someone, 'POST', '/api/me/export');
    expect(tooMany.statusCode).toBe(429);
    expect(tooMany.json()).toMatchObject({ code: 'TOO_MANY_EXPORTS' });
    expect(await t.db.selectFrom('data_exports').select('id').where('requested_by', '=', someone.id).execute()).toHaveLength(3);
  });

  it('is removed after 7 days by the periodic scan, and marked expired', async () => {
    const { storage_key: key } = await t.db
      .selectFrom('data_exports')
      .select('storage_key')
      .where('id', '=', exportId)
      .executeTakeFirstOrThrow();
    const storage = new DiskStorage(path.resolve(t.database.dataDir, 'uploads'));
    expect(await storage.head(key!)).not.toBeNull();
    const expiry = new ExportsExpiry(t.db, storage);
    // Not yet at 6 days.
    expect(await expiry.pending(after(new Date(), 6 * DAY))).toEqual([]);
    const notifications = await queueingNotifications(t);
    const scheduler = new NotificationScheduler(t.db, scanJobs(t.db, notifications), 1000, t.app.log, undefined, {
      'exports-expired': expiry.work,
    });
    expect(await scheduler.tick(after(new Date(), 7 * DAY + 60_000))).toBeGreaterThan(0);
    // The app's worker runs the scan with the app's own expiry (app.ts wires it into the scan).
    await until(
      async () => ((await call(t, person, 'GET', `/api/exports/${exportId}`)).json() as TDataExport).status === 'expired',
      'the export expired',
    );
    expect(await storage.head(key!)).toBeNull();
    const view = (await call(t, person, 'GET', `/api/exports/${exportId}`)).json() as TDataExport;
    expect(view.downloadUrl).toBeNull();
    expect((await call(t, person, 'GET', `/api/exports/${exportId}/file`)).statusCode).toBe(410);
  });
});

describe("a company's copy", () => {
  it('is for admins only', async () => {
    for (const who of [a.learner, a.instructor]) {
      expect((await call(t, who, 'POST', '/api/organisation/export')).statusCode).toBe(403);
      expect((await call(t, who, 'GET', '/api/organisation/exports')).statusCode).toBe(403);
    }
  });

  it("holds every person's copy, every course and the company's uploads, and only the company's admins see it", async () => {
    // An upload whose bytes the storage no longer has is listed as missing, not a failed copy.
    const lost = newId();
    await t.db
      .insertInto('uploads')
      .values({
        id: lost,
        organisation_id: a.admin.organisationId,
        course_id: null,
        uploaded_by: a.instructor.id,
        kind: 'download',
        mime: 'application/pdf',
        size: 10,
        original_name: 'væk.pdf',
        storage_key: `ab/${'x'.repeat(32)}`,
        created_at: new Date().toISOString(),
      })
      .execute();
    const res = await call(t, a.admin, 'POST', '/api/organisation/export');
    expect(res.statusCode, res.body).toBe(202);
    const { id } = res.json() as TDataExport;
    await ready(a.admin, id);
    const files = await zipOf(a.admin, id);
    const company = json(files, 'company.json') as { id: string; people: { id: string }[] };
    expect(company.id).toBe(a.admin.organisationId);
    for (const member of [a.admin, a.instructor, a.learner, person]) {
      expect(company.people.map((p) => p.id)).toContain(member.id);
      expect(json(files, `people/${member.id}/account.json`)).toMatchObject({ id: member.id });
      expect(Object.keys(files)).toContain(`people/${member.id}/summary.html`);
    }
    const courses = await t.db.selectFrom('courses').select('id').where('organisation_id', '=', a.admin.organisationId).execute();
    for (const course of courses)
      expect(json(files, `courses/${course.id}.json`)).toMatchObject({ id: course.id, modules: expect.any(Array) });
    expect(Buffer.from(files[`uploads/${uploadId}-noter.pdf`]!).equals(UPLOAD)).toBe(true);
    expect(json(files, 'uploads-missing.json')).toEqual([lost]);
    expect(Object.keys(files).some((name) => name.includes(b.admin.id))).toBe(false);
    // Each person's overview in their own language: the learner has none set, so Danish.
    expect(strFromU8(files[`people/${a.learner.id}/summary.html`]!)).toContain('<h1>Kopi af dine data fra Kursa</h1>');
    // Another admin of the company sees it; another company's admin and a member do not.
    const admin2 = await addPerson(t, a.admin.organisationId, 'admin');
    expect((await call(t, admin2, 'GET', `/api/exports/${id}`)).statusCode).toBe(200);
    expect(
      ((await call(t, admin2, 'GET', '/api/organisation/exports')).json() as { exports: TDataExport[] }).exports.map((e) => e.id),
    ).toContain(id);
    expect((await call(t, b.admin, 'GET', `/api/exports/${id}`)).statusCode).toBe(404);
    expect((await call(t, a.learner, 'GET', `/api/exports/${id}/file`)).statusCode).toBe(404);
    const told = await t.db
      .selectFrom('notifications')
      .select('link')
      .where('user_id', '=', a.admin.id)
      .where('kind', '=', 'export-ready')
      .execute();
    expect(told).toEqual([{ link: '/dashboard/settings' }]);
  });
});
