import type { Db } from '../db/database.ts';

/** The only SQL for attempts at the public mail forms (the throttle's ledger). */

export async function recordAttempt(db: Db, a: { id: string; bucket: string; keyHash: string; at: string }): Promise<void> {
  await db.insertInto('public_form_attempts').values({ id: a.id, bucket: a.bucket, key_hash: a.keyHash, created_at: a.at }).execute();
}

export async function deleteAttempt(db: Db, id: string): Promise<void> {
  await db.deleteFrom('public_form_attempts').where('id', '=', id).execute();
}

/** Attempts in one bucket for one key since `since`, with the oldest of them. */
export async function attemptsSince(
  db: Db,
  bucket: string,
  keyHash: string,
  since: string,
): Promise<{ count: number; oldest: string | null }> {
  const row = await db
    .selectFrom('public_form_attempts')
    .select((eb) => [eb.fn.countAll<string | number>().as('n'), eb.fn.min('created_at').as('oldest')])
    .where('bucket', '=', bucket)
    .where('key_hash', '=', keyHash)
    .where('created_at', '>', since)
    .executeTakeFirstOrThrow();
  return { count: Number(row.n), oldest: (row.oldest as string | null) ?? null };
}

export async function deleteAttemptsBefore(db: Db, bucket: string, before: string): Promise<void> {
  await db.deleteFrom('public_form_attempts').where('bucket', '=', bucket).where('created_at', '<=', before).execute();
}
