import type { TComplianceAccess, TGroup, TGroupDetail, TGroupRequest, TGroupRule } from '../../../shared/schemas/compliance.ts';
import type { TUser } from '../../../shared/schemas/users.ts';
import type { Db } from '../../db/database.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { AppError } from '../../http/errors.ts';
import { newId } from '../../security/tokens.ts';
import { accessOf, assertAdmin, assertAdminOrManager, notFound, seesGroup, toAccess } from './access.ts';
import type { ComplianceRecords } from './records.ts';
import * as repo from './repository.ts';

type Person = { id: string; email: string; role: string };

function matches(rule: { kind: string; value: string } | null, person: Person): boolean {
  if (!rule) return false;
  if (rule.kind === 'email-domain') return person.email.toLowerCase().endsWith(`@${rule.value}`);
  return person.role === rule.value;
}

const ruleOf = (row: repo.GroupRow): TGroupRule | null =>
  row.rule_kind && row.rule_value ? ({ kind: row.rule_kind, value: row.rule_value } as TGroupRule) : null;

const nameTaken = () => new AppError('GROUP_EXISTS', 409, 'compliance.groupTaken', { fields: { name: 'compliance.groupTaken' } });

/**
 * Groups of a company's people (departments, locations, teams; a person may be in several): made
 * by hand, from an import's group column, or by a rule; and their managers. Joining or leaving a
 * group gives or takes its requirements (the records keeper does).
 */
export class GroupsService {
  constructor(
    private readonly db: Db,
    private readonly records: ComplianceRecords,
  ) {}

  async access(actor: TUser): Promise<TComplianceAccess> {
    return toAccess(await accessOf(this.db, actor));
  }

  async list(actor: TUser): Promise<TGroup[]> {
    const access = await accessOf(this.db, actor);
    assertAdminOrManager(access);
    const rows = await repo.listGroups(this.db, actor.organisationId, access.admin ? undefined : [...access.managed]);
    const managers = await repo.managersOf(
      this.db,
      rows.map((r) => r.id),
    );
    return rows.map((row) => ({
      id: row.id,
      name: row.name,
      kind: row.kind,
      rule: ruleOf(row),
      memberCount: Number(row.member_count ?? 0),
      managers: managers.filter((m) => m.group_id === row.id).map((m) => ({ id: m.id, name: m.contact_name, email: m.email })),
      createdAt: row.created_at,
    }));
  }

  async get(actor: TUser, id: string): Promise<TGroupDetail> {
    const access = await accessOf(this.db, actor);
    const row = await repo.findGroup(this.db, actor.organisationId, id);
    if (!row || !seesGroup(access, id)) throw notFound('compliance.groupNotFound');
    const group = (await this.list(actor)).find((g) => g.id === id)!;
    const members = await repo.membersOf(this.db, id);
    return {
      ...group,
      members: members.map((m) => ({ id: m.id, name: m.contact_name, email: m.email, joinedAt: m.joined_at, source: m.source })),
    };
  }

  async create(actor: TUser, input: TGroupRequest): Promise<TGroupDetail> {
    assertAdmin(await accessOf(this.db, actor));
    const now = this.records.now();
    const id = newId();
    try {
      await repo.insertGroup(this.db, {
        id,
        organisation_id: actor.organisationId,
        name: input.name,
        name_key: input.name.toLowerCase(),
        kind: input.kind,
        rule_kind: input.rule?.kind ?? null,
        rule_value: input.rule?.value ?? null,
        created_at: now,
        updated_at: now,
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw nameTaken();
      throw error;
    }
    await this.applyRule((await repo.findGroup(this.db, actor.organisationId, id))!, actor.id);
    return this.get(actor, id);
  }

  async update(actor: TUser, id: string, input: Partial<TGroupRequest>): Promise<TGroupDetail> {
    assertAdmin(await accessOf(this.db, actor));
    const row = await repo.findGroup(this.db, actor.organisationId, id);
    if (!row) throw notFound('compliance.groupNotFound');
    const ruleChanged = input.rule !== undefined;
    try {
      await repo.updateGroup(this.db, id, {
        ...(input.name !== undefined && { name: input.name, name_key: input.name.toLowerCase() }),
        ...(input.kind !== undefined && { kind: input.kind }),
        ...(ruleChanged && { rule_kind: input.rule?.kind ?? null, rule_value: input.rule?.value ?? null }),
        updated_at: this.records.now(),
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw nameTaken();
      throw error;
    }
    if (ruleChanged) await this.applyRule((await repo.findGroup(this.db, actor.organisationId, id))!, actor.id);
    return this.get(actor, id);
  }

  /** Deletes a group: its requirements are archived (their history stays) and its people lose them. */
  async remove(actor: TUser, id: string): Promise<void> {
    assertAdmin(await accessOf(this.db, actor));
    const row = await repo.findGroup(this.db, actor.organisationId, id);
    if (!row) throw notFound('compliance.groupNotFound');
    const now = this.records.now();
    for (const requirement of await repo.requirementsOfScope(this.db, id)) {
      await repo.updateRequirement(this.db, requirement.id, { archived_at: now, updated_at: now });
      await this.records.releaseAll(requirement.id, actor.id);
    }
    await repo.deleteGroup(this.db, id);
  }

  /** The ids named, each once, when every one is an active member of the actor's company; else 400. */
  private async activePeople(actor: TUser, userIds: readonly string[]): Promise<string[]> {
    const wanted = [...new Set(userIds)];
    const people = await repo.activeMembers(this.db, actor.organisationId, wanted);
    if (people.length !== wanted.length)
      throw new AppError('VALIDATION', 400, 'compliance.unknownPeople', { fields: { userIds: 'compliance.unknownPeople' } });
    return wanted;
  }

  /** PUT …/members: the people in the group by hand become exactly these (its rule's members stay). */
  async setMembers(actor: TUser, id: string, userIds: string[]): Promise<TGroupDetail> {
    assertAdmin(await accessOf(this.db, actor));
    const group = await repo.findGroup(this.db, actor.organisationId, id);
    if (!group) throw notFound('compliance.groupNotFound');
    const wanted = await this.activePeople(actor, userIds);
    const current = await repo.memberRows(this.db, id);
    const inGroup = new Set(current.map((m) => m.user_id));
    const byHand = current.filter((m) => m.source !== 'rule').map((m) => m.user_id);
    const keep = new Set(wanted);
    const added = wanted.filter((u) => !inGroup.has(u));
    const removed = byHand.filter((u) => !keep.has(u));
    await repo.addMembers(this.db, group, added, 'manual', this.records.now());
    await repo.removeMembers(this.db, id, removed);
    for (const userId of [...added, ...removed]) await this.records.syncPerson(userId, actor.id);
    return this.get(actor, id);
  }

  /** PUT …/managers: the group's managers become exactly these members of the company. */
  async setManagers(actor: TUser, id: string, userIds: string[]): Promise<TGroupDetail> {
    assertAdmin(await accessOf(this.db, actor));
    const group = await repo.findGroup(this.db, actor.organisationId, id);
    if (!group) throw notFound('compliance.groupNotFound');
    const wanted = await this.activePeople(actor, userIds);
    await this.db.transaction().execute((trx) => repo.setManagers(trx, group, wanted, this.records.now()));
    return this.get(actor, id);
  }

  /**
   * The groups named, made when the company has none of that name (an import's group column);
   * answers their ids in the order named.
   */
  async named(organisationId: string, names: readonly string[]): Promise<string[]> {
    const ids: string[] = [];
    for (const name of names) {
      const key = name.toLowerCase();
      let [row] = await repo.findGroupsByName(this.db, organisationId, [key]);
      if (!row) {
        const now = this.records.now();
        try {
          await repo.insertGroup(this.db, {
            id: newId(),
            organisation_id: organisationId,
            name,
            name_key: key,
            kind: 'department',
            rule_kind: null,
            rule_value: null,
            created_at: now,
            updated_at: now,
          });
        } catch (error) {
          // Made by a racing import: take that one.
          if (!isUniqueViolation(error)) throw error;
        }
        [row] = await repo.findGroupsByName(this.db, organisationId, [key]);
      }
      ids.push(row!.id);
    }
    return ids;
  }

  /** A person joins groups (by hand or an import), and the rules' groups are applied to them. */
  async join(userId: string, groupIds: readonly string[], source: 'manual' | 'import', by: string | null): Promise<void> {
    const person = await repo.findUser(this.db, userId);
    if (!person) return;
    const now = this.records.now();
    for (const groupId of groupIds) {
      const group = await repo.findGroup(this.db, person.organisation_id, groupId);
      if (group) await repo.addMembers(this.db, group, [userId], source, now);
    }
    await this.applyRules(userId, by);
  }

  /** The rules' groups a person belongs to, after they joined or their role changed; then their records. */
  async applyRules(userId: string, by: string | null = null): Promise<void> {
    const person = await repo.findUser(this.db, userId);
    if (!person) return;
    const now = this.records.now();
    const mine = new Map((await repo.groupsOf(this.db, userId)).map((g) => [g.id, g.source]));
    for (const group of await repo.ruleGroups(this.db, person.organisation_id)) {
      const fits = !person.deactivated_at && matches(ruleOf(group), person);
      if (fits && !mine.has(group.id)) await repo.addMembers(this.db, group, [userId], 'rule', now);
      if (!fits && mine.get(group.id) === 'rule') await repo.removeMembers(this.db, group.id, [userId]);
    }
    await this.records.syncPerson(userId, by);
  }

  /** A group's rule applied to every member of the company: who fits joins, who joined by it and no longer fits leaves. */
  private async applyRule(group: repo.GroupRow, by: string): Promise<void> {
    const rule = ruleOf(group);
    const people = await repo.allActiveMembers(this.db, group.organisation_id);
    const current = new Map((await repo.memberRows(this.db, group.id)).map((m) => [m.user_id, m.source]));
    const joining = people.filter((p) => matches(rule, p) && !current.has(p.id)).map((p) => p.id);
    const leaving = people.filter((p) => !matches(rule, p) && current.get(p.id) === 'rule').map((p) => p.id);
    await repo.addMembers(this.db, group, joining, 'rule', this.records.now());
    await repo.removeMembers(this.db, group.id, leaving);
    for (const userId of [...joining, ...leaving]) await this.records.syncPerson(userId, by);
  }
}
