import type { ExpressionBuilder, Selectable, Transaction } from 'kysely';
import type { Language, Role } from '../../../../shared/constants.ts';
import type { Database, InvitationsTable } from '../../../db/schema.ts';
import type { Db } from '../../../db/database.ts';

/** The only SQL for invitations and members. */

type Executor = Db | Transaction<Database>;

export type InvitationRow = Pick<
  Selectable<InvitationsTable>,
  | 'id'
  | 'organisation_id'
  | 'email'
  | 'role'
  | 'contact_name'
  | 'language'
  | 'expires_at'
  | 'accepted_at'
  | 'revoked_at'
  | 'created_at'
  | 'group_ids'
> & { invited_by_name: string | null };

export async function findOrganisation(db: Executor, organisationId: string) {
  return db
    .selectFrom('organisations')
    .select(['id', 'name', 'plan', 'trial_ends_at', 'plan_period', 'plan_paid_until'])
    .where('id', '=', organisationId)
    .executeTakeFirstOrThrow();
}

function invitations(db: Executor) {
  return db
    .selectFrom('invitations')
    .leftJoin('users as inviter', 'inviter.id', 'invitations.invited_by')
    .select([
      'invitations.id',
      'invitations.organisation_id',
      'invitations.email',
      'invitations.role',
      'invitations.contact_name',
      'invitations.language',
      'invitations.expires_at',
      'invitations.accepted_at',
      'invitations.revoked_at',
      'invitations.created_at',
      'invitations.group_ids',
      'inviter.contact_name as invited_by_name',
    ]);
}

export async function listInvitations(db: Db, organisationId: string): Promise<InvitationRow[]> {
  return invitations(db)
    .where('invitations.organisation_id', '=', organisationId)
    .orderBy('invitations.created_at', 'desc')
    .limit(1000)
    .execute();
}

export async function findInvitation(db: Executor, organisationId: string, id: string): Promise<InvitationRow | undefined> {
  return invitations(db).where('invitations.id', '=', id).where('invitations.organisation_id', '=', organisationId).executeTakeFirst();
}

export async function findInvitationByTokenHash(
  db: Db,
  tokenHash: string,
): Promise<(InvitationRow & { company_name: string }) | undefined> {
  return invitations(db)
    .innerJoin('organisations', 'organisations.id', 'invitations.organisation_id')
    .select('organisations.name as company_name')
    .where('invitations.token_hash', '=', tokenHash)
    .executeTakeFirst();
}

export async function findOpenInvitationByEmail(db: Executor, organisationId: string, email: string, now: string) {
  return db
    .selectFrom('invitations')
    .select('id')
    .where('organisation_id', '=', organisationId)
    .where('email', '=', email)
    .where('accepted_at', 'is', null)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
}

export async function insertInvitation(
  db: Executor,
  values: {
    id: string;
    organisationId: string;
    email: string;
    role: Role;
    contactName: string | null;
    language: Language;
    tokenHash: string;
    invitedBy: string;
    expiresAt: string;
    now: string;
    /** The groups the person joins on accepting. */
    groupIds?: readonly string[] | undefined;
  },
): Promise<void> {
  await db
    .insertInto('invitations')
    .values({
      id: values.id,
      organisation_id: values.organisationId,
      email: values.email,
      role: values.role,
      contact_name: values.contactName,
      language: values.language,
      token_hash: values.tokenHash,
      invited_by: values.invitedBy,
      group_ids: values.groupIds && values.groupIds.length > 0 ? JSON.stringify(values.groupIds) : null,
      expires_at: values.expiresAt,
      accepted_at: null,
      accepted_user_id: null,
      revoked_at: null,
      created_at: values.now,
    })
    .execute();
}

/** An open invitation gets a new link and a new expiry; the old link stops working. */
export async function renewInvitation(db: Db, id: string, tokenHash: string, expiresAt: string): Promise<boolean> {
  const result = await db
    .updateTable('invitations')
    .set({ token_hash: tokenHash, expires_at: expiresAt })
    .where('id', '=', id)
    .where('accepted_at', 'is', null)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function revokeInvitation(db: Db, id: string, now: string): Promise<boolean> {
  const result = await db
    .updateTable('invitations')
    .set({ revoked_at: now })
    .where('id', '=', id)
    .where('accepted_at', 'is', null)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Claims an open, unexpired invitation for the user being made; false when another request got there first. */
export async function markAccepted(trx: Executor, id: string, userId: string, now: string): Promise<boolean> {
  const result = await trx
    .updateTable('invitations')
    .set({ accepted_at: now, accepted_user_id: userId })
    .where('id', '=', id)
    .where('accepted_at', 'is', null)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function findUserByEmail(db: Executor, email: string) {
  return db.selectFrom('users').select(['id', 'organisation_id']).where('email', '=', email).executeTakeFirst();
}

const memberColumns = [
  'id',
  'contact_name',
  'email',
  'role',
  'created_at',
  'deactivated_at',
  // When a pending erasure of them is carried out (docs/decisions/053-erasure-and-retention.md).
  (eb: ExpressionBuilder<Database, 'users'>) =>
    eb
      .selectFrom('erasure_requests as er')
      .select('er.due_at')
      .whereRef('er.user_id', '=', 'users.id')
      .where('er.status', '=', 'pending')
      .limit(1)
      .as('erasure_due_at'),
] as const;

export async function listMembers(db: Db, organisationId: string) {
  return (
    db
      .selectFrom('users')
      .select(memberColumns)
      .where('organisation_id', '=', organisationId)
      // An erased person's row is only a pseudonym their kept records point at: no longer a member.
      .where('erased_at', 'is', null)
      .orderBy('contact_name')
      .orderBy('email')
      .limit(10_000)
      .execute()
  );
}

export async function findMember(db: Db, organisationId: string, id: string) {
  return db
    .selectFrom('users')
    .select(memberColumns)
    .where('organisation_id', '=', organisationId)
    .where('id', '=', id)
    .where('erased_at', 'is', null)
    .executeTakeFirst();
}

export async function countActiveAdmins(db: Db, organisationId: string): Promise<number> {
  const row = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('organisation_id', '=', organisationId)
    .where('role', '=', 'admin')
    .where('deactivated_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function updateMember(
  db: Db,
  id: string,
  set: { role?: Role; deactivated_at?: string | null; updated_at: string },
): Promise<void> {
  await db.updateTable('users').set(set).where('id', '=', id).execute();
}
