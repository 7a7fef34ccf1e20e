import type { Db } from '../../db/database.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { newId } from '../../security/tokens.ts';
import type { ComplianceRecords } from './records.ts';
import * as repo from './repository.ts';

/** A group as an identity provider sees it: its name and who is in it. */
interface ProvisionedGroup {
  id: string;
  name: string;
  memberIds: string[];
  createdAt: string;
  updatedAt: string;
}

/**
 * The company's groups as SCIM provisioning changes them (docs/decisions/055-scim-provisioning.md):
 * by company, not by a signed-in admin. Its members join as an import's do (the rules' members
 * stay), and joining or leaving gives or takes the group's requirements like any other change.
 */
export class ProvisionedGroups {
  constructor(
    private readonly db: Db,
    private readonly records: ComplianceRecords,
  ) {}

  private async view(row: repo.GroupRow): Promise<ProvisionedGroup> {
    const members = await repo.memberRows(this.db, row.id);
    return { id: row.id, name: row.name, memberIds: members.map((m) => m.user_id), createdAt: row.created_at, updatedAt: row.updated_at };
  }

  async list(organisationId: string, name?: string): Promise<ProvisionedGroup[]> {
    const rows =
      name === undefined
        ? await repo.listGroups(this.db, organisationId)
        : await repo.findGroupsByName(this.db, organisationId, [name.toLowerCase()]);
    return Promise.all(rows.map((row) => this.view(row)));
  }

  async find(organisationId: string, id: string): Promise<ProvisionedGroup | undefined> {
    const row = await repo.findGroup(this.db, organisationId, id);
    return row && this.view(row);
  }

  /** A new team of this name; undefined when the company has a group of that name already. */
  async create(organisationId: string, name: string): Promise<string | undefined> {
    const now = this.records.now();
    const id = newId();
    try {
      await repo.insertGroup(this.db, {
        ...{ id, organisation_id: organisationId, name, name_key: name.toLowerCase(), kind: 'team' },
        ...{ rule_kind: null, rule_value: null, created_at: now, updated_at: now },
      });
    } catch (error) {
      if (isUniqueViolation(error)) return undefined;
      throw error;
    }
    return id;
  }

  /** False when another of the company's groups has that name. */
  async rename(id: string, name: string): Promise<boolean> {
    try {
      await repo.updateGroup(this.db, id, { name, name_key: name.toLowerCase(), updated_at: this.records.now() });
      return true;
    } catch (error) {
      if (isUniqueViolation(error)) return false;
      throw error;
    }
  }

  /** Members join and leave; ids not among the company's active people are passed over. */
  async change(
    organisationId: string,
    id: string,
    change: { add?: readonly string[]; remove?: readonly string[]; replace?: readonly string[] },
  ) {
    const group = await repo.findGroup(this.db, organisationId, id);
    if (!group) return;
    const current = await repo.memberRows(this.db, id);
    const inGroup = new Set(current.map((m) => m.user_id));
    const wanted = change.replace ?? change.add ?? [];
    const active = new Set((await repo.activeMembers(this.db, organisationId, [...new Set(wanted)])).map((p) => p.id));
    const added = [...active].filter((u) => !inGroup.has(u));
    const removed = change.replace
      ? current.filter((m) => m.source !== 'rule' && !active.has(m.user_id)).map((m) => m.user_id)
      : (change.remove ?? []).filter((u) => current.some((m) => m.user_id === u && m.source !== 'rule'));
    await repo.addMembers(this.db, group, added, 'import', this.records.now());
    await repo.removeMembers(this.db, id, removed);
    if (added.length + removed.length > 0) await repo.updateGroup(this.db, id, { updated_at: this.records.now() });
    for (const userId of [...added, ...removed]) await this.records.syncPerson(userId, null);
  }

  /** Deletes a group: its requirements are archived (their history stays) and its people lose them. */
  async remove(organisationId: string, id: string): Promise<boolean> {
    const row = await repo.findGroup(this.db, organisationId, id);
    if (!row) return false;
    const now = this.records.now();
    for (const requirement of await repo.requirementsOfScope(this.db, id)) {
      await repo.updateRequirement(this.db, requirement.id, { archived_at: now, updated_at: now });
      await this.records.releaseAll(requirement.id, null);
    }
    await repo.deleteGroup(this.db, id);
    return true;
  }
}
