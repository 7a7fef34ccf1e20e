import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Db } from '../../src/server/db/database.ts';
import { addDays, copenhagenDate, isoWeek, isoWeekday, morningOf } from '../../src/server/domains/notifications/copenhagen-time.ts';
import type { NotificationsService } from '../../src/server/domains/notifications/index.ts';
import { NotificationScheduler } from '../../src/server/domains/notifications/scheduler.ts';
import { pendingWeeklyRecipients, pendingWeeklySummaries } from '../../src/server/domains/notifications/weekly.ts';
import { buildTestApp, createTestApp, registerCompany, type TestApp } from '../helpers/app.ts';
import { enrol } from '../helpers/dashboard.ts';
import { until } from '../helpers/jobs.ts';
import { addMember, insertCourse } from '../helpers/media.ts';
import { after, DAY, HOUR, MINUTE, queueingNotifications, scanJobs } from '../helpers/notifications.ts';
import { startTestSmtp, type TestSmtp } from '../helpers/smtp.ts';

// The weekly summary to admins and instructors: its figures at a fixed Monday morning, then two
// schedulers looking every second at a Monday morning to come, their jobs run by two instances'
// workers, the mail going to a local SMTP server.
let t: TestApp;
let second: FastifyInstance;
let otherDb: Db;
let smtp: TestSmtp;
let service: NotificationsService;

beforeAll(async () => {
  smtp = await startTestSmtp();
  // The instances' own schedulers keep their default period: they do not look during this file.
  const env = { SMTP_URL: smtp.url, MAIL_RETRY_MS: '100' };
  t = await createTestApp({ env });
  second = await buildTestApp(t.database, { env });
  await Promise.all([t.app.ready(), second.ready()]);
  otherDb = openDatabase({ databaseUrl: t.database.url, dataDir: t.database.dataDir }).db;
  service = await queueingNotifications(t);
});

afterAll(async () => {
  await otherDb.destroy();
  await second.close();
  await t.close();
  await smtp.close();
});

const emailOf = async (id: string) => (await t.db.selectFrom('users').select('email').where('id', '=', id).executeTakeFirstOrThrow()).email;

async function course(organisationId: string, ownerId: string, title: string): Promise<string> {
  const id = await insertCourse(t.db, { organisationId, ownerId, status: 'published' });
  await t.db.updateTable('courses').set({ title }).where('id', '=', id).execute();
  return id;
}

describe('at a fixed Monday morning', () => {
  // Monday 2 March 2026, ISO week 10; the figures are of 23 February 07:00 to 2 March 07:00 (week 9).
  const monday = morningOf('2026-03-02');
  const now = after(monday, 15 * MINUTE);
  const inWeek = (day: string) => `${day}T10:00:00.000Z`;

  it('sums the week for an admin (the whole company) and an instructor (their own courses)', async () => {
    const admin = await registerCompany(t.app);
    const organisationId = admin.user.organisationId as string;
    const x = await addMember(t.app, t.db, organisationId, 'instructor');
    const y = await addMember(t.app, t.db, organisationId, 'instructor');
    const gone = await addMember(t.app, t.db, organisationId, 'instructor');
    await t.db.updateTable('users').set({ deactivated_at: new Date().toISOString() }).where('id', '=', gone.id).execute();
    const learners = await Promise.all([1, 2, 3, 4].map(() => addMember(t.app, t.db, organisationId, 'learner')));
    const [l1, l2, l3, l4] = learners.map((l) => l.id) as [string, string, string, string];
    const fire = await course(organisationId, x.id, 'Brandsikkerhed');
    const aid = await course(organisationId, x.id, 'Førstehjælp');
    const gdpr = await course(organisationId, y.id, 'GDPR');
    const hygiene = await course(organisationId, y.id, 'Hygiejne');
    const lead = await course(organisationId, admin.user.id, 'Ledelse');

    // X: 5 new, 2 completed within the week (one enrolled before it), 1 overdue now.
    await enrol(t, fire, l1, { enrolledAt: inWeek('2026-02-24'), completedAt: inWeek('2026-02-27') });
    await enrol(t, fire, l2, { enrolledAt: inWeek('2026-02-25') });
    await enrol(t, fire, l3, { enrolledAt: inWeek('2026-02-26') });
    await enrol(t, fire, l4, { enrolledAt: inWeek('2026-02-26'), dueAt: inWeek('2026-03-01') });
    await enrol(t, aid, l1, { enrolledAt: inWeek('2026-02-28') });
    await enrol(t, aid, l2, { enrolledAt: inWeek('2026-02-10'), completedAt: inWeek('2026-02-24') });
    // Y: 5 new, none completed, 1 overdue (one completed before its due date is not).
    await enrol(t, gdpr, l1, { enrolledAt: inWeek('2026-02-23') });
    await enrol(t, gdpr, l2, { enrolledAt: inWeek('2026-03-01') });
    await enrol(t, gdpr, l3, { enrolledAt: inWeek('2026-02-01'), dueAt: inWeek('2026-02-20') });
    await enrol(t, gdpr, l4, { enrolledAt: inWeek('2026-02-01'), dueAt: inWeek('2026-02-20'), completedAt: inWeek('2026-02-19') });
    for (const l of [l1, l2, l3]) await enrol(t, hygiene, l, { enrolledAt: inWeek('2026-02-27') });
    // The admin's own course: one enrolled within the week (due later, so not overdue); the others
    // just before it began and just as it ended.
    await enrol(t, lead, l1, { enrolledAt: after(morningOf('2026-02-23'), -1).toISOString() });
    await enrol(t, lead, l2, { enrolledAt: monday.toISOString() });
    await enrol(t, lead, l3, { enrolledAt: inWeek('2026-02-25'), dueAt: inWeek('2026-03-09') });
    // Another company's week counts for it only.
    const other = await registerCompany(t.app);
    const otherLearner = await addMember(t.app, t.db, other.user.organisationId, 'learner');
    await enrol(t, await course(other.user.organisationId, other.user.id, 'Truck'), otherLearner.id, { enrolledAt: inWeek('2026-02-25') });

    const events = await pendingWeeklySummaries(t.db, now, organisationId);
    const byPerson = new Map(events.map((e) => [e.userId, e]));
    expect([...byPerson.keys()].sort()).toEqual([admin.user.id, x.id, y.id].sort());
    expect(byPerson.get(admin.user.id)).toEqual({
      kind: 'weekly-summary',
      userId: admin.user.id,
      key: 'weekly:2026-W10',
      params: {
        week: 9,
        enrolments: 11,
        completions: 2,
        overdue: 2,
        top: [
          { title: 'Brandsikkerhed', enrolments: 4 },
          { title: 'Hygiejne', enrolments: 3 },
          { title: 'GDPR', enrolments: 2 },
        ],
      },
      link: '/dashboard',
      organisationId,
    });
    expect(byPerson.get(x.id)!.params).toEqual({
      week: 9,
      enrolments: 5,
      completions: 2,
      overdue: 1,
      top: [
        { title: 'Brandsikkerhed', enrolments: 4 },
        { title: 'Førstehjælp', enrolments: 1 },
      ],
    });
    expect(byPerson.get(y.id)!.params).toEqual({
      week: 9,
      enrolments: 5,
      completions: 0,
      overdue: 1,
      top: [
        { title: 'Hygiejne', enrolments: 3 },
        { title: 'GDPR', enrolments: 2 },
      ],
    });
    const [otherEvent] = await pendingWeeklySummaries(t.db, now, other.user.organisationId);
    expect(otherEvent!.params).toEqual({ week: 9, enrolments: 1, completions: 0, overdue: 0, top: [{ title: 'Truck', enrolments: 1 }] });

    // Told by mail only (its default), once.
    for (const event of events) expect(await service.notify(event)).toBe(true);
    expect(await pendingWeeklySummaries(t.db, now, organisationId)).toEqual([]);
    const address = await emailOf(admin.user.id);
    const [mail] = await until(() => smtp.to(address).length > 0 && smtp.to(address), 'the admin’s summary');
    expect(mail!.subject).toBe('Jeres uge på Kursa (uge 9)');
    expect(mail!.text).toContain(
      '11 nye tilmeldinger, 2 gennemførelser, 2 over fristen. Flest tilmeldte: Brandsikkerhed (4), Hygiejne (3), GDPR (2).',
    );
    expect(mail!.text).toContain('http://localhost:5000/dashboard');
    const list = await t.app.inject({ url: '/api/notifications', headers: { cookie: x.cookie } });
    expect(list.json().notifications).toEqual([]);
  });

  it('is due from Monday 07:00 until Tuesday 07:00 Copenhagen time, and again the next Monday', async () => {
    const admin = await registerCompany(t.app);
    const organisationId = admin.user.organisationId as string;
    const due = async (at: Date) => (await pendingWeeklyRecipients(t.db, at, organisationId)).map((r) => r.key);
    expect(await due(after(monday, -1))).toEqual([]);
    expect(await due(monday)).toEqual(['weekly:2026-W10']);
    expect(await due(after(morningOf('2026-03-03'), -1))).toEqual(['weekly:2026-W10']);
    expect(await due(morningOf('2026-03-03'))).toEqual([]);
    expect(await due(morningOf('2026-03-08'))).toEqual([]);
    // In summer time 07:00 in Copenhagen is 05:00 UTC.
    expect(await due(new Date('2026-06-01T04:59:00.000Z'))).toEqual([]);
    expect(await due(new Date('2026-06-01T05:00:00.000Z'))).toEqual(['weekly:2026-W23']);
    // Told this week, due again the next.
    for (const event of await pendingWeeklySummaries(t.db, now, organisationId)) await service.notify(event);
    expect(await due(now)).toEqual([]);
    expect(await due(after(morningOf('2026-03-09'), MINUTE))).toEqual(['weekly:2026-W11']);
  });
});

it('is told once per person and week by two instances scanning every second', async () => {
  // Everyone is on a paid plan, so that the morning to come brings no notice of a trial's end.
  await t.db.updateTable('organisations').set({ plan: 'starter' }).execute();
  const admin = await registerCompany(t.app);
  const organisationId = admin.user.organisationId as string;
  await t.db.updateTable('organisations').set({ plan: 'starter' }).where('id', '=', organisationId).execute();
  const owner = await addMember(t.app, t.db, organisationId, 'instructor');
  const idle = await addMember(t.app, t.db, organisationId, 'instructor');
  const learner = await addMember(t.app, t.db, organisationId, 'learner');

  // A Monday at least a week ahead, its morning as the schedulers' clock, running on from there.
  let day = addDays(copenhagenDate(new Date()), 7);
  while (isoWeekday(day) !== 1) day = addDays(day, 1);
  await enrol(t, await course(organisationId, owner.id, 'Brandsikkerhed'), learner.id, {
    enrolledAt: after(morningOf(day), -2 * DAY).toISOString(),
  });
  const start = Date.now();
  const base = after(morningOf(day), 5 * MINUTE).getTime();
  const clock = () => new Date(base + Date.now() - start);
  const schedulers = [
    new NotificationScheduler(t.db, scanJobs(t.db, service), 1000, t.app.log, clock),
    new NotificationScheduler(otherDb, scanJobs(otherDb, service), 1000, t.app.log, clock),
  ];
  for (const scheduler of schedulers) scheduler.start();
  try {
    const people = [admin.user.id as string, owner.id, idle.id];
    const addresses = await Promise.all(people.map(emailOf));
    const week = isoWeek(addDays(day, -7)).week;
    const summaries = (address: string) => smtp.to(address).filter((m) => m.subject === `Jeres uge på Kursa (uge ${week})`);
    for (const address of addresses) await until(() => summaries(address).length > 0, 'the weekly summary');

    // More periods looked at by both: the summary is not due again this week, so nothing more is sent.
    const periods = async () => (await t.db.selectFrom('scheduled_runs').select('period').execute()).length;
    const seen = await periods();
    await until(async () => (await periods()) >= seen + 3, 'three more periods');
    await until(
      async () => (await t.db.selectFrom('mail_outbox').select('id').where('status', '!=', 'sent').execute()).length === 0,
      'the queue empty',
    );
    for (const address of addresses) expect(summaries(address)).toHaveLength(1);
    expect(smtp.to(await emailOf(learner.id))).toEqual([]);
    const { year, week: sent } = isoWeek(day);
    const told = await t.db
      .selectFrom('notifications')
      .select(['user_id', 'dedupe_key', 'params', 'in_app'])
      .where('organisation_id', '=', organisationId)
      .where('kind', '=', 'weekly-summary')
      .execute();
    expect(told.map((n) => n.user_id).sort()).toEqual([...people].sort());
    expect(new Set(told.map((n) => n.dedupe_key))).toEqual(new Set([`weekly:${year}-W${String(sent).padStart(2, '0')}`]));
    const figures = new Map(told.map((n) => [n.user_id, JSON.parse(n.params) as { enrolments: number }]));
    expect([admin.user.id, owner.id, idle.id].map((id) => figures.get(id)!.enrolments)).toEqual([1, 1, 0]);
    expect(told.every((n) => Number(n.in_app) === 0)).toBe(true);
    const mails = await t.db
      .selectFrom('mail_outbox')
      .select('user_id')
      .where('organisation_id', '=', organisationId)
      .where('kind', '=', 'weekly-summary')
      .execute();
    expect(mails.map((m) => m.user_id).sort()).toEqual([...people].sort());
  } finally {
    for (const scheduler of schedulers) await scheduler.stop();
  }
  // With everything told, a look later that morning starts no job for the company.
  const jobs = () =>
    t.db
      .selectFrom('ai_jobs')
      .select('status')
      .where('kind', '=', 'notification-scan')
      .where('organisation_id', '=', organisationId)
      .execute();
  await until(async () => (await jobs()).every((j) => j.status === 'succeeded'), 'the scan jobs done');
  const before = (await jobs()).length;
  await schedulers[0]!.tick(after(morningOf(day), HOUR));
  expect(await jobs()).toHaveLength(before);
});
