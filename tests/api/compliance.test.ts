import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TComplianceMatrix, TGroupDetail, TPersonReport, TRequirement } from '../../src/shared/schemas/compliance.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { completeCourse, courseOfNinetyMinutes } from '../helpers/certificates.ts';
import { addPerson, call, company, type Company, type Person } from '../helpers/courses.ts';
import { keptLinks } from '../helpers/kept-mail.ts';

// Groups, managers and requirements through the API: who is required what and by when, who sees
// what, and what the history answers about a past moment.
let t: TestApp;
let c: Company;
let other: Company;

const DAY = 24 * 60 * 60 * 1000;

beforeAll(async () => {
  t = await createTestApp();
  c = await company(t);
  other = await company(t);
});

afterAll(async () => {
  await t.close();
});

async function group(who: Person, body: Record<string, unknown>): Promise<TGroupDetail> {
  const res = await call(t, who, 'POST', '/api/groups', { kind: 'department', ...body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

async function require_(who: Person, body: Record<string, unknown>): Promise<TRequirement> {
  const res = await call(t, who, 'POST', '/api/requirements', body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

const enrolmentOf = (userId: string, courseId: string) =>
  t.db.selectFrom('enrolments').selectAll().where('user_id', '=', userId).where('course_id', '=', courseId).executeTakeFirst();

describe('groups and requirements', () => {
  it('assigns a group requirement to its members with due dates from when each joined, and takes it away when they leave', async () => {
    const [ane, bo, carl] = await Promise.all([1, 2, 3].map(() => addPerson(t, c.admin.organisationId, 'learner')));
    const course = await courseOfNinetyMinutes(t, c.admin.organisationId, c.instructor.id, 'Truckcertifikat');
    const lager = await group(c.admin, { name: 'Lager Aarhus', kind: 'location' });
    expect((await call(t, c.admin, 'PUT', `/api/groups/${lager.id}/members`, { userIds: [ane!.id, bo!.id] })).statusCode).toBe(200);

    const before = Date.now();
    const requirement = await require_(c.admin, { courseId: course.id, groupId: lager.id, dueDays: 30 });
    expect(requirement).toMatchObject({ courseTitle: 'Truckcertifikat', groupName: 'Lager Aarhus', dueDays: 30, people: 2, compliant: 0 });
    for (const person of [ane!, bo!]) {
      const enrolment = await enrolmentOf(person.id, course.id);
      expect(enrolment?.source).toBe('assigned');
      // Joined before the requirement was made: due 30 days after it was.
      expect(Date.parse(enrolment!.due_at!) - Date.parse(requirement.createdAt)).toBe(30 * DAY);
    }
    expect(await enrolmentOf(carl!.id, course.id)).toBeUndefined();

    // Joining later: due 30 days after joining.
    await new Promise((resolve) => setTimeout(resolve, 5));
    const members = (await call(t, c.admin, 'PUT', `/api/groups/${lager.id}/members`, { userIds: [ane!.id, bo!.id, carl!.id] })).json();
    const joined = (members as TGroupDetail).members.find((m) => m.id === carl!.id)!.joinedAt;
    expect(Date.parse(joined)).toBeGreaterThan(Date.parse(requirement.createdAt));
    const carlEnrolment = await enrolmentOf(carl!.id, course.id);
    expect(Date.parse(carlEnrolment!.due_at!) - Date.parse(joined)).toBe(30 * DAY);
    expect(Date.parse(joined)).toBeGreaterThanOrEqual(before);

    // Leaving: the record goes (its history stays); the enrolment and its progress stay.
    await call(t, c.admin, 'PUT', `/api/groups/${lager.id}/members`, { userIds: [ane!.id, carl!.id] });
    const records = await t.db.selectFrom('compliance_records').select('user_id').where('requirement_id', '=', requirement.id).execute();
    expect(records.map((r) => r.user_id).sort()).toEqual([ane!.id, carl!.id].sort());
    const history = await t.db
      .selectFrom('compliance_history')
      .select(['event'])
      .where('requirement_id', '=', requirement.id)
      .where('user_id', '=', bo!.id)
      .orderBy('id')
      .execute();
    expect(history.map((h) => h.event)).toEqual(['required', 'released']);
    expect(await enrolmentOf(bo!.id, course.id)).toBeDefined();
  });

  it('holds a fixed due date to the end of that day in Copenhagen, and refuses a requirement with both deadlines or neither', async () => {
    const ane = await addPerson(t, c.admin.organisationId, 'learner');
    const course = await courseOfNinetyMinutes(t, c.admin.organisationId, c.instructor.id, 'GDPR for alle');
    const both = await call(t, c.admin, 'POST', '/api/requirements', {
      courseId: course.id,
      groupId: 'everyone',
      dueDays: 10,
      dueOn: '2027-03-31',
    });
    expect(both.statusCode).toBe(400);
    const neither = await call(t, c.admin, 'POST', '/api/requirements', { courseId: course.id, groupId: 'everyone' });
    expect(neither.statusCode).toBe(400);
    expect(await t.db.selectFrom('requirements').select('id').where('course_id', '=', course.id).execute()).toEqual([]);

    await require_(c.admin, { courseId: course.id, groupId: 'everyone', dueOn: '2027-03-31' });
    // Summer time has begun on 31 March 2027: the day ends at 22:00 UTC.
    expect((await enrolmentOf(ane.id, course.id))?.due_at).toBe('2027-03-31T21:59:59.999Z');
    expect((await call(t, c.admin, 'POST', '/api/requirements', { courseId: course.id, groupId: 'everyone', dueDays: 5 })).statusCode).toBe(
      409,
    );
  });

  it('puts people in a group by their e-mail domain or role, also people who join later', async () => {
    const byRole = await group(c.admin, { name: 'Instruktører', kind: 'team', rule: { kind: 'role', value: 'instructor' } });
    expect(byRole.members.map((m) => m.id)).toEqual(expect.arrayContaining([c.instructor.id, c.otherInstructor.id]));
    expect(byRole.members.every((m) => m.source === 'rule')).toBe(true);

    const byDomain = await group(c.admin, { name: 'Eksempel', kind: 'team', rule: { kind: 'email-domain', value: '@Example.dk' } });
    expect(byDomain.rule).toEqual({ kind: 'email-domain', value: 'example.dk' });
    const late = await addPerson(t, c.admin.organisationId, 'learner');
    // A member whose role changes is put in the groups their new role fits.
    const res = await call(t, c.admin, 'PATCH', `/api/members/${late.id}`, { role: 'instructor' });
    expect(res.statusCode, res.body).toBe(200);
    const detail = (await call(t, c.admin, 'GET', `/api/groups/${byRole.id}`)).json() as TGroupDetail;
    expect(detail.members.map((m) => m.id)).toContain(late.id);
    await call(t, c.admin, 'PATCH', `/api/members/${late.id}`, { role: 'learner' });
    const after = (await call(t, c.admin, 'GET', `/api/groups/${byRole.id}`)).json() as TGroupDetail;
    expect(after.members.map((m) => m.id)).not.toContain(late.id);
  });

  it('refuses what is not right and changes nothing: names taken, unknown people, another company', async () => {
    await group(c.admin, { name: 'Salg' });
    expect((await call(t, c.admin, 'POST', '/api/groups', { name: 'salg', kind: 'team' })).statusCode).toBe(409);
    expect((await call(t, c.admin, 'POST', '/api/groups', { name: '', kind: 'team' })).statusCode).toBe(400);
    expect((await call(t, c.admin, 'POST', '/api/groups', { name: 'X', kind: 'floor' })).statusCode).toBe(400);
    const theirs = await group(other.admin, { name: 'Deres' });
    expect((await call(t, c.admin, 'GET', `/api/groups/${theirs.id}`)).statusCode).toBe(404);
    expect((await call(t, c.admin, 'PATCH', `/api/groups/${theirs.id}`, { name: 'Vores' })).statusCode).toBe(404);
    expect((await call(t, c.admin, 'DELETE', `/api/groups/${theirs.id}`)).statusCode).toBe(404);
    expect((await call(t, c.admin, 'PUT', `/api/groups/${theirs.id}/members`, { userIds: [] })).statusCode).toBe(404);
    const mine = await group(c.admin, { name: 'Min' });
    const stranger = await call(t, c.admin, 'PUT', `/api/groups/${mine.id}/members`, { userIds: [other.learner.id] });
    expect(stranger.statusCode).toBe(400);
    expect((await call(t, c.admin, 'GET', `/api/groups/${mine.id}`)).json().members).toEqual([]);
    const theirCourse = await courseOfNinetyMinutes(t, other.admin.organisationId, other.instructor.id, 'Deres kursus');
    expect(
      (await call(t, c.admin, 'POST', '/api/requirements', { courseId: theirCourse.id, groupId: mine.id, dueDays: 3 })).statusCode,
    ).toBe(404);
    expect(
      (await call(t, c.admin, 'POST', '/api/requirements', { courseId: theirCourse.id, groupId: theirs.id, dueDays: 3 })).statusCode,
    ).toBe(404);
    // A learner who manages nothing has no compliance pages.
    expect((await call(t, c.learner, 'GET', '/api/groups')).statusCode).toBe(403);
    expect((await call(t, c.learner, 'GET', '/api/reports/compliance')).statusCode).toBe(403);
  });
});

describe('an import with a group column', () => {
  it('makes the groups named, puts members already there in them, and an invitee in them on accepting, with their requirements', async () => {
    const course = await courseOfNinetyMinutes(t, c.admin.organisationId, c.instructor.id, 'Nattevagtens brandinstruks');
    const existing = await addPerson(t, c.admin.organisationId, 'learner');
    const newcomer = `ny-${Math.random().toString(36).slice(2, 8)}@example.dk`;
    const csv = [
      'E-mail;Navn;Rolle;Gruppe',
      `${newcomer};Nina Nattevagt;kursist;"Nattevagt, Lager Aarhus"`,
      `${existing.email};;kursist;Nattevagt`,
    ].join('\r\n');
    const res = await call(t, c.admin, 'POST', '/api/invitations/import', { csv });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ invited: 1, skipped: 1 });
    expect(res.json().rows[1].message).toBe('Already a member; added to Nattevagt.');
    const groups = ((await call(t, c.admin, 'GET', '/api/groups')).json() as { groups: { id: string; name: string }[] }).groups;
    const night = groups.find((g) => g.name === 'Nattevagt')!;
    expect(groups.filter((g) => g.name === 'Lager Aarhus')).toHaveLength(1);
    await require_(c.admin, { courseId: course.id, groupId: night.id, dueDays: 14 });
    expect((await enrolmentOf(existing.id, course.id))?.due_at).toBeTruthy();

    const link = (await keptLinks(t.db, newcomer, /http:\/\/localhost:5000\/invite\/[\w-]+/)).at(-1)!;
    const accepted = await call(t, null, 'POST', `/api/invitations/${link.split('/').at(-1)}/accept`, {
      contactName: 'Nina Nattevagt',
      password: 'invited-pass-1',
      confirmPassword: 'invited-pass-1',
    });
    expect(accepted.statusCode, accepted.body).toBe(201);
    const nina = await t.db.selectFrom('users').select(['id', 'created_at']).where('email', '=', newcomer).executeTakeFirstOrThrow();
    const detail = (await call(t, c.admin, 'GET', `/api/groups/${night.id}`)).json() as TGroupDetail;
    expect(detail.members.find((m) => m.id === nina.id)).toMatchObject({ source: 'import' });
    const enrolment = await enrolmentOf(nina.id, course.id);
    expect(Date.parse(enrolment!.due_at!) - Date.parse(detail.members.find((m) => m.id === nina.id)!.joinedAt)).toBe(14 * DAY);
  });
});

describe('managers', () => {
  it('see, report on and require courses of only their groups; anything else is 404', async () => {
    const manager = await addPerson(t, c.admin.organisationId, 'learner');
    const [mine, theirs] = await Promise.all([1, 2].map(() => addPerson(t, c.admin.organisationId, 'learner')));
    const team = await group(c.admin, { name: 'Team Nord' });
    const rest = await group(c.admin, { name: 'Team Syd' });
    await call(t, c.admin, 'PUT', `/api/groups/${team.id}/members`, { userIds: [mine!.id] });
    await call(t, c.admin, 'PUT', `/api/groups/${rest.id}/members`, { userIds: [theirs!.id] });
    expect((await call(t, c.admin, 'PUT', `/api/groups/${team.id}/managers`, { userIds: [manager.id] })).statusCode).toBe(200);
    const course = await courseOfNinetyMinutes(t, c.admin.organisationId, c.instructor.id, 'Førstehjælp');

    const access = (await call(t, manager, 'GET', '/api/compliance/access')).json();
    expect(access).toEqual({ admin: false, managedGroups: [{ id: team.id, name: 'Team Nord' }] });
    expect(((await call(t, manager, 'GET', '/api/groups')).json() as { groups: { id: string }[] }).groups.map((g) => g.id)).toEqual([
      team.id,
    ]);
    expect((await call(t, manager, 'GET', `/api/groups/${rest.id}`)).statusCode).toBe(404);
    expect((await call(t, manager, 'POST', '/api/groups', { name: 'Egen', kind: 'team' })).statusCode).toBe(403);
    expect((await call(t, manager, 'PUT', `/api/groups/${team.id}/members`, { userIds: [] })).statusCode).toBe(403);

    // They require courses of their own group, not of another or of everyone.
    await require_(manager, { courseId: course.id, groupId: team.id, dueDays: 14 });
    expect((await call(t, manager, 'POST', '/api/requirements', { courseId: course.id, groupId: rest.id, dueDays: 14 })).statusCode).toBe(
      403,
    );
    expect(
      (await call(t, manager, 'POST', '/api/requirements', { courseId: course.id, groupId: 'everyone', dueDays: 14 })).statusCode,
    ).toBe(403);
    await require_(c.admin, { courseId: course.id, groupId: rest.id, dueDays: 14 });

    const matrix = (await call(t, manager, 'GET', '/api/reports/compliance')).json() as TComplianceMatrix;
    expect(matrix.rows.map((r) => r.id)).toEqual([mine!.id]);
    expect((await call(t, manager, 'GET', `/api/reports/compliance?group=${rest.id}`)).statusCode).toBe(404);
    expect((await call(t, manager, 'GET', `/api/reports/people/${mine!.id}`)).statusCode).toBe(200);
    expect((await call(t, manager, 'GET', `/api/reports/people/${theirs!.id}`)).statusCode).toBe(404);
    expect((await call(t, manager, 'GET', `/api/reports/people/${other.learner.id}`)).statusCode).toBe(404);
    const requirements = (await call(t, manager, 'GET', '/api/requirements')).json() as { requirements: TRequirement[] };
    // Theirs and everyone's, not another group's.
    expect(requirements.requirements.map((r) => r.groupId)).toContain(team.id);
    expect(requirements.requirements.map((r) => r.groupId)).not.toContain(rest.id);
    const othersRequirement = (await call(t, c.admin, 'GET', '/api/requirements'))
      .json()
      .requirements.find((r: TRequirement) => r.groupId === rest.id);
    expect((await call(t, manager, 'PATCH', `/api/requirements/${othersRequirement.id}`, { dueDays: 1 })).statusCode).toBe(404);
    expect(
      (await call(t, manager, 'PUT', `/api/requirements/${othersRequirement.id}/exemptions/${theirs!.id}`, { reason: 'Orlov' })).statusCode,
    ).toBe(404);
    // A person sees their own training record, and nobody else's.
    expect((await call(t, mine!, 'GET', `/api/reports/people/${mine!.id}`)).statusCode).toBe(200);
    expect((await call(t, mine!, 'GET', `/api/reports/people/${theirs!.id}`)).statusCode).toBe(404);
  });
});

describe('status and its history', () => {
  it('is completed with a certificate, exempted with a reason, and what it was at a past moment stays answerable', async () => {
    const ane = await addPerson(t, c.admin.organisationId, 'learner');
    const bo = await addPerson(t, c.admin.organisationId, 'learner');
    const course = await courseOfNinetyMinutes(t, c.admin.organisationId, c.instructor.id, 'Hygiejne');
    const kitchen = await group(c.admin, { name: 'Køkken' });
    await call(t, c.admin, 'PUT', `/api/groups/${kitchen.id}/members`, { userIds: [ane.id, bo.id] });
    const requirement = await require_(c.admin, { courseId: course.id, groupId: kitchen.id, dueDays: 7 });
    await new Promise((resolve) => setTimeout(resolve, 5));
    const beforeCompletion = new Date().toISOString();
    await new Promise((resolve) => setTimeout(resolve, 5));

    expect((await completeCourse(t, ane, course.id)).statusCode).toBe(200);

    const exempted = await call(t, c.admin, 'PUT', `/api/requirements/${requirement.id}/exemptions/${bo.id}`, {
      reason: 'Har dokumenteret uddannelse',
    });
    expect(exempted.statusCode, exempted.body).toBe(200);
    expect(exempted.json()).toMatchObject({ status: 'exempted', exemptReason: 'Har dokumenteret uddannelse' });

    const now = (await call(t, c.admin, 'GET', `/api/reports/compliance?group=${kitchen.id}`)).json() as TComplianceMatrix;

    const cell = (m: TComplianceMatrix, id: string) =>
      m.rows.find((r) => r.id === id)!.cells.find((x) => x.requirementId === requirement.id)!;
    const status = (m: TComplianceMatrix, id: string) => cell(m, id).status;
    expect(status(now, ane.id)).toBe('completed');
    expect(cell(now, ane.id)).toMatchObject({ validUntil: null, score: null });
    expect(status(now, bo.id)).toBe('exempted');
    expect(now.columns.find((x) => x.requirementId === requirement.id)!.counts).toMatchObject({
      completed: 1,
      exempted: 1,
      'not-started': 0,
    });

    const then = (
      await call(t, c.admin, 'GET', `/api/reports/compliance?group=${kitchen.id}&at=${beforeCompletion}`)
    ).json() as TComplianceMatrix;
    expect(status(then, ane.id)).toBe('not-started');
    expect(status(then, bo.id)).toBe('not-started');
    const events = await t.db
      .selectFrom('compliance_history')
      .select('event')
      .where('user_id', '=', ane.id)
      .where('requirement_id', '=', requirement.id)
      .orderBy('id')
      .execute();
    expect(events.map((e) => e.event)).toEqual(['required', 'started', 'completed']);

    // Removed: nobody owes it now, but the past still answers.
    const beforeRemoval = new Date().toISOString();
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect((await call(t, c.admin, 'DELETE', `/api/requirements/${requirement.id}`)).statusCode).toBe(200);
    const gone = (await call(t, c.admin, 'GET', `/api/reports/compliance?group=${kitchen.id}`)).json() as TComplianceMatrix;
    expect(gone.rows.flatMap((r) => r.cells).filter((x) => x.requirementId === requirement.id)).toEqual([]);
    const still = (await call(t, c.admin, 'GET', `/api/reports/compliance?group=${kitchen.id}&at=${beforeRemoval}`)).json();
    expect(status(still, ane.id)).toBe('completed');

    const record = (await call(t, ane, 'GET', `/api/reports/people/${ane.id}`)).json() as TPersonReport;
    expect(record.person.groups).toEqual([{ id: kitchen.id, name: 'Køkken' }]);
    expect(record.certificates.map((x) => x.courseTitle)).toContain('Hygiejne');
  });
});
