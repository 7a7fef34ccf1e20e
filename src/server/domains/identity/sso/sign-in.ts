import type { FastifyBaseLogger } from 'fastify';
import type { TSsoError } from '../../../../shared/sso.ts';
import { emailDomain } from '../../../../shared/validation/email-domain.ts';
import type { Db } from '../../../db/database.ts';
import type { SsoProtocol } from '../../../db/schema-sso.ts';
import { isUniqueViolation } from '../../../db/errors.ts';
import { hashPassword } from '../../../security/passwords.ts';
import { newId, newSessionToken } from '../../../security/tokens.ts';
import { assertOrganisationWritable, assertRoleSeat } from '../../commerce/index.ts';
import { AuditLog } from '../../privacy/index.ts';
import { verifiedDomainOwner } from '../company-domains/service.ts';
import type { MembershipHook } from '../users/membership.ts';
import { insertUser } from '../users/repository.ts';
import * as repo from './repository.ts';

/** Who the provider says signed in, after its answer was checked (oidc.ts, saml.ts). */
export interface ProviderIdentity {
  protocol: SsoProtocol;
  issuer: string;
  subject: string;
  email: string | undefined;
  name: string | undefined;
  /** The provider's groups the person is in, as its tokens name them. */
  groups: readonly string[];
  /** The provider's session (OIDC sid, SAML SessionIndex): its logout ends ours. */
  providerSession: string | undefined;
}

/** A sign-in the provider vouched for that Kursa does not accept, and why (the login page says it in words). */
export class SsoRefusal extends Error {
  constructor(
    readonly code: TSsoError,
    detail: string,
  ) {
    super(detail);
  }
}

/** What the company's groups do for single sign-on: members join and leave (the compliance domain's). */
export interface SsoGroupsPort {
  change(organisationId: string, groupId: string, change: { add?: readonly string[]; remove?: readonly string[] }): Promise<void>;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * Turns a provider's vouched-for identity into a Kursa person of the company: the one linked to it
 * before, or the company's person with its address, or a new one with the company's default role
 * (just in time). The address must be on a domain this company has verified, so a provider can
 * vouch only for its own company's people. See docs/decisions/058-single-sign-on.md.
 */
export class SsoSignIn {
  private readonly audit: AuditLog;

  constructor(
    private readonly db: Db,
    private readonly groups: SsoGroupsPort,
    log: FastifyBaseLogger,
    private readonly membership?: MembershipHook,
  ) {
    this.audit = new AuditLog(db, log);
  }

  async person(organisationId: string, identity: ProviderIdentity, ip: string): Promise<string> {
    const email = identity.email?.trim().toLowerCase();
    if (!email || !EMAIL.test(email) || email.length > 254) throw new SsoRefusal('refused', 'the provider named no e-mail address');
    const domain = emailDomain(email);
    if (!domain || (await verifiedDomainOwner(this.db, domain)) !== organisationId)
      throw new SsoRefusal('domain', `${domain ?? email} is not a verified domain of the company`);
    const connection = await repo.connectionOf(this.db, organisationId);
    if (!connection?.enabled) throw new SsoRefusal('off', 'single sign-on is off');
    const now = new Date().toISOString();

    const linked = await repo.identityOf(this.db, organisationId, identity.issuer, identity.subject);
    const userId =
      linked?.user_id ??
      (await this.byAddress(organisationId, email)) ??
      (await this.create(organisationId, identity, email, connection.default_role, ip));
    const user = await this.db
      .selectFrom('users')
      .select(['id', 'organisation_id', 'email', 'contact_name', 'deactivated_at', 'erased_at'])
      .where('id', '=', userId)
      .executeTakeFirstOrThrow();
    if (user.organisation_id !== organisationId || user.deactivated_at !== null || user.erased_at !== null)
      throw new SsoRefusal('account', 'the person is deactivated or not the company’s');
    if (linked) {
      await this.db.updateTable('sso_identities').set({ last_login_at: now }).where('id', '=', linked.id).execute();
    } else {
      await this.db
        .insertInto('sso_identities')
        .values({
          id: newId(),
          organisation_id: organisationId,
          user_id: userId,
          issuer: identity.issuer,
          subject: identity.subject,
          created_at: now,
          last_login_at: now,
        })
        .onConflict((oc) => oc.columns(['organisation_id', 'issuer', 'subject']).doNothing())
        .execute();
    }
    await this.syncGroups(organisationId, userId, identity.groups);
    await this.audit.record({
      organisationId,
      actor: { id: userId, name: user.contact_name, email: user.email, ip },
      action: 'auth.login',
      target: { type: 'user', id: userId },
      details: { method: identity.protocol },
    });
    return userId;
  }

  /** The company's person with the address; another company's holder of it is refused. */
  private async byAddress(organisationId: string, email: string): Promise<string | undefined> {
    const holder = await this.db.selectFrom('users').select(['id', 'organisation_id']).where('email', '=', email).executeTakeFirst();
    if (holder && holder.organisation_id !== organisationId)
      throw new SsoRefusal('account', 'the address belongs to another company’s person');
    return holder?.id;
  }

  private async create(
    organisationId: string,
    identity: ProviderIdentity,
    email: string,
    role: 'learner' | 'instructor',
    ip: string,
  ): Promise<string> {
    const now = new Date().toISOString();
    try {
      await assertOrganisationWritable(this.db, organisationId);
      await assertRoleSeat(this.db, organisationId, role, now);
    } catch {
      throw new SsoRefusal('seat', 'the company’s plan has no seat for another person');
    }
    const id = newId();
    const name = identity.name?.trim().slice(0, 200) || email.split('@')[0]!;
    try {
      await insertUser(this.db, {
        id,
        organisationId,
        email,
        // No password anyone knows: the provider is how this person gets in.
        passwordHash: await hashPassword(newSessionToken()),
        contactName: name,
        phone: '',
        role,
      });
    } catch (error) {
      // Two first sign-ins at once: the other made the person.
      if (isUniqueViolation(error)) return (await this.byAddress(organisationId, email)) ?? id;
      throw error;
    }
    await this.audit.record({
      organisationId,
      actor: { id: null, name: `SSO: ${identity.issuer}`, email: null, ip },
      action: 'sso.user-created',
      target: { type: 'user', id },
      details: { email, role, protocol: identity.protocol },
    });
    await this.membership?.(id, 'joined');
    return id;
  }

  /** The mapped groups follow the provider's word at each sign-in; groups nobody mapped are left alone. */
  private async syncGroups(organisationId: string, userId: string, claimed: readonly string[]): Promise<void> {
    const mappings = await repo.mappingsOf(this.db, organisationId);
    if (mappings.length === 0) return;
    const inGroups = new Set(claimed);
    const wanted = new Set(mappings.filter((m) => inGroups.has(m.external_group)).map((m) => m.group_id));
    for (const groupId of new Set(mappings.map((m) => m.group_id))) {
      await this.groups.change(organisationId, groupId, wanted.has(groupId) ? { add: [userId] } : { remove: [userId] });
    }
  }
}
