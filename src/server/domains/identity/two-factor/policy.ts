import { DEMO_EMAILS } from '../../../../shared/demo.ts';
import type { TTwoFactorPolicy, TwoFactorPolicy } from '../../../../shared/schemas/two-factor.ts';
import type { TUser } from '../../../../shared/schemas/users.ts';
import type { Db } from '../../../db/database.ts';
import { AppError } from '../../../http/errors.ts';
import { actorOf, AuditLog } from '../../privacy/index.ts';
import type { TwoFactorService } from './service.ts';

/**
 * Whom a company requires a second factor of: no one, its admins, or everyone
 * (docs/decisions/057-two-factor-sign-in.md). Someone it requires one of who has none logs in
 * only by setting one up then.
 */
export class TwoFactorPolicies {
  private readonly audit: AuditLog;

  constructor(
    private readonly db: Db,
    private readonly twoFactor: Pick<TwoFactorService, 'required'>,
  ) {
    this.audit = new AuditLog(db);
  }

  /**
   * Whether `userId` must set up a second factor before they may log in: their company requires one
   * of their role (its policy) and they have none.
   */
  async mustSetUp(userId: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('users as u')
      .innerJoin('organisations as o', 'o.id', 'u.organisation_id')
      .select(['u.role', 'o.two_factor_policy as policy', 'u.email'])
      .where('u.id', '=', userId)
      .executeTakeFirst();
    if (!row || DEMO_EMAILS.includes(row.email)) return false;
    const required = row.policy === 'everyone' || (row.policy === 'admins' && row.role === 'admin');
    // A passkey is a second factor as much as the app is (docs/decisions/059-passkeys.md).
    return required && !(await this.twoFactor.required(userId));
  }

  /** GET /api/organisation/two-factor. */
  async policy(actor: TUser): Promise<TTwoFactorPolicy> {
    if (actor.role !== 'admin') throw new AppError('FORBIDDEN', 403, 'twoFactor.adminOnly');
    const org = await this.db
      .selectFrom('organisations')
      .select('two_factor_policy')
      .where('id', '=', actor.organisationId)
      .executeTakeFirstOrThrow();
    return { policy: org.two_factor_policy };
  }

  /**
   * PUT /api/organisation/two-factor. An admin without a second factor cannot require one of
   * admins (they would be the first locked out); the sessions of people it now requires one of,
   * and who have none, end, so they set one up at their next login.
   */
  async setPolicy(actor: TUser, policy: TwoFactorPolicy, ip: string): Promise<TTwoFactorPolicy> {
    const before = (await this.policy(actor)).policy;
    if (policy !== 'off' && !(await this.twoFactor.required(actor.id)))
      throw new AppError('TWO_FACTOR_SELF_FIRST', 409, 'twoFactor.selfFirst');
    await this.db.updateTable('organisations').set({ two_factor_policy: policy }).where('id', '=', actor.organisationId).execute();
    if (policy !== 'off') {
      const unprotected = this.db
        .selectFrom('users as u')
        .leftJoin('two_factor_totp as f', (join) => join.onRef('f.user_id', '=', 'u.id').on('f.confirmed_at', 'is not', null))
        .select('u.id')
        .where('u.organisation_id', '=', actor.organisationId)
        .where('f.user_id', 'is', null)
        .where((eb) => eb.not(eb.exists(eb.selectFrom('passkeys as p').select('p.id').whereRef('p.user_id', '=', 'u.id'))))
        .where('u.email', 'not in', DEMO_EMAILS)
        .$if(policy === 'admins', (q) => q.where('u.role', '=', 'admin'));
      await this.db.deleteFrom('sessions').where('user_id', 'in', unprotected).execute();
    }
    if (before !== policy) {
      await this.audit.record({
        organisationId: actor.organisationId,
        actor: actorOf(actor, ip),
        action: '2fa.policy-changed',
        target: { type: 'organisation', id: actor.organisationId },
        details: { before, after: policy },
      });
    }
    return { policy };
  }
}
