import { DEMO_ACCOUNT } from '../../../shared/demo.ts';
import type { TUser } from '../../../shared/schemas/users.ts';
import { AppError } from '../../http/errors.ts';

/**
 * The seeded demo account's login is shown to every visitor, so nobody may take it over or
 * deface it: its password, email, name and company stay as seeded (its settings switches may
 * change — they harm no one).
 */
export function assertNotDemo(user: TUser): void {
  if (user.email === DEMO_ACCOUNT.email) throw new AppError('DEMO_LOCKED', 403, 'profile.demoLocked');
}
