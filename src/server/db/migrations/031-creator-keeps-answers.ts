import type { Kysely } from 'kysely';

/**
 * What the creator wizard's AI answered is kept, so a reload (or a later visit) shows it again
 * without paying for another call:
 * - `creator_drafts.content_history`: the content generator's items, newest first (JSON, bounded
 *   by the draft schema); null is an empty history.
 * - `course_analyses`: per course, the last analyse-performance answer (insight cards with the
 *   figures they were made from), replaced when the course is analysed again, with the model that
 *   wrote it and when. It belongs to the course, not to a draft: the insights step may look at any
 *   course its user builds.
 * - `course_optimizations.run_id`: which optimize-engagement call made a suggestion, so the step
 *   can show the latest call's suggestions again; null for those made before.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('creator_drafts').addColumn('content_history', 'text').execute();

  await db.schema
    .createTable('course_analyses')
    .addColumn('course_id', 'text', (c) => c.primaryKey().references('courses.id').onDelete('cascade'))
    .addColumn('organisation_id', 'text', (c) => c.notNull().references('organisations.id').onDelete('cascade'))
    .addColumn('language', 'text', (c) => c.notNull())
    // JSON {hasLearners, metrics, structure, insights}: the answer (src/shared/schemas/course-insights.ts).
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('model', 'text', (c) => c.notNull())
    .addColumn('generated_by', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('generated_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema.alterTable('course_optimizations').addColumn('run_id', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('course_optimizations').dropColumn('run_id').execute();
  await db.schema.dropTable('course_analyses').execute();
  await db.schema.alterTable('creator_drafts').dropColumn('content_history').execute();
}
