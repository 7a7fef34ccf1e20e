import { randomBytes } from 'node:crypto';
import { API_KEY_SCOPES } from '../../../../shared/constants.ts';
import type { ApiKeyScope, TApiKey, TApiKeyCreated, TCreateApiKeyRequest } from '../../../../shared/schemas/api-keys.ts';
import type { TUser } from '../../../../shared/schemas/users.ts';
import type { Db } from '../../../db/database.ts';
import { AppError } from '../../../http/errors.ts';
import { hashToken, newId } from '../../../security/tokens.ts';
import { actorOf, type AuditLog } from '../../privacy/index.ts';
import { assertNotDemo } from '../users/demo-guard.ts';
import * as repo from './repository.ts';

const MAX_LIVE_KEYS = 20;
/** How often a key's "last used" is written: not on every request of a busy integration. */
const TOUCH_EVERY_MS = 60_000;
export const KEY_PREFIX = 'kursa_key_';
/** How much of a key its list shows: the prefix and four characters of the secret. */
const SHOWN_LENGTH = KEY_PREFIX.length + 4;

/** A key that authenticated: whose rights it uses and within which scopes. */
export interface ApiKeyCaller {
  id: string;
  ownerId: string;
  label: string;
  scopes: readonly ApiKeyScope[];
  lastUsedAt: string | null;
}

const adminOnly = (actor: TUser) => {
  if (actor.role !== 'admin') throw new AppError('FORBIDDEN', 403, 'apiKeys.adminOnly');
};

const scopesOf = (stored: string): ApiKeyScope[] => {
  const parsed: unknown = JSON.parse(stored);
  return Array.isArray(parsed) ? API_KEY_SCOPES.filter((scope) => parsed.includes(scope)) : [];
};

const toKey = (row: repo.KeyRow): TApiKey => ({
  id: row.id,
  label: row.label,
  prefix: row.prefix,
  scopes: scopesOf(row.scopes),
  createdAt: row.created_at,
  owner: row.owner_name,
  lastUsedAt: row.last_used_at,
  revokedAt: row.revoked_at,
});

/**
 * A company's API keys: made by an admin, acting with that admin's rights within the scopes chosen,
 * shown once (only the SHA-256 hash is kept), revoked at once (docs/decisions/061-api-keys.md).
 */
export class ApiKeys {
  constructor(
    private readonly db: Db,
    private readonly audit: AuditLog,
  ) {}

  async list(actor: TUser): Promise<TApiKey[]> {
    adminOnly(actor);
    return (await repo.listKeys(this.db, actor.organisationId)).map(toKey);
  }

  async create(actor: TUser, request: TCreateApiKeyRequest, ip: string): Promise<TApiKeyCreated> {
    adminOnly(actor);
    assertNotDemo(actor);
    const live = (await repo.listKeys(this.db, actor.organisationId)).filter((k) => k.revoked_at === null);
    if (live.length >= MAX_LIVE_KEYS) throw new AppError('TOO_MANY_KEYS', 409, 'apiKeys.tooMany', { params: { max: MAX_LIVE_KEYS } });
    const secret = `${KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
    const id = newId();
    const scopes = API_KEY_SCOPES.filter((scope) => request.scopes.includes(scope));
    await repo.insertKey(this.db, {
      id,
      organisation_id: actor.organisationId,
      owner_id: actor.id,
      key_hash: hashToken(secret),
      prefix: secret.slice(0, SHOWN_LENGTH),
      label: request.label,
      scopes: JSON.stringify(scopes),
      created_at: new Date().toISOString(),
    });
    await this.audit.record({
      organisationId: actor.organisationId,
      actor: actorOf(actor, ip),
      action: 'api-key.created',
      target: { type: 'api-key', id },
      details: { label: request.label, scopes },
    });
    return { key: await this.one(actor.organisationId, id), secret };
  }

  async revoke(actor: TUser, id: string, ip: string): Promise<TApiKey> {
    adminOnly(actor);
    const key = await repo.findKey(this.db, actor.organisationId, id);
    if (!key) throw new AppError('NOT_FOUND', 404, 'apiKeys.notFound');
    if (!(await repo.revokeKey(this.db, actor.organisationId, id, new Date().toISOString())))
      throw new AppError('KEY_REVOKED', 409, 'apiKeys.alreadyRevoked');
    await this.audit.record({
      organisationId: actor.organisationId,
      actor: actorOf(actor, ip),
      action: 'api-key.revoked',
      target: { type: 'api-key', id },
      details: { label: key.label },
    });
    return this.one(actor.organisationId, id);
  }

  /** The key a request presents; undefined for an unknown or revoked one, or one whose owner is no longer an active admin. */
  async authenticate(secret: string): Promise<ApiKeyCaller | undefined> {
    const key = await repo.findLiveKey(this.db, hashToken(secret));
    return key && { id: key.id, ownerId: key.owner_id, label: key.label, scopes: scopesOf(key.scopes), lastUsedAt: key.last_used_at };
  }

  /** Notes a key's use by a request it was allowed, at most once a minute. */
  async used(key: ApiKeyCaller): Promise<void> {
    const now = Date.now();
    if (!key.lastUsedAt || now - Date.parse(key.lastUsedAt) > TOUCH_EVERY_MS)
      await repo.touchKey(this.db, key.id, new Date(now).toISOString());
  }

  private async one(organisationId: string, id: string): Promise<TApiKey> {
    return toKey((await repo.findKey(this.db, organisationId, id))!);
  }
}
