import { afterAll, beforeAll, expect, it } from 'vitest';
import { setUpCompliance } from '../../src/server/domains/compliance/index.ts';
import { reportMonth } from '../../src/server/domains/compliance/monthly.ts';
import { EnrolmentsService } from '../../src/server/domains/learning/index.ts';
import { addDays, copenhagenDate, morningOf } from '../../src/server/domains/notifications/copenhagen-time.ts';
import { NotificationsService } from '../../src/server/domains/notifications/index.ts';
import { MailOutbox } from '../../src/server/mail/outbox.ts';
import { createTestApp, PUBLIC_URL, type TestApp } from '../helpers/app.ts';
import { courseOfNinetyMinutes, pdfText } from '../helpers/certificates.ts';
import { addPerson, call, company, type Person } from '../helpers/courses.ts';
import { until } from '../helpers/jobs.ts';
import { after, DAY, HOUR, MINUTE } from '../helpers/notifications.ts';
import type { TestSmtp } from '../helpers/smtp.ts';
import { startComplianceScans, type ComplianceScans } from '../helpers/compliance-scans.ts';

// The monthly compliance report: a scheduler ticked on the first mornings of months to come (its
// jobs run on the app's worker), the mails and their PDFs received by a local SMTP server.
let t: TestApp;
let smtp: TestSmtp;
let scans: ComplianceScans;

beforeAll(async () => {
  scans = await startComplianceScans();
  ({ t, smtp } = scans);
});

afterAll(async () => {
  await scans.close();
});

const scan = (at: Date) => scans.scan(at);

const queueEmpty = async () =>
  (await t.db.selectFrom('mail_outbox').select('id').where('status', 'in', ['queued', 'sending']).execute()).length === 0;

/** The first day of the month `n` months after this one, YYYY-MM-01. */
function firstOfMonth(n: number): string {
  const [year, month] = copenhagenDate(new Date()).split('-').map(Number) as [number, number];
  const at = new Date(Date.UTC(year, month - 1 + n, 1));
  return at.toISOString().slice(0, 10);
}

const MONTHS = ['januar', 'februar', 'marts', 'april', 'maj', 'juni', 'juli', 'august', 'september', 'oktober', 'november', 'december'];
const subjectOf = (day: string) => `Compliancerapport for ${MONTHS[Number(day.slice(5, 7)) - 1]} ${day.slice(0, 4)}`;

async function named(app: TestApp, person: Person, name: string): Promise<Person> {
  await app.db.updateTable('users').set({ contact_name: name }).where('id', '=', person.id).execute();
  return person;
}

it('is due from 07:00 on the 1st in Copenhagen for a week, keyed by the month', () => {
  // 1 June 2026 07:00 in Copenhagen is 05:00 UTC (summer time); 1 December 07:00 is 06:00 UTC.
  expect(reportMonth(new Date('2026-06-01T04:59:00.000Z'))).toBeNull();
  expect(reportMonth(new Date('2026-06-01T05:00:00.000Z'))).toEqual({ month: '2026-06', key: 'compliance-report:2026-06' });
  expect(reportMonth(new Date('2026-06-08T04:59:00.000Z'))).toEqual({ month: '2026-06', key: 'compliance-report:2026-06' });
  expect(reportMonth(new Date('2026-06-08T05:00:00.000Z'))).toBeNull();
  expect(reportMonth(new Date('2026-12-01T05:30:00.000Z'))).toBeNull();
  expect(reportMonth(new Date('2026-12-01T06:00:00.000Z'))?.month).toBe('2026-12');
});

it('mails each manager their groups’ report and each admin the company’s, with the PDF, once a month; not to one who turned it off', async () => {
  const c = await company(t);
  const org = c.admin.organisationId;
  const manager = await named(t, await addPerson(t, org, 'learner'), 'Mads Leder');
  const quiet = await named(t, await addPerson(t, org, 'instructor'), 'Stine Stille');
  const late = await named(t, await addPerson(t, org, 'learner'), 'Peter Bagud');
  const exempt = await named(t, await addPerson(t, org, 'learner'), 'Eva Fritaget');
  const elsewhere = await named(t, await addPerson(t, org, 'learner'), 'Karl Kontor');
  const store = (await call(t, c.admin, 'POST', '/api/groups', { name: 'Lager', kind: 'department' })).json() as { id: string };
  const office = (await call(t, c.admin, 'POST', '/api/groups', { name: 'Kontor', kind: 'department' })).json() as { id: string };
  await call(t, c.admin, 'PUT', `/api/groups/${store.id}/members`, { userIds: [late.id, exempt.id] });
  await call(t, c.admin, 'PUT', `/api/groups/${store.id}/managers`, { userIds: [manager.id] });
  await call(t, c.admin, 'PUT', `/api/groups/${office.id}/members`, { userIds: [elsewhere.id] });
  await call(t, c.admin, 'PUT', `/api/groups/${office.id}/managers`, { userIds: [quiet.id] });
  const course = await courseOfNinetyMinutes(t, org, c.instructor.id, 'Truckcertifikat');
  for (const groupId of [store.id, office.id]) {
    const res = await call(t, c.admin, 'POST', '/api/requirements', { courseId: course.id, groupId, dueDays: 1 });
    expect(res.statusCode, res.body).toBe(201);
  }
  const storeRequirement = (await t.db.selectFrom('requirements').select('id').where('scope', '=', store.id).executeTakeFirstOrThrow()).id;
  expect(
    (await call(t, manager, 'PUT', `/api/requirements/${storeRequirement}/exemptions/${exempt.id}`, { reason: 'Har kørekort til truck' }))
      .statusCode,
  ).toBe(200);
  // The office's manager turns the report's mail off.
  const off = await call(t, quiet, 'PUT', '/api/notifications/preferences', { kinds: [{ kind: 'compliance-report', mail: 'off' }] });
  expect(off.statusCode, off.body).toBe(200);

  // Not before 07:00 on the 1st.
  const first = firstOfMonth(2);
  await scan(after(morningOf(first), -MINUTE));
  const reports = (who: Person, day = first) => smtp.to(who.email).filter((m) => m.subject === subjectOf(day));
  expect(await t.db.selectFrom('notifications').select('id').where('kind', '=', 'compliance-report').execute()).toEqual([]);

  await scan(after(morningOf(first), 5 * MINUTE));
  const [mine] = await until(() => reports(manager).length > 0 && reports(manager), 'the manager’s report');
  const [admins] = await until(() => reports(c.admin).length > 0 && reports(c.admin), 'the admin’s report');

  // The manager's: their group, its counts, the one overdue named, the PDF of their group only.
  expect(mine!.text).toContain('Status for Lager pr.');
  expect(mine!.text).toContain('Frist overskredet: 1');
  expect(mine!.text).toContain('Fritaget: 1');
  expect(mine!.text).toContain('Peter Bagud: »Truckcertifikat« (frist overskredet)');
  expect(mine!.text).not.toContain('Karl Kontor');
  expect(mine!.text).toContain('http://localhost:5000/compliance');
  expect(mine!.text).toContain('http://localhost:5000/notifications/unsubscribe?token=');
  expect(mine!.attachments.map((a) => [a.filename, a.contentType])).toEqual([[`compliance-${first}.pdf`, 'application/pdf']]);
  const minePdf = await pdfText(new Uint8Array(mine!.attachments[0]!.content));
  expect(minePdf).toContain('Peter Bagud');
  expect(minePdf).toContain('Eva Fritaget');
  expect(minePdf).not.toContain('Karl Kontor');

  // The admin's: the whole company.
  expect(admins!.text).toContain('Status for hele virksomheden pr.');
  expect(admins!.text).toContain('Frist overskredet: 2');
  const adminsPdf = await pdfText(new Uint8Array(admins!.attachments[0]!.content));
  for (const name of ['Peter Bagud', 'Karl Kontor', 'Eva Fritaget']) expect(adminsPdf).toContain(name);

  // Later looks in the month send nothing more; the one who turned it off and the members get none.
  await scan(after(morningOf(first), HOUR));
  await scan(after(morningOf(first), 3 * DAY));
  await until(queueEmpty, 'the queue empty');
  for (const who of [manager, c.admin]) expect(reports(who)).toHaveLength(1);
  for (const who of [quiet, late, exempt, elsewhere, c.learner, c.instructor]) expect(reports(who)).toEqual([]);
  const rows = await t.db
    .selectFrom('notifications')
    .select(['user_id', 'in_app', 'dedupe_key'])
    .where('organisation_id', '=', org)
    .where('kind', '=', 'compliance-report')
    .execute();
  expect(rows.map((r) => r.user_id).sort()).toEqual([c.admin.id, manager.id, quiet.id].sort());
  expect(new Set(rows.map((r) => r.dedupe_key))).toEqual(new Set([`compliance-report:${first.slice(0, 7)}`]));
  expect(rows.every((r) => Number(r.in_app) === 0)).toBe(true);
  // A sent report's PDF is not kept.
  expect(await t.db.selectFrom('mail_attachments').select('mail_id').execute()).toEqual([]);

  // The next month's, once.
  const next = firstOfMonth(3);
  await scan(after(morningOf(next), 10 * MINUTE));
  await until(() => reports(manager, next).length > 0, 'the next month’s report');
  await scan(after(morningOf(addDays(next, 1)), 0));
  await until(queueEmpty, 'the queue empty');
  expect(reports(manager, next)).toHaveLength(1);
  expect(reports(quiet, next)).toEqual([]);
  const nextPdf = await pdfText(new Uint8Array(reports(manager, next)[0]!.attachments[0]!.content));
  expect(nextPdf).toContain('Peter Bagud');
});

it('keeps the PDF with the mail when there is no SMTP, to be read at /dev/mail', async () => {
  const kept = await createTestApp({ env: { DEV_MAIL_KEY: 'test-key-for-kept-mail' } });
  try {
    await kept.app.ready();
    // Told as the app tells without SMTP: the outbox keeps the mail.
    const keeping = new NotificationsService({
      db: kept.db,
      outbox: new MailOutbox({ db: kept.db, transport: undefined, log: kept.app.log, retryMs: 100 }),
      publicUrl: PUBLIC_URL,
      brandFor: async () => undefined,
      setMailOn: async () => undefined,
    });
    const { work } = setUpCompliance(kept.db, new EnrolmentsService(kept.db), keeping, kept.app.log);
    const c = await company(kept);
    await named(kept, await addPerson(kept, c.admin.organisationId, 'learner'), 'Lise Sent');
    const course = await courseOfNinetyMinutes(kept, c.admin.organisationId, c.instructor.id, 'Brandsikkerhed');
    const res = await call(kept, c.admin, 'POST', '/api/requirements', { courseId: course.id, groupId: 'everyone', dueDays: 1 });
    expect(res.statusCode, res.body).toBe(201);
    const at = after(morningOf(firstOfMonth(2)), MINUTE);
    expect(await work['compliance-report']!.run(at, c.admin.organisationId)).toBe(1);
    const headers = { 'x-dev-mail-key': 'test-key-for-kept-mail' };
    const list = (await kept.app.inject({ url: '/api/dev/mail', headers })).json() as { mails: { id: string; kind: string }[] };
    const mail = list.mails.find((m) => m.kind === 'compliance-report')!;
    const one = (await kept.app.inject({ url: `/api/dev/mail/${mail.id}`, headers })).json() as {
      text: string;
      attachments: { position: number; filename: string; size: number }[];
    };
    expect(one.text).toContain('Lise Sent');
    expect(one.attachments).toEqual([
      { position: 0, filename: expect.stringMatching(/^compliance-.*\.pdf$/), contentType: 'application/pdf', size: expect.any(Number) },
    ]);
    const file = await kept.app.inject({ url: `/api/dev/mail/${mail.id}/attachments/0`, headers });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(await pdfText(new Uint8Array(file.rawPayload))).toContain('Lise Sent');
    expect((await kept.app.inject({ url: `/api/dev/mail/${mail.id}/attachments/0` })).statusCode).toBe(403);
    // Run again, the month's report is not told twice.
    expect(await work['compliance-report']!.run(after(at, HOUR), c.admin.organisationId)).toBe(0);
  } finally {
    await kept.close();
  }
});
