import { sql, type Kysely } from 'kysely';

/**
 * Insights and launch. `course_optimizations`: the AI's suggested changes to a course,
 * each one typed operation (JSON in `change`) with the course version — and, for a change to a
 * lesson, the lesson version — it was made against, so applying it after the course or lesson
 * changed is refused instead of overwriting newer work. `course_marketing`: one row per course,
 * the marketing copy last generated for it (replaced on regenerate), with the model that wrote it.
 * Portable as the other migrations: text ids, ISO text timestamps, JSON as text.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('course_optimizations')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('organisation_id', 'text', (c) => c.notNull().references('organisations.id').onDelete('cascade'))
    .addColumn('course_id', 'text', (c) => c.notNull().references('courses.id').onDelete('cascade'))
    // The lesson or module the change is about (also inside `change`); no foreign key: a suggestion
    // whose lesson was deleted stays, and is refused as stale when applied.
    .addColumn('lesson_id', 'text')
    .addColumn('module_id', 'text')
    .addColumn('op', 'text', (c) => c.notNull())
    .addColumn('change', 'text', (c) => c.notNull())
    .addColumn('rationale', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending'))
    .addColumn('course_version', 'integer', (c) => c.notNull())
    .addColumn('lesson_version', 'integer')
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('model', 'text', (c) => c.notNull())
    .addColumn('created_by', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('decided_by', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('decided_at', 'text')
    .addCheckConstraint('course_optimizations_status_check', sql`status in ('pending', 'applied', 'dismissed')`)
    .execute();
  await db.schema.createIndex('course_optimizations_course_idx').on('course_optimizations').columns(['course_id', 'created_at']).execute();

  await db.schema
    .createTable('course_marketing')
    .addColumn('course_id', 'text', (c) => c.primaryKey().references('courses.id').onDelete('cascade'))
    .addColumn('organisation_id', 'text', (c) => c.notNull().references('organisations.id').onDelete('cascade'))
    .addColumn('language', 'text', (c) => c.notNull())
    // JSON: the generate-marketing answer (src/shared/schemas/course-insights.ts ZMarketingCopy).
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('model', 'text', (c) => c.notNull())
    .addColumn('generated_by', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('generated_at', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('course_marketing').execute();
  await db.schema.dropTable('course_optimizations').execute();
}
