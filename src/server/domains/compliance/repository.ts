import type { Insertable, Selectable, Transaction } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';
import type { ComplianceHistoryTable } from '../../db/schema-compliance.ts';
import { compactOf } from './status.ts';

/** The SQL of groups, their members and managers, and requirements. */

export type Executor = Db | Transaction<Database>;
export type GroupRow = Selectable<Database['groups']>;
export type RequirementRow = Selectable<Database['requirements']>;
export type RecordRow = Selectable<Database['compliance_records']>;

export async function listGroups(db: Executor, organisationId: string, only?: readonly string[]) {
  let query = db
    .selectFrom('groups as g')
    .selectAll('g')
    .select((eb) =>
      eb
        .selectFrom('group_members as m')
        .innerJoin('users as u', 'u.id', 'm.user_id')
        .select((e2) => e2.fn.countAll<number | string>().as('n'))
        .whereRef('m.group_id', '=', 'g.id')
        .where('u.deactivated_at', 'is', null)
        .as('member_count'),
    )
    .where('g.organisation_id', '=', organisationId)
    .orderBy('g.name_key');
  if (only) query = query.where('g.id', 'in', only.length > 0 ? only : ['']);
  return query.execute();
}

export async function findGroup(db: Executor, organisationId: string, id: string): Promise<GroupRow | undefined> {
  return db.selectFrom('groups').selectAll().where('organisation_id', '=', organisationId).where('id', '=', id).executeTakeFirst();
}

export async function findGroupsByName(db: Executor, organisationId: string, nameKeys: readonly string[]): Promise<GroupRow[]> {
  if (nameKeys.length === 0) return [];
  return db.selectFrom('groups').selectAll().where('organisation_id', '=', organisationId).where('name_key', 'in', nameKeys).execute();
}

export async function insertGroup(db: Executor, row: Insertable<Database['groups']>): Promise<void> {
  await db.insertInto('groups').values(row).execute();
}

export async function updateGroup(db: Executor, id: string, set: Partial<Omit<GroupRow, 'id' | 'organisation_id'>>): Promise<void> {
  await db.updateTable('groups').set(set).where('id', '=', id).execute();
}

export async function deleteGroup(db: Executor, id: string): Promise<void> {
  await db.deleteFrom('groups').where('id', '=', id).execute();
}

/** The managers of the groups, with their names. */
export async function managersOf(db: Executor, groupIds: readonly string[]) {
  if (groupIds.length === 0) return [];
  return db
    .selectFrom('group_managers as gm')
    .innerJoin('users as u', 'u.id', 'gm.user_id')
    .select(['gm.group_id', 'u.id', 'u.contact_name', 'u.email'])
    .where('gm.group_id', 'in', groupIds)
    .orderBy('u.contact_name')
    .execute();
}

export async function membersOf(db: Executor, groupId: string) {
  return db
    .selectFrom('group_members as m')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .select(['u.id', 'u.contact_name', 'u.email', 'm.joined_at', 'm.source'])
    .where('m.group_id', '=', groupId)
    .where('u.deactivated_at', 'is', null)
    .orderBy('u.contact_name')
    .orderBy('u.id')
    .execute();
}

export async function memberRows(db: Executor, groupId: string) {
  return db.selectFrom('group_members').select(['user_id', 'source', 'joined_at']).where('group_id', '=', groupId).execute();
}

export async function addMembers(
  db: Executor,
  group: { id: string; organisation_id: string },
  userIds: readonly string[],
  source: 'manual' | 'import' | 'rule',
  now: string,
): Promise<void> {
  if (userIds.length === 0) return;
  await db
    .insertInto('group_members')
    .values(
      userIds.map((userId) => ({ group_id: group.id, user_id: userId, organisation_id: group.organisation_id, joined_at: now, source })),
    )
    .onConflict((oc) => oc.columns(['group_id', 'user_id']).doNothing())
    .execute();
}

export async function removeMembers(db: Executor, groupId: string, userIds: readonly string[]): Promise<void> {
  if (userIds.length === 0) return;
  await db.deleteFrom('group_members').where('group_id', '=', groupId).where('user_id', 'in', userIds).execute();
}

export async function setManagers(db: Executor, group: { id: string; organisation_id: string }, userIds: readonly string[], now: string) {
  await db.deleteFrom('group_managers').where('group_id', '=', group.id).execute();
  if (userIds.length === 0) return;
  await db
    .insertInto('group_managers')
    .values(userIds.map((userId) => ({ group_id: group.id, user_id: userId, organisation_id: group.organisation_id, created_at: now })))
    .execute();
}

/** The groups a person manages. */
export async function managedGroups(db: Executor, userId: string) {
  return db
    .selectFrom('group_managers as gm')
    .innerJoin('groups as g', 'g.id', 'gm.group_id')
    .select(['g.id', 'g.name'])
    .where('gm.user_id', '=', userId)
    .orderBy('g.name_key')
    .execute();
}

/** A person's groups, with when they joined each. */
export async function groupsOf(db: Executor, userId: string) {
  return db
    .selectFrom('group_members as m')
    .innerJoin('groups as g', 'g.id', 'm.group_id')
    .select(['g.id', 'g.name', 'm.joined_at', 'm.source'])
    .where('m.user_id', '=', userId)
    .orderBy('g.name_key')
    .execute();
}

/** The groups of several people, by name. */
export async function groupsOfPeople(db: Executor, userIds: readonly string[]) {
  if (userIds.length === 0) return [];
  return db
    .selectFrom('group_members as m')
    .innerJoin('groups as g', 'g.id', 'm.group_id')
    .select(['m.user_id', 'g.name'])
    .where('m.user_id', 'in', userIds)
    .orderBy('g.name_key')
    .execute();
}

/** The company's active members of the given ids (the rest are not its members, or deactivated). */
export async function activeMembers(db: Executor, organisationId: string, ids: readonly string[]) {
  if (ids.length === 0) return [];
  return db
    .selectFrom('users')
    .select(['id', 'email', 'role', 'created_at'])
    .where('organisation_id', '=', organisationId)
    .where('id', 'in', ids)
    .where('deactivated_at', 'is', null)
    .execute();
}

export async function allActiveMembers(db: Executor, organisationId: string) {
  return db
    .selectFrom('users')
    .select(['id', 'email', 'role', 'created_at'])
    .where('organisation_id', '=', organisationId)
    .where('deactivated_at', 'is', null)
    .execute();
}

export async function findUser(db: Executor, id: string) {
  return db
    .selectFrom('users')
    .select(['id', 'organisation_id', 'email', 'role', 'contact_name', 'created_at', 'deactivated_at'])
    .where('id', '=', id)
    .executeTakeFirst();
}

/** The groups with a rule, to apply to a person. */
export async function ruleGroups(db: Executor, organisationId: string) {
  return db.selectFrom('groups').selectAll().where('organisation_id', '=', organisationId).where('rule_kind', 'is not', null).execute();
}

export async function listRequirements(db: Executor, organisationId: string) {
  return db
    .selectFrom('requirements as q')
    .innerJoin('courses as c', 'c.id', 'q.course_id')
    .leftJoin('groups as g', 'g.id', 'q.scope')
    .selectAll('q')
    .select(['c.title as course_title', 'g.name as group_name'])
    .where('q.organisation_id', '=', organisationId)
    .where('q.archived_at', 'is', null)
    .orderBy('c.title')
    .orderBy('q.created_at')
    .execute();
}

export async function findRequirement(db: Executor, organisationId: string, id: string): Promise<RequirementRow | undefined> {
  return db
    .selectFrom('requirements')
    .selectAll()
    .where('organisation_id', '=', organisationId)
    .where('id', '=', id)
    .where('archived_at', 'is', null)
    .executeTakeFirst();
}

/** The active requirements that apply to a person: everyone's, and their groups'. */
export async function requirementsFor(db: Executor, organisationId: string, groupIds: readonly string[]) {
  return db
    .selectFrom('requirements')
    .selectAll()
    .where('organisation_id', '=', organisationId)
    .where('archived_at', 'is', null)
    .where('scope', 'in', ['everyone', ...groupIds])
    .execute();
}

export async function requirementsOfScope(db: Executor, scope: string) {
  return db.selectFrom('requirements').selectAll().where('scope', '=', scope).where('archived_at', 'is', null).execute();
}

export async function insertRequirement(db: Executor, row: Insertable<Database['requirements']>): Promise<void> {
  await db.insertInto('requirements').values(row).execute();
}

export async function updateRequirement(db: Executor, id: string, set: Partial<Omit<RequirementRow, 'id' | 'organisation_id'>>) {
  await db.updateTable('requirements').set(set).where('id', '=', id).execute();
}

export async function recordsOfUser(db: Executor, userId: string): Promise<RecordRow[]> {
  return db.selectFrom('compliance_records').selectAll().where('user_id', '=', userId).execute();
}

export async function recordsOfRequirement(db: Executor, requirementId: string): Promise<RecordRow[]> {
  return db.selectFrom('compliance_records').selectAll().where('requirement_id', '=', requirementId).execute();
}

export async function findRecord(db: Executor, requirementId: string, userId: string): Promise<RecordRow | undefined> {
  return db
    .selectFrom('compliance_records')
    .selectAll()
    .where('requirement_id', '=', requirementId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

/** A person's records of a course's requirements, with what each requirement asks. */
export async function recordsOfCourse(db: Executor, userId: string, courseId: string) {
  return db
    .selectFrom('compliance_records as r')
    .innerJoin('requirements as q', 'q.id', 'r.requirement_id')
    .selectAll('r')
    .select(['q.recur_months', 'q.renew_days'])
    .where('r.user_id', '=', userId)
    .where('q.course_id', '=', courseId)
    .execute();
}

/** Inserts unless the person already has the record (a racing sync); answers whether it inserted. */
export async function insertRecord(db: Executor, row: Omit<RecordRow, 'phase' | 'turns_at' | 'ends_at'>): Promise<boolean> {
  const result = await db
    .insertInto('compliance_records')
    .values({ ...row, ...compactOf(row) })
    .onConflict((oc) => oc.columns(['requirement_id', 'user_id']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

/** Writes a record's dates, and the compact columns made of them. */
export async function saveRecord(db: Executor, record: Omit<RecordRow, 'phase' | 'turns_at' | 'ends_at'>): Promise<void> {
  await db
    .updateTable('compliance_records')
    .set({
      due_at: record.due_at,
      completed_at: record.completed_at,
      valid_until: record.valid_until,
      expiring_from: record.expiring_from,
      score: record.score,
      started_at: record.started_at,
      exempt_reason: record.exempt_reason,
      exempted_by: record.exempted_by,
      exempted_at: record.exempted_at,
      ...compactOf(record),
    })
    .where('requirement_id', '=', record.requirement_id)
    .where('user_id', '=', record.user_id)
    .execute();
}

export async function deleteRecord(db: Executor, key: { requirement_id: string; user_id: string }): Promise<void> {
  await db.deleteFrom('compliance_records').where('requirement_id', '=', key.requirement_id).where('user_id', '=', key.user_id).execute();
}

/** Appends the record's state after an event to its history. */
export async function appendHistory(
  db: Executor,
  record: Omit<RecordRow, 'phase' | 'turns_at' | 'ends_at'>,
  event: ComplianceHistoryTable['event'],
  at: string,
  actorId: string | null,
  note: string | null = null,
): Promise<void> {
  await db
    .insertInto('compliance_history')
    .values({
      organisation_id: record.organisation_id,
      requirement_id: record.requirement_id,
      user_id: record.user_id,
      at,
      event,
      due_at: record.due_at,
      completed_at: record.completed_at,
      valid_until: record.valid_until,
      expiring_from: record.expiring_from,
      score: record.score,
      started_at: record.started_at,
      exempt_reason: record.exempt_reason,
      actor_id: actorId,
      note,
    })
    .execute();
}

/** The person's latest certificate of a course that is not revoked. */
export async function latestCertificate(db: Executor, userId: string, courseId: string) {
  return db
    .selectFrom('certificates')
    .select(['id', 'issued_at', 'expires_at', 'score'])
    .where('user_id', '=', userId)
    .where('course_id', '=', courseId)
    .where('revoked_at', 'is', null)
    .orderBy('issued_at', 'desc')
    .orderBy('cycle', 'desc')
    .limit(1)
    .executeTakeFirst();
}

export async function findEnrolment(db: Executor, id: string) {
  return db
    .selectFrom('enrolments')
    .select(['id', 'course_id', 'user_id', 'progress', 'completed_at', 'cycle'])
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function findCertificate(db: Executor, id: string) {
  return db.selectFrom('certificates').select(['id', 'user_id', 'course_id']).where('id', '=', id).executeTakeFirst();
}

export async function findCompanyCourse(db: Executor, organisationId: string, courseId: string) {
  return db
    .selectFrom('courses')
    .select(['id', 'title', 'status'])
    .where('organisation_id', '=', organisationId)
    .where('id', '=', courseId)
    .executeTakeFirst();
}
