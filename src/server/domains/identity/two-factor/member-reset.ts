import type { TUser } from '../../../../shared/schemas/users.ts';
import type { Db } from '../../../db/database.ts';
import { AppError } from '../../../http/errors.ts';
import type { SendNotice } from '../../../mail/mailer.ts';
import { mailLanguage, twoFactorResetMail } from '../../../mail/templates.ts';
import { actorOf, AuditLog } from '../../privacy/index.ts';
import type { TwoFactorService } from './service.ts';

/**
 * An admin resets a member's second factor (a lost phone, lost recovery codes): the authenticator
 * app, the passkeys and the recovery codes go, the member's sessions and waiting logins end, and
 * the member is told by e-mail (docs/decisions/059-passkeys.md). Not one's own: an admin who still
 * has a factor turns it off on the profile, and one who has lost theirs asks another admin.
 */
export class SecondFactorReset {
  private readonly audit: AuditLog;

  constructor(
    private readonly db: Db,
    private readonly twoFactor: Pick<TwoFactorService, 'methods'>,
    private readonly notify: SendNotice,
  ) {
    this.audit = new AuditLog(db);
  }

  async reset(actor: TUser, memberId: string, ip: string): Promise<void> {
    if (actor.role !== 'admin') throw new AppError('FORBIDDEN', 403, 'passkeys.resetAdminOnly');
    const member = await this.db
      .selectFrom('users')
      .select(['id', 'email', 'language'])
      .where('organisation_id', '=', actor.organisationId)
      .where('id', '=', memberId)
      .where('erased_at', 'is', null)
      .executeTakeFirst();
    if (!member) throw new AppError('NOT_FOUND', 404, 'team.memberNotFound');
    if (member.id === actor.id) throw new AppError('OWN_SECOND_FACTOR', 409, 'passkeys.resetOwn');
    const methods = await this.twoFactor.methods(member.id);
    if (methods.length === 0) throw new AppError('TWO_FACTOR_OFF', 409, 'passkeys.resetNone');
    await this.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('two_factor_totp').where('user_id', '=', member.id).execute();
      await trx.deleteFrom('passkeys').where('user_id', '=', member.id).execute();
      await trx.deleteFrom('two_factor_recovery_codes').where('user_id', '=', member.id).execute();
      await trx.deleteFrom('passkey_challenges').where('user_id', '=', member.id).execute();
      await trx.deleteFrom('login_challenges').where('user_id', '=', member.id).execute();
      await trx.deleteFrom('sessions').where('user_id', '=', member.id).execute();
    });
    await this.audit.record({
      organisationId: actor.organisationId,
      actor: actorOf(actor, ip),
      action: '2fa.reset',
      target: { type: 'user', id: member.id },
      details: { email: member.email, removed: methods },
    });
    await this.notify(twoFactorResetMail(mailLanguage(member.language), member.email, { adminName: actor.contactName }));
  }
}
