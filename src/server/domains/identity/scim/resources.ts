import type { PersonRow } from './repository.ts';

/** SCIM 2.0's shapes (RFC 7643) as Kursa answers them; docs/decisions/055-scim-provisioning.md. */

export const USER_SCHEMA = 'urn:ietf:params:scim:schemas:core:2.0:User';
export const GROUP_SCHEMA = 'urn:ietf:params:scim:schemas:core:2.0:Group';
export const LIST_SCHEMA = 'urn:ietf:params:scim:api:messages:2.0:ListResponse';
export const ERROR_SCHEMA = 'urn:ietf:params:scim:api:messages:2.0:Error';
export const SCIM_TYPE = 'application/scim+json';

export type ScimErrorType = 'invalidFilter' | 'invalidSyntax' | 'invalidValue' | 'invalidPath' | 'noTarget' | 'uniqueness' | 'mutability';

/** A SCIM error answer; `scimType` says which kind of bad request it was. */
export class ScimError extends Error {
  constructor(
    readonly status: number,
    readonly detail: string,
    readonly scimType?: ScimErrorType,
  ) {
    super(detail);
    this.name = 'ScimError';
  }
}

export function errorBody(status: number, detail: string, scimType?: string) {
  return { schemas: [ERROR_SCHEMA], status: String(status), ...(scimType && { scimType }), detail };
}

export function listOf<T>(resources: T[], total: number, startIndex: number) {
  return { schemas: [LIST_SCHEMA], totalResults: total, startIndex, itemsPerPage: resources.length, Resources: resources };
}

/** Kursa keeps one name: its first word is the given name, the rest the family name. */
export function nameParts(fullName: string): { givenName: string; familyName: string } {
  const trimmed = fullName.trim();
  const space = trimmed.indexOf(' ');
  return space === -1
    ? { givenName: trimmed, familyName: '' }
    : { givenName: trimmed.slice(0, space), familyName: trimmed.slice(space + 1).trim() };
}

export function toScimUser(row: PersonRow, base: string) {
  return {
    schemas: [USER_SCHEMA],
    id: row.id,
    ...(row.external_id !== null && { externalId: row.external_id }),
    userName: row.email,
    name: { formatted: row.contact_name, ...nameParts(row.contact_name) },
    displayName: row.contact_name,
    emails: [{ value: row.email, type: 'work', primary: true }],
    active: row.deactivated_at === null,
    meta: { resourceType: 'User', created: row.created_at, lastModified: row.updated_at, location: `${base}/Users/${row.id}` },
  };
}

export function toScimGroup(
  group: { id: string; name: string; memberIds: string[]; createdAt: string; updatedAt: string },
  externalId: string | null | undefined,
  emails: Map<string, string>,
  base: string,
) {
  return {
    schemas: [GROUP_SCHEMA],
    id: group.id,
    ...(externalId && { externalId }),
    displayName: group.name,
    members: group.memberIds
      .filter((id) => emails.has(id))
      .map((id) => ({ value: id, display: emails.get(id), $ref: `${base}/Users/${id}` })),
    meta: { resourceType: 'Group', created: group.createdAt, lastModified: group.updatedAt, location: `${base}/Groups/${group.id}` },
  };
}

/** What the service offers (RFC 7643 §5): PATCH and filters, no bulk, sort, ETags or password changes. */
export function serviceProviderConfig(base: string, docs: string) {
  return {
    schemas: ['urn:ietf:params:scim:schemas:core:2.0:ServiceProviderConfig'],
    documentationUri: docs,
    patch: { supported: true },
    bulk: { supported: false, maxOperations: 0, maxPayloadSize: 0 },
    filter: { supported: true, maxResults: 100 },
    changePassword: { supported: false },
    sort: { supported: false },
    etag: { supported: false },
    authenticationSchemes: [
      {
        type: 'oauthbearertoken',
        name: 'Bearer token',
        description: 'A token made under Indstillinger by an admin of the company',
        primary: true,
      },
    ],
    meta: { resourceType: 'ServiceProviderConfig', location: `${base}/ServiceProviderConfig` },
  };
}

export function resourceTypes(base: string) {
  return [
    { id: 'User', name: 'User', endpoint: '/Users', schema: USER_SCHEMA },
    { id: 'Group', name: 'Group', endpoint: '/Groups', schema: GROUP_SCHEMA },
  ].map((type) => ({
    schemas: ['urn:ietf:params:scim:schemas:core:2.0:ResourceType'],
    ...type,
    meta: { resourceType: 'ResourceType', location: `${base}/ResourceTypes/${type.id}` },
  }));
}

const attribute = (name: string, type: string, extra: Record<string, unknown> = {}) => ({
  name,
  type,
  multiValued: false,
  required: false,
  caseExact: false,
  mutability: 'readWrite',
  returned: 'default',
  uniqueness: 'none',
  ...extra,
});

/** The attributes Kursa keeps (RFC 7643 §7); any other the client sends is passed over. */
export function schemas(base: string) {
  return [
    {
      id: USER_SCHEMA,
      name: 'User',
      description: 'A person in the company',
      attributes: [
        attribute('userName', 'string', { required: true, uniqueness: 'server' }),
        attribute('name', 'complex', { subAttributes: [attribute('givenName', 'string'), attribute('familyName', 'string')] }),
        attribute('displayName', 'string'),
        attribute('emails', 'complex', { multiValued: true, subAttributes: [attribute('value', 'string'), attribute('type', 'string')] }),
        attribute('active', 'boolean'),
        attribute('externalId', 'string', { caseExact: true }),
      ],
    },
    {
      id: GROUP_SCHEMA,
      name: 'Group',
      description: 'A team in the company',
      attributes: [
        attribute('displayName', 'string', { required: true, uniqueness: 'server' }),
        attribute('members', 'complex', { multiValued: true, subAttributes: [attribute('value', 'string', { mutability: 'immutable' })] }),
        attribute('externalId', 'string', { caseExact: true }),
      ],
    },
  ].map((schema) => ({
    schemas: ['urn:ietf:params:scim:schemas:core:2.0:Schema'],
    ...schema,
    meta: { resourceType: 'Schema', location: `${base}/Schemas/${schema.id}` },
  }));
}
