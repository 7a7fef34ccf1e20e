import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { companyDomainRecord, type TCompanyDomain, type TCompanyDomainList } from '../../../../shared/schemas/company-domains.ts';
import type { TUser } from '../../../../shared/schemas/users.ts';
import { emailDomain, isFreeMailDomain } from '../../../../shared/validation/email-domain.ts';
import type { Db } from '../../../db/database.ts';
import { isUniqueViolation } from '../../../db/errors.ts';
import { DnsLookupError, type TxtLookup } from '../../../dns/txt.ts';
import { AppError } from '../../../http/errors.ts';
import { newId } from '../../../security/tokens.ts';
import { actorOf, AuditLog } from '../../privacy/index.ts';
import { assertNotDemo } from '../users/demo-guard.ts';
import * as repo from './repository.ts';

const toView = (row: repo.CompanyDomainRow): TCompanyDomain => ({
  id: row.id,
  domain: row.domain,
  status: row.status,
  method: row.method,
  record: companyDomainRecord(row.domain, row.token),
  verifiedAt: row.verified_at,
  createdAt: row.created_at,
});

const notFound = () => new AppError('NOT_FOUND', 404, 'orgDomain.notFound');
const taken = () => new AppError('DOMAIN_TAKEN', 409, 'orgDomain.taken', { fields: { domain: 'orgDomain.taken' } });

/** The company that has proved control of `domain` (lower case, ASCII form), or null: whose identity provider a sign-in on it may go to. */
export async function verifiedDomainOwner(db: Db, domain: string): Promise<string | null> {
  return (await repo.verifiedOwner(db, domain.trim().toLowerCase().replace(/\.$/, ''))) ?? null;
}

/**
 * A company's e-mail domains and its proof that it controls them, by a DNS TXT record at
 * _kursa-verification.{domain} or by the registry e-mail it proved at registration. A domain is
 * verified for one company at most; public mail providers' domains are refused (the shared
 * free-mail list). See docs/decisions/056-company-domains-and-sessions.md.
 */
export class CompanyDomainsService {
  private readonly audit: AuditLog;

  constructor(
    private readonly db: Db,
    private readonly lookup: TxtLookup,
    log: FastifyBaseLogger,
  ) {
    this.audit = new AuditLog(db, log);
  }

  async list(actor: TUser): Promise<TCompanyDomainList> {
    adminOnly(actor);
    return { domains: (await repo.listForOrganisation(this.db, actor.organisationId)).map(toView) };
  }

  /** Adds the domain pending; verified at once when it is the domain of the registry e-mail the company proved itself by. */
  async add(actor: TUser, domain: string, ip: string | undefined): Promise<TCompanyDomain> {
    adminOnly(actor);
    assertNotDemo(actor);
    if (isFreeMailDomain(domain)) {
      throw new AppError('PUBLIC_MAIL_DOMAIN', 400, 'orgDomain.publicProvider', { fields: { domain: 'orgDomain.publicProvider' } });
    }
    const row: repo.CompanyDomainRow = {
      id: newId(),
      organisation_id: actor.organisationId,
      domain,
      token: randomBytes(16).toString('hex'),
      status: 'pending',
      method: null,
      verified_at: null,
      created_at: new Date().toISOString(),
      created_by: actor.id,
    };
    try {
      await repo.insert(this.db, row);
    } catch (error) {
      if (isUniqueViolation(error))
        throw new AppError('DOMAIN_EXISTS', 409, 'orgDomain.exists', { fields: { domain: 'orgDomain.exists' } });
      throw error;
    }
    await this.record(actor, ip, 'domain.added', row, {});
    const proof = await repo.registryProof(this.db, actor.organisationId);
    const registryDomain = proof.registry_email ? emailDomain(proof.registry_email) : null;
    if (proof.verified === 1 && proof.verified_method === 'domain' && registryDomain === domain) {
      // Another company that verified it first keeps it; this one stays pending.
      if (await this.verifyRow(actor, row, 'registry', ip).catch(ignoreTaken))
        return toView((await repo.findOwn(this.db, actor.organisationId, row.id))!);
    }
    return toView(row);
  }

  /** Looks for the TXT record now: verified when found; 409 naming the record when not, or when another company holds the domain. */
  async verify(actor: TUser, id: string, ip: string | undefined): Promise<TCompanyDomain> {
    adminOnly(actor);
    assertNotDemo(actor);
    const row = await repo.findOwn(this.db, actor.organisationId, id);
    if (!row) throw notFound();
    if (row.status === 'verified') return toView(row);
    const owner = await repo.verifiedOwner(this.db, row.domain);
    if (owner) throw taken();
    const record = companyDomainRecord(row.domain, row.token);
    let found: string[];
    try {
      found = await this.lookup(record.name);
    } catch (error) {
      if (error instanceof DnsLookupError) throw new AppError('DNS_UNAVAILABLE', 503, 'orgDomain.lookupFailed');
      throw error;
    }
    if (!found.includes(record.value)) {
      throw new AppError('DOMAIN_NOT_VERIFIED', 409, 'orgDomain.recordMissing', { params: { name: record.name, value: record.value } });
    }
    await this.verifyRow(actor, row, 'dns', ip);
    return toView((await repo.findOwn(this.db, actor.organisationId, id))!);
  }

  async remove(actor: TUser, id: string, ip: string | undefined): Promise<TCompanyDomainList> {
    adminOnly(actor);
    assertNotDemo(actor);
    const row = await repo.findOwn(this.db, actor.organisationId, id);
    if (!row) throw notFound();
    await repo.remove(this.db, id);
    await this.record(actor, ip, 'domain.removed', row, { status: row.status });
    return this.list(actor);
  }

  private async verifyRow(actor: TUser, row: repo.CompanyDomainRow, method: 'dns' | 'registry', ip: string | undefined): Promise<true> {
    try {
      await repo.markVerified(this.db, row.id, method, new Date().toISOString());
    } catch (error) {
      if (isUniqueViolation(error)) throw taken();
      throw error;
    }
    await this.record(actor, ip, 'domain.verified', row, { method });
    return true;
  }

  private async record(actor: TUser, ip: string | undefined, action: string, row: repo.CompanyDomainRow, details: object) {
    await this.audit.record({
      organisationId: actor.organisationId,
      actor: actorOf(actor, ip),
      action,
      target: { type: 'domain', id: row.id },
      details: { domain: row.domain, ...details },
    });
  }
}

function adminOnly(actor: TUser): void {
  if (actor.role !== 'admin') throw new AppError('FORBIDDEN', 403, 'orgDomain.adminOnly');
}

function ignoreTaken(error: unknown): false {
  if (error instanceof AppError && error.code === 'DOMAIN_TAKEN') return false;
  throw error;
}
