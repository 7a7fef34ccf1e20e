import type { Kysely } from 'kysely';
import { sql } from 'kysely';

/**
 * A video lesson completes on the time actually watched, not on where the playhead was: the
 * learner's played ranges, merged, are kept with their progress (JSON `[[start, end], …]` in
 * seconds). And a person's first login is told from a later one (they are greeted as new), by the
 * time of their last login; every existing account has logged in (registering and accepting an
 * invitation both log in), so it starts at the account's creation.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('lesson_progress').addColumn('watched_ranges', 'text').execute();
  await db.schema.alterTable('users').addColumn('last_login_at', 'text').execute();
  await sql`update users set last_login_at = created_at`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('last_login_at').execute();
  await db.schema.alterTable('lesson_progress').dropColumn('watched_ranges').execute();
}
