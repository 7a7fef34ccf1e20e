import { sql } from 'kysely';
import { EVERYONE, type TComplianceCell, type TRequirement, type TRequirementRequest } from '../../../shared/schemas/compliance.ts';
import type { TUser } from '../../../shared/schemas/users.ts';
import type { Db } from '../../db/database.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { AppError } from '../../http/errors.ts';
import { newId } from '../../security/tokens.ts';
import { type Access, accessOf, assertAdminOrManager, notFound, seesGroup, seesPerson } from './access.ts';
import type { ComplianceRecords } from './records.ts';
import * as repo from './repository.ts';
import { COMPLIANT_STATUSES, currentStatus } from './status.ts';

type Patch = Partial<Pick<TRequirementRequest, 'dueDays' | 'dueOn' | 'recurMonths' | 'renewDays'>>;

/** A manager sets requirements of their own groups; only an admin those of everyone. */
function assertMaySet(access: Access, scope: string): void {
  if (access.admin) return;
  if (scope === EVERYONE || !access.managed.has(scope)) throw new AppError('FORBIDDEN', 403, 'compliance.adminOnly');
}

/**
 * Courses required of a group or of everyone: due some days after a person joins or by a date,
 * optionally taken again every so many months; and a person's exemption from one.
 */
export class RequirementsService {
  constructor(
    private readonly db: Db,
    private readonly records: ComplianceRecords,
  ) {}

  /** An admin's every requirement; a manager's those of their groups and everyone's. */
  async list(actor: TUser): Promise<TRequirement[]> {
    const access = await accessOf(this.db, actor);
    assertAdminOrManager(access);
    const rows = (await repo.listRequirements(this.db, actor.organisationId)).filter(
      (r) => r.scope === EVERYONE || seesGroup(access, r.scope),
    );
    const now = this.records.now();
    const counts = await this.db
      .selectFrom('compliance_records as r')
      .innerJoin('users as u', 'u.id', 'r.user_id')
      .select(['r.requirement_id', currentStatus('r', now).as('status'), (eb) => eb.fn.countAll<number | string>().as('n')])
      .where('r.organisation_id', '=', actor.organisationId)
      .where('u.deactivated_at', 'is', null)
      .$if(!access.admin, (q) =>
        q.where('r.user_id', 'in', (eb) =>
          eb
            .selectFrom('group_members')
            .select('user_id')
            .where('group_id', 'in', [...access.managed, '']),
        ),
      )
      .groupBy(['r.requirement_id', sql`2`])
      .execute();
    return rows.map((row) => {
      const mine = counts.filter((c) => c.requirement_id === row.id);
      return {
        id: row.id,
        courseId: row.course_id,
        courseTitle: row.course_title,
        groupId: row.scope,
        groupName: row.group_name ?? null,
        dueDays: row.due_days,
        dueOn: row.due_on,
        recurMonths: row.recur_months,
        renewDays: row.renew_days,
        createdAt: row.created_at,
        people: mine.reduce((n, c) => n + Number(c.n), 0),
        compliant: mine.filter((c) => COMPLIANT_STATUSES.includes(c.status)).reduce((n, c) => n + Number(c.n), 0),
      };
    });
  }

  /** The company's published courses, which a requirement may name (for admins and managers). */
  async courses(actor: TUser): Promise<{ id: string; title: string }[]> {
    assertAdminOrManager(await accessOf(this.db, actor));
    return this.db
      .selectFrom('courses')
      .select(['id', 'title'])
      .where('organisation_id', '=', actor.organisationId)
      .where('status', '=', 'published')
      .orderBy('title')
      .execute();
  }

  private async one(actor: TUser, id: string): Promise<TRequirement> {
    return (await this.list(actor)).find((r) => r.id === id)!;
  }

  /** A requirement the caller may change, as it stands (what the audit log compares a change with); 404 or 403 as update answers. */
  async get(actor: TUser, id: string): Promise<TRequirement> {
    await this.mine(actor, id);
    return this.one(actor, id);
  }

  async create(actor: TUser, input: TRequirementRequest): Promise<TRequirement> {
    const access = await accessOf(this.db, actor);
    assertAdminOrManager(access);
    const scope = input.groupId;
    if (scope !== EVERYONE && !(await repo.findGroup(this.db, actor.organisationId, scope))) throw notFound('compliance.groupNotFound');
    assertMaySet(access, scope);
    const course = await repo.findCompanyCourse(this.db, actor.organisationId, input.courseId);
    if (!course) throw new AppError('NOT_FOUND', 404, 'learning.courseNotFound');
    if (course.status !== 'published') throw new AppError('NOT_PUBLISHED', 409, 'learning.notPublished');
    const now = this.records.now();
    const id = newId();
    try {
      await repo.insertRequirement(this.db, {
        id,
        organisation_id: actor.organisationId,
        course_id: course.id,
        scope,
        due_days: input.dueDays ?? null,
        due_on: input.dueOn ?? null,
        recur_months: input.recurMonths ?? null,
        renew_days: input.renewDays ?? 30,
        created_by: actor.id,
        created_at: now,
        updated_at: now,
        archived_at: null,
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw new AppError('REQUIREMENT_EXISTS', 409, 'compliance.requirementExists');
      throw error;
    }
    await this.records.syncRequirement((await repo.findRequirement(this.db, actor.organisationId, id))!, actor.id);
    return this.one(actor, id);
  }

  private async mine(actor: TUser, id: string): Promise<{ access: Access; row: repo.RequirementRow }> {
    const access = await accessOf(this.db, actor);
    const row = await repo.findRequirement(this.db, actor.organisationId, id);
    if (!row || !(row.scope === EVERYONE || seesGroup(access, row.scope))) throw notFound('compliance.requirementNotFound');
    assertMaySet(access, row.scope);
    return { access, row };
  }

  async update(actor: TUser, id: string, patch: Patch): Promise<TRequirement> {
    const { row } = await this.mine(actor, id);
    const next = {
      due_days: patch.dueDays !== undefined ? patch.dueDays : row.due_days,
      due_on: patch.dueOn !== undefined ? patch.dueOn : row.due_on,
      recur_months: patch.recurMonths !== undefined ? patch.recurMonths : row.recur_months,
      renew_days: patch.renewDays ?? row.renew_days,
    };
    // Naming one deadline replaces the other.
    if (patch.dueDays != null && patch.dueOn === undefined) next.due_on = null;
    if (patch.dueOn != null && patch.dueDays === undefined) next.due_days = null;
    if ((next.due_days === null) === (next.due_on === null))
      throw new AppError('VALIDATION', 400, 'compliance.dueOne', { fields: { dueDays: 'compliance.dueOne' } });
    await repo.updateRequirement(this.db, id, { ...next, updated_at: this.records.now() });
    const updated = { ...row, ...next };
    if (next.due_days !== row.due_days || next.due_on !== row.due_on) await this.records.redate(updated, actor.id);
    if (next.recur_months !== row.recur_months || next.renew_days !== row.renew_days) {
      for (const record of await repo.recordsOfRequirement(this.db, id))
        await this.records.refresh(record.user_id, row.course_id, 'requirement-changed');
    }
    return this.one(actor, id);
  }

  /** Removes a requirement: nobody owes it any more; what it recorded stays in the history. */
  async remove(actor: TUser, id: string): Promise<void> {
    await this.mine(actor, id);
    const now = this.records.now();
    await repo.updateRequirement(this.db, id, { archived_at: now, updated_at: now });
    await this.records.releaseAll(id, actor.id);
  }

  /** PUT/DELETE …/exemptions/:userId: the person need not take it, and why (null: they must again). */
  async exempt(actor: TUser, id: string, userId: string, reason: string | null): Promise<TComplianceCell> {
    const { access } = await this.mine(actor, id);
    const record = await repo.findRecord(this.db, id, userId);
    if (!record || !(await seesPerson(this.db, access, userId)) || (userId === actor.id && !access.admin))
      throw notFound('compliance.personNotFound');
    const next = await this.records.exempt(record, reason, actor.id);
    const now = this.records.now();
    const [row] = await this.db
      .selectFrom('compliance_records as r')
      .select(currentStatus('r', now).as('status'))
      .where('r.requirement_id', '=', id)
      .where('r.user_id', '=', userId)
      .execute();
    return {
      requirementId: id,
      status: row!.status,
      dueAt: next.due_at,
      completedAt: next.completed_at,
      validUntil: next.valid_until,
      score: next.score,
      exemptReason: next.exempt_reason,
    };
  }
}
