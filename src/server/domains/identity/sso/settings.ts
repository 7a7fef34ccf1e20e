import type { FastifyBaseLogger } from 'fastify';
import { entraIssuer, GOOGLE_ISSUER, type TSsoSettings, type TSsoSettingsUpdate } from '../../../../shared/schemas/sso.ts';
import type { TUser } from '../../../../shared/schemas/users.ts';
import type { Db } from '../../../db/database.ts';
import type { MessageKey } from '../../../../shared/i18n/messages.ts';
import { AppError } from '../../../http/errors.ts';
import type { Sealer } from '../../../security/sealed.ts';
import { newId } from '../../../security/tokens.ts';
import { actorOf, AuditLog } from '../../privacy/index.ts';
import { assertNotDemo } from '../users/demo-guard.ts';
import type { OidcSignIn } from './oidc.ts';
import * as repo from './repository.ts';
import type { SamlSettingsPart } from './saml-settings.ts';
import { SsoRefusal } from './sign-in.ts';

export interface SsoAddresses {
  publicUrl: string;
}

const ENTRA_ISSUER = /^https:\/\/login\.microsoftonline\.com\/([0-9a-f-]{36})\/v2\.0$/i;
const invalid = (field: string, key: MessageKey) => new AppError('INVALID_SSO', 400, key, { fields: { [field]: key } });

/** Our side's addresses a provider is given (they follow PUBLIC_URL). */
export function ourAddresses(publicUrl: string, organisationId: string) {
  return {
    redirectUri: `${publicUrl}/api/auth/oidc/callback`,
    backChannelLogoutUri: `${publicUrl}/api/auth/oidc/backchannel-logout/${organisationId}`,
    frontChannelLogoutUri: `${publicUrl}/api/auth/oidc/frontchannel-logout/${organisationId}`,
    spEntityId: `${publicUrl}/api/auth/saml/metadata/${organisationId}`,
    acsUrl: `${publicUrl}/api/auth/saml/acs`,
    spMetadataUrl: `${publicUrl}/api/auth/saml/metadata/${organisationId}`,
  };
}

/**
 * GET/PUT /api/organisation/sso: a company's identity provider, admins only. Turning it on needs a
 * verified domain and a provider that answers; requiring it needs a break-glass admin who keeps a
 * password and a second factor, so a broken provider does not lock the company out.
 */
export class SsoSettingsService {
  private readonly audit: AuditLog;

  constructor(
    private readonly db: Db,
    private readonly sealer: Sealer,
    private readonly oidc: OidcSignIn,
    private readonly saml: SamlSettingsPart,
    private readonly addresses: SsoAddresses,
    private readonly hasSecondFactor: (userId: string) => Promise<boolean>,
    log: FastifyBaseLogger,
  ) {
    this.audit = new AuditLog(db, log);
  }

  async get(actor: TUser): Promise<TSsoSettings> {
    adminOnly(actor);
    const organisationId = actor.organisationId;
    const [row, mappings, domains] = await Promise.all([
      repo.connectionOf(this.db, organisationId),
      repo.mappingsOf(this.db, organisationId),
      repo.verifiedDomains(this.db, organisationId),
    ]);
    const ours = ourAddresses(this.addresses.publicUrl, organisationId);
    return {
      configured: row !== undefined,
      provider: row?.provider ?? 'entra',
      enabled: row?.enabled === 1,
      required: row?.required === 1,
      breakGlassUserId: row?.break_glass_user_id ?? null,
      defaultRole: row?.default_role ?? 'learner',
      oidc: {
        issuer: row?.oidc_issuer ?? null,
        tenantId: row?.oidc_issuer?.match(ENTRA_ISSUER)?.[1] ?? null,
        clientId: row?.oidc_client_id ?? null,
        hasSecret: Boolean(row?.oidc_client_secret),
        redirectUri: ours.redirectUri,
        backChannelLogoutUri: ours.backChannelLogoutUri,
        frontChannelLogoutUri: ours.frontChannelLogoutUri,
      },
      saml: { ...this.saml.view(row), spEntityId: ours.spEntityId, acsUrl: ours.acsUrl, spMetadataUrl: ours.spMetadataUrl },
      groupMappings: mappings.map((m) => ({ externalGroup: m.external_group, groupId: m.group_id })),
      domains,
    };
  }

  async put(actor: TUser, update: TSsoSettingsUpdate, ip: string): Promise<TSsoSettings> {
    adminOnly(actor);
    assertNotDemo(actor);
    const organisationId = actor.organisationId;
    const before = await repo.connectionOf(this.db, organisationId);
    const now = new Date().toISOString();
    const protocol = update.provider === 'saml' ? 'saml' : 'oidc';
    const row: repo.ConnectionRow = {
      ...(before ?? emptyConnection(organisationId, now)),
      protocol,
      provider: update.provider,
      enabled: update.enabled ? 1 : 0,
      required: update.enabled && update.required ? 1 : 0,
      break_glass_user_id: update.breakGlassUserId,
      default_role: update.defaultRole,
      updated_at: now,
    };
    if (protocol === 'oidc') Object.assign(row, await this.oidcPart(update, before));
    else Object.assign(row, await this.saml.apply(update.saml, before, update.enabled));

    if (update.enabled) {
      if ((await repo.verifiedDomains(this.db, organisationId)).length === 0) throw invalid('enabled', 'sso.noVerifiedDomain');
      if (protocol === 'oidc') await this.checkProvider(row);
    }
    if (row.required === 1) await this.checkBreakGlass(organisationId, row.break_glass_user_id);
    else if (row.break_glass_user_id !== null) await this.checkAdmin(organisationId, row.break_glass_user_id);
    const groupIds = [...new Set(update.groupMappings.map((m) => m.groupId))];
    const ours = await repo.groupsOfCompany(this.db, organisationId, groupIds);
    if (groupIds.some((id) => !ours.has(id))) throw invalid('groupMappings', 'sso.groupNotFound');

    await repo.saveConnection(this.db, row);
    await repo.replaceMappings(
      this.db,
      organisationId,
      uniqueMappings(update.groupMappings).map((m) => ({ id: newId(), ...m })),
      now,
    );
    await this.audit.record({
      organisationId,
      actor: actorOf(actor, ip),
      action: 'sso.changed',
      target: { type: 'organisation', id: organisationId },
      details: {
        provider: row.provider,
        enabled: row.enabled === 1,
        required: row.required === 1,
        ...(before && { before: { provider: before.provider, enabled: before.enabled === 1, required: before.required === 1 } }),
        secretChanged: row.oidc_client_secret !== (before?.oidc_client_secret ?? null),
      },
    });
    return this.get(actor);
  }

  private async oidcPart(update: TSsoSettingsUpdate, before: repo.ConnectionRow | undefined) {
    const given = update.oidc ?? {};
    let issuer: string | null;
    if (update.provider === 'entra') {
      if (!given.tenantId) throw invalid('oidc.tenantId', 'sso.tenantInvalid');
      issuer = entraIssuer(given.tenantId.toLowerCase());
    } else if (update.provider === 'google') {
      issuer = GOOGLE_ISSUER;
    } else {
      issuer = given.issuer ? given.issuer.replace(/\/$/, '') : null;
      if (!issuer) throw invalid('oidc.issuer', 'sso.issuerInvalid');
    }
    const clientId = given.clientId?.trim() || null;
    if (!clientId) throw invalid('oidc.clientId', 'sso.clientIdInvalid');
    const secret = given.clientSecret?.trim();
    // The kept secret is sent only to the provider it was given for: another issuer needs it typed again.
    const kept = before?.oidc_issuer === issuer ? before.oidc_client_secret : null;
    const sealed = secret ? await this.sealer.seal(secret) : kept;
    if (!sealed) throw invalid('oidc.clientSecret', 'sso.clientSecretMissing');
    return { oidc_issuer: issuer, oidc_client_id: clientId, oidc_client_secret: sealed };
  }

  /** The provider must answer its discovery document before people are sent to it. */
  private async checkProvider(row: repo.ConnectionRow): Promise<void> {
    try {
      await this.oidc.discover({
        issuer: row.oidc_issuer!,
        clientId: row.oidc_client_id!,
        clientSecret: await this.sealer.open(row.oidc_client_secret!),
      });
    } catch (error) {
      if (error instanceof SsoRefusal) throw invalid(row.provider === 'entra' ? 'oidc.tenantId' : 'oidc.issuer', 'sso.discoveryFailed');
      throw error;
    }
  }

  private async checkAdmin(organisationId: string, userId: string): Promise<void> {
    const admin = await this.db
      .selectFrom('users')
      .select('id')
      .where('id', '=', userId)
      .where('organisation_id', '=', organisationId)
      .where('role', '=', 'admin')
      .where('deactivated_at', 'is', null)
      .where('erased_at', 'is', null)
      .executeTakeFirst();
    if (!admin) throw invalid('breakGlassUserId', 'sso.breakGlassNotAdmin');
  }

  private async checkBreakGlass(organisationId: string, userId: string | null): Promise<void> {
    if (userId === null) throw invalid('breakGlassUserId', 'sso.breakGlassMissing');
    await this.checkAdmin(organisationId, userId);
    if (!(await this.hasSecondFactor(userId))) throw invalid('breakGlassUserId', 'sso.breakGlassNeedsSecondFactor');
  }
}

function emptyConnection(organisationId: string, now: string): repo.ConnectionRow {
  return {
    organisation_id: organisationId,
    protocol: 'oidc',
    provider: 'entra',
    enabled: 0,
    required: 0,
    break_glass_user_id: null,
    default_role: 'learner',
    oidc_issuer: null,
    oidc_client_id: null,
    oidc_client_secret: null,
    saml_entity_id: null,
    saml_sso_url: null,
    saml_slo_url: null,
    saml_certificates: null,
    saml_metadata_url: null,
    saml_encrypted: 0,
    created_at: now,
    updated_at: now,
  };
}

function uniqueMappings(mappings: TSsoSettingsUpdate['groupMappings']) {
  const seen = new Set<string>();
  return mappings.filter((m) => {
    const key = `${m.externalGroup}\n${m.groupId}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

function adminOnly(actor: TUser): void {
  if (actor.role !== 'admin') throw new AppError('FORBIDDEN', 403, 'sso.adminOnly');
}
