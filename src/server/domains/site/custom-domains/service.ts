import { randomBytes } from 'node:crypto';
import { PLAN_FEATURES } from '../../../../shared/plan-features.ts';
import type { TCustomDomain } from '../../../../shared/schemas/custom-domain.ts';
import type { TUser } from '../../../../shared/schemas/users.ts';
import { verificationRecord } from '../../../../shared/validation/domain.ts';
import type { Db } from '../../../db/database.ts';
import { isUniqueViolation } from '../../../db/errors.ts';
import { DnsLookupError, type TxtLookup } from '../../../dns/txt.ts';
import { AppError } from '../../../http/errors.ts';
import type { SiteUrls } from '../../../http/site-urls.ts';
import { assertNotDemo } from '../../identity/index.ts';
import * as repo from './repository.ts';

/** A company whose site a request's Host names through the company's own domain. */
export interface DomainSite {
  organisationId: string;
  name: string;
}

/** How long a Host that is no company's domain is trusted to stay so before the database is asked again. */
const KEEP_MS = 30_000;
const hostnameOf = (host: string) => host.replace(/:\d+$/, '');

/**
 * A company's own domain for its site (kurser.firma.dk): its admin adds it, proves control with a
 * DNS TXT record, points a CNAME at this installation, and requests with that Host get the site.
 * On plans that include it only (PLAN_FEATURES.customDomain); while a plan does not, the domain
 * serves nothing. See docs/decisions/046-custom-domains.md.
 */
export class CustomDomainsService {
  /** Host names that are no company's, until when that is trusted. */
  readonly #unknown = new Map<string, number>();

  constructor(
    private readonly db: Db,
    private readonly urls: SiteUrls,
    private readonly lookup: TxtLookup,
  ) {}

  /** The installation's own host name, which no company can claim, nor anything under it. */
  private get ownHostname(): string {
    return hostnameOf(this.urls.host);
  }

  async get(actor: TUser): Promise<TCustomDomain> {
    if (actor.role === 'learner') throw new AppError('FORBIDDEN', 403, 'domain.adminOnly');
    const [row, plan] = await Promise.all([repo.findByOrganisation(this.db, actor.organisationId), this.planOf(actor)]);
    return {
      included: PLAN_FEATURES[plan].customDomain,
      domain: row?.domain ?? null,
      status: !row ? 'none' : row.verifiedAt ? 'verified' : 'pending',
      record: row ? verificationRecord(row.domain, row.token) : null,
      target: this.ownHostname,
      verifiedAt: row?.verifiedAt ?? null,
      siteUrl: row?.verifiedAt ? `${this.urls.protocol}//${row.domain}` : null,
    };
  }

  /** Adds the domain (or replaces the one there), unverified, with a new token; the same domain again changes nothing. */
  async set(actor: TUser, domain: string): Promise<TCustomDomain> {
    await this.assertCanChange(actor);
    const own = this.ownHostname;
    if (domain === own || domain.endsWith(`.${own}`)) {
      throw new AppError('DOMAIN_OURS', 400, 'domain.ours', { fields: { domain: 'domain.ours' } });
    }
    const current = await repo.findByOrganisation(this.db, actor.organisationId);
    if (current?.domain !== domain) {
      try {
        await repo.replace(this.db, actor.organisationId, domain, randomBytes(16).toString('hex'), new Date().toISOString());
      } catch (error) {
        if (isUniqueViolation(error)) throw new AppError('DOMAIN_TAKEN', 409, 'domain.taken', { fields: { domain: 'domain.taken' } });
        throw error;
      }
      this.forget(current?.domain);
    }
    return this.get(actor);
  }

  /** Looks for the TXT record now; verified when it is there, else 422 saying what is missing. */
  async verify(actor: TUser): Promise<TCustomDomain> {
    await this.assertCanChange(actor);
    const row = await repo.findByOrganisation(this.db, actor.organisationId);
    if (!row) throw new AppError('NOT_FOUND', 404, 'domain.none');
    if (!row.verifiedAt) {
      const record = verificationRecord(row.domain, row.token);
      let found: string[];
      try {
        found = await this.lookup(record.name);
      } catch (error) {
        if (error instanceof DnsLookupError) throw new AppError('DNS_UNAVAILABLE', 503, 'domain.lookupFailed');
        throw error;
      }
      if (!found.includes(record.value)) {
        throw new AppError('DOMAIN_NOT_VERIFIED', 422, 'domain.recordMissing', { params: { name: record.name, value: record.value } });
      }
      await repo.markChecked(this.db, actor.organisationId, new Date().toISOString(), true);
      this.forget(row.domain);
    }
    return this.get(actor);
  }

  /** Also on a plan without domains of its own, so a company that moved to one can take it away. */
  async remove(actor: TUser): Promise<TCustomDomain> {
    this.assertAdmin(actor);
    const row = await repo.findByOrganisation(this.db, actor.organisationId);
    await repo.remove(this.db, actor.organisationId);
    this.forget(row?.domain);
    return this.get(actor);
  }

  /**
   * The company whose site a request's Host is (its verified domain, on a plan that includes it),
   * or null. A name that is no company's is remembered for a while, so the main app's requests
   * under another name (an alias) cost a map look-up; a domain added or verified through this
   * instance is seen at once, through another within KEEP_MS. A company's own is always read
   * anew, so a plan that stops including it stops the site at once.
   */
  async siteFor(host: string): Promise<DomainSite | null> {
    const hostname = hostnameOf(host.toLowerCase()).replace(/\.$/, '');
    const unknown = this.#unknown.get(hostname);
    if (unknown !== undefined && unknown > Date.now()) return null;
    const found = await repo.findVerified(this.db, hostname);
    if (found) return PLAN_FEATURES[found.plan].customDomain ? { organisationId: found.organisationId, name: found.name } : null;
    if (this.#unknown.size > 10_000) this.#unknown.clear();
    this.#unknown.set(hostname, Date.now() + KEEP_MS);
    return null;
  }

  /**
   * Whether a TLS certificate may be issued for `domain` (a proxy's on-demand TLS asks): a verified
   * company domain that serves, or a company's subdomain. Nothing else, so no one can make the
   * proxy fetch certificates for names that are not ours to serve.
   */
  async allowed(domain: string): Promise<boolean> {
    const name = domain.toLowerCase().replace(/\.$/, '');
    const suffix = `.${this.ownHostname}`;
    if (name.endsWith(suffix)) {
      const label = name.slice(0, -suffix.length);
      return !label.includes('.') && (await repo.subdomainTaken(this.db, label));
    }
    return (await this.siteFor(name)) !== null;
  }

  private forget(domain: string | undefined) {
    if (domain) this.#unknown.delete(domain);
  }

  private async planOf(actor: TUser) {
    return (await this.db.selectFrom('organisations').select('plan').where('id', '=', actor.organisationId).executeTakeFirstOrThrow()).plan;
  }

  private assertAdmin(actor: TUser): void {
    if (actor.role !== 'admin') throw new AppError('FORBIDDEN', 403, 'domain.adminOnly');
    assertNotDemo(actor);
  }

  private async assertCanChange(actor: TUser): Promise<void> {
    this.assertAdmin(actor);
    if (!PLAN_FEATURES[await this.planOf(actor)].customDomain) throw new AppError('PLAN_FEATURE', 403, 'plan.customDomain');
  }
}
