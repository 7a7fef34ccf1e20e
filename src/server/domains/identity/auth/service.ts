import { LOGIN_THROTTLE, TRIAL_DAYS } from '../../../../shared/constants.ts';
import type { TChangePasswordRequest, TLoginRequest, TRegisterRequest } from '../../../../shared/schemas/auth.ts';
import type { TUser } from '../../../../shared/schemas/users.ts';
import type { Db } from '../../../db/database.ts';
import { AppError } from '../../../http/errors.ts';
import { hashPassword, verifyAgainstDummy, verifyPassword } from '../../../security/passwords.ts';
import { newId } from '../../../security/tokens.ts';
import type { CvrService } from '../cvr/service.ts';
import { DEMO_ACCOUNT } from '../../../../shared/demo.ts';
import type { TConfirmRegistrationRequest, TRegisterClaimPending } from '../../../../shared/schemas/verification.ts';
import * as verificationRepo from '../verification/repository.ts';
import type { PendingRegistration, VerificationService } from '../verification/service.ts';
import * as users from '../users/repository.ts';
import * as sessions from '../../../http/session-store.ts';
import { recordLogin } from './repository.ts';
import { cvrTaken, emailTaken, registrationConflict } from '../verification/registration-conflicts.ts';
import * as throttle from '../../../throttle/login.ts';
import { verifyCurrentPassword } from '../users/current-password.ts';
import { assertNotDemo } from '../users/demo-guard.ts';
import { AuditLog } from '../../privacy/index.ts';
import { TwoFactorPolicies } from '../two-factor/policy.ts';
import { TwoFactorService } from '../two-factor/service.ts';
import { setUpSso, type Sso, type SsoOptions } from '../sso/setup.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

export class AuthService {
  /** A login's second factor, and setting one up (two-factor/service.ts). */
  readonly twoFactor: TwoFactorService;
  /** Whom each company requires a second factor of. */
  readonly twoFactorPolicies: TwoFactorPolicies;
  /** Single sign-on at the company's identity provider (sso/). */
  readonly sso: Sso;

  constructor(
    private readonly db: Db,
    private readonly cvr: CvrService,
    private readonly verification: VerificationService,
    sso: SsoOptions,
    private readonly audit = new AuditLog(db),
  ) {
    this.twoFactor = new TwoFactorService(db);
    this.twoFactorPolicies = new TwoFactorPolicies(db, this.twoFactor);
    this.sso = setUpSso(db, sso, (userId) => this.twoFactor.required(userId));
  }

  /**
   * POST /api/register. Creates the company and its first user (an admin) — confirmed at once when
   * the registrant's e-mail is on the company's domain as the registry knows it. A CVR
   * held by a confirmed company is refused; one held by an unconfirmed company is taken over by a
   * domain match, or waits for a code mailed to the company (`pending`), or is refused when neither
   * is possible.
   */
  async register(
    input: TRegisterRequest,
    language: 'da' | 'en' | undefined,
  ): Promise<{ userId: string; registryError?: string } | { pending: TRegisterClaimPending }> {
    const [existing, emailInUse] = await Promise.all([
      verificationRepo.findOrganisationByCvr(this.db, input.cvrNumber),
      users.emailExists(this.db, input.email),
    ]);
    if (existing?.verified === 1 || existing?.email === DEMO_ACCOUNT.email) throw cvrTaken();
    if (emailInUse) throw emailTaken();
    const facts = await this.cvr.registryFacts(input.cvrNumber);
    // What the registry says now is what a takeover proves control against, not what it said
    // when the holder registered (perhaps while it was down, with no e-mail to send a code to).
    const holder =
      existing && facts.status !== 'unchecked' ? await verificationRepo.storeRegistryFacts(this.db, existing, facts, new Date()) : existing;
    // An address on the company's domain proves control only once its owner shows they read it,
    // by a code sent to it (docs/decisions/009; without SMTP the code is kept for /dev/mail, ADR 048).
    const proveByMail = this.verification.domainMatches(input.email, facts.email);
    const pending: PendingRegistration = {
      org: {
        cvr: input.cvrNumber,
        name: input.companyName,
        address: input.address,
        city: input.city,
        postalCode: input.postalCode,
        phone: input.phone,
        email: input.email,
        verified: false,
        verifiedMethod: null,
        registryStatus: facts.status,
        registryEmail: facts.email,
        trialEndsAt: new Date(Date.now() + TRIAL_DAYS * DAY_MS).toISOString(),
      },
      user: {
        email: input.email,
        passwordHash: await hashPassword(input.password),
        contactName: input.contactName,
        phone: input.phone,
        role: 'admin',
        language: language ?? null,
      },
    };
    const registryError = facts.registryError !== undefined ? { registryError: facts.registryError } : {};

    if (holder) {
      const claim = await this.verification.startRegistrationClaim(holder, pending, proveByMail ? 'registrant' : 'company');
      return { pending: { status: 'claim_pending', ...claim } };
    }

    const orgId = newId();
    const userId = newId();
    try {
      await users.insertOrganisationWithUser(
        this.db,
        { ...pending.org, id: orgId },
        { ...pending.user, id: userId, organisationId: orgId },
      );
    } catch (error) {
      throw await registrationConflict(this.db, error, input.email);
    }
    if (proveByMail) await this.verification.sendDomainCodeAfterRegistration(userId);
    return { userId, ...registryError };
  }

  /** POST /api/register/confirm: the mailed code proves control; the company moves to the registrant. */
  async confirmRegistration(input: TConfirmRegistrationRequest): Promise<string> {
    return this.verification.confirmRegistrationClaim(input.claimId, input.code);
  }

  /** Checks credentials under the throttle; the same 401 whether the email or the password was wrong. */
  async authenticate(input: TLoginRequest, ip: string, language?: 'da' | 'en'): Promise<string> {
    const { attempts } = await throttle.reserveAttempt(this.db, input.email, ip, { code: 'LOGIN_THROTTLED', message: 'login.throttled' });
    const credentials = await users.findCredentialsByEmail(this.db, input.email);
    const ok = credentials ? await verifyPassword(credentials.password_hash, input.password) : await verifyAgainstDummy(input.password);
    // An admin's logins, and wrong passwords given for an admin's address, go in the company's
    // audit log: an admin's account is the one that can change everyone else's. Anyone's
    // address locked by wrong passwords goes there too, once per lock: someone is guessing.
    const audited = credentials?.role === 'admin' ? credentials : undefined;
    if (!credentials || !ok) {
      if (audited) await this.auditLogin(audited, ip, 'auth.login-failed');
      if (credentials && attempts === LOGIN_THROTTLE.maxFailuresPerAccountIp) await this.auditLogin(credentials, ip, 'auth.login-locked');
      throw new AppError('INVALID_CREDENTIALS', 401, 'login.invalidCredentials');
    }
    await throttle.clearAttempts(this.db, input.email, ip);
    // Asked only once the password was right, so the answer tells nothing to someone guessing.
    if (await this.sso.service.passwordRefused(credentials.id)) throw new AppError('SSO_REQUIRED', 403, 'sso.passwordRefused');
    if (audited) await this.auditLogin(audited, ip, 'auth.login');
    // Mails go out in the language the user's client last spoke.
    if (language) await users.setLanguage(this.db, credentials.id, language);
    return credentials.id;
  }

  private async auditLogin(
    user: { id: string; organisation_id: string; contact_name: string; email: string },
    ip: string,
    action: 'auth.login' | 'auth.login-failed' | 'auth.login-locked',
  ) {
    const ok = action === 'auth.login';
    await this.audit.record({
      organisationId: user.organisation_id,
      // A failed attempt is anyone's: it records the address tried, not the account's owner.
      actor: ok ? { id: user.id, name: user.contact_name, email: user.email, ip } : { id: null, name: null, email: user.email, ip },
      action,
      target: { type: 'user', id: user.id },
      ...(action === 'auth.login-locked' && {
        details: { attempts: LOGIN_THROTTLE.maxFailuresPerAccountIp, minutes: LOGIN_THROTTLE.windowMs / 60_000 },
      }),
    });
  }

  /** After a session started: the user's last login. Answers whether it was their first. */
  recordLogin(userId: string): Promise<boolean> {
    return recordLogin(this.db, userId, new Date());
  }

  async endSession(sessionId: string): Promise<void> {
    await sessions.deleteSession(this.db, sessionId);
  }

  /** A wrong current password is refused (throttled); success ends every other session of the user. */
  async changePassword(user: TUser, sessionId: string, input: TChangePasswordRequest, ip: string): Promise<void> {
    assertNotDemo(user);
    await verifyCurrentPassword(this.db, user.id, input.currentPassword, ip);
    await users.updatePasswordHash(this.db, user.id, await hashPassword(input.newPassword));
    await sessions.deleteOtherSessions(this.db, user.id, sessionId);
  }

  async userById(id: string): Promise<TUser> {
    const user = await users.findUserById(this.db, id);
    if (!user) throw new AppError('USER_NOT_FOUND', 404, 'http.userNotFound');
    return user;
  }
}
