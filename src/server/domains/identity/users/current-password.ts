import type { Db } from '../../../db/database.ts';
import { AppError } from '../../../http/errors.ts';
import { verifyPassword } from '../../../security/passwords.ts';
import { findPasswordHash } from './repository.ts';
import * as throttle from '../../../throttle/login.ts';

/**
 * Proves the acting user knows their current password before a credential changes (the password
 * itself, or the login e-mail). Guesses are throttled like logins and share one counter, so a
 * stolen session cannot become a way to find the password.
 */
export async function verifyCurrentPassword(db: Db, userId: string, password: string, ip: string): Promise<void> {
  const account = `password-change:${userId}`;
  await throttle.reserveAttempt(db, account, ip, { code: 'PASSWORD_THROTTLED', message: 'password.throttled' });
  const hash = await findPasswordHash(db, userId);
  if (!hash || !(await verifyPassword(hash, password))) {
    throw new AppError('WRONG_PASSWORD', 400, 'password.wrongCurrent', { fields: { currentPassword: 'password.wrongCurrent' } });
  }
  await throttle.clearAttempts(db, account, ip);
}
