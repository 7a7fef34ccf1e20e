import type { FastifyBaseLogger } from 'fastify';
import { DEMO_EMAILS } from '../../../../shared/demo.ts';
import {
  PASSWORD_RESET_MINUTES,
  type TPasswordResetConfirm,
  type TPasswordResetAccepted,
} from '../../../../shared/schemas/account-recovery.ts';
import type { Db } from '../../../db/database.ts';
import { AppError } from '../../../http/errors.ts';
import type { Mailer } from '../../../mail/mailer.ts';
import { mailLanguage, passwordResetMail } from '../../../mail/templates.ts';
import { hashPassword } from '../../../security/passwords.ts';
import { hashToken, newId, newSessionToken } from '../../../security/tokens.ts';
import { emailKey, ipKey, PUBLIC_FORM_LIMITS, reserve } from '../../../throttle/public-forms.ts';
import * as repo from './repository.ts';

const MINUTE_MS = 60 * 1000;
const DAY_MS = 24 * 60 * MINUTE_MS;

/**
 * Password reset by a mailed link. A request answers the same whatever the address,
 * so nobody learns who has an account; the link's token is 256 random bits, stored only hashed,
 * valid for an hour and once; a reset ends every session of the account.
 */
export class AccountRecoveryService {
  /** Mails still being sent; the app waits for them when it stops. */
  private readonly sending = new Set<Promise<void>>();

  constructor(
    private readonly db: Db,
    private readonly mailer: Mailer,
    private readonly publicUrl: string,
    private readonly log: FastifyBaseLogger,
  ) {}

  private link(token: string): string {
    return new URL(`/reset-password/${token}`, this.publicUrl).toString();
  }

  async request(email: string, ip: string, now = new Date()): Promise<TPasswordResetAccepted> {
    // Without mail there is no way to prove the address is yours: said plainly, and the same for every address.
    // Counted per address whether or not it has an account, so the throttle tells nothing either.
    await reserve(
      this.db,
      [
        { limit: PUBLIC_FORM_LIMITS.resetPerIp, key: ipKey(ip) },
        { limit: PUBLIC_FORM_LIMITS.resetPerEmail, key: emailKey(email) },
      ],
      { code: 'RESET_THROTTLED', message: 'reset.throttled' },
      now,
    );
    const user = await repo.findActiveUserByEmail(this.db, email);
    // The public demo accounts' passwords are shown to everyone and stay as seeded.
    if (user && !DEMO_EMAILS.includes(user.email)) {
      const token = newSessionToken();
      const at = now.toISOString();
      await repo.insertReset(this.db, {
        id: newId(),
        userId: user.id,
        tokenHash: hashToken(token),
        now: at,
        expiresAt: new Date(now.getTime() + PASSWORD_RESET_MINUTES * MINUTE_MS).toISOString(),
      });
      await repo.deleteResetsExpiredBefore(this.db, new Date(now.getTime() - DAY_MS).toISOString());
      // Sent after the answer, so how long the answer takes does not tell an account from none either.
      this.send(passwordResetMail(mailLanguage(user.language), user.email, { link: this.link(token), minutes: PASSWORD_RESET_MINUTES }));
    }
    return { accepted: true, minutes: PASSWORD_RESET_MINUTES };
  }

  private send(message: Parameters<Mailer['send']>[0]): void {
    const sending = this.mailer
      .send(message)
      .catch((error: unknown) => this.log.error({ err: error }, 'a password reset mail could not be sent'));
    this.sending.add(sending);
    void sending.finally(() => this.sending.delete(sending));
  }

  /** Resolves when every mail started so far has been handed over (or failed). */
  async settled(): Promise<void> {
    await Promise.all([...this.sending]);
  }

  /** Sets the new password with a valid link, which is then used up; every session of the account ends. */
  async confirm(input: TPasswordResetConfirm, now = new Date()): Promise<{ userId: string }> {
    const reset = await repo.findResetByTokenHash(this.db, hashToken(input.token));
    const at = now.toISOString();
    if (!reset || reset.deactivated_at !== null) throw invalid('RESET_LINK_INVALID', 'reset.linkInvalid');
    if (reset.used_at !== null) throw invalid('RESET_LINK_USED', 'reset.linkUsed');
    if (reset.expires_at <= at) throw invalid('RESET_LINK_EXPIRED', 'reset.linkExpired');
    const passwordHash = await hashPassword(input.newPassword);
    if (!(await repo.useReset(this.db, { id: reset.id, userId: reset.user_id, passwordHash, now: at })))
      throw invalid('RESET_LINK_USED', 'reset.linkUsed');
    return { userId: reset.user_id };
  }
}

function invalid(code: string, key: 'reset.linkInvalid' | 'reset.linkUsed' | 'reset.linkExpired'): AppError {
  return new AppError(code, 400, key, { fields: { token: key } });
}
