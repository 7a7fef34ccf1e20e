import type { FastifyBaseLogger } from 'fastify';
import { DEMO_ACCOUNT } from '../../../../shared/demo.ts';
import { VERIFICATION, type TCodeSent, type TVerificationState } from '../../../../shared/schemas/verification.ts';
import type { TUser } from '../../../../shared/schemas/users.ts';
import { companyDomain, isOnDomain, maskEmail } from '../../../../shared/validation/email-domain.ts';
import type { Db } from '../../../db/database.ts';
import { AppError } from '../../../http/errors.ts';
import { noticeSender, type Mailer, type SendNotice } from '../../../mail/mailer.ts';
import {
  claimEndedMail,
  claimWonMail,
  mailLanguage,
  ownAddressCodeMail,
  verificationCodeMail,
  type MailLanguage,
} from '../../../mail/templates.ts';
import { newId } from '../../../security/tokens.ts';
import { cvrTaken, emailTaken, registrationConflict } from './registration-conflicts.ts';
import type { CvrService } from '../cvr/service.ts';
import * as users from '../users/repository.ts';
import { codeMatches, displayCode, hashCode, newCode } from './codes.ts';
import { confirmationRequired } from './gate.ts';
import * as repo from './repository.ts';

const MINUTE_MS = 60 * 1000;

/** A second registration for an unconfirmed company's CVR, waiting for the mailed code. */
export interface PendingRegistration {
  org: Omit<users.NewOrganisation, 'id'>;
  user: Omit<users.NewUser, 'id' | 'organisationId'>;
}

/**
 * Company verification (docs/decisions/009). A company is confirmed when its registrant
 * proved control: their login e-mail is on the company's own domain as the registry knows it, or
 * they entered a code mailed to the company's registered address. Until then it is unconfirmed,
 * and another registrant who proves control takes the CVR over.
 */
export class VerificationService {
  constructor(
    private readonly db: Db,
    private readonly cvr: CvrService,
    private readonly mailer: Mailer,
    private readonly log: FastifyBaseLogger,
    private readonly notify: SendNotice = noticeSender(mailer, log),
  ) {}

  get provider(): 'offline' | 'cvrapi' {
    return this.cvr.registry.name;
  }

  /** Whether `email` proves control of a company whose registry address is `registryEmail`. */
  domainMatches(email: string, registryEmail: string | null): boolean {
    const domain = companyDomain(registryEmail);
    return domain !== null && isOnDomain(email, domain);
  }

  /** GET /api/company/verification */
  async state(user: TUser): Promise<TVerificationState> {
    const org = await this.organisationOf(user);
    const domain = companyDomain(org.registry_email);
    const confirmed = org.verified === 1;
    const claim = confirmed ? undefined : await repo.latestClaim(this.db, org.id, { userId: user.id });
    const live = claim && claim.attempts < VERIFICATION.maxAttempts && claim.expires_at > new Date().toISOString();
    const mayAsk = !confirmed && user.role === 'admin';
    const ownOnDomain = domain !== null && isOnDomain(user.email, domain);
    return {
      status: confirmed ? 'confirmed' : 'unconfirmed',
      method: confirmed && (org.verified_method === 'domain' || org.verified_method === 'code') ? org.verified_method : null,
      required: confirmationRequired(this.provider, confirmed),
      registry: org.registry_status === 'found' || org.registry_status === 'not_found' ? org.registry_status : 'unchecked',
      companyDomain: domain,
      companyEmail: org.registry_email ? maskEmail(org.registry_email) : null,
      canSendCode: mayAsk && org.registry_email !== null,
      ownAddress: ownOnDomain ? maskEmail(user.email) : null,
      canSendOwnCode: mayAsk && ownOnDomain,
      pending: live ? { sentTo: maskEmail(claim.sent_to), expiresAt: claim.expires_at } : null,
      // Someone else can prove control only against an address the registry has; the shared demo
      // company is never taken over (auth/service.ts register).
      takeoverPossible: !confirmed && org.registry_email !== null && org.email !== DEMO_ACCOUNT.email,
    };
  }

  /**
   * POST /api/company/verification/send-code: an admin asks for a code, sent to the company's
   * address in the registry ('company'), or — when their own login address is on the company's
   * domain — to that address ('me'), which proves they read mail on the company's domain.
   */
  async sendCode(user: TUser, to: 'company' | 'me' = 'company'): Promise<TCodeSent> {
    this.assertAdmin(user);
    const org = await this.organisationOf(user);
    if (org.verified === 1) throw new AppError('COMPANY_CONFIRMED', 409, 'verification.alreadyConfirmed');
    if (to === 'me' && !this.domainMatches(user.email, org.registry_email)) {
      throw new AppError('NOT_ON_DOMAIN', 409, 'verification.notOnDomain');
    }
    const sendTo = to === 'me' ? user.email : org.registry_email;
    const { expiresAt } = await this.issueCode(org, {
      userId: user.id,
      registration: null,
      requesterEmail: user.email,
      requesterName: user.contactName,
      sendTo,
      language: to === 'me' ? mailLanguage((await users.findMailContact(this.db, user.id))?.language) : 'da',
    });
    return { sentTo: maskEmail(sendTo ?? ''), expiresAt };
  }

  /**
   * Right after a registration whose address is on the company's domain (mail on): a code to that
   * address proves the registrant reads it. A failure to send is no reason to fail the
   * registration; the dashboard offers to send again.
   */
  async sendDomainCodeAfterRegistration(userId: string): Promise<void> {
    const user = await users.findUserById(this.db, userId);
    if (!user) return;
    try {
      await this.sendCode(user, 'me');
    } catch (error) {
      this.log.warn({ err: error }, 'the code proving a registrant reads mail on the company domain could not be sent');
    }
  }

  /** POST /api/company/verification/confirm */
  async confirm(user: TUser, code: string): Promise<void> {
    this.assertAdmin(user);
    const org = await this.organisationOf(user);
    if (org.verified === 1) throw new AppError('COMPANY_CONFIRMED', 409, 'verification.alreadyConfirmed');
    const claim = await this.useCode(await repo.latestClaim(this.db, org.id, { userId: user.id }), code);
    await repo.markVerified(this.db, org.id, methodOf(claim, org), new Date());
    // Other people's codes for a company that is now confirmed could only take it away.
    await repo.deleteClaimsOf(this.db, org.id);
  }

  /**
   * POST /api/register for a CVR an unconfirmed company holds, without a domain match: a code goes
   * to the company's registered address; the registration waits for it. Refused (409) when no code
   * can be sent (the registry lists no address): the CVR then stays with the first claimant.
   */
  async startRegistrationClaim(
    org: repo.OrganisationFacts,
    pending: PendingRegistration,
    to: 'company' | 'registrant' = 'company',
  ): Promise<{ claimId: string; via: 'company' | 'own'; sentTo: string; expiresAt: string }> {
    const sendTo = to === 'registrant' ? pending.user.email : org.registry_email;
    if (!sendTo) {
      throw new AppError('CVR_TAKEN', 409, 'register.cvrHeldUnconfirmed', { fields: { cvrNumber: 'register.cvrHeldUnconfirmed' } });
    }
    const { id, expiresAt } = await this.issueCode(org, {
      userId: null,
      registration: JSON.stringify(pending),
      requesterEmail: pending.user.email,
      requesterName: pending.user.contactName,
      sendTo,
      language: to === 'registrant' ? mailLanguage(pending.user.language) : 'da',
      companyName: pending.org.name,
    });
    return { claimId: id, via: to === 'registrant' ? 'own' : 'company', sentTo: maskEmail(sendTo), expiresAt };
  }

  /** POST /api/register/confirm: the code proves control; the company moves to the new registrant. Returns their user id. */
  async confirmRegistrationClaim(claimId: string, code: string): Promise<string> {
    const claim = await repo.findClaim(this.db, claimId);
    if (!claim?.registration)
      throw new AppError('CODE_EXPIRED', 400, 'verification.codeExpired', { fields: { code: 'verification.codeExpired' } });
    await this.useCode(claim, code);
    const pending = JSON.parse(claim.registration) as PendingRegistration;
    const org = await repo.findOrganisation(this.db, claim.organisation_id);
    if (!org) throw new AppError('CODE_EXPIRED', 400, 'verification.codeExpired', { fields: { code: 'verification.codeExpired' } });
    return this.takeOver(org, pending, methodOf(claim, org));
  }

  /**
   * Moves an unconfirmed company's CVR to a registrant who proved control: the old company and its
   * users go (their sessions end with them), the new company and admin are created confirmed, in
   * one transaction. Both sides are told by mail when mail is on. Returns the new user's id.
   */
  async takeOver(old: repo.OrganisationFacts, pending: PendingRegistration, method: 'domain' | 'code'): Promise<string> {
    const formerAdmins = await repo.adminContacts(this.db, old.id);
    if (await users.emailExists(this.db, pending.user.email)) throw emailTaken();
    const orgId = newId();
    const userId = newId();
    try {
      await this.db.transaction().execute(async (trx) => {
        if (!(await repo.deleteUnconfirmedOrganisation(trx, old.id))) throw cvrTaken();
        await users.insertOrganisationAndUser(
          trx,
          { ...pending.org, id: orgId, verified: true, verifiedMethod: method },
          { ...pending.user, id: userId, organisationId: orgId },
        );
      });
    } catch (error) {
      // Another registration took the e-mail (or the CVR) between our checks and the write.
      throw await registrationConflict(this.db, error, pending.user.email);
    }
    this.log.info({ cvr: old.cvr, method }, 'an unconfirmed company was taken over by a registrant who proved control');
    const company = { companyName: pending.org.name, cvr: old.cvr };
    await Promise.all([
      ...formerAdmins.map((a) => this.notify(claimEndedMail(mailLanguage(a.language), a.email, { companyName: old.name, cvr: old.cvr }))),
      this.notify(claimWonMail(mailLanguage(pending.user.language), pending.user.email, company)),
    ]);
    return userId;
  }

  private assertAdmin(user: TUser): void {
    if (user.role !== 'admin') throw new AppError('FORBIDDEN', 403, 'verification.adminOnly');
  }

  private async organisationOf(user: TUser): Promise<repo.OrganisationFacts> {
    let org = await repo.findOrganisation(this.db, user.organisationId);
    if (!org) throw new AppError('USER_NOT_FOUND', 404, 'http.userNotFound');
    // The registry could not answer at registration: ask again, at most hourly (a registry that is
    // down answers slowly, and the live one's daily quota is small).
    const now = new Date();
    const askedRecently = org.registry_checked_at !== null && now.getTime() - Date.parse(org.registry_checked_at) < 60 * MINUTE_MS;
    if (org.registry_status === 'unchecked' && org.verified === 0 && !askedRecently) {
      let facts: { status: 'found' | 'not_found' | 'unchecked'; email: string | null };
      try {
        facts = await this.cvr.registryFacts(org.cvr);
      } catch (error) {
        // The live registry no longer knows the number: nothing to confirm against.
        if (!(error instanceof AppError)) throw error;
        facts = { status: 'not_found', email: null };
      }
      org = await repo.storeRegistryFacts(this.db, org, facts, now);
    }
    return org;
  }

  /** Makes a code, stores its hash and mails it to the company's registered address. */
  private async issueCode(
    org: repo.OrganisationFacts,
    who: {
      userId: string | null;
      registration: string | null;
      requesterEmail: string;
      requesterName: string;
      /** The company's registry address, or the requester's own address on the company's domain. */
      sendTo: string | null;
      language: MailLanguage;
      /** The company name as the requester entered it (a new registrant), else the stored one. */
      companyName?: string;
    },
  ): Promise<{ id: string; expiresAt: string }> {
    const sendTo = who.sendTo;
    if (!sendTo) throw new AppError('NO_COMPANY_EMAIL', 409, 'verification.noCompanyEmail');
    const now = new Date();
    await repo.deleteClaimsExpiredBefore(this.db, new Date(now.getTime() - 24 * 60 * MINUTE_MS));
    const previous = await repo.latestClaim(this.db, org.id, { requesterEmail: who.requesterEmail });
    if (previous) {
      const waitS = Math.ceil((Date.parse(previous.created_at) + VERIFICATION.resendAfterSeconds * 1000 - now.getTime()) / 1000);
      if (waitS > 0) {
        throw new AppError('CODE_RESEND_WAIT', 429, 'verification.resendWait', {
          params: { seconds: waitS },
          headers: { 'retry-after': String(waitS) },
        });
      }
    }
    // The company's own mailbox is protected from floods; a requester's own address (proof by
    // domain) is not the company's to protect, and must not be blocked by anyone else's codes.
    if (sendTo === org.registry_email) {
      const hourAgo = new Date(now.getTime() - 60 * MINUTE_MS);
      const byRequester = await repo.countClaimsSince(this.db, org.id, sendTo, hourAgo, who.requesterEmail);
      const byEveryone = await repo.countClaimsSince(this.db, org.id, sendTo, hourAgo);
      if (byRequester >= VERIFICATION.maxCodesPerRequesterPerHour || byEveryone >= VERIFICATION.maxCodesPerCompanyPerHour) {
        throw new AppError('CODE_LIMIT', 429, 'verification.tooManyCodes', { headers: { 'retry-after': '3600' } });
      }
    }
    const code = newCode();
    const id = newId();
    const expiresAt = new Date(now.getTime() + VERIFICATION.codeTtlMinutes * MINUTE_MS).toISOString();
    await repo.insertClaim(this.db, {
      id,
      organisation_id: org.id,
      user_id: who.userId,
      registration: who.registration,
      requester_email: who.requesterEmail,
      code_hash: hashCode(code),
      sent_to: sendTo,
      attempts: 0,
      expires_at: expiresAt,
      created_at: now.toISOString(),
    });
    await repo.retireClaims(this.db, org.id, who.requesterEmail, VERIFICATION.maxAttempts, id);
    const details = {
      companyName: who.companyName ?? org.name,
      cvr: org.cvr,
      code: displayCode(code),
      minutes: VERIFICATION.codeTtlMinutes,
      requesterName: who.requesterName,
      requesterEmail: who.requesterEmail,
    };
    try {
      // The company's own mailbox gets Danish (the registry does not say which language it reads);
      // a requester's own address gets their language.
      await this.mailer.send(
        sendTo === org.registry_email ? verificationCodeMail('da', sendTo, details) : ownAddressCodeMail(who.language, sendTo, details),
        { kind: 'verification-code', organisationId: org.id },
      );
    } catch (error) {
      await repo.consumeClaim(this.db, id);
      this.log.error({ err: error }, 'a confirmation code could not be mailed');
      throw new AppError('MAIL_FAILED', 502, 'verification.mailFailed');
    }
    return { id, expiresAt };
  }

  /**
   * Checks a code against a claim: expired, used or out of attempts → CODE_EXPIRED; wrong → spends
   * an attempt (atomically, so parallel guesses cannot exceed the limit); right → used up (one use).
   */
  private async useCode(claim: repo.ClaimRow | undefined, code: string): Promise<repo.ClaimRow> {
    const expired = () => new AppError('CODE_EXPIRED', 400, 'verification.codeExpired', { fields: { code: 'verification.codeExpired' } });
    if (!claim || claim.expires_at <= new Date().toISOString()) throw expired();
    if (!(await repo.spendAttempt(this.db, claim.id, VERIFICATION.maxAttempts))) throw expired();
    if (!codeMatches(code, claim.code_hash)) {
      const left = VERIFICATION.maxAttempts - claim.attempts - 1;
      if (left <= 0) throw expired();
      throw new AppError('CODE_WRONG', 400, 'verification.codeWrong', {
        fields: { code: 'verification.codeWrongField' },
        params: { left },
      });
    }
    if (!(await repo.consumeClaim(this.db, claim.id))) throw expired();
    return claim;
  }
}

/** A code read at the company's registry address proves control by 'code'; one read at an address on its domain, by 'domain'. */
function methodOf(claim: repo.ClaimRow, org: repo.OrganisationFacts): 'domain' | 'code' {
  return org.registry_email !== null && claim.sent_to.toLowerCase() === org.registry_email.toLowerCase() ? 'code' : 'domain';
}
