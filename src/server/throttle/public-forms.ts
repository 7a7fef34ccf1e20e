import { createHash } from 'node:crypto';
import { normalizeIP } from '@fastify/rate-limit';
import type { MessageKey } from '../../shared/i18n/messages.ts';
import type { Db } from '../db/database.ts';
import { AppError } from '../http/errors.ts';
import { newId } from '../security/tokens.ts';
import * as repo from './repository.ts';

export interface Limit {
  /** What is counted, e.g. 'reset-ip'. */
  bucket: string;
  max: number;
  windowMs: number;
}

/** The limits of the public mail forms, per hour. */
export const PUBLIC_FORM_LIMITS = {
  resetPerIp: { bucket: 'reset-ip', max: 10, windowMs: 60 * 60 * 1000 },
  resetPerEmail: { bucket: 'reset-email', max: 3, windowMs: 60 * 60 * 1000 },
  contactPerIp: { bucket: 'contact-ip', max: 5, windowMs: 60 * 60 * 1000 },
  newsletterPerIp: { bucket: 'newsletter-ip', max: 10, windowMs: 60 * 60 * 1000 },
  newsletterPerEmail: { bucket: 'newsletter-email', max: 3, windowMs: 60 * 60 * 1000 },
} as const satisfies Record<string, Limit>;

/** An IP address as the throttle counts it: an IPv6 /64 as one, like the login throttle. */
export const ipKey = (rawIp: string): string => `ip:${normalizeIP(rawIp, 64)}`;
export const emailKey = (email: string): string => `email:${email.toLowerCase()}`;

/** The ledger keeps no address in the clear: only a hash, and only for the window. */
const hashKey = (bucket: string, key: string): string => createHash('sha256').update(`${bucket}\n${key}`).digest('hex');

/**
 * Counts one attempt against each (limit, key) pair and refuses with a 429 (and Retry-After) when
 * any is over its limit. Recorded before counting, so a parallel burst cannot slip past; a refused
 * attempt is not recorded (it must not push the end of the lock further out). Kept in the
 * database, so every instance shares the counts.
 */
export async function reserve(
  db: Db,
  checks: readonly { limit: Limit; key: string }[],
  refused: { code: string; message: MessageKey },
  now = new Date(),
): Promise<void> {
  const at = now.toISOString();
  const recorded: string[] = [];
  let lockedUntil = 0;
  for (const { limit, key } of checks) {
    const id = newId();
    const keyHash = hashKey(limit.bucket, key);
    await repo.recordAttempt(db, { id, bucket: limit.bucket, keyHash, at });
    recorded.push(id);
    const since = new Date(now.getTime() - limit.windowMs).toISOString();
    const { count, oldest } = await repo.attemptsSince(db, limit.bucket, keyHash, since);
    if (count > limit.max && oldest) lockedUntil = Math.max(lockedUntil, Date.parse(oldest) + limit.windowMs);
    // Keep the table small: attempts older than the window no longer count.
    await repo.deleteAttemptsBefore(db, limit.bucket, since);
  }
  if (lockedUntil === 0) return;
  for (const id of recorded) await repo.deleteAttempt(db, id);
  const retryAfterS = Math.max(1, Math.ceil((lockedUntil - now.getTime()) / 1000));
  throw new AppError(refused.code, 429, refused.message, {
    params: { minutes: Math.ceil(retryAfterS / 60) },
    headers: { 'retry-after': String(retryAfterS) },
  });
}
