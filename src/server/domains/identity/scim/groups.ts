import type { Db } from '../../../db/database.ts';
import type { AuditLog } from '../../privacy/index.ts';
import type { GroupChange } from './patch.ts';
import { ScimError, toScimGroup } from './resources.ts';
import * as repo from './repository.ts';
import { actorOfToken, type ScimCaller } from './users.ts';

interface GroupView {
  id: string;
  name: string;
  memberIds: string[];
  createdAt: string;
  updatedAt: string;
}

/** What the compliance domain does with the company's groups for provisioning (its ProvisionedGroups). */
export interface ProvisionedGroupsPort {
  list(organisationId: string, name?: string): Promise<GroupView[]>;
  find(organisationId: string, id: string): Promise<GroupView | undefined>;
  create(organisationId: string, name: string): Promise<string | undefined>;
  rename(id: string, name: string): Promise<boolean>;
  change(
    organisationId: string,
    id: string,
    change: { add?: readonly string[]; remove?: readonly string[]; replace?: readonly string[] },
  ): Promise<void>;
  remove(organisationId: string, id: string): Promise<boolean>;
}

const notFound = () => new ScimError(404, 'Resource not found', 'noTarget');
const taken = () => new ScimError(409, 'A group of that displayName exists', 'uniqueness');

function nameOf(value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  const name = value.trim();
  if (name === '' || name.length > 120) throw new ScimError(400, 'displayName must be 1–120 characters', 'invalidValue');
  return name;
}

/** SCIM groups are the company's groups (a new one is a team); their members are the provider's to manage. */
export class ScimGroups {
  constructor(
    private readonly db: Db,
    private readonly groups: ProvisionedGroupsPort,
    private readonly audit: AuditLog,
  ) {}

  private async record(caller: ScimCaller, action: string, groupId: string, details: Record<string, unknown>) {
    await this.audit.record({
      organisationId: caller.organisationId,
      actor: actorOfToken(caller),
      action,
      target: { type: 'group', id: groupId },
      details: { ...details, tokenId: caller.tokenId },
    });
  }

  private async views(caller: ScimCaller, groups: GroupView[], base: string) {
    const externalIds = await repo.groupExternalIds(
      this.db,
      groups.map((g) => g.id),
    );
    const emails = await repo.emailsOf(this.db, caller.organisationId, [...new Set(groups.flatMap((g) => g.memberIds))]);
    return groups.map((g) => toScimGroup(g, externalIds.get(g.id), emails, base));
  }

  async list(caller: ScimCaller, base: string, filter: { name?: string; externalId?: string }, startIndex: number, count: number) {
    let groups = await this.groups.list(caller.organisationId, filter.name);
    if (filter.externalId !== undefined) {
      const ids = await repo.groupExternalIds(
        this.db,
        groups.map((g) => g.id),
      );
      groups = groups.filter((g) => ids.get(g.id) === filter.externalId);
    }
    const page = groups.slice(startIndex - 1, startIndex - 1 + count);
    return { resources: await this.views(caller, page, base), total: groups.length };
  }

  async get(caller: ScimCaller, id: string, base: string) {
    const group = await this.groups.find(caller.organisationId, id);
    if (!group) throw notFound();
    return (await this.views(caller, [group], base))[0]!;
  }

  async create(caller: ScimCaller, change: GroupChange, base: string) {
    const name = nameOf(change.displayName);
    if (name === undefined) throw new ScimError(400, 'displayName is required', 'invalidValue');
    const id = await this.groups.create(caller.organisationId, name);
    if (id === undefined) throw taken();
    await repo.linkGroup(this.db, caller.organisationId, id, change.externalId, new Date().toISOString());
    if (change.replace && change.replace.length > 0) await this.groups.change(caller.organisationId, id, { add: change.replace });
    await this.record(caller, 'scim.group-created', id, { name });
    return this.get(caller, id, base);
  }

  async update(caller: ScimCaller, id: string, change: GroupChange, base: string) {
    const group = await this.groups.find(caller.organisationId, id);
    if (!group) throw notFound();
    const name = nameOf(change.displayName);
    if (name !== undefined && name !== group.name && !(await this.groups.rename(id, name))) throw taken();
    await repo.linkGroup(this.db, caller.organisationId, id, change.externalId === '' ? null : change.externalId, new Date().toISOString());
    const members = {
      ...(change.replace && { replace: change.replace }),
      ...(change.add && { add: change.add }),
      ...(change.remove && { remove: change.remove }),
    };
    if (change.replace) await this.groups.change(caller.organisationId, id, { replace: change.replace });
    if (change.add) await this.groups.change(caller.organisationId, id, { add: change.add });
    if (change.remove) await this.groups.change(caller.organisationId, id, { remove: change.remove });
    if (name !== undefined && name !== group.name) await this.record(caller, 'scim.group-renamed', id, { before: group.name, after: name });
    if (Object.keys(members).length > 0)
      await this.record(caller, 'scim.group-members-changed', id, { name: name ?? group.name, ...members });
    return this.get(caller, id, base);
  }

  async remove(caller: ScimCaller, id: string): Promise<void> {
    const group = await this.groups.find(caller.organisationId, id);
    if (!group || !(await this.groups.remove(caller.organisationId, id))) throw notFound();
    await this.record(caller, 'scim.group-deleted', id, { name: group.name });
  }
}
