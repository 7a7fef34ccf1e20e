import type { Db } from '../../../db/database.ts';
import { provePassword } from '../../../throttle/password.ts';

/**
 * Proves the acting user knows their current password before a credential changes (the password
 * itself, the login e-mail, a second factor); they all share one counter of guesses. `field` is the
 * form field a wrong password is shown on.
 */
export function verifyCurrentPassword(db: Db, userId: string, password: string, ip: string, field = 'currentPassword'): Promise<void> {
  return provePassword(db, {
    userId,
    password,
    ip,
    purpose: 'password-change',
    field,
    message: 'password.wrongCurrent',
  });
}
