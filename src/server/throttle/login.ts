import { normalizeIP } from '@fastify/rate-limit';
import { LOGIN_THROTTLE, REGISTRATION_THROTTLE } from '../../shared/constants.ts';
import type { MessageKey } from '../../shared/i18n/messages.ts';
import type { Db } from '../db/database.ts';
import { AppError } from '../http/errors.ts';
import { newId } from '../security/tokens.ts';
import * as repo from './attempts-repository.ts';

/**
 * Password-guessing throttle, kept in the database so every instance sees the same counts: 10
 * attempts for one account from one IP (an IPv6 /64 counts as one), or 50 from one IP, within 5
 * minutes lock that pair (or IP) until the window passes — the right password included.
 *
 * Each attempt is recorded BEFORE the password is checked and counted with the others, so a burst
 * of parallel requests cannot all pass the check first; a correct password clears the record.
 * Answers how many attempts this account has made from this address in the window, this one too.
 */
export async function reserveAttempt(
  db: Db,
  account: string,
  rawIp: string,
  locked: { code: string; message: MessageKey },
  now = new Date(),
): Promise<{ attempts: number }> {
  const ip = normalizeIP(rawIp, 64);
  const id = newId();
  await repo.recordLoginFailure(db, id, account, ip, now);
  const since = new Date(now.getTime() - LOGIN_THROTTLE.windowMs);
  const counts = await repo.loginFailuresSince(db, account, ip, since);
  const lockedSince =
    counts.accountIp.count > LOGIN_THROTTLE.maxFailuresPerAccountIp
      ? counts.accountIp.oldest
      : counts.ip.count > LOGIN_THROTTLE.maxFailuresPerIp
        ? counts.ip.oldest
        : null;
  if (!lockedSince) return { attempts: counts.accountIp.count };
  // A refused attempt is not an attempt: it must not push the end of the lock further out.
  await repo.deleteLoginFailure(db, id);
  throw lockedUntilWindowPasses(locked, lockedSince, LOGIN_THROTTLE.windowMs, now);
}

/** 429 with Retry-After: the lock ends when the oldest counted attempt leaves the window. */
function lockedUntilWindowPasses(locked: { code: string; message: MessageKey }, oldest: string, windowMs: number, now: Date): AppError {
  const retryAfterS = Math.max(1, Math.ceil((Date.parse(oldest) + windowMs - now.getTime()) / 1000));
  return new AppError(locked.code, 429, locked.message, {
    params: { minutes: Math.ceil(retryAfterS / 60) },
    headers: {
      'retry-after': String(retryAfterS),
    },
  });
}

/** The password was right: this pair's recorded attempts no longer count. */
export async function clearAttempts(db: Db, account: string, rawIp: string, now = new Date()): Promise<void> {
  await repo.clearLoginFailures(db, account, normalizeIP(rawIp, 64));
  // Keep the table small: anything older than the window no longer counts.
  await repo.deleteLoginFailuresBefore(db, new Date(now.getTime() - LOGIN_THROTTLE.windowMs));
}

/**
 * Registration throttle: `maxPerIp` attempts an hour from one IP (an IPv6 /64 counts as one; 20
 * unless REGISTRATIONS_PER_IP_HOUR says otherwise), in the database like the login throttle so
 * every instance shares the count. Recorded before counting, so a parallel burst cannot slip past;
 * a refused attempt is not recorded.
 */
export async function reserveRegistration(
  db: Db,
  rawIp: string,
  maxPerIp: number = REGISTRATION_THROTTLE.maxPerIp,
  now = new Date(),
): Promise<void> {
  const ip = normalizeIP(rawIp, 64);
  const id = newId();
  const since = new Date(now.getTime() - REGISTRATION_THROTTLE.windowMs);
  await repo.recordRegistrationAttempt(db, id, ip, now);
  const { count, oldest } = await repo.registrationAttemptsSince(db, ip, since);
  if (count <= maxPerIp || !oldest) {
    // Keep the table small: attempts older than the window no longer count.
    await repo.deleteRegistrationAttemptsBefore(db, since);
    return;
  }
  await repo.deleteRegistrationAttempt(db, id);
  throw lockedUntilWindowPasses(
    { code: 'REGISTRATION_THROTTLED', message: 'register.throttled' },
    oldest,
    REGISTRATION_THROTTLE.windowMs,
    now,
  );
}
