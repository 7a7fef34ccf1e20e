import { sql, type Kysely } from 'kysely';

/**
 * Ratings of the resource library's entries, one per visitor and resource, without storing who the
 * visitor is: `visitor` is a keyed hash (HMAC) of the resource and the visitor's address (an IPv6
 * address by its /64), under a key made once per installation and kept in the database, so every
 * instance recognises a repeat and a visitor who rates again changes their rating. The address
 * itself is never stored, and without the key the hash leads to no address. No cookie is set.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('resource_rating_key')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('key', 'text', (c) => c.notNull())
    .addCheckConstraint('resource_rating_key_one', sql`id = 1`)
    .execute();
  await db.schema
    .createTable('resource_ratings')
    .addColumn('slug', 'text', (c) => c.notNull())
    .addColumn('visitor', 'text', (c) => c.notNull())
    .addColumn('rating', 'integer', (c) => c.notNull())
    .addColumn('rated_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('resource_ratings_pk', ['slug', 'visitor'])
    .addCheckConstraint('resource_ratings_rating', sql`rating between 1 and 5`)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('resource_ratings').ifExists().execute();
  await db.schema.dropTable('resource_rating_key').ifExists().execute();
}
