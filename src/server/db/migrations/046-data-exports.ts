import { sql, type Kysely } from 'kysely';

/**
 * A copy of a person's data, or of a whole company's, as a ZIP in the storage (GDPR art. 15 and
 * 20; docs/features/privacy.md). One row per export asked for:
 * - scope 'person': subject_user_id is whose data it is (the one who asked); 'company': null.
 * - active_key is 'person:<user>' or 'company:<organisation>' while the export is queued or
 *   running and null after: its unique index lets one run at a time per person (per company),
 *   even when two requests arrive together.
 * - storage_key/size once ready; the file is removed and the row marked expired after 7 days.
 * The rows go with their company and their people (cascade); the files are removed by the expiry.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('data_exports')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('organisation_id', 'text', (c) => c.notNull().references('organisations.id').onDelete('cascade'))
    .addColumn('requested_by', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('scope', 'text', (c) => c.notNull().check(sqlIn('scope', ['person', 'company'])))
    .addColumn('subject_user_id', 'text', (c) => c.references('users.id').onDelete('cascade'))
    .addColumn('status', 'text', (c) => c.notNull().check(sqlIn('status', ['queued', 'running', 'ready', 'failed', 'expired'])))
    .addColumn('active_key', 'text')
    .addColumn('job_id', 'text')
    .addColumn('storage_key', 'text')
    .addColumn('size', 'bigint')
    .addColumn('error', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('ready_at', 'text')
    .addColumn('expires_at', 'text')
    .execute();
  await db.schema.createIndex('data_exports_active_idx').unique().on('data_exports').column('active_key').execute();
  await db.schema.createIndex('data_exports_requester_idx').on('data_exports').columns(['requested_by', 'created_at']).execute();
  await db.schema.createIndex('data_exports_company_idx').on('data_exports').columns(['organisation_id', 'scope', 'created_at']).execute();
  await db.schema.createIndex('data_exports_expiry_idx').on('data_exports').columns(['status', 'expires_at']).execute();
}

function sqlIn(column: string, values: readonly string[]) {
  return sql`${sql.ref(column)} in (${sql.join(values.map((v) => sql.lit(v)))})`;
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('data_exports').execute();
}
