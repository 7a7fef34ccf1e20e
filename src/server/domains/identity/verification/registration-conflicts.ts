import type { Db } from '../../../db/database.ts';
import { isUniqueViolation } from '../../../db/errors.ts';
import { AppError } from '../../../http/errors.ts';
import { emailExists } from '../users/repository.ts';

/** A registration whose e-mail address already logs in to Kursa. */
export function emailTaken(): AppError {
  return new AppError('EMAIL_TAKEN', 409, 'register.emailTaken', { fields: { email: 'register.emailTaken' } });
}

/** A registration for a CVR number a confirmed company holds. */
export function cvrTaken(): AppError {
  return new AppError('CVR_TAKEN', 409, 'register.cvrTaken', { fields: { cvrNumber: 'register.cvrTaken' } });
}

/**
 * Two registrations raced for the same e-mail or CVR and the database's unique constraint decided:
 * says which of the two was taken. Any other error is passed on as it is.
 */
export async function registrationConflict(db: Db, error: unknown, email: string): Promise<unknown> {
  if (!isUniqueViolation(error)) return error;
  return (await emailExists(db, email)) ? emailTaken() : cvrTaken();
}
