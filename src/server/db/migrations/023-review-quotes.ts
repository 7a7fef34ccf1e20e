import type { Kysely } from 'kysely';

/**
 * The /pricing page quotes real customer reviews, and only with the reviewer's consent. A
 * learner's review may carry the time they agreed to be quoted on Kursa's site (with their first
 * name and company); withdrawing it clears the time, and the quote is gone from the page.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('reviews').addColumn('quote_consent_at', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('reviews').dropColumn('quote_consent_at').execute();
}
