import { sql, type Kysely } from 'kysely';

/**
 * The AI course creator's saved state: one row per wizard an instructor has open, so
 * the wizard survives a reload, a second tab or another device. The course it builds is linked
 * once a concept or template is chosen; until then course_id is null. JSON columns are text, as
 * in the other migrations; `version` is bumped on every write so two tabs cannot overwrite each other.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('creator_drafts')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('organisation_id', 'text', (c) => c.notNull().references('organisations.id').onDelete('cascade'))
    // A draft is its author's work in progress: it goes with them.
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    // The course outlives the draft: deleting the course only unlinks it.
    .addColumn('course_id', 'text', (c) => c.references('courses.id').onDelete('set null'))
    .addColumn('language', 'text', (c) => c.notNull())
    .addColumn('step', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('mode', 'text')
    .addColumn('course_context', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('teacher_profile', 'text')
    .addColumn('answers', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('features', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('template', 'text')
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addCheckConstraint('creator_drafts_mode_check', sql`mode is null or mode in ('ai', 'manual')`)
    .addCheckConstraint('creator_drafts_language_check', sql`language in ('da', 'en')`)
    .addCheckConstraint('creator_drafts_step_check', sql`step between 0 and 5`)
    .execute();
  // The list: a company's drafts (admins) or one author's, newest first.
  await db.schema
    .createIndex('creator_drafts_owner_idx')
    .on('creator_drafts')
    .columns(['organisation_id', 'user_id', 'updated_at'])
    .execute();
  await db.schema.createIndex('creator_drafts_course_idx').on('creator_drafts').column('course_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('creator_drafts').ifExists().execute();
}
