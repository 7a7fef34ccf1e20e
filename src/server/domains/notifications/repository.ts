import type { Db } from '../../db/database.ts';
import type { NotificationsTable } from '../../db/schema.ts';
import { DUE_SOON_DAYS } from '../../../shared/schemas/notifications.ts';

/** The person a notification is for, with what decides how they hear of it (a manager of a group hears what managers hear). */
export async function findRecipient(db: Db, userId: string) {
  const row = await db
    .selectFrom('users as u')
    .innerJoin('organisations as o', 'o.id', 'u.organisation_id')
    .select(['u.id', 'u.organisation_id', 'u.email', 'u.language', 'u.role', 'u.preferences', 'u.deactivated_at', 'o.name as company_name'])
    .select((eb) => eb.exists(eb.selectFrom('group_managers as m').select('m.user_id').whereRef('m.user_id', '=', 'u.id')).as('manages'))
    .where('u.id', '=', userId)
    .executeTakeFirst();
  // SQLite answers the test as 0/1, PostgreSQL as a boolean.
  return row && { ...row, manages: Number(row.manages) === 1 };
}

/** Whether a person manages a group (whatever their role). */
export async function managesAGroup(db: Db, userId: string): Promise<boolean> {
  return (await db.selectFrom('group_managers').select('user_id').where('user_id', '=', userId).limit(1).executeTakeFirst()) !== undefined;
}

export type Recipient = NonNullable<Awaited<ReturnType<typeof findRecipient>>>;

export function preferencesOf(db: Db, userId: string) {
  return db.selectFrom('notification_preferences').selectAll().where('user_id', '=', userId).execute();
}

export async function companySettings(db: Db, organisationId: string): Promise<{ dueSoonDays: number; mandatoryMail: boolean }> {
  const row = await db
    .selectFrom('organisation_notification_settings')
    .selectAll()
    .where('organisation_id', '=', organisationId)
    .executeTakeFirst();
  return {
    dueSoonDays: row ? Number(row.due_soon_days) : DUE_SOON_DAYS.default,
    mandatoryMail: row ? Number(row.mandatory_mail) === 1 : true,
  };
}

export async function saveCompanySettings(
  db: Db,
  organisationId: string,
  settings: { dueSoonDays: number; mandatoryMail: boolean },
): Promise<void> {
  const values = {
    due_soon_days: settings.dueSoonDays,
    mandatory_mail: settings.mandatoryMail ? 1 : 0,
    updated_at: new Date().toISOString(),
  };
  await db
    .insertInto('organisation_notification_settings')
    .values({ organisation_id: organisationId, ...values })
    .onConflict((oc) => oc.column('organisation_id').doUpdateSet(values))
    .execute();
}

export async function savePreference(
  db: Db,
  userId: string,
  kind: string,
  change: { app?: boolean; mail?: 'off' | 'instant' | 'daily' },
): Promise<void> {
  const now = new Date().toISOString();
  const set = {
    ...(change.app !== undefined && { in_app: change.app ? 1 : 0 }),
    ...(change.mail !== undefined && { mail: change.mail }),
    updated_at: now,
  };
  await db
    .insertInto('notification_preferences')
    .values({
      user_id: userId,
      kind,
      in_app: change.app === undefined ? null : change.app ? 1 : 0,
      mail: change.mail ?? null,
      updated_at: now,
    })
    .onConflict((oc) => oc.columns(['user_id', 'kind']).doUpdateSet(set))
    .execute();
}

/** Inserts the notification unless its person already had one for the event; true when inserted. */
export async function insertNotification(db: Db, row: NotificationsTable): Promise<boolean> {
  const result = await db
    .insertInto('notifications')
    .values(row)
    .onConflict((oc) => oc.columns(['user_id', 'dedupe_key']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

/** A page of a person's notifications shown in the app, newest first, before the cursor (created_at, id). */
export function listNotifications(db: Db, userId: string, before: { at: string; id: string } | undefined, limit: number) {
  let query = db
    .selectFrom('notifications')
    .select(['id', 'kind', 'params', 'link', 'created_at', 'read_at'])
    .where('user_id', '=', userId)
    .where('in_app', '=', 1);
  if (before) {
    query = query.where((eb) =>
      eb.or([eb('created_at', '<', before.at), eb.and([eb('created_at', '=', before.at), eb('id', '<', before.id)])]),
    );
  }
  return query.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit).execute();
}

export async function countUnread(db: Db, userId: string): Promise<number> {
  const row = await db
    .selectFrom('notifications')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .where('in_app', '=', 1)
    .where('read_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function markRead(db: Db, userId: string, ids: readonly string[] | 'all'): Promise<void> {
  let query = db
    .updateTable('notifications')
    .set({ read_at: new Date().toISOString() })
    .where('user_id', '=', userId)
    .where('read_at', 'is', null);
  if (ids !== 'all') query = query.where('id', 'in', ids);
  await query.execute();
}

/** The notifications waiting for a person's daily digest that were told before `before` (ISO). */
export function digestPending(db: Db, userId: string, before: string) {
  return db
    .selectFrom('notifications')
    .select(['id', 'kind', 'params', 'link', 'created_at'])
    .where('user_id', '=', userId)
    .where('digest_pending', '=', 1)
    .where('created_at', '<', before)
    .orderBy('created_at')
    .execute();
}
