import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { NotificationsService } from '../../src/server/domains/notifications/index.ts';
import { pendingTrialNotices } from '../../src/server/domains/notifications/trial.ts';
import { buildTestApp, createTestApp, registerCompany, type TestApp } from '../helpers/app.ts';
import { until } from '../helpers/jobs.ts';
import { addMember, setPlan } from '../helpers/media.ts';
import { after, DAY, HOUR, queueingNotifications } from '../helpers/notifications.ts';
import { startTestSmtp, type TestSmtp } from '../helpers/smtp.ts';

// The notices of a trial's end: the finder at fixed moments around the end, then the real
// scheduler on two instances looking every second, the mail going to a local SMTP server.
let t: TestApp;
let second: FastifyInstance;
let smtp: TestSmtp;
let service: NotificationsService;

beforeAll(async () => {
  smtp = await startTestSmtp();
  const env = { SMTP_URL: smtp.url, NOTIFICATIONS_SCAN_INTERVAL_MS: '1000', MAIL_RETRY_MS: '100' };
  t = await createTestApp({ env });
  second = await buildTestApp(t.database, { env });
  await Promise.all([t.app.ready(), second.ready()]);
  service = await queueingNotifications(t);
});

afterAll(async () => {
  await second.close();
  await t.close();
  await smtp.close();
});

const emailOf = async (id: string) => (await t.db.selectFrom('users').select('email').where('id', '=', id).executeTakeFirstOrThrow()).email;

/** A company on the trial, ending at `end`, with a second admin, a deactivated admin, an instructor and a learner. */
async function trialCompany(end: Date) {
  const owner = await registerCompany(t.app);
  const organisationId = owner.user.organisationId as string;
  const admin = await addMember(t.app, t.db, organisationId, 'admin');
  const gone = await addMember(t.app, t.db, organisationId, 'admin');
  await t.db.updateTable('users').set({ deactivated_at: new Date().toISOString() }).where('id', '=', gone.id).execute();
  const instructor = await addMember(t.app, t.db, organisationId, 'instructor');
  const learner = await addMember(t.app, t.db, organisationId, 'learner');
  // The end last, once the people are as they should be: the instances are looking meanwhile.
  await t.db
    .updateTable('organisations')
    .set({ plan: 'trial', trial_ends_at: end.toISOString() })
    .where('id', '=', organisationId)
    .execute();
  return { organisationId, admins: [owner.user.id as string, admin.id], others: [gone.id, instructor.id, learner.id] };
}

const trialNotices = (organisationId: string) =>
  t.db
    .selectFrom('notifications')
    .select(['user_id', 'dedupe_key', 'params', 'link'])
    .where('organisation_id', '=', organisationId)
    .where('kind', '=', 'trial-ending')
    .orderBy('dedupe_key')
    .orderBy('user_id')
    .execute();

async function tellAll(organisationId: string, at: Date): Promise<string[]> {
  const events = await pendingTrialNotices(t.db, at, organisationId);
  for (const event of events) expect(await service.notify(event)).toBe(true);
  return events.map((e) => `${e.userId} ${e.key} ${e.params.days}`).sort();
}

it('tells each active admin 7 days and 2 days before the trial ends, each once, and no one else', async () => {
  // Far enough ahead that the instances' own scans find nothing of it.
  const end = new Date(Date.now() + 30 * DAY);
  const company = await trialCompany(end);
  const key = (n: number) => `trial:${company.organisationId}:${end.toISOString()}:${n}`;
  const [first, other] = [...company.admins].sort();

  expect(await tellAll(company.organisationId, after(end, -8 * DAY))).toEqual([]);
  expect(await tellAll(company.organisationId, after(end, -7 * DAY + HOUR))).toEqual([`${first} ${key(7)} 7`, `${other} ${key(7)} 7`]);
  expect(await tellAll(company.organisationId, after(end, -6 * DAY))).toEqual([]);
  expect(await tellAll(company.organisationId, after(end, -3 * DAY))).toEqual([]);
  expect(await tellAll(company.organisationId, after(end, -2 * DAY + HOUR))).toEqual([`${first} ${key(2)} 2`, `${other} ${key(2)} 2`]);
  expect(await tellAll(company.organisationId, after(end, -HOUR))).toEqual([]);
  expect(await tellAll(company.organisationId, after(end, HOUR))).toEqual([]);

  const told = await trialNotices(company.organisationId);
  expect(told.map((n) => [n.user_id, n.dedupe_key, JSON.parse(n.params), n.link])).toEqual([
    [first, key(2), { days: 2 }, '/billing'],
    [other, key(2), { days: 2 }, '/billing'],
    [first, key(7), { days: 7 }, '/billing'],
    [other, key(7), { days: 7 }, '/billing'],
  ]);
  for (const id of company.admins) {
    const address = await emailOf(id);
    const subjects = () =>
      smtp
        .to(address)
        .map((m) => m.subject)
        .filter((s) => s.includes('prøveperiode'))
        .sort();
    await until(() => subjects().length === 2, 'both trial mails');
    expect(subjects()).toEqual(['Jeres prøveperiode slutter om 2 dage', 'Jeres prøveperiode slutter om 7 dage']);
  }
});

it('after a pause tells only the latest notice due, and nothing of a company that has left the trial', async () => {
  const end = new Date(Date.now() + 30 * DAY);
  const paused = await trialCompany(end);
  const key = `trial:${paused.organisationId}:${end.toISOString()}:2`;
  const events = await pendingTrialNotices(t.db, after(end, -DAY - 12 * HOUR), paused.organisationId);
  expect(events.map((e) => [e.userId, e.key, e.params]).sort()).toEqual([...paused.admins].sort().map((id) => [id, key, { days: 2 }]));

  const paying = await trialCompany(end);
  await setPlan(t.db, paying.organisationId, 'starter');
  expect(await pendingTrialNotices(t.db, after(end, -3 * DAY), paying.organisationId)).toEqual([]);
  // Across all companies the same moment finds the paused company's admins only.
  const all = await pendingTrialNotices(t.db, after(end, -DAY - 12 * HOUR));
  expect(new Set(all.map((e) => e.organisationId))).toEqual(new Set([paused.organisationId]));
});

it('is told once per admin by two instances scanning every second', async () => {
  const company = await trialCompany(new Date(Date.now() + 6 * DAY));
  const addresses = await Promise.all(company.admins.map(emailOf));
  const trialMails = (address: string) => smtp.to(address).filter((m) => m.subject.includes('prøveperiode'));
  for (const address of addresses) await until(() => trialMails(address).length > 0, 'the trial mail');

  // More periods looked at by both instances: the notice is not due again, so nothing more is sent.
  const periods = async () => (await t.db.selectFrom('scheduled_runs').select('period').execute()).length;
  const seen = await periods();
  await until(async () => (await periods()) >= seen + 3, 'three more periods');
  await until(
    async () => (await t.db.selectFrom('mail_outbox').select('id').where('status', '!=', 'sent').execute()).length === 0,
    'the queue empty',
  );
  for (const address of addresses) {
    expect(trialMails(address).map((m) => m.subject)).toEqual(['Jeres prøveperiode slutter om 6 dage']);
  }
  const told = await trialNotices(company.organisationId);
  expect(told.map((n) => n.user_id).sort()).toEqual([...company.admins].sort());
  const mails = await t.db
    .selectFrom('mail_outbox')
    .select('user_id')
    .where('organisation_id', '=', company.organisationId)
    .where('kind', '=', 'trial-ending')
    .execute();
  expect(mails.map((m) => m.user_id).sort()).toEqual([...company.admins].sort());
  for (const id of company.others) expect(smtp.to(await emailOf(id)).filter((m) => m.subject.includes('prøveperiode'))).toEqual([]);
});
