import type { Db } from '../../../db/database.ts';
import { provePassword } from '../../../throttle/password.ts';

/**
 * Proves the acting user knows their current password before a credential changes (the password
 * itself, or the login e-mail); password changes and e-mail changes share one counter of guesses.
 */
export function verifyCurrentPassword(db: Db, userId: string, password: string, ip: string): Promise<void> {
  return provePassword(db, {
    userId,
    password,
    ip,
    purpose: 'password-change',
    field: 'currentPassword',
    message: 'password.wrongCurrent',
  });
}
