import { afterAll, beforeAll, expect, it } from 'vitest';
import { addDays, copenhagenDate, isoWeekday, morningOf } from '../../src/server/domains/notifications/copenhagen-time.ts';
import { pendingDigests } from '../../src/server/domains/notifications/digest.ts';
import type { NotificationsService } from '../../src/server/domains/notifications/index.ts';
import { NotificationScheduler } from '../../src/server/domains/notifications/scheduler.ts';
import { createTestApp, registerCompany, type TestApp } from '../helpers/app.ts';
import { until } from '../helpers/jobs.ts';
import { addMember } from '../helpers/media.ts';
import { after, HOUR, MINUTE, queueingNotifications, scanJobs } from '../helpers/notifications.ts';
import { startTestSmtp, type TestSmtp } from '../helpers/smtp.ts';

// The daily digest. The scheduler is ticked at fixed moments (07:30 in Copenhagen on coming
// days); the jobs it starts run on the app's worker, and the mail goes to a local SMTP server.
let t: TestApp;
let smtp: TestSmtp;
let service: NotificationsService;
let scheduler: NotificationScheduler;

beforeAll(async () => {
  smtp = await startTestSmtp();
  // The app's own scheduler keeps its default period: it does not look during this file.
  t = await createTestApp({ env: { SMTP_URL: smtp.url, MAIL_RETRY_MS: '100' } });
  await t.app.ready();
  service = await queueingNotifications(t);
  scheduler = new NotificationScheduler(t.db, scanJobs(t.db, service), 1000, t.app.log);
});

afterAll(async () => {
  await t.close();
  await smtp.close();
});

const emailOf = async (id: string) => (await t.db.selectFrom('users').select('email').where('id', '=', id).executeTakeFirstOrThrow()).email;

const scanJobsOf = (organisationId: string) =>
  t.db
    .selectFrom('ai_jobs')
    .select('status')
    .where('kind', '=', 'notification-scan')
    .where('organisation_id', '=', organisationId)
    .execute();

/** Ticks the scheduler at `at` and waits for the company's scan jobs to end. */
async function scanAt(at: Date, organisationId: string): Promise<number> {
  const started = await scheduler.tick(at);
  await until(async () => (await scanJobsOf(organisationId)).every((j) => j.status === 'succeeded'), 'the scan jobs done');
  return started;
}

it('gathers a day’s notifications of a daily kind into one mail after 07:00, and loses none that come after it', async () => {
  const admin = await registerCompany(t.app);
  const organisationId = admin.user.organisationId as string;
  const instructor = await addMember(t.app, t.db, organisationId, 'instructor');
  const instant = await addMember(t.app, t.db, organisationId, 'instructor');
  await t.app.inject({
    method: 'PUT',
    url: '/api/notifications/preferences',
    headers: { cookie: instant.cookie },
    payload: { kinds: [{ kind: 'new-enrolment', mail: 'instant' }] },
  });
  const address = await emailOf(instructor.id);
  const enrolment = (userId: string, course: string) =>
    service.notify({ kind: 'new-enrolment', userId, key: `enrolment:${course}`, params: { course, learner: 'Bo' }, link: '/dashboard' });

  // A coming day whose morning and the next are not Mondays, when the weekly summary would go out too.
  let day = addDays(copenhagenDate(new Date()), 1);
  while ([1, 7].includes(isoWeekday(day))) day = addDays(day, 1);
  const morning = morningOf(day);

  // New enrolments and completions are mailed daily by default: nothing goes out when they are told.
  await enrolment(instructor.id, 'Brandsikkerhed');
  await service.notify({
    kind: 'new-completion',
    userId: instructor.id,
    key: 'completion:Førstehjælp',
    params: { course: 'Førstehjælp', learner: 'Bo' },
    link: '/dashboard',
  });
  await enrolment(instant.id, 'Brandsikkerhed');
  const digests = () =>
    t.db
      .selectFrom('mail_outbox')
      .select(['subject', 'html_body', 'text_body'])
      .where('user_id', '=', instructor.id)
      .where('kind', '=', 'digest')
      .orderBy('created_at')
      .execute();
  expect(await t.db.selectFrom('mail_outbox').select('id').where('user_id', '=', instructor.id).execute()).toEqual([]);
  // Told at 05:00 that morning: before 07:00 that day's digest is not due.
  await t.db
    .updateTable('notifications')
    .set({ created_at: after(morning, -2 * HOUR).toISOString() })
    .where('user_id', '=', instructor.id)
    .execute();
  expect(await pendingDigests(t.db, after(morning, -MINUTE), organisationId)).toEqual([]);
  expect(await pendingDigests(t.db, after(morning, 30 * MINUTE), organisationId)).toEqual([{ userId: instructor.id, organisationId, day }]);

  expect(await scanAt(after(morning, 30 * MINUTE), organisationId)).toBe(1);
  const [first] = await digests();
  expect(first!.subject).toBe('I dag på Kursa: 2 nye');
  expect(first!.html_body).toContain('Ny kursist på »Brandsikkerhed«');
  expect(first!.html_body).toContain('»Førstehjælp« gennemført');
  // The plain-text part names each item before its address, as the HTML does.
  expect(first!.text_body).toMatch(/Ny kursist på »Brandsikkerhed«:\nhttp:\/\/localhost:5000\/\S+/);
  expect(first!.text_body).toMatch(/»Førstehjælp« gennemført:\nhttp:\/\/localhost:5000\/\S+/);
  await until(() => smtp.to(address).some((m) => m.subject === 'I dag på Kursa: 2 nye'), 'the digest mail');
  // The instructor who chose instant mail had theirs at once, and no digest.
  await until(async () => smtp.to(await emailOf(instant.id)).length === 1, 'the instant mail');

  // One told after 07:00 waits for tomorrow's digest; so does one told after the digest went out
  // although the day's digest had not begun when it was told (another instance's clock).
  await enrolment(instructor.id, 'Hygiejne');
  await t.db
    .updateTable('notifications')
    .set({ created_at: after(morning, 10 * MINUTE).toISOString() })
    .where('user_id', '=', instructor.id)
    .where('dedupe_key', '=', 'enrolment:Hygiejne')
    .execute();
  await enrolment(instructor.id, 'GDPR');
  expect(await service.sendDigest(instructor.id, day)).toBe(false);
  const waiting = await t.db
    .selectFrom('notifications')
    .select('dedupe_key')
    .where('user_id', '=', instructor.id)
    .where('digest_pending', '=', 1)
    .orderBy('dedupe_key')
    .execute();
  expect(waiting.map((n) => n.dedupe_key)).toEqual(['enrolment:GDPR', 'enrolment:Hygiejne']);
  // Later the same morning nothing is due: no job is started.
  expect(await scanAt(after(morning, 45 * MINUTE), organisationId)).toBe(0);
  expect(await digests()).toHaveLength(1);

  // The next morning they come, in one mail.
  expect(await scanAt(after(morningOf(addDays(day, 1)), 30 * MINUTE), organisationId)).toBe(1);
  const [, next] = await until(async () => {
    const rows = await digests();
    return rows.length === 2 && rows;
  }, 'the next day’s digest');
  expect(next!.subject).toBe('I dag på Kursa: 2 nye');
  expect(next!.html_body).toContain('Ny kursist på »Hygiejne«');
  expect(next!.html_body).toContain('Ny kursist på »GDPR«');
  expect(next!.html_body).not.toContain('Brandsikkerhed');
  await until(() => smtp.to(address).filter((m) => m.subject.startsWith('I dag på Kursa')).length === 2, 'both digest mails');
  expect(
    await t.db.selectFrom('notifications').select('id').where('user_id', '=', instructor.id).where('digest_pending', '=', 1).execute(),
  ).toEqual([]);
  expect((await scanJobsOf(organisationId)).length).toBe(2);
  expect(smtp.to(address).map((m) => m.subject)).toEqual(['I dag på Kursa: 2 nye', 'I dag på Kursa: 2 nye']);
  // Each day's digest exists once, even asked for again.
  expect(await service.sendDigest(instructor.id, addDays(day, 1))).toBe(false);
});
