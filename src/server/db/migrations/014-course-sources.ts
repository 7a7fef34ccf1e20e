import type { Kysely } from 'kysely';

/**
 * A course from your own material: an uploaded PDF, DOCX, PPTX, Markdown or text
 * file's extracted text, kept as numbered sections so a generated course can cite the sections
 * each lesson draws on. The file itself is not kept — only what was read from it, which is what
 * the generation uses and what the instructor sees.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('course_sources')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('organisation_id', 'text', (c) => c.notNull().references('organisations.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('filename', 'text', (c) => c.notNull())
    .addColumn('format', 'text', (c) => c.notNull())
    .addColumn('bytes', 'integer', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('characters', 'integer', (c) => c.notNull())
    .addColumn('section_count', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('course_sources_organisation_idx').on('course_sources').columns(['organisation_id', 'created_at']).execute();
  await db.schema
    .createTable('course_source_sections')
    .addColumn('source_id', 'text', (c) => c.notNull().references('course_sources.id').onDelete('cascade'))
    // 1-based, as cited: "section 3".
    .addColumn('number', 'integer', (c) => c.notNull())
    .addColumn('heading', 'text', (c) => c.notNull())
    // Where in the file: "page 4", "slide 2", or the heading path.
    .addColumn('locator', 'text', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('characters', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('course_source_sections_pk', ['source_id', 'number'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('course_source_sections').ifExists().execute();
  await db.schema.dropTable('course_sources').ifExists().execute();
}
