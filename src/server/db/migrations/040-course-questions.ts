import type { Kysely } from 'kysely';

/**
 * A learner's question to a course's instructor, asked from a lesson, and the course's answer
 * (its instructor's or an admin's of its company). organisation_id is the course's company, the
 * one that answers, not the asker's: a learner may take another company's public course.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('course_questions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('organisation_id', 'text', (c) => c.notNull().references('organisations.id').onDelete('cascade'))
    .addColumn('course_id', 'text', (c) => c.notNull().references('courses.id').onDelete('cascade'))
    // A lesson taken out of the course leaves its questions on the course.
    .addColumn('lesson_id', 'text', (c) => c.references('lessons.id').onDelete('set null'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('answer', 'text')
    .addColumn('answered_by', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('answered_at', 'text')
    .execute();
  await db.schema.createIndex('course_questions_course_idx').on('course_questions').columns(['course_id', 'created_at']).execute();
  await db.schema.createIndex('course_questions_user_idx').on('course_questions').columns(['user_id', 'course_id', 'created_at']).execute();
  await db.schema
    .createIndex('course_questions_organisation_idx')
    .on('course_questions')
    .columns(['organisation_id', 'created_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('course_questions').execute();
}
