import { ScimError } from './resources.ts';

/**
 * What a SCIM request asks to change, read leniently the way Microsoft Entra ID writes it:
 * operations capitalised ("Replace"), booleans as strings ("False"), paths with or without the
 * core schema's URN, and attributes Kursa does not keep (the enterprise extension, titles, phone
 * numbers) passed over. docs/decisions/055-scim-provisioning.md lists what maps to what.
 */

const CORE_USER = 'urn:ietf:params:scim:schemas:core:2.0:User:';
const CORE_GROUP = 'urn:ietf:params:scim:schemas:core:2.0:Group:';

export interface UserChange {
  userName?: string;
  email?: string;
  displayName?: string;
  givenName?: string;
  familyName?: string;
  active?: boolean;
  externalId?: string;
}

export interface GroupChange {
  displayName?: string;
  externalId?: string;
  add?: string[];
  remove?: string[];
  replace?: string[];
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

export function asBoolean(value: unknown): boolean {
  if (typeof value === 'boolean') return value;
  if (typeof value === 'string' && ['true', 'false'].includes(value.toLowerCase())) return value.toLowerCase() === 'true';
  throw new ScimError(400, 'active must be a boolean', 'invalidValue');
}

function asString(value: unknown, what: string): string {
  if (typeof value === 'string') return value;
  throw new ScimError(400, `${what} must be a string`, 'invalidValue');
}

/** The work (or primary, or first) address of a SCIM `emails` list. */
function emailOf(value: unknown): string | undefined {
  if (!Array.isArray(value)) return undefined;
  const emails = value.filter(isRecord);
  const chosen = emails.find((e) => e.primary === true || e.primary === 'True') ?? emails.find((e) => e.type === 'work') ?? emails[0];
  return typeof chosen?.value === 'string' ? chosen.value : undefined;
}

/** A whole user resource (POST, PUT, or a PATCH without a path) as changes. */
export function userFromResource(body: Record<string, unknown>, into: UserChange = {}): UserChange {
  for (const [key, value] of Object.entries(body)) setUserAttribute(into, key, value);
  return into;
}

function setUserAttribute(into: UserChange, rawPath: string, value: unknown): void {
  const path = rawPath.startsWith(CORE_USER) ? rawPath.slice(CORE_USER.length) : rawPath;
  const key = path.toLowerCase();
  if (key === 'username') into.userName = asString(value, 'userName');
  else if (key === 'displayname') into.displayName = asString(value, 'displayName');
  else if (key === 'externalid') into.externalId = asString(value, 'externalId');
  else if (key === 'active') into.active = asBoolean(value);
  else if (key === 'name.givenname') into.givenName = asString(value, 'name.givenName');
  else if (key === 'name.familyname') into.familyName = asString(value, 'name.familyName');
  else if (key === 'name' && isRecord(value)) {
    for (const [sub, subValue] of Object.entries(value)) setUserAttribute(into, `name.${sub}`, subValue);
  } else if (key === 'emails') {
    const email = emailOf(value);
    if (email !== undefined) into.email = email;
  } else if (/^emails\[.*\]\.value$/.test(key)) {
    // emails[type eq "work"].value: the one address Kursa keeps.
    into.email = asString(value, 'emails');
  }
  // Everything else (schemas, the enterprise extension, title, phoneNumbers, addresses …) is not kept.
}

interface Operation {
  op: string;
  path?: string | undefined;
  value?: unknown;
}

function operations(body: unknown): Operation[] {
  const ops = isRecord(body) ? body.Operations : undefined;
  if (!Array.isArray(ops) || ops.length === 0) throw new ScimError(400, 'Operations must be a non-empty list', 'invalidSyntax');
  return ops.map((raw) => {
    if (!isRecord(raw) || typeof raw.op !== 'string') throw new ScimError(400, 'every operation needs an op', 'invalidSyntax');
    const op = raw.op.toLowerCase();
    if (!['add', 'replace', 'remove'].includes(op)) throw new ScimError(400, `unknown op ${raw.op}`, 'invalidSyntax');
    if (raw.path !== undefined && typeof raw.path !== 'string') throw new ScimError(400, 'path must be a string', 'invalidPath');
    return { op, path: raw.path as string | undefined, value: raw.value };
  });
}

/** A user PATCH's operations as changes; removing an attribute Kursa needs is refused. */
export function userPatch(body: unknown): UserChange {
  const change: UserChange = {};
  for (const { op, path, value } of operations(body)) {
    if (op === 'remove') {
      const key = (path ?? '').toLowerCase().replace(CORE_USER.toLowerCase(), '');
      if (key === 'externalid') change.externalId = '';
      else if (['username', 'emails', 'active'].includes(key)) throw new ScimError(400, `${path} cannot be removed`, 'mutability');
      continue;
    }
    if (path === undefined) {
      if (!isRecord(value)) throw new ScimError(400, 'an operation without a path needs an object value', 'invalidValue');
      userFromResource(value, change);
    } else setUserAttribute(change, path, value);
  }
  return change;
}

/** The user ids of a SCIM `members` value. */
function memberIds(value: unknown): string[] {
  const list = Array.isArray(value) ? value : value === undefined || value === null ? [] : [value];
  return list.map((m) => {
    if (!isRecord(m) || typeof m.value !== 'string') throw new ScimError(400, 'members need a value', 'invalidValue');
    return m.value;
  });
}

export function groupFromResource(body: Record<string, unknown>): GroupChange {
  const change: GroupChange = { replace: memberIds(body.members) };
  if (body.displayName !== undefined) change.displayName = asString(body.displayName, 'displayName');
  if (body.externalId !== undefined) change.externalId = asString(body.externalId, 'externalId');
  return change;
}

/** A group PATCH: members added, removed (`members[value eq "id"]` or a list) or replaced; its name replaced. */
export function groupPatch(body: unknown): GroupChange {
  const change: GroupChange = {};
  for (const { op, path: rawPath, value } of operations(body)) {
    const path = rawPath?.startsWith(CORE_GROUP) ? rawPath.slice(CORE_GROUP.length) : rawPath;
    const key = path?.toLowerCase();
    const filtered = path && /^members\[value eq "([^"]+)"\]$/i.exec(path);
    if (key === undefined) {
      if (!isRecord(value)) throw new ScimError(400, 'an operation without a path needs an object value', 'invalidValue');
      if (value.displayName !== undefined) change.displayName = asString(value.displayName, 'displayName');
      if (value.externalId !== undefined) change.externalId = asString(value.externalId, 'externalId');
      if (value.members !== undefined) change[op === 'replace' ? 'replace' : 'add'] = memberIds(value.members);
    } else if (key === 'displayname') {
      if (op === 'remove') throw new ScimError(400, 'displayName cannot be removed', 'mutability');
      change.displayName = asString(value, 'displayName');
    } else if (key === 'externalid') {
      change.externalId = op === 'remove' ? '' : asString(value, 'externalId');
    } else if (key === 'members') {
      const ids = memberIds(value);
      if (op === 'add') change.add = [...(change.add ?? []), ...ids];
      else if (op === 'replace') change.replace = ids;
      else if (value === undefined) change.replace = [];
      else change.remove = [...(change.remove ?? []), ...ids];
    } else if (filtered && op === 'remove') {
      change.remove = [...(change.remove ?? []), filtered[1]!];
    } else throw new ScimError(400, `unsupported path ${rawPath}`, 'invalidPath');
  }
  return change;
}

/** `attr eq "value"`, the one filter form Kursa answers (what Entra ID sends to match a person or group). */
export function parseFilter(filter: string | undefined, allowed: readonly string[]): { attribute: string; value: string } | undefined {
  if (filter === undefined || filter.trim() === '') return undefined;
  const match = /^\s*([\w.:]+)\s+eq\s+"((?:[^"\\]|\\.)*)"\s*$/i.exec(filter);
  const attribute = match && allowed.find((a) => a.toLowerCase() === match[1]!.toLowerCase());
  if (!match || !attribute) throw new ScimError(400, `unsupported filter; use ${allowed.join(' or ')} eq "…"`, 'invalidFilter');
  return { attribute, value: match[2]!.replace(/\\(.)/g, '$1') };
}
