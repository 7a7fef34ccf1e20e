import type { MessageKey } from '../../shared/i18n/messages.ts';
import type { Db } from '../db/database.ts';
import { AppError } from '../http/errors.ts';
import { verifyPassword } from '../security/passwords.ts';
import * as throttle from './login.ts';

/**
 * Proves the acting user knows their password before something only they may do: a credential
 * changed, an account or a company deleted. Guesses are throttled like logins, per `purpose` and
 * address, so a stolen session cannot become a way to find the password. A wrong one answers 400
 * with `message` on `field`.
 */
export async function provePassword(
  db: Db,
  check: { userId: string; password: string; ip: string; purpose: string; field: string; message: MessageKey },
): Promise<void> {
  const account = `${check.purpose}:${check.userId}`;
  await throttle.reserveAttempt(db, account, check.ip, { code: 'PASSWORD_THROTTLED', message: 'password.throttled' });
  const row = await db.selectFrom('users').select('password_hash').where('id', '=', check.userId).executeTakeFirst();
  if (!row?.password_hash || !(await verifyPassword(row.password_hash, check.password))) {
    throw new AppError('WRONG_PASSWORD', 400, check.message, { fields: { [check.field]: check.message } });
  }
  await throttle.clearAttempts(db, account, check.ip);
}
