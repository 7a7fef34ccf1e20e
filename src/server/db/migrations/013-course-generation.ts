import type { Kysely } from 'kysely';

/**
 * Course generation. Lessons remember which job last wrote them and the version
 * that write produced (`ai_job_id`, `ai_job_version`): a step run again after a crash recognises
 * its own write and overwrites it, while any other change since the job read the lesson is a
 * user's edit, never clobbered. Modules say where they came from, as courses and lessons do
 * (`source`, `source_model`). A job's steps get a `label` (the lesson or module title, for the
 * progress UI) and a `note` (a message key: why a step changed nothing, e.g. edited by the user).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('lessons').addColumn('ai_job_id', 'text').execute();
  await db.schema.alterTable('lessons').addColumn('ai_job_version', 'integer').execute();
  await db.schema
    .alterTable('course_modules')
    .addColumn('source', 'text', (c) => c.notNull().defaultTo('manual'))
    .execute();
  await db.schema.alterTable('course_modules').addColumn('source_model', 'text').execute();
  await db.schema.alterTable('ai_job_steps').addColumn('label', 'text').execute();
  await db.schema.alterTable('ai_job_steps').addColumn('note', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('ai_job_steps').dropColumn('note').execute();
  await db.schema.alterTable('ai_job_steps').dropColumn('label').execute();
  await db.schema.alterTable('course_modules').dropColumn('source_model').execute();
  await db.schema.alterTable('course_modules').dropColumn('source').execute();
  await db.schema.alterTable('lessons').dropColumn('ai_job_version').execute();
  await db.schema.alterTable('lessons').dropColumn('ai_job_id').execute();
}
