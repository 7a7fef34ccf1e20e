import { randomBytes } from 'node:crypto';
import type { TScimSettings, TScimToken, TScimTokenCreated } from '../../../../shared/schemas/scim.ts';
import type { TUser } from '../../../../shared/schemas/users.ts';
import type { Db } from '../../../db/database.ts';
import { AppError } from '../../../http/errors.ts';
import { hashToken, newId } from '../../../security/tokens.ts';
import { actorOf, type AuditLog } from '../../privacy/index.ts';
import * as repo from './repository.ts';
import type { ScimCaller } from './users.ts';

const MAX_LIVE_TOKENS = 10;
/** How often a token's "last used" is written: not on every request of a provisioning run. */
const TOUCH_EVERY_MS = 60_000;

const adminOnly = (actor: TUser) => {
  if (actor.role !== 'admin') throw new AppError('FORBIDDEN', 403, 'scim.adminOnly');
};

const toToken = (row: repo.TokenRow): TScimToken => ({
  id: row.id,
  label: row.label,
  createdAt: row.created_at,
  createdBy: row.created_by_name,
  lastUsedAt: row.last_used_at,
  revokedAt: row.revoked_at,
});

/**
 * A company's SCIM bearer tokens: made by an admin and shown that once (only the SHA-256 hash is
 * kept), listed without their secret, revoked at once (docs/decisions/055-scim-provisioning.md).
 */
export class ScimTokens {
  constructor(
    private readonly db: Db,
    private readonly audit: AuditLog,
    readonly baseUrl: string,
  ) {}

  async settings(actor: TUser): Promise<TScimSettings> {
    adminOnly(actor);
    return { baseUrl: this.baseUrl, tokens: (await repo.listTokens(this.db, actor.organisationId)).map(toToken) };
  }

  async create(actor: TUser, label: string, ip: string): Promise<TScimTokenCreated> {
    adminOnly(actor);
    const live = (await repo.listTokens(this.db, actor.organisationId)).filter((t) => t.revoked_at === null);
    if (live.length >= MAX_LIVE_TOKENS)
      throw new AppError('TOO_MANY_TOKENS', 409, 'scim.tooManyTokens', { params: { max: MAX_LIVE_TOKENS } });
    const secret = `kursa_scim_${randomBytes(32).toString('base64url')}`;
    const id = newId();
    const at = new Date().toISOString();
    await repo.insertToken(this.db, {
      id,
      organisation_id: actor.organisationId,
      token_hash: hashToken(secret),
      label,
      created_at: at,
      created_by: actor.id,
    });
    await this.audit.record({
      organisationId: actor.organisationId,
      actor: actorOf(actor, ip),
      action: 'scim.token-created',
      target: { type: 'scim-token', id },
      details: { label },
    });
    const row = (await repo.listTokens(this.db, actor.organisationId)).find((t) => t.id === id)!;
    return { token: toToken(row), secret };
  }

  async revoke(actor: TUser, id: string, ip: string): Promise<TScimToken> {
    adminOnly(actor);
    const row = (await repo.listTokens(this.db, actor.organisationId)).find((t) => t.id === id);
    if (!row) throw new AppError('NOT_FOUND', 404, 'scim.tokenNotFound');
    if (!(await repo.revokeToken(this.db, actor.organisationId, id, new Date().toISOString())))
      throw new AppError('TOKEN_REVOKED', 409, 'scim.tokenRevoked');
    await this.audit.record({
      organisationId: actor.organisationId,
      actor: actorOf(actor, ip),
      action: 'scim.token-revoked',
      target: { type: 'scim-token', id },
      details: { label: row.label },
    });
    return toToken((await repo.listTokens(this.db, actor.organisationId)).find((t) => t.id === id)!);
  }

  /** The caller a bearer token stands for; undefined for a missing, unknown or revoked one. */
  async authenticate(authorization: string | undefined, ip: string): Promise<ScimCaller | undefined> {
    const match = authorization && /^Bearer\s+(\S+)\s*$/i.exec(authorization);
    if (!match) return undefined;
    const token = await repo.findLiveToken(this.db, hashToken(match[1]!));
    if (!token) return undefined;
    const now = Date.now();
    if (!token.last_used_at || now - Date.parse(token.last_used_at) > TOUCH_EVERY_MS)
      await repo.touchToken(this.db, token.id, new Date(now).toISOString());
    return { organisationId: token.organisation_id, tokenId: token.id, label: token.label, ip };
  }
}
