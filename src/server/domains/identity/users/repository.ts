import { PostgresAdapter, sql, type Transaction } from 'kysely';
import { type Plan, type Role } from '../../../../shared/constants.ts';
import { DEFAULT_PREFERENCES, type TPreferences, type TUser } from '../../../../shared/schemas/users.ts';
import { storedPreferences } from '../../../../shared/stored-preferences.ts';
import type { Database } from '../../../db/schema.ts';
import type { Db } from '../../../db/database.ts';

/** The only SQL for users and their organisations. */

const userColumns = [
  'users.id',
  'users.organisation_id',
  'users.email',
  'users.contact_name',
  'users.phone',
  'users.role',
  'users.bio',
  'users.expertise',
  'users.website',
  'users.preferences',
  'users.created_at',
  'organisations.name as company_name',
  'organisations.cvr',
  'organisations.verified',
  'organisations.address',
  'organisations.city',
  'organisations.postal_code',
  'organisations.plan',
  'organisations.trial_ends_at',
] as const;

export function selectUsers(db: Db | Transaction<Database>) {
  return db.selectFrom('users').innerJoin('organisations', 'organisations.id', 'users.organisation_id').select(userColumns);
}

type UserRow = NonNullable<Awaited<ReturnType<ReturnType<typeof selectUsers>['executeTakeFirst']>>>;

export function toUser(row: UserRow): TUser {
  return {
    id: row.id,
    username: row.email.split('@')[0] ?? row.email,
    contactName: row.contact_name,
    email: row.email,
    phone: row.phone,
    role: row.role,
    bio: row.bio,
    expertise: row.expertise,
    website: row.website,
    preferences: storedPreferences(row.preferences),
    createdAt: row.created_at,
    organisationId: row.organisation_id,
    companyName: row.company_name,
    cvrNumber: row.cvr,
    companyVerified: row.verified === 1,
    address: row.address,
    city: row.city,
    postalCode: row.postal_code,
    plan: row.plan,
    trialEndsAt: row.trial_ends_at,
  };
}

export async function findUserById(db: Db, id: string): Promise<TUser | undefined> {
  const row = await selectUsers(db).where('users.id', '=', id).executeTakeFirst();
  return row && toUser(row);
}

export async function findCredentialsByEmail(db: Db, email: string) {
  // A deactivated member cannot log in: to the caller, the same as an unknown address.
  return db
    .selectFrom('users')
    .select(['id', 'password_hash', 'organisation_id', 'role', 'contact_name', 'email'])
    .where('email', '=', email)
    .where('deactivated_at', 'is', null)
    .executeTakeFirst();
}

export async function emailExists(db: Db, email: string, exceptUserId?: string): Promise<boolean> {
  let q = db.selectFrom('users').select('id').where('email', '=', email);
  if (exceptUserId) q = q.where('id', '!=', exceptUserId);
  return (await q.executeTakeFirst()) !== undefined;
}

export interface NewOrganisation {
  id: string;
  cvr: string;
  name: string;
  address: string;
  city: string;
  postalCode: string;
  phone: string | null;
  email: string | null;
  /** Proved control: by a domain match or a mailed code; never by registry existence. */
  verified: boolean;
  verifiedMethod?: 'domain' | 'code' | null;
  registryStatus?: 'found' | 'not_found' | 'unchecked';
  registryEmail?: string | null;
  trialEndsAt: string;
  /** 'trial' unless given: the demo company has a plan granted without an end. */
  plan?: Plan;
}

export interface NewUser {
  id: string;
  organisationId: string;
  email: string;
  passwordHash: string;
  contactName: string;
  phone: string;
  role: Role;
  /** The language this user's mails go out in; null means Danish. */
  language?: 'da' | 'en' | null;
}

/** Adds a user to an existing company, with the default settings. */
export async function insertUser(db: Db | Transaction<Database>, user: NewUser, now = new Date().toISOString()): Promise<void> {
  await db
    .insertInto('users')
    .values({
      id: user.id,
      organisation_id: user.organisationId,
      email: user.email,
      password_hash: user.passwordHash,
      contact_name: user.contactName,
      phone: user.phone,
      role: user.role,
      bio: null,
      expertise: null,
      website: null,
      preferences: JSON.stringify(DEFAULT_PREFERENCES),
      language: user.language ?? null,
      created_at: now,
      updated_at: now,
    })
    .execute();
}

/** Creates a company and its first user inside the caller's transaction. */
export async function insertOrganisationAndUser(trx: Transaction<Database>, org: NewOrganisation, user: NewUser): Promise<void> {
  const now = new Date().toISOString();
  await trx
    .insertInto('organisations')
    .values({
      id: org.id,
      cvr: org.cvr,
      name: org.name,
      address: org.address,
      city: org.city,
      postal_code: org.postalCode,
      phone: org.phone,
      email: org.email,
      verified: org.verified ? 1 : 0,
      verified_method: org.verified ? (org.verifiedMethod ?? null) : null,
      verified_at: org.verified ? now : null,
      registry_status: org.registryStatus ?? 'unchecked',
      registry_email: org.registryEmail ?? null,
      plan: org.plan ?? 'trial',
      trial_ends_at: org.trialEndsAt,
      created_at: now,
      updated_at: now,
    })
    .execute();
  await insertUser(trx, user, now);
}

/** Creates a company and its first user in one transaction. */
export async function insertOrganisationWithUser(db: Db, org: NewOrganisation, user: NewUser): Promise<void> {
  await db.transaction().execute((trx) => insertOrganisationAndUser(trx, org, user));
}

/** The login e-mail and mail language of a user, for notices. */
export async function findMailContact(db: Db, userId: string): Promise<{ email: string; language: string | null } | undefined> {
  return db.selectFrom('users').select(['email', 'language']).where('id', '=', userId).executeTakeFirst();
}

/** Remembers the language a user's mails go out in (the language their client speaks). */
export async function setLanguage(db: Db, userId: string, language: 'da' | 'en'): Promise<void> {
  await db
    .updateTable('users')
    .set({ language })
    .where('id', '=', userId)
    .where((eb) => eb('language', 'is', null).or('language', '!=', language))
    .execute();
}

export interface UserChanges {
  contactName?: string;
  email?: string;
  phone?: string;
  bio?: string | null;
  expertise?: string | null;
  website?: string | null;
}

export interface OrganisationChanges {
  name?: string;
  address?: string;
  city?: string;
  postalCode?: string;
}

/** Applies a profile update to the user and, when given, to its company, atomically. */
export async function updateUserAndOrganisation(
  db: Db,
  userId: string,
  organisationId: string,
  user: UserChanges,
  org: OrganisationChanges,
): Promise<void> {
  const now = new Date().toISOString();
  await db.transaction().execute(async (trx) => {
    const userSet = {
      ...(user.contactName !== undefined && { contact_name: user.contactName }),
      ...(user.email !== undefined && { email: user.email }),
      ...(user.phone !== undefined && { phone: user.phone }),
      ...(user.bio !== undefined && { bio: user.bio }),
      ...(user.expertise !== undefined && { expertise: user.expertise }),
      ...(user.website !== undefined && { website: user.website }),
    };
    if (Object.keys(userSet).length > 0) {
      await trx
        .updateTable('users')
        .set({ ...userSet, updated_at: now })
        .where('id', '=', userId)
        .execute();
    }
    const orgSet = {
      ...(org.name !== undefined && { name: org.name }),
      ...(org.address !== undefined && { address: org.address }),
      ...(org.city !== undefined && { city: org.city }),
      ...(org.postalCode !== undefined && { postal_code: org.postalCode }),
    };
    if (Object.keys(orgSet).length > 0) {
      await trx
        .updateTable('organisations')
        .set({ ...orgSet, updated_at: now })
        .where('id', '=', organisationId)
        .execute();
    }
  });
}

/**
 * Merges some settings switches into the stored ones in one statement, so parallel toggles (from
 * two tabs, two instances or many PostgreSQL connections) all land and none can undo another:
 * the database merges under its row lock (jsonb `||` on PostgreSQL, `json_patch` on SQLite).
 */
export async function mergePreferences(db: Db, userId: string, changes: Partial<TPreferences>): Promise<void> {
  const patch = JSON.stringify(changes);
  const merged =
    db.getExecutor().adapter instanceof PostgresAdapter
      ? sql<string>`(preferences::jsonb || ${patch}::jsonb)::text`
      : sql<string>`json_patch(preferences, ${patch})`;
  await db.updateTable('users').set({ preferences: merged, updated_at: new Date().toISOString() }).where('id', '=', userId).execute();
}

export async function updatePasswordHash(db: Db, userId: string, passwordHash: string): Promise<void> {
  await db
    .updateTable('users')
    .set({ password_hash: passwordHash, updated_at: new Date().toISOString() })
    .where('id', '=', userId)
    .execute();
}

export async function countOrganisations(db: Db): Promise<number> {
  const row = await db
    .selectFrom('organisations')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
