import { afterAll, beforeAll, expect, it } from 'vitest';
import { setUpCompliance } from '../../src/server/domains/compliance/index.ts';
import { EnrolmentsService } from '../../src/server/domains/learning/index.ts';
import type { NotificationsService } from '../../src/server/domains/notifications/index.ts';
import { NotificationScheduler } from '../../src/server/domains/notifications/scheduler.ts';
import type { TComplianceMatrix } from '../../src/shared/schemas/compliance.ts';
import type { TCertificateVerification } from '../../src/shared/schemas/certificates.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { completeCourse, courseOfNinetyMinutes } from '../helpers/certificates.ts';
import { addPerson, call, company, type Company } from '../helpers/courses.ts';
import { until } from '../helpers/jobs.ts';
import { DAY, queueingNotifications, scanJobs } from '../helpers/notifications.ts';

// A course required every 12 months. Time is moved on by ticking a scheduler at chosen moments
// (its jobs run on the app's worker with the app's compliance) and by the app's compliance clock.
let t: TestApp;
let c: Company;
let service: NotificationsService;
let scheduler: NotificationScheduler;
let now = () => new Date();

beforeAll(async () => {
  t = await createTestApp({ clock: () => now() });
  await t.app.ready();
  c = await company(t);
  service = await queueingNotifications(t);
  const { work } = setUpCompliance(t.db, new EnrolmentsService(t.db), service, t.app.log);
  scheduler = new NotificationScheduler(t.db, scanJobs(t.db, service), 1000, t.app.log, undefined, { renewals: work.renewals! });
});

afterAll(async () => {
  await t.close();
});

const scansEnded = async () =>
  (await t.db.selectFrom('ai_jobs').select('status').where('kind', '=', 'notification-scan').execute()).every((j) =>
    ['succeeded', 'failed', 'cancelled'].includes(j.status),
  );

it('assigns the course again before the certificate expires, reminds, keeps the old certificate valid until then, and signs the expiry', async () => {
  const learner = await addPerson(t, c.admin.organisationId, 'learner');
  const course = await courseOfNinetyMinutes(t, c.admin.organisationId, c.instructor.id, 'Førstehjælp');
  const crew = (await call(t, c.admin, 'POST', '/api/groups', { name: 'Førstehjælpere', kind: 'team' })).json() as { id: string };
  await call(t, c.admin, 'PUT', `/api/groups/${crew.id}/members`, { userIds: [learner.id] });
  const created = await call(t, c.admin, 'POST', '/api/requirements', {
    courseId: course.id,
    groupId: crew.id,
    dueDays: 30,
    recurMonths: 12,
    renewDays: 30,
  });
  expect(created.statusCode, created.body).toBe(201);
  const requirementId = (created.json() as { id: string }).id;

  expect((await completeCourse(t, learner, course.id)).statusCode).toBe(200);
  const [first] = await t.db.selectFrom('certificates').selectAll().where('user_id', '=', learner.id).execute();
  const issued = new Date(first!.issued_at);
  const expected = new Date(issued);
  expected.setUTCMonth(expected.getUTCMonth() + 12);
  expect(first!.expires_at).toBe(expected.toISOString());
  // The expiry is signed: the certificate verifies as genuine and says until when.
  const verified = (await call(t, null, 'GET', `/api/certificates/${first!.code}`)).json() as TCertificateVerification;
  expect(verified.status).toBe('genuine');
  expect(verified.certificate?.expiresAt).toBe(first!.expires_at);
  await t.db
    .updateTable('certificates')
    .set({ expires_at: new Date(expected.getTime() + DAY).toISOString() })
    .where('id', '=', first!.id)
    .execute();
  expect(((await call(t, null, 'GET', `/api/certificates/${first!.code}`)).json() as TCertificateVerification).status).toBe('invalid');
  await t.db.updateTable('certificates').set({ expires_at: first!.expires_at }).where('id', '=', first!.id).execute();

  const status = async () => {
    const matrix = (await call(t, c.admin, 'GET', `/api/reports/compliance?group=${crew.id}`)).json() as TComplianceMatrix;
    return matrix.rows[0]!.cells.find((x) => x.requirementId === requirementId)!;
  };
  expect(await status()).toMatchObject({ status: 'completed', validUntil: first!.expires_at });

  // 29 days before it expires, inside the 30-day window: assigned again, due when it expires.
  const renewal = new Date(expected.getTime() - 29 * DAY);
  now = () => renewal;
  expect((await status()).status).toBe('expiring');
  expect(await scheduler.tick(renewal)).toBeGreaterThan(0);
  await until(
    async () => (await t.db.selectFrom('enrolments').select('cycle').where('user_id', '=', learner.id).executeTakeFirst())?.cycle === 2,
    'the renewal',
  );
  await until(scansEnded, 'the scan jobs ended');
  const enrolment = await t.db.selectFrom('enrolments').selectAll().where('user_id', '=', learner.id).executeTakeFirstOrThrow();
  expect(enrolment).toMatchObject({ completed_at: null, progress: 0, due_at: first!.expires_at });
  expect(await t.db.selectFrom('lesson_progress').select('lesson_id').where('enrolment_id', '=', enrolment.id).execute()).toEqual([]);
  const told = await t.db
    .selectFrom('notifications')
    .select(['kind', 'params'])
    .where('user_id', '=', learner.id)
    .where('kind', '=', 'course-assigned')
    .execute();
  expect(told.map((n) => JSON.parse(n.params).dueAt)).toContain(first!.expires_at);
  // The old certificate holds until it expires.
  expect(((await call(t, null, 'GET', `/api/certificates/${first!.code}`)).json() as TCertificateVerification).status).toBe('genuine');
  expect(await status()).toMatchObject({ status: 'expiring', validUntil: first!.expires_at, completedAt: first!.issued_at });
  // A second look finds nothing more to renew.
  expect(await scheduler.tick(new Date(renewal.getTime() + 60 * 60 * 1000))).toBe(0);

  // Two days before the due date: the reminder we have for any assignment.
  const reminder = new Date(expected.getTime() - 2 * DAY);
  expect(await scheduler.tick(reminder)).toBeGreaterThan(0);
  await until(
    async () =>
      (await t.db.selectFrom('notifications').select('kind').where('user_id', '=', learner.id).where('kind', '=', 'due-soon').execute())
        .length === 1,
    'the due-soon reminder',
  );
  await until(scansEnded, 'the scan jobs ended');

  // Past the expiry without taking it again: expired.
  now = () => new Date(expected.getTime() + DAY);
  expect((await status()).status).toBe('expired');

  // Taken again: a second certificate, for the enrolment's second cycle, with its own expiry.
  now = () => new Date();
  expect((await completeCourse(t, learner, course.id)).statusCode).toBe(200);
  const certificates = await t.db.selectFrom('certificates').selectAll().where('user_id', '=', learner.id).orderBy('cycle').execute();
  expect(certificates.map((x) => x.cycle)).toEqual([1, 2]);
  expect(certificates[1]!.expires_at! > certificates[0]!.expires_at!).toBe(true);
  expect(await status()).toMatchObject({
    status: 'completed',
    completedAt: certificates[1]!.issued_at,
    validUntil: certificates[1]!.expires_at,
  });
  const events = await t.db
    .selectFrom('compliance_history')
    .select('event')
    .where('requirement_id', '=', requirementId)
    .orderBy('id')
    .execute();
  expect(events.map((e) => e.event)).toEqual(['required', 'started', 'completed', 'renewed', 'started', 'completed']);
});
