import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp, registerCompany, type TestApp, createTestApp } from '../helpers/app.ts';
import { until } from '../helpers/jobs.ts';
import { addMember, insertCourse } from '../helpers/media.ts';
import { startTestSmtp, type TestSmtp } from '../helpers/smtp.ts';

// Reminders of due dates, looked for every second by two instances on one database, each with its
// own worker and outbox; the mail goes to a local SMTP server.
let t: TestApp;
let second: FastifyInstance;
let smtp: TestSmtp;

const DAY = 24 * 60 * 60 * 1000;

beforeAll(async () => {
  smtp = await startTestSmtp();
  const env = { SMTP_URL: smtp.url, NOTIFICATIONS_SCAN_INTERVAL_MS: '1000', MAIL_RETRY_MS: '100' };
  t = await createTestApp({ env });
  second = await buildTestApp(t.database, { env });
  await Promise.all([t.app.ready(), second.ready()]);
});

afterAll(async () => {
  await second.close();
  await t.close();
  await smtp.close();
});

const emailOf = async (id: string) => (await t.db.selectFrom('users').select('email').where('id', '=', id).executeTakeFirstOrThrow()).email;

it('reminds a learner once before a due date and once after it, across two instances, and the assignment itself at once', async () => {
  const admin = await registerCompany(t.app);
  const organisationId = admin.user.organisationId;
  const soon = await addMember(t.app, t.db, organisationId, 'learner');
  const late = await addMember(t.app, t.db, organisationId, 'learner');
  const done = await addMember(t.app, t.db, organisationId, 'learner');
  const courseId = await insertCourse(t.db, { organisationId, ownerId: admin.user.id, status: 'published' });
  await t.db.updateTable('courses').set({ title: 'Brandsikkerhed' }).where('id', '=', courseId).execute();
  const assign = (userIds: string[], dueAt: Date) =>
    t.app.inject({
      method: 'POST',
      url: `/api/courses/${courseId}/assignments`,
      headers: { cookie: admin.cookie },
      payload: { userIds, dueAt: dueAt.toISOString() },
    });
  expect((await assign([soon.id], new Date(Date.now() + 2 * DAY))).statusCode).toBe(200);
  expect((await assign([late.id, done.id], new Date(Date.now() - 3 * DAY))).statusCode).toBe(200);
  // One of the late ones has completed the course: no reminder for them.
  await t.db.updateTable('enrolments').set({ completed_at: new Date().toISOString() }).where('user_id', '=', done.id).execute();

  const [soonAddress, lateAddress, doneAddress] = await Promise.all([emailOf(soon.id), emailOf(late.id), emailOf(done.id)]);
  const subjects = (address: string) => smtp.to(address).map((m) => m.subject);
  await until(
    () => subjects(soonAddress).includes('»Brandsikkerhed« skal være gennemført ' + dayOf(Date.now() + 2 * DAY)),
    'the due-soon mail',
  );
  await until(() => subjects(lateAddress).includes('Fristen for »Brandsikkerhed« er overskredet'), 'the overdue mail');
  // The assignments were told at once, when made.
  expect(subjects(soonAddress)[0]).toMatch(/^Du er tildelt »Brandsikkerhed«$/);

  // Two more periods looked at by both instances: nothing more is due, so nothing more is sent.
  const runs = async () => (await t.db.selectFrom('scheduled_runs').select('period').execute()).length;
  const seen = await runs();
  await until(async () => (await runs()) >= seen + 2, 'two more periods');
  await until(
    async () => (await t.db.selectFrom('mail_outbox').select('id').where('status', '!=', 'sent').execute()).length === 0,
    'the queue empty',
  );
  expect(subjects(soonAddress)).toHaveLength(2);
  expect(subjects(lateAddress)).toHaveLength(2);
  expect(subjects(doneAddress)).toEqual(['Du er tildelt »Brandsikkerhed«']);
  const told = await t.db.selectFrom('notifications').select(['user_id', 'kind']).where('kind', 'in', ['due-soon', 'overdue']).execute();
  expect(told.sort((a, b) => a.kind.localeCompare(b.kind))).toEqual([
    { user_id: soon.id, kind: 'due-soon' },
    { user_id: late.id, kind: 'overdue' },
  ]);
  // Each reminder was a job of the learners' company, and every one succeeded.
  const scans = () => t.db.selectFrom('ai_jobs').select('status').where('kind', '=', 'notification-scan').execute();
  await until(async () => (await scans()).every((j) => ['succeeded', 'failed', 'cancelled'].includes(j.status)), 'the scan jobs ended');
  const jobs = await t.db.selectFrom('ai_jobs').select(['status', 'organisation_id']).where('kind', '=', 'notification-scan').execute();
  expect(jobs.length).toBeGreaterThanOrEqual(1);
  expect(jobs.every((j) => j.status === 'succeeded' && j.organisation_id === organisationId)).toBe(true);
});

function dayOf(ms: number): string {
  return new Intl.DateTimeFormat('da-DK', { dateStyle: 'long', timeZone: 'Europe/Copenhagen' }).format(new Date(ms));
}
