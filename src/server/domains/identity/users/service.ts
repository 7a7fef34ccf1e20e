import type { TUpdateUserRequest, TUser } from '../../../../shared/schemas/users.ts';
import type { Db } from '../../../db/database.ts';
import { AppError } from '../../../http/errors.ts';
import type { SendNotice } from '../../../mail/mailer.ts';
import { emailChangedMail, mailLanguage } from '../../../mail/templates.ts';
import * as sessions from '../../../http/session-store.ts';
import { verifyCurrentPassword } from './current-password.ts';
import { planRequired, type PlansService } from '../../commerce/index.ts';
import { assertNotDemo } from './demo-guard.ts';
import * as repo from './repository.ts';

const COMPANY_FIELDS = { companyName: 'name', address: 'address', city: 'city', postalCode: 'postalCode' } as const;
type CompanyField = keyof typeof COMPANY_FIELDS;

const emptyToNull = (v: string | undefined): string | null | undefined => (v === undefined ? undefined : v === '' ? null : v);

export class UsersService {
  constructor(
    private readonly db: Db,
    private readonly notify: SendNotice = async () => {},
    private readonly plans?: PlansService,
  ) {}

  /**
   * PATCH /api/users/:id. The user themself or an admin of the same company may edit; another
   * company's users look like they don't exist. Company fields change the company, so only an
   * admin may change them; role and company membership are not editable here at all.
   */
  async update(
    actor: TUser,
    targetId: string,
    input: TUpdateUserRequest,
    context: { ip: string; sessionId: string | null } = { ip: '', sessionId: null },
  ): Promise<{ user: TUser; emailChanged: boolean }> {
    const target = await repo.findUserById(this.db, targetId);
    if (!target || target.organisationId !== actor.organisationId) {
      throw new AppError('USER_NOT_FOUND', 404, 'http.userNotFound');
    }
    if (actor.id !== target.id && actor.role !== 'admin') throw new AppError('FORBIDDEN', 403, 'http.forbidden');
    if (Object.keys(input).some((field) => field !== 'preferences' && field !== 'currentPassword')) assertNotDemo(target);
    const emailChanged = input.email !== undefined && input.email !== target.email;

    const current: Record<CompanyField, string> = {
      companyName: target.companyName,
      address: target.address,
      city: target.city,
      postalCode: target.postalCode,
    };
    const companyChanges = (Object.keys(COMPANY_FIELDS) as CompanyField[]).filter((f) => input[f] !== undefined && input[f] !== current[f]);
    if (companyChanges.length > 0 && actor.role !== 'admin') {
      throw new AppError('COMPANY_ADMIN_ONLY', 403, 'profile.companyAdminOnly', {
        fields: Object.fromEntries(companyChanges.map((f) => [f, 'profile.companyAdminOnly'])),
      });
    }
    // A read-only company (docs/decisions/026): a person may still edit their own account, but not
    // the company's name and address, nor (as an admin) another member's profile.
    if (this.plans && (companyChanges.length > 0 || actor.id !== target.id)) {
      const state = await this.plans.state(actor.organisationId);
      if (state.readOnly) throw planRequired(state);
    }
    // The login e-mail is a credential: a session alone (say, a borrowed laptop) may not change it.
    // The password comes first, under its throttle, so whether an address is taken is never told
    // to a session that cannot prove it (registration's answer is throttled per IP for the same reason).
    if (emailChanged) await this.checkCurrentPassword(actor, input.currentPassword, context.ip);
    if (emailChanged && input.email !== undefined && (await repo.emailExists(this.db, input.email, target.id))) {
      throw new AppError('EMAIL_TAKEN', 409, 'profile.emailTaken', { fields: { email: 'profile.emailTaken' } });
    }

    const userChanges: repo.UserChanges = {};
    if (input.contactName !== undefined) userChanges.contactName = input.contactName;
    if (input.email !== undefined) userChanges.email = input.email;
    if (input.phone !== undefined) userChanges.phone = input.phone;
    const bio = emptyToNull(input.bio);
    const expertise = emptyToNull(input.expertise);
    const website = emptyToNull(input.website);
    if (bio !== undefined) userChanges.bio = bio;
    if (expertise !== undefined) userChanges.expertise = expertise;
    if (website !== undefined) userChanges.website = website;

    const orgChanges: repo.OrganisationChanges = {};
    for (const f of companyChanges) orgChanges[COMPANY_FIELDS[f]] = input[f];

    try {
      await repo.updateUserAndOrganisation(this.db, target.id, target.organisationId, userChanges, orgChanges);
      if (input.preferences) await repo.mergePreferences(this.db, target.id, input.preferences);
    } catch (error) {
      // Another request took the email between our check and the write.
      if (input.email !== undefined && (await repo.emailExists(this.db, input.email, target.id))) {
        throw new AppError('EMAIL_TAKEN', 409, 'profile.emailTaken', { fields: { email: 'profile.emailTaken' } });
      }
      throw error;
    }
    const updated = await repo.findUserById(this.db, target.id);
    if (!updated) throw new AppError('USER_NOT_FOUND', 404, 'http.userNotFound');
    if (emailChanged) {
      // Sessions opened under the old login end; the acting session stays (and gets a new token).
      await sessions.deleteOtherSessions(this.db, target.id, actor.id === target.id ? context.sessionId : null);
      const contact = await repo.findMailContact(this.db, target.id);
      await this.notify(emailChangedMail(mailLanguage(contact?.language), target.email, { newEmail: updated.email }));
    }
    return { user: updated, emailChanged };
  }

  /** The acting user's password, checked as for a password change (one throttle counter). */
  private async checkCurrentPassword(actor: TUser, password: string | undefined, ip: string): Promise<void> {
    if (!password) {
      throw new AppError('CURRENT_PASSWORD_REQUIRED', 400, 'profile.currentPasswordRequired', {
        fields: {
          currentPassword: 'profile.currentPasswordRequired',
        },
      });
    }
    await verifyCurrentPassword(this.db, actor.id, password, ip);
  }
}
