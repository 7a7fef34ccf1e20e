import type { TComplianceAccess } from '../../../shared/schemas/compliance.ts';
import type { TUser } from '../../../shared/schemas/users.ts';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../http/errors.ts';
import * as repo from './repository.ts';

/**
 * Who may see and do what in compliance: a company's admins all of it; a manager (of any role) the
 * groups they manage and the people in them, nothing else of the company; anyone else nothing.
 */
export interface Access {
  actor: TUser;
  admin: boolean;
  /** The ids of the groups the actor manages (all the company's groups do not count here for an admin). */
  managed: ReadonlySet<string>;
  managedGroups: { id: string; name: string }[];
}

export async function accessOf(db: Db, actor: TUser): Promise<Access> {
  const managedGroups = await repo.managedGroups(db, actor.id);
  return { actor, admin: actor.role === 'admin', managed: new Set(managedGroups.map((g) => g.id)), managedGroups };
}

export const notFound = (key: 'compliance.groupNotFound' | 'compliance.requirementNotFound' | 'compliance.personNotFound') =>
  new AppError('NOT_FOUND', 404, key);

export function assertAdmin(access: Access): void {
  if (!access.admin) throw new AppError('FORBIDDEN', 403, 'compliance.adminOnly');
}

/** Admins and managers: anyone else has nothing to see here. */
export function assertAdminOrManager(access: Access): void {
  if (!access.admin && access.managed.size === 0) throw new AppError('FORBIDDEN', 403, 'compliance.adminOnly');
}

/** May the actor see a group (an admin every one of the company's, a manager their own)? */
export const seesGroup = (access: Access, groupId: string) => access.admin || access.managed.has(groupId);

/** May the actor see a person (an admin any member, a manager the members of their groups, anyone themself)? */
export async function seesPerson(db: Db, access: Access, userId: string): Promise<boolean> {
  if (userId === access.actor.id || access.admin) return true;
  if (access.managed.size === 0) return false;
  return (await repo.groupsOf(db, userId)).some((g) => access.managed.has(g.id));
}

export function toAccess(access: Access): TComplianceAccess {
  return { admin: access.admin, managedGroups: access.managedGroups };
}
