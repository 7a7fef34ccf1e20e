import type { Kysely } from 'kysely';

/**
 * The resource library's view counter. A view is counted once per visitor per
 * resource per day, without storing who the visitor is: `visitor` is a hash of the day's salt,
 * the resource and the visitor's address and browser, and the salt of a day is deleted once the
 * day is over, so no stored hash can be linked to a person or to another day afterwards. No
 * cookie is set. A count is the number of rows for a resource.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('resource_view_salts')
    .addColumn('day', 'text', (c) => c.primaryKey())
    .addColumn('salt', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('resource_views')
    .addColumn('slug', 'text', (c) => c.notNull())
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('visitor', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('resource_views_pk', ['slug', 'day', 'visitor'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('resource_views').ifExists().execute();
  await db.schema.dropTable('resource_view_salts').ifExists().execute();
}
