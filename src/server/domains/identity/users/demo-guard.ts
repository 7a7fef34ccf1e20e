import { DEMO_EMAILS } from '../../../../shared/demo.ts';
import type { TUser } from '../../../../shared/schemas/users.ts';
import { AppError } from '../../../http/errors.ts';

/**
 * The seeded demo accounts' logins (the admin's and the learner's) are shown to every visitor, so
 * nobody may take one over or deface it: password, email, name, company, role and active state
 * stay as seeded (settings switches may change — they harm no one).
 */
export function assertNotDemo(user: TUser): void {
  assertNotDemoEmail(user.email);
}

/** The same, for a member the caller would re-role or deactivate: only their e-mail is at hand. */
export function assertNotDemoEmail(email: string): void {
  if (DEMO_EMAILS.includes(email)) throw new AppError('DEMO_LOCKED', 403, 'profile.demoLocked');
}
