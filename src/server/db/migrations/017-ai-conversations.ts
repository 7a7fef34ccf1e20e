import { sql, type Kysely } from 'kysely';

/**
 * The assistants' conversations: each user's own, with the assistant it is held
 * with, where it was started (a course, a lesson) and its messages in order. Deleting one deletes
 * its messages (gone from the database); a user's conversations go with the user. The per-user
 * monthly message limit counts the metered chat runs (ai_usage), not these rows, so deleting a
 * conversation does not give messages back: the index below serves that count.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('ai_conversations')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('organisation_id', 'text', (c) => c.notNull().references('organisations.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('service', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    // Where it was started: a course (and lesson) id the server checks again on every message.
    .addColumn('course_id', 'text', (c) => c.references('courses.id').onDelete('set null'))
    .addColumn('lesson_id', 'text', (c) => c.references('lessons.id').onDelete('set null'))
    .addColumn('message_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addCheckConstraint('ai_conversations_service_check', sql`service in ('learning-coach', 'creative-designer', 'research-analyst')`)
    .execute();
  // The widget's list: a user's latest conversations.
  await db.schema.createIndex('ai_conversations_user_idx').on('ai_conversations').columns(['user_id', 'updated_at']).execute();
  await db.schema
    .createTable('ai_messages')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('conversation_id', 'text', (c) => c.notNull().references('ai_conversations.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('role', 'text', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('complete'))
    // JSON: the lessons the reply cites ([] for a user's message).
    .addColumn('sources', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addCheckConstraint('ai_messages_role_check', sql`role in ('user', 'assistant')`)
    .addCheckConstraint('ai_messages_status_check', sql`status in ('complete', 'stopped', 'failed')`)
    .addUniqueConstraint('ai_messages_position_unique', ['conversation_id', 'position'])
    .execute();
  await db.schema.createIndex('ai_usage_user_task_time_idx').on('ai_usage').columns(['user_id', 'task', 'created_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('ai_usage_user_task_time_idx').ifExists().execute();
  await db.schema.dropTable('ai_messages').ifExists().execute();
  await db.schema.dropTable('ai_conversations').ifExists().execute();
}
