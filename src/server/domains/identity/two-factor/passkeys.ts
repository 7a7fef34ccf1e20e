import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server';
import type { z } from 'zod';
import type {
  TPasskey,
  TPasskeyAdded,
  TPasskeyList,
  TPasskeyOptions,
  ZPasskeyAssertion,
  ZPasskeyRegistration,
} from '../../../../shared/schemas/passkeys.ts';
import type { TUser } from '../../../../shared/schemas/users.ts';
import type { Db } from '../../../db/database.ts';
import { isUniqueViolation } from '../../../db/errors.ts';
import type { PasskeysTable } from '../../../db/schema-passkeys.ts';
import { AppError } from '../../../http/errors.ts';
import { hashToken, newId } from '../../../security/tokens.ts';
import * as throttle from '../../../throttle/login.ts';
import { verifyCurrentPassword } from '../users/current-password.ts';
import { actorOf, AuditLog } from '../../privacy/index.ts';
import { assertNotDemo } from '../users/demo-guard.ts';
import type { RelyingParty } from './relying-party.ts';
import { CHALLENGE_MS, THROTTLED, type TwoFactorService } from './service.ts';

type Registration = z.output<typeof ZPasskeyRegistration>;
type Assertion = z.output<typeof ZPasskeyAssertion>;
type Purpose = 'register' | 'login' | 'second-factor';

/** A person keeps a handful at most: a phone, a laptop, a key or two. */
const MAX_PASSKEYS = 20;
/**
 * EdDSA, ES256 and RS256: what every authenticator offers. Not the post-quantum ML-DSA the library
 * also takes: Node verifies it only with an experimental API (docs/decisions/059-passkeys.md).
 */
const ALGORITHMS = [-8, -7, -257];

// The library (and the ASN.1 code it brings) loads when a passkey is first used, not at start.
const webauthn = () => import('@simplewebauthn/server');

const refused = () => new AppError('PASSKEY_REFUSED', 400, 'passkeys.refused');
const expired = () => new AppError('PASSKEY_CHALLENGE_EXPIRED', 400, 'passkeys.challengeExpired');
const notFound = () => new AppError('NOT_FOUND', 404, 'passkeys.notFound');

const b64 = (text: string) => Buffer.from(text, 'base64url');

/** The challenge the browser says it signed, from its client data; undefined when unreadable. */
function challengeIn(clientDataJSON: string): string | undefined {
  try {
    const data = JSON.parse(b64(clientDataJSON).toString('utf8')) as { challenge?: unknown };
    return typeof data.challenge === 'string' ? data.challenge : undefined;
  } catch {
    return undefined;
  }
}

function transportsOf(stored: string | null): AuthenticatorTransportFuture[] | undefined {
  return stored ? (JSON.parse(stored) as AuthenticatorTransportFuture[]) : undefined;
}
type AuthenticatorTransportFuture = 'ble' | 'cable' | 'hybrid' | 'internal' | 'nfc' | 'smart-card' | 'usb';

const shown = (row: Pick<PasskeysTable, 'id' | 'name' | 'created_at' | 'last_used_at'>): TPasskey => ({
  id: row.id,
  name: row.name,
  createdAt: row.created_at,
  lastUsedAt: row.last_used_at,
});

/**
 * Passkeys (docs/decisions/059-passkeys.md): WebAuthn credentials a person adds on their profile,
 * then gives as a login's second factor after the password, or alone, for a login without a
 * password (the passkey's user verification is the second factor then). Each ceremony's challenge
 * is stored, taken once and good for five minutes; a passkey whose signature counter goes
 * backwards (a cloned authenticator) is refused.
 */
export class PasskeyService {
  private readonly audit: AuditLog;

  constructor(
    private readonly db: Db,
    private readonly rp: RelyingParty,
    private readonly twoFactor: TwoFactorService,
    private readonly clock: () => Date = () => new Date(),
  ) {
    this.audit = new AuditLog(db);
  }

  private async remember(purpose: Purpose, userId: string | null, challenge: string): Promise<void> {
    const now = this.clock();
    await this.db.deleteFrom('passkey_challenges').where('expires_at', '<=', now.toISOString()).execute();
    await this.db
      .insertInto('passkey_challenges')
      .values({
        id: newId(),
        challenge,
        purpose,
        user_id: userId,
        created_at: now.toISOString(),
        expires_at: new Date(now.getTime() + CHALLENGE_MS).toISOString(),
      })
      .execute();
  }

  /** Takes the challenge the browser signed, once: a second request with the same answer finds it gone. */
  private async take(clientDataJSON: string, purpose: Purpose, userId: string | null): Promise<string> {
    const challenge = challengeIn(clientDataJSON);
    if (!challenge) throw refused();
    const taken = await this.db
      .deleteFrom('passkey_challenges')
      .where('challenge', '=', challenge)
      .where('purpose', '=', purpose)
      .where('expires_at', '>', this.clock().toISOString())
      .where((eb) => (userId === null ? eb('user_id', 'is', null) : eb('user_id', '=', userId)))
      .executeTakeFirst();
    if (Number(taken.numDeletedRows) !== 1) throw expired();
    return challenge;
  }

  private ownedBy(userId: string) {
    return this.db.selectFrom('passkeys').selectAll().where('user_id', '=', userId).orderBy('created_at').orderBy('id');
  }

  /** GET /api/me/2fa/passkeys. */
  async list(user: TUser): Promise<TPasskeyList> {
    return { passkeys: (await this.ownedBy(user.id).execute()).map(shown) };
  }

  /** POST /api/me/2fa/passkeys/options: a new passkey's options; the passkeys the person has are not made again. */
  async registrationOptions(user: TUser): Promise<TPasskeyOptions> {
    // A demo account's login is everyone's: a second factor would lock every other visitor out.
    assertNotDemo(user);
    const existing = await this.ownedBy(user.id).execute();
    if (existing.length >= MAX_PASSKEYS) throw new AppError('PASSKEY_LIMIT', 409, 'passkeys.limit');
    const options = await (
      await webauthn()
    ).generateRegistrationOptions({
      rpName: this.rp.name,
      rpID: this.rp.id,
      userName: user.email,
      userDisplayName: user.contactName,
      // The user handle a passkey gives back at a passwordless login: the account's id, nothing personal.
      userID: new TextEncoder().encode(user.id),
      attestationType: 'none',
      supportedAlgorithmIDs: ALGORITHMS,
      excludeCredentials: existing.map((p) => ({ id: p.credential_id, transports: transportsOf(p.transports) })),
      // Discoverable, so it also logs in without a password; verification is the authenticator's to offer.
      authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
      timeout: CHALLENGE_MS,
    });
    await this.remember('register', user.id, options.challenge);
    return { ...options };
  }

  /** POST /api/me/2fa/passkeys: the authenticator's answer checked and the passkey kept; recovery codes if it is the first factor. */
  async add(user: TUser, input: { name: string; credential: Registration }, ip: string): Promise<TPasskeyAdded> {
    assertNotDemo(user);
    const expectedChallenge = await this.take(input.credential.response.clientDataJSON, 'register', user.id);
    const verification = await (
      await webauthn()
    )
      .verifyRegistrationResponse({
        response: input.credential as RegistrationResponseJSON,
        expectedChallenge,
        expectedOrigin: this.rp.origins,
        expectedRPID: this.rp.id,
        requireUserVerification: false,
        supportedAlgorithmIDs: ALGORITHMS,
      })
      .catch(() => ({ verified: false as const }));
    if (!verification.verified) throw refused();
    const { credential } = verification.registrationInfo;
    const now = this.clock().toISOString();
    const row = {
      id: newId(),
      user_id: user.id,
      credential_id: credential.id,
      public_key: Buffer.from(credential.publicKey).toString('base64url'),
      counter: credential.counter,
      transports: credential.transports?.length ? JSON.stringify(credential.transports) : null,
      name: input.name,
      created_at: now,
      last_used_at: null,
    };
    try {
      await this.db.insertInto('passkeys').values(row).execute();
    } catch (error) {
      if (isUniqueViolation(error)) throw new AppError('PASSKEY_EXISTS', 409, 'passkeys.exists');
      throw error;
    }
    const recoveryCodes = await this.twoFactor.recoveryCodesIfNone(user.id);
    await this.audit.record({
      organisationId: user.organisationId,
      actor: actorOf(user, ip),
      action: '2fa.passkey-added',
      target: { type: 'user', id: user.id },
      details: { name: input.name },
    });
    return { passkey: shown(row), ...(recoveryCodes && { recoveryCodes }) };
  }

  private async own(user: TUser, id: string) {
    const row = await this.ownedBy(user.id).where('id', '=', id).executeTakeFirst();
    if (!row) throw notFound();
    return row;
  }

  /** PATCH /api/me/2fa/passkeys/:id. */
  async rename(user: TUser, id: string, name: string): Promise<TPasskey> {
    const row = await this.own(user, id);
    await this.db.updateTable('passkeys').set({ name }).where('id', '=', row.id).execute();
    return shown({ ...row, name });
  }

  /** DELETE /api/me/2fa/passkeys/:id: with the password, as the app is turned off; the recovery codes go with the last factor. */
  async remove(user: TUser, id: string, password: string, ip: string): Promise<void> {
    const row = await this.own(user, id);
    await verifyCurrentPassword(this.db, user.id, password, ip, 'password');
    await this.db.deleteFrom('passkeys').where('id', '=', row.id).execute();
    await this.twoFactor.dropRecoveryCodesIfUnprotected(user.id);
    await this.audit.record({
      organisationId: user.organisationId,
      actor: actorOf(user, ip),
      action: '2fa.passkey-removed',
      target: { type: 'user', id: user.id },
      details: { name: row.name },
    });
  }

  /** POST /api/login/2fa/passkey/options: the login waiting in the cookie asks one of the person's passkeys. */
  async secondFactorOptions(token: string | undefined): Promise<TPasskeyOptions> {
    const challenge = await this.twoFactor.challengeOf(token, 'verify');
    const keys = await this.ownedBy(challenge.user_id).execute();
    if (keys.length === 0) throw new AppError('NO_PASSKEY', 409, 'passkeys.none');
    const options = await (
      await webauthn()
    ).generateAuthenticationOptions({
      rpID: this.rp.id,
      allowCredentials: keys.map((p) => ({ id: p.credential_id, transports: transportsOf(p.transports) })),
      // The password was the first factor: having the passkey is the second.
      userVerification: 'discouraged',
      timeout: CHALLENGE_MS,
    });
    await this.remember('second-factor', challenge.user_id, options.challenge);
    return { ...options };
  }

  /** POST /api/login/2fa/passkey: the passkey's signature as the login's second step, counted like a wrong code when wrong. */
  async completeSecondFactor(token: string | undefined, credential: Assertion, ip: string): Promise<{ userId: string; remember: boolean }> {
    const challenge = await this.twoFactor.challengeOf(token, 'verify');
    const userId = challenge.user_id;
    const account = `2fa:${userId}`;
    await throttle.reserveAttempt(this.db, account, ip, THROTTLED);
    await this.verify(credential, 'second-factor', userId, false);
    await throttle.clearAttempts(this.db, account, ip);
    await this.twoFactor.endChallenge(challenge.id);
    return { userId, remember: challenge.remember === 1 };
  }

  /** POST /api/login/passkey/options: a passwordless login, for whichever passkey the browser offers. */
  async loginOptions(): Promise<TPasskeyOptions> {
    const options = await (
      await webauthn()
    ).generateAuthenticationOptions({ rpID: this.rp.id, userVerification: 'required', timeout: CHALLENGE_MS });
    await this.remember('login', null, options.challenge);
    return { ...options };
  }

  /**
   * POST /api/login/passkey: a passkey verified by its owner (a PIN, a fingerprint) is both
   * factors, and names the person; `allowed` says whether they may log in without a password.
   */
  async login(credential: Assertion, ip: string, allowed: (userId: string) => Promise<boolean>): Promise<string> {
    const account = `passkey:${hashToken(credential.id).slice(0, 32)}`;
    await throttle.reserveAttempt(this.db, account, ip, THROTTLED);
    const userId = await this.verify(credential, 'login', null, true);
    if (!(await allowed(userId))) throw refused();
    await throttle.clearAttempts(this.db, account, ip);
    return userId;
  }

  /** Checks an assertion against the stored passkey and moves its counter; whose passkey it is. */
  private async verify(credential: Assertion, purpose: Purpose, userId: string | null, requireUserVerification: boolean): Promise<string> {
    const expectedChallenge = await this.take(credential.response.clientDataJSON, purpose, userId);
    const row = await this.db
      .selectFrom('passkeys')
      .selectAll()
      .where('credential_id', '=', credential.id)
      .$if(userId !== null, (q) => q.where('user_id', '=', userId!))
      .executeTakeFirst();
    if (!row) throw refused();
    // A discoverable passkey names its account too: it must be the one the passkey was added to.
    const handle = credential.response.userHandle;
    if (handle !== undefined && b64(handle).toString('utf8') !== row.user_id) throw refused();
    const counter = Number(row.counter);
    const result = await (
      await webauthn()
    )
      .verifyAuthenticationResponse({
        response: credential as AuthenticationResponseJSON,
        expectedChallenge,
        expectedOrigin: this.rp.origins,
        expectedRPID: this.rp.id,
        credential: { id: row.credential_id, publicKey: b64(row.public_key), counter, transports: transportsOf(row.transports) },
        requireUserVerification,
      })
      // A counter lower than the stored one (a cloned authenticator), a wrong origin or signature: refused alike.
      .catch(() => ({ verified: false as const, authenticationInfo: undefined }));
    if (!result.verified || !result.authenticationInfo) throw refused();
    // Moved under a condition, so two answers racing past the check cannot both count.
    const moved = await this.db
      .updateTable('passkeys')
      .set({ counter: result.authenticationInfo.newCounter, last_used_at: this.clock().toISOString() })
      .where('id', '=', row.id)
      .where('counter', '=', counter)
      .executeTakeFirst();
    if (Number(moved.numUpdatedRows) !== 1) throw refused();
    return row.user_id;
  }
}
