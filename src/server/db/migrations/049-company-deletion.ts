import type { Kysely } from 'kysely';

/**
 * A company deleted at its own request (docs/decisions/054-company-deletion.md): the row stays, so
 * the certificates it issued and the invoices it paid keep their company, with `deleted_at` set and
 * its contact details, subdomain and CVR number taken off (the number is free to register again).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('organisations').addColumn('deleted_at', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('organisations').dropColumn('deleted_at').execute();
}
