import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { TRecoveryCodes, TTotpSetup, TTwoFactorStatus, TwoFactorMethod } from '../../../../shared/schemas/two-factor.ts';
import type { TUser } from '../../../../shared/schemas/users.ts';
import type { Db } from '../../../db/database.ts';
import { AppError } from '../../../http/errors.ts';
import { hashToken, newId, newSessionToken } from '../../../security/tokens.ts';
import * as throttle from '../../../throttle/login.ts';
import { verifyCurrentPassword } from '../users/current-password.ts';
import { actorOf, AuditLog } from '../../privacy/index.ts';
import { assertNotDemo } from '../users/demo-guard.ts';
import { acceptedStep, newTotpSecret, totpEnrolment } from './totp.ts';

/** How long a login whose password was right waits for its second factor. */
export const CHALLENGE_MS = 5 * 60 * 1000;
const RECOVERY_CODES = 10;
export const THROTTLED = { code: 'TWO_FACTOR_THROTTLED', message: 'twoFactor.throttled' } as const;

/** xxxx-xxxx of letters and digits no one mistakes for each other. */
function newRecoveryCode(): string {
  const alphabet = 'abcdefghjkmnpqrstuvwxyz23456789';
  const bytes = randomBytes(8);
  const chars = [...bytes].map((b) => alphabet[b % alphabet.length]);
  return `${chars.slice(0, 4).join('')}-${chars.slice(4).join('')}`;
}

const normalisedRecovery = (code: string) => code.toLowerCase().replace(/[^a-z0-9]/g, '');

const sameHash = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/**
 * Two-factor sign-in with an authenticator app (docs/decisions/057-two-factor-sign-in.md): set up
 * from the profile and confirmed with a first code, which also gives ten single-use recovery codes;
 * turned off with the password. A login whose password is right then waits, as a challenge the
 * browser holds in a cookie, for a code or a recovery code, guessed no faster than a password.
 */
export class TwoFactorService {
  private readonly audit: AuditLog;

  constructor(
    private readonly db: Db,
    private readonly clock: () => Date = () => new Date(),
  ) {
    this.audit = new AuditLog(db);
  }

  private totpOf(userId: string) {
    return this.db.selectFrom('two_factor_totp').selectAll().where('user_id', '=', userId).executeTakeFirst();
  }

  /** The second factors `userId` has set up: an authenticator app, passkeys (docs/decisions/059-passkeys.md). */
  async methods(userId: string): Promise<TwoFactorMethod[]> {
    const [totp, passkey] = await Promise.all([
      this.totpOf(userId),
      this.db.selectFrom('passkeys').select('id').where('user_id', '=', userId).executeTakeFirst(),
    ]);
    return [...(totp?.confirmed_at ? (['totp'] as const) : []), ...(passkey ? (['passkey'] as const) : [])];
  }

  /** Whether a login of `userId` needs a second factor: they have one of either kind. */
  async required(userId: string): Promise<boolean> {
    return (await this.methods(userId)).length > 0;
  }

  /**
   * A person's first second factor of any kind comes with recovery codes: ten new ones when they
   * have none left unused, shown once; undefined when they still have some.
   */
  async recoveryCodesIfNone(userId: string): Promise<string[] | undefined> {
    const left = await this.db
      .selectFrom('two_factor_recovery_codes')
      .select('id')
      .where('user_id', '=', userId)
      .where('used_at', 'is', null)
      .executeTakeFirst();
    return left ? undefined : this.replaceRecoveryCodes(this.db, userId, this.clock());
  }

  /** The recovery codes go with a person's last second factor. */
  async dropRecoveryCodesIfUnprotected(userId: string): Promise<void> {
    if (!(await this.required(userId))) await this.db.deleteFrom('two_factor_recovery_codes').where('user_id', '=', userId).execute();
  }

  /** GET /api/me/2fa. */
  async status(user: TUser): Promise<TTwoFactorStatus> {
    const row = await this.totpOf(user.id);
    const left = await this.db
      .selectFrom('two_factor_recovery_codes')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', user.id)
      .where('used_at', 'is', null)
      .executeTakeFirstOrThrow();
    return { totp: row?.confirmed_at != null, recoveryCodesLeft: Number(left.n) };
  }

  /** POST /api/me/2fa/totp: a new secret to scan; not in force until confirmed with a code. */
  async begin(user: TUser): Promise<TTotpSetup> {
    // A demo account's login is everyone's: a second factor would lock every other visitor out.
    assertNotDemo(user);
    return this.beginFor(user.id, user.email);
  }

  private async beginFor(userId: string, email: string): Promise<TTotpSetup> {
    const current = await this.totpOf(userId);
    if (current?.confirmed_at) throw new AppError('TWO_FACTOR_ON', 409, 'twoFactor.alreadyOn');
    const secret = newTotpSecret();
    const now = this.clock().toISOString();
    await this.db
      .insertInto('two_factor_totp')
      .values({ user_id: userId, secret, confirmed_at: null, last_step: null, created_at: now })
      .onConflict((oc) => oc.column('user_id').doUpdateSet({ secret, last_step: null, created_at: now }))
      .execute();
    return { secret, ...totpEnrolment(secret, email) };
  }

  /** POST /api/me/2fa/totp/confirm: the app's first code turns it on, and the recovery codes are made. */
  async confirm(user: TUser, code: string, ip: string): Promise<TRecoveryCodes> {
    return this.confirmFor({ id: user.id, organisationId: user.organisationId, name: user.contactName, email: user.email }, code, ip);
  }

  private async confirmFor(
    user: { id: string; organisationId: string; name: string; email: string },
    code: string,
    ip: string,
  ): Promise<TRecoveryCodes> {
    const row = await this.totpOf(user.id);
    if (!row) throw new AppError('TWO_FACTOR_NOT_STARTED', 409, 'twoFactor.notStarted');
    if (row.confirmed_at) throw new AppError('TWO_FACTOR_ON', 409, 'twoFactor.alreadyOn');
    await throttle.reserveAttempt(this.db, `2fa-setup:${user.id}`, ip, THROTTLED);
    const now = this.clock();
    const step = acceptedStep(row.secret, code, now, row.last_step);
    if (step === undefined) throw new AppError('WRONG_CODE', 400, 'twoFactor.wrongCode', { fields: { code: 'twoFactor.wrongCode' } });
    await throttle.clearAttempts(this.db, `2fa-setup:${user.id}`, ip);
    const recoveryCodes = await this.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('two_factor_totp')
        .set({ confirmed_at: now.toISOString(), last_step: step })
        .where('user_id', '=', user.id)
        .execute();
      return this.replaceRecoveryCodes(trx, user.id, now);
    });
    await this.audit.record({
      organisationId: user.organisationId,
      actor: { id: user.id, name: user.name, email: user.email, ip },
      action: '2fa.enabled',
      target: { type: 'user', id: user.id },
    });
    return { recoveryCodes };
  }

  private async replaceRecoveryCodes(db: Db, userId: string, now: Date): Promise<string[]> {
    const codes = Array.from({ length: RECOVERY_CODES }, newRecoveryCode);
    await db.deleteFrom('two_factor_recovery_codes').where('user_id', '=', userId).execute();
    await db
      .insertInto('two_factor_recovery_codes')
      .values(
        codes.map((code) => ({
          id: newId(),
          user_id: userId,
          code_hash: hashToken(normalisedRecovery(code)),
          used_at: null,
          created_at: now.toISOString(),
        })),
      )
      .execute();
    return codes;
  }

  /** POST /api/me/2fa/recovery-codes: ten new ones, the old ones void; with the password. */
  async newRecoveryCodes(user: TUser, password: string, ip: string): Promise<TRecoveryCodes> {
    if (!(await this.required(user.id))) throw new AppError('TWO_FACTOR_OFF', 409, 'twoFactor.notOn');
    await verifyCurrentPassword(this.db, user.id, password, ip, 'password');
    const recoveryCodes = await this.replaceRecoveryCodes(this.db, user.id, this.clock());
    await this.audit.record({
      organisationId: user.organisationId,
      actor: actorOf(user, ip),
      action: '2fa.recovery-codes-replaced',
      target: { type: 'user', id: user.id },
    });
    return { recoveryCodes };
  }

  /** DELETE /api/me/2fa/totp: turned off with the password; the recovery codes go too, unless a passkey is left. */
  async disable(user: TUser, password: string, ip: string): Promise<void> {
    if (!(await this.totpOf(user.id))) throw new AppError('TWO_FACTOR_OFF', 409, 'twoFactor.notOn');
    await verifyCurrentPassword(this.db, user.id, password, ip, 'password');
    await this.db.deleteFrom('two_factor_totp').where('user_id', '=', user.id).execute();
    await this.dropRecoveryCodesIfUnprotected(user.id);
    await this.audit.record({
      organisationId: user.organisationId,
      actor: actorOf(user, ip),
      action: '2fa.disabled',
      target: { type: 'user', id: user.id },
    });
  }

  /** A login's password was right: the token its browser keeps while the second factor is asked for, or set up. */
  async challenge(userId: string, remember: boolean, purpose: 'verify' | 'setup' = 'verify'): Promise<string> {
    const token = newSessionToken();
    const now = this.clock();
    await this.db.deleteFrom('login_challenges').where('expires_at', '<=', now.toISOString()).execute();
    await this.db
      .insertInto('login_challenges')
      .values({
        id: newId(),
        token_hash: hashToken(token),
        user_id: userId,
        purpose,
        remember: remember ? 1 : 0,
        created_at: now.toISOString(),
        expires_at: new Date(now.getTime() + CHALLENGE_MS).toISOString(),
      })
      .execute();
    return token;
  }

  /** The login waiting in the browser's cookie, for `purpose`; 401 when it is unknown or expired. */
  async challengeOf(token: string | undefined, purpose: 'verify' | 'setup') {
    const challenge = token
      ? await this.db
          .selectFrom('login_challenges')
          .selectAll()
          .where('token_hash', '=', hashToken(token))
          .where('purpose', '=', purpose)
          .where('expires_at', '>', this.clock().toISOString())
          .executeTakeFirst()
      : undefined;
    if (!challenge) throw new AppError('CHALLENGE_EXPIRED', 401, 'twoFactor.challengeExpired');
    return challenge;
  }

  /** The login's second factor was given: its challenge is used up. */
  async endChallenge(challengeId: string): Promise<void> {
    await this.db.deleteFrom('login_challenges').where('id', '=', challengeId).execute();
  }

  private async person(userId: string) {
    const user = await this.db
      .selectFrom('users')
      .select(['id', 'organisation_id', 'email', 'contact_name'])
      .where('id', '=', userId)
      .executeTakeFirst();
    if (!user) throw new AppError('CHALLENGE_EXPIRED', 401, 'twoFactor.challengeExpired');
    return { id: user.id, organisationId: user.organisation_id, name: user.contact_name, email: user.email };
  }

  /** POST /api/login/2fa/setup: the login waits for a second factor the company requires; a secret for the app. */
  async setupAtLogin(token: string | undefined): Promise<TTotpSetup> {
    const challenge = await this.challengeOf(token, 'setup');
    const person = await this.person(challenge.user_id);
    return this.beginFor(person.id, person.email);
  }

  /** POST /api/login/2fa/setup/confirm: the app's first code turns it on, and the login goes on. */
  async confirmAtLogin(
    token: string | undefined,
    code: string,
    ip: string,
  ): Promise<{ userId: string; remember: boolean } & TRecoveryCodes> {
    const challenge = await this.challengeOf(token, 'setup');
    const person = await this.person(challenge.user_id);
    const { recoveryCodes } = await this.confirmFor(person, code, ip);
    await this.db.deleteFrom('login_challenges').where('id', '=', challenge.id).execute();
    return { userId: person.id, remember: challenge.remember === 1, recoveryCodes };
  }

  /**
   * POST /api/login/2fa: the challenge's second factor. Right: the challenge is used up and the
   * login goes on (whose, and whether to remember it). Wrong: 400, counted against the person
   * like a wrong password; an unknown or expired challenge: 401, log in again.
   */
  async complete(
    token: string | undefined,
    factor: { code: string } | { recoveryCode: string },
    ip: string,
  ): Promise<{ userId: string; remember: boolean }> {
    const now = this.clock();
    const challenge = await this.challengeOf(token, 'verify');
    const userId = challenge.user_id;
    const account = `2fa:${userId}`;
    await throttle.reserveAttempt(this.db, account, ip, THROTTLED);
    const person = await this.person(userId);
    if ('code' in factor) {
      const row = await this.totpOf(userId);
      const step = row?.confirmed_at ? acceptedStep(row.secret, factor.code, now, row.last_step) : undefined;
      // The step is taken under a condition, so two requests with the same code cannot both pass.
      const taken =
        step !== undefined &&
        Number(
          (
            await this.db
              .updateTable('two_factor_totp')
              .set({ last_step: step })
              .where('user_id', '=', userId)
              .where((eb) => eb.or([eb('last_step', 'is', null), eb('last_step', '<', step)]))
              .executeTakeFirst()
          ).numUpdatedRows,
        ) === 1;
      if (!taken) throw new AppError('WRONG_CODE', 400, 'twoFactor.wrongCode', { fields: { code: 'twoFactor.wrongCode' } });
    } else {
      const hash = hashToken(normalisedRecovery(factor.recoveryCode));
      const codes = await this.db
        .selectFrom('two_factor_recovery_codes')
        .select(['id', 'code_hash'])
        .where('user_id', '=', userId)
        .where('used_at', 'is', null)
        .execute();
      const match = codes.find((c) => sameHash(c.code_hash, hash));
      const used =
        match &&
        Number(
          (
            await this.db
              .updateTable('two_factor_recovery_codes')
              .set({ used_at: now.toISOString() })
              .where('id', '=', match.id)
              .where('used_at', 'is', null)
              .executeTakeFirst()
          ).numUpdatedRows,
        ) === 1;
      if (!used)
        throw new AppError('WRONG_CODE', 400, 'twoFactor.wrongRecoveryCode', { fields: { recoveryCode: 'twoFactor.wrongRecoveryCode' } });
      await this.audit.record({
        organisationId: person.organisationId,
        actor: { id: userId, name: person.name, email: person.email, ip },
        action: '2fa.recovery-code-used',
        target: { type: 'user', id: userId },
        details: { left: codes.length - 1 },
      });
    }
    await throttle.clearAttempts(this.db, account, ip);
    await this.db.deleteFrom('login_challenges').where('id', '=', challenge.id).execute();
    return { userId, remember: challenge.remember === 1 };
  }
}
