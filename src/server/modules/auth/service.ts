import { TRIAL_DAYS } from '../../../shared/constants.ts';
import type { TChangePasswordRequest, TLoginRequest, TRegisterRequest } from '../../../shared/schemas/auth.ts';
import type { TUser } from '../../../shared/schemas/users.ts';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../http/errors.ts';
import { hashPassword, verifyAgainstDummy, verifyPassword } from '../../security/passwords.ts';
import { newId } from '../../security/tokens.ts';
import type { CvrService } from '../cvr/service.ts';
import * as users from '../users/repository.ts';
import * as sessions from './repository.ts';
import * as throttle from './throttle.ts';
import { assertNotDemo } from '../users/demo-guard.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; message?: string };
  return e.code === '23505' || e.code === 'SQLITE_CONSTRAINT_UNIQUE' || /UNIQUE constraint failed/.test(e.message ?? '');
}

export class AuthService {
  constructor(
    private readonly db: Db,
    private readonly cvr: CvrService,
  ) {}

  /** Creates the company and its first user (an admin). Returns the new user's id. */
  async register(input: TRegisterRequest): Promise<{ userId: string; registryError?: string }> {
    const [cvrTaken, emailTaken] = await Promise.all([
      users.cvrExists(this.db, input.cvrNumber),
      users.emailExists(this.db, input.email),
    ]);
    if (cvrTaken) throw new AppError('CVR_TAKEN', 409, 'register.cvrTaken', { cvrNumber: 'register.cvrTaken' });
    if (emailTaken) throw new AppError('EMAIL_TAKEN', 409, 'register.emailTaken', { email: 'register.emailTaken' });
    const check = await this.cvr.verifyForRegistration(input.cvrNumber);
    const orgId = newId();
    const userId = newId();
    try {
      await users.insertOrganisationWithUser(
        this.db,
        {
          id: orgId,
          cvr: input.cvrNumber,
          name: input.companyName,
          address: input.address,
          city: input.city,
          postalCode: input.postalCode,
          phone: input.phone,
          email: input.email,
          verified: check.verified,
          trialEndsAt: new Date(Date.now() + TRIAL_DAYS * DAY_MS).toISOString(),
        },
        {
          id: userId,
          organisationId: orgId,
          email: input.email,
          passwordHash: await hashPassword(input.password),
          contactName: input.contactName,
          phone: input.phone,
          role: 'admin',
        },
      );
    } catch (error) {
      // Two registrations racing for the same CVR or email: the database decides.
      if (!isUniqueViolation(error)) throw error;
      if (await users.cvrExists(this.db, input.cvrNumber)) {
        throw new AppError('CVR_TAKEN', 409, 'register.cvrTaken', { cvrNumber: 'register.cvrTaken' });
      }
      throw new AppError('EMAIL_TAKEN', 409, 'register.emailTaken', { email: 'register.emailTaken' });
    }
    return { userId, ...(check.registryError !== undefined && { registryError: check.registryError }) };
  }

  /** Checks credentials under the throttle; the same 401 whether the email or the password was wrong. */
  async authenticate(input: TLoginRequest, ip: string): Promise<string> {
    await throttle.reserveAttempt(this.db, input.email, ip, { code: 'LOGIN_THROTTLED', message: 'login.throttled' });
    const credentials = await users.findCredentialsByEmail(this.db, input.email);
    const ok = credentials
      ? await verifyPassword(credentials.password_hash, input.password)
      : await verifyAgainstDummy(input.password);
    if (!credentials || !ok) throw new AppError('INVALID_CREDENTIALS', 401, 'login.invalidCredentials');
    await throttle.clearAttempts(this.db, input.email, ip);
    return credentials.id;
  }

  async endSession(sessionId: string): Promise<void> {
    await sessions.deleteSession(this.db, sessionId);
  }

  /**
   * A wrong current password is refused, and guesses are throttled like logins (a stolen session
   * must not become a way to find the password); success ends every other session of the user.
   */
  async changePassword(user: TUser, sessionId: string, input: TChangePasswordRequest, ip: string): Promise<void> {
    assertNotDemo(user);
    const account = `password-change:${user.id}`;
    await throttle.reserveAttempt(this.db, account, ip, { code: 'PASSWORD_THROTTLED', message: 'password.throttled' });
    const current = await users.findPasswordHash(this.db, user.id);
    if (!current || !(await verifyPassword(current, input.currentPassword))) {
      throw new AppError('WRONG_PASSWORD', 400, 'password.wrongCurrent', { currentPassword: 'password.wrongCurrent' });
    }
    await throttle.clearAttempts(this.db, account, ip);
    await users.updatePasswordHash(this.db, user.id, await hashPassword(input.newPassword));
    await sessions.deleteOtherSessions(this.db, user.id, sessionId);
  }

  async userById(id: string): Promise<TUser> {
    const user = await users.findUserById(this.db, id);
    if (!user) throw new AppError('USER_NOT_FOUND', 404, 'http.userNotFound');
    return user;
  }
}
