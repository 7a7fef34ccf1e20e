import { DEMO_EMAILS } from '../../../../shared/demo.ts';
import type { Db } from '../../../db/database.ts';
import { singleSignOnRequired } from '../sso/required.ts';

/**
 * Whether `userId` may log in with a passkey alone, without their password
 * (docs/decisions/059-passkeys.md). The one place for rules that refuse password-style logins to
 * some accounts: an active, not erased person of a company; never a demo account (it has no
 * passkeys, and its login is the password everyone sees); nobody whose company requires its single
 * sign-on for them.
 */
export async function passwordlessAllowed(db: Db, userId: string): Promise<boolean> {
  const user = await db
    .selectFrom('users')
    .select(['email'])
    .where('id', '=', userId)
    .where('deactivated_at', 'is', null)
    .where('erased_at', 'is', null)
    .executeTakeFirst();
  return user !== undefined && !DEMO_EMAILS.includes(user.email) && !(await singleSignOnRequired(db, userId));
}
