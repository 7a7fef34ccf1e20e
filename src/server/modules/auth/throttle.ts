import { LOGIN_THROTTLE } from '../../../shared/constants.ts';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../http/errors.ts';
import * as repo from './repository.ts';

/**
 * Login throttling kept in the database, so every instance behind a load balancer sees the same
 * counts: 10 failures for one account from one IP, or 50 from one IP, within 5 minutes lock that
 * pair (or IP) until the oldest failure leaves the window — the right password included.
 */
export async function assertLoginAllowed(db: Db, account: string, ip: string, now = new Date()): Promise<void> {
  const since = new Date(now.getTime() - LOGIN_THROTTLE.windowMs);
  const counts = await repo.loginFailuresSince(db, account, ip, since);
  const locked =
    counts.accountIp.count >= LOGIN_THROTTLE.maxFailuresPerAccountIp
      ? counts.accountIp.oldest
      : counts.ip.count >= LOGIN_THROTTLE.maxFailuresPerIp
        ? counts.ip.oldest
        : null;
  if (!locked) return;
  const retryAfterS = Math.max(1, Math.ceil((Date.parse(locked) + LOGIN_THROTTLE.windowMs - now.getTime()) / 1000));
  throw new AppError('LOGIN_THROTTLED', 429, 'login.throttled', undefined, { minutes: Math.ceil(retryAfterS / 60) }, {
    'retry-after': String(retryAfterS),
  });
}

export async function recordFailure(db: Db, account: string, ip: string, now = new Date()): Promise<void> {
  await repo.recordLoginFailure(db, account, ip, now);
  // Keep the table small: anything older than the window no longer counts.
  await repo.deleteLoginFailuresBefore(db, new Date(now.getTime() - LOGIN_THROTTLE.windowMs));
}

export function recordSuccess(db: Db, account: string, ip: string): Promise<void> {
  return repo.clearLoginFailures(db, account, ip);
}
