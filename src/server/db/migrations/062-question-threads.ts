import type { Kysely } from 'kysely';

/**
 * Questions and answers grow into threads (docs/features/learning.md): a course may let its
 * learners ask in public (`courses.public_questions`); a question may be public, marked helpful by
 * its asker, pinned to its lesson as a frequently asked question, edited by its asker, and hidden by
 * the course's staff with a reason; replies after the answer are kept in order.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('courses')
    .addColumn('public_questions', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  for (const [column, type] of [
    ['public', 'integer'],
    ['edited_at', 'text'],
    ['helpful_at', 'text'],
    ['pinned_at', 'text'],
    ['hidden_at', 'text'],
    ['hidden_reason', 'text'],
  ] as const) {
    await db.schema
      .alterTable('course_questions')
      .addColumn(column, type, (c) => (column === 'public' ? c.notNull().defaultTo(0) : c))
      .execute();
  }
  // Who hid it, as a plain id (no foreign key): SQLite cannot drop a column that has one.
  await db.schema.alterTable('course_questions').addColumn('hidden_by', 'text').execute();
  await db.schema
    .createTable('course_question_replies')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('question_id', 'text', (c) => c.notNull().references('course_questions.id').onDelete('cascade'))
    // A reply stays in the thread when its writer's account goes (the asker's own questions go with them).
    .addColumn('user_id', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('course_question_replies_question_idx')
    .on('course_question_replies')
    .columns(['question_id', 'created_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('course_question_replies').ifExists().execute();
  for (const column of ['hidden_by', 'hidden_reason', 'hidden_at', 'pinned_at', 'helpful_at', 'edited_at', 'public'])
    await db.schema.alterTable('course_questions').dropColumn(column).execute();
  await db.schema.alterTable('courses').dropColumn('public_questions').execute();
}
