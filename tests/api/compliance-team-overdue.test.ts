import { afterAll, beforeAll, expect, it } from 'vitest';
import { compactOf, type StatusDates } from '../../src/server/domains/compliance/status.ts';
import type { TNotificationPreferences } from '../../src/shared/schemas/notifications.ts';
import type { TestApp } from '../helpers/app.ts';
import { courseOfNinetyMinutes } from '../helpers/certificates.ts';
import { addPerson, call, company, type Company, type Person } from '../helpers/courses.ts';
import { until } from '../helpers/jobs.ts';
import { after, DAY, HOUR } from '../helpers/notifications.ts';
import type { TestSmtp } from '../helpers/smtp.ts';
import { startComplianceScans, type ComplianceScans } from '../helpers/compliance-scans.ts';

// Managers told of their people who fell behind: a scheduler ticked at chosen moments after a
// requirement's due date (its jobs run on the app's worker, with the app's compliance), the mail
// going to a local SMTP server.
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

/** What a person has been told of their people, oldest first. */
const told = (userId: string) =>
  t.db
    .selectFrom('notifications')
    .select(['dedupe_key', 'params', 'in_app', 'link'])
    .where('user_id', '=', userId)
    .where('kind', '=', 'team-overdue')
    .orderBy('created_at')
    .orderBy('dedupe_key')
    .execute();

const named = async (person: Person, name: string) => {
  await t.db.updateTable('users').set({ contact_name: name }).where('id', '=', person.id).execute();
  return person;
};

async function requirement(c: Company, course: string, groupId: string, body: Record<string, unknown> = { dueDays: 10 }) {
  const { id } = await courseOfNinetyMinutes(t, c.admin.organisationId, c.instructor.id, course);
  const res = await call(t, c.admin, 'POST', '/api/requirements', { courseId: id, groupId, ...body });
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as { id: string }).id;
}

const dueOf = async (requirementId: string, userId: string) =>
  new Date(
    (
      await t.db
        .selectFrom('compliance_records')
        .select('due_at')
        .where('requirement_id', '=', requirementId)
        .where('user_id', '=', userId)
        .executeTakeFirstOrThrow()
    ).due_at,
  );

it('tells the managers of the group, once, of each person past the due date; the members and the person hear nothing of it', async () => {
  const c = await company(t);
  const org = c.admin.organisationId;
  const manager = await named(await addPerson(t, org, 'learner'), 'Mette Leder');
  const late = await named(await addPerson(t, org, 'learner'), 'Peter Bagud');
  const colleague = await named(await addPerson(t, org, 'learner'), 'Ulla Kollega');
  const crew = (await call(t, c.admin, 'POST', '/api/groups', { name: 'Lager', kind: 'department' })).json() as { id: string };
  await call(t, c.admin, 'PUT', `/api/groups/${crew.id}/members`, { userIds: [manager.id, late.id, colleague.id] });
  expect((await call(t, c.admin, 'PUT', `/api/groups/${crew.id}/managers`, { userIds: [manager.id] })).statusCode).toBe(200);
  const aid = await requirement(c, 'Førstehjælp', crew.id);
  const due = await dueOf(aid, late.id);

  // The day before the due date: nothing to tell.
  await scan(after(due, -DAY));
  expect(await told(manager.id)).toEqual([]);

  // Past it: the manager hears of the two others (not of themself: the company's admins do, as
  // nobody else manages the group); no member hears of anyone.
  await scan(after(due, HOUR));
  const managerTold = await told(manager.id);
  expect(managerTold.map((n) => JSON.parse(n.params).learner).sort()).toEqual(['Peter Bagud', 'Ulla Kollega']);
  expect(managerTold.every((n) => Number(n.in_app) === 1 && n.link === '/compliance')).toBe(true);
  expect(JSON.parse(managerTold[0]!.params)).toMatchObject({ course: 'Førstehjælp', lapse: 'overdue', dueAt: due.toISOString() });
  expect((await told(c.admin.id)).map((n) => JSON.parse(n.params).learner)).toEqual(['Mette Leder']);
  for (const person of [late, colleague, c.learner, c.instructor]) expect(await told(person.id)).toEqual([]);
  // In the manager's app, in the request's language.
  const list = (await call(t, manager, 'GET', '/api/notifications')).json() as { notifications: { title: string; body: string }[] };
  expect(list.notifications.map((n) => n.title)).toEqual(
    expect.arrayContaining(['Peter Bagud is overdue on “Førstehjælp”', 'Ulla Kollega is overdue on “Førstehjælp”']),
  );

  // Later looks tell nothing again; the next one sends the manager's daily overview by e-mail.
  await scan(after(due, 2 * HOUR));
  await scan(after(due, 3 * DAY));
  expect(await told(manager.id)).toHaveLength(2);
  expect(await told(c.admin.id)).toHaveLength(1);
  const digest = await until(() => smtp.to(manager.email).find((m) => m.subject.startsWith('I dag på Kursa')), 'the manager’s overview');
  expect(digest.text).toContain('Peter Bagud har overskredet fristen for »Førstehjælp«');
  expect(digest.text).toContain('Ulla Kollega har overskredet fristen for »Førstehjælp«');
  expect(smtp.to(colleague.email).filter((m) => m.subject.startsWith('I dag på Kursa'))).toEqual([]);

  // Well past the window, a manager named now is not told of old news.
  const latecomer = await addPerson(t, org, 'instructor');
  await call(t, c.admin, 'PUT', `/api/groups/${crew.id}/managers`, { userIds: [manager.id, latecomer.id] });
  await scan(after(due, 9 * DAY));
  expect(await told(latecomer.id)).toEqual([]);
});

it('tells the managers once more when a certificate expires, and the admins of a requirement of everyone', async () => {
  const c = await company(t);
  const org = c.admin.organisationId;
  const manager = await addPerson(t, org, 'instructor');
  const holder = await named(await addPerson(t, org, 'learner'), 'Hanne Holder');
  const crew = (await call(t, c.admin, 'POST', '/api/groups', { name: 'Kontor', kind: 'location' })).json() as { id: string };
  await call(t, c.admin, 'PUT', `/api/groups/${crew.id}/members`, { userIds: [holder.id] });
  await call(t, c.admin, 'PUT', `/api/groups/${crew.id}/managers`, { userIds: [manager.id] });
  const safety = await requirement(c, 'Sikkerhed', crew.id, { dueDays: 30, recurMonths: 12 });

  // The holder's certificate (as the server would keep it) expired an hour before the look.
  const look = after(new Date(), 40 * DAY);
  const dates = {
    completed_at: after(look, -365 * DAY).toISOString(),
    valid_until: after(look, -HOUR).toISOString(),
    expiring_from: after(look, -31 * DAY).toISOString(),
  };
  const record = await t.db
    .selectFrom('compliance_records')
    .selectAll()
    .where('requirement_id', '=', safety)
    .where('user_id', '=', holder.id)
    .executeTakeFirstOrThrow();
  await t.db
    .updateTable('compliance_records')
    .set({ ...dates, ...compactOf({ ...record, ...dates } as StatusDates) })
    .where('requirement_id', '=', safety)
    .where('user_id', '=', holder.id)
    .execute();
  await scan(look);
  await scan(after(look, HOUR));
  const expired = await told(manager.id);
  expect(expired).toHaveLength(1);
  expect(JSON.parse(expired[0]!.params)).toEqual({
    learner: 'Hanne Holder',
    course: 'Sikkerhed',
    lapse: 'expired',
    validUntil: dates.valid_until,
  });
  expect(expired[0]!.dedupe_key).toBe(`team-expired:${safety}:${holder.id}:${dates.valid_until}`);

  // A requirement of everyone: the admins hear of each person but themselves.
  const everyone = await requirement(c, 'GDPR', 'everyone', { dueDays: 5 });
  await scan(after(await dueOf(everyone, c.learner.id), HOUR));
  const admins = (await told(c.admin.id)).filter((n) => JSON.parse(n.params).course === 'GDPR');
  expect(admins.map((n) => n.dedupe_key.split(':')[2]).sort()).toEqual(
    [c.instructor.id, c.otherInstructor.id, c.learner.id, manager.id, holder.id].sort(),
  );
  expect((await told(manager.id)).filter((n) => JSON.parse(n.params).course === 'GDPR')).toEqual([]);
});

it('offers the managers’ kinds in the preferences of those who manage a group or are admins, and no one else', async () => {
  const c = await company(t);
  const manager = await addPerson(t, c.admin.organisationId, 'learner');
  const crew = (await call(t, c.admin, 'POST', '/api/groups', { name: 'Butik', kind: 'team' })).json() as { id: string };
  await call(t, c.admin, 'PUT', `/api/groups/${crew.id}/managers`, { userIds: [manager.id] });
  const kinds = async (who: Person) =>
    ((await call(t, who, 'GET', '/api/notifications/preferences')).json() as TNotificationPreferences).kinds.map((k) => k.kind);
  for (const who of [manager, c.admin]) expect(await kinds(who)).toEqual(expect.arrayContaining(['team-overdue', 'compliance-report']));
  for (const who of [c.learner, c.instructor]) {
    expect(await kinds(who)).not.toContain('team-overdue');
    expect(await kinds(who)).not.toContain('compliance-report');
  }
  const refused = await call(t, c.learner, 'PUT', '/api/notifications/preferences', {
    kinds: [{ kind: 'compliance-report', mail: 'off' }],
  });
  expect(refused.statusCode).toBe(400);
  const prefs = (await call(t, manager, 'GET', '/api/notifications/preferences')).json() as TNotificationPreferences;
  expect(prefs.kinds.find((k) => k.kind === 'team-overdue')).toEqual({
    kind: 'team-overdue',
    app: true,
    mail: 'daily',
    mandatory: false,
    digest: true,
  });
  expect(prefs.kinds.find((k) => k.kind === 'compliance-report')).toMatchObject({ app: false, mail: 'instant' });
});
