import { sql, type Kysely } from 'kysely';

/**
 * Durable generation jobs: long AI work — a whole course, all quizzes, a translation —
 * is a job row with its steps, claimed by an in-process worker under a lease (lock_owner +
 * lease_until) so that several instances on one database share the work and a job outlives the
 * process that started it. Steps are unique per job and key, so a resumed job re-plans without
 * duplicating and never runs a done step again. Events carry live progress to the UI over SSE:
 * seq increases per job, so a client that reconnects asks for what came after the last it saw.
 * Portable as the other migrations: text ids, ISO text timestamps, JSON as text, 0/1 flags.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('ai_jobs')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('organisation_id', 'text', (c) => c.notNull().references('organisations.id').onDelete('cascade'))
    // Who started it (may see it besides the company's admins); a deleted user leaves the job be.
    .addColumn('user_id', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('course_id', 'text', (c) => c.references('courses.id').onDelete('set null'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('queued'))
    .addColumn('phase', 'text')
    .addColumn('progress', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('input', 'text', (c) => c.notNull())
    .addColumn('result', 'text')
    // JSON: { key, params } for the engine's own reasons (translated when shown), { message } otherwise.
    .addColumn('error', 'text')
    // Times a worker claimed it, and how many of those took over a lease that had expired (a lost worker).
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('lease_expiries', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('lock_owner', 'text')
    .addColumn('lease_until', 'text')
    .addColumn('cancel_requested', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('input_tokens', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('output_tokens', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('started_at', 'text')
    .addColumn('finished_at', 'text')
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addCheckConstraint('ai_jobs_status_check', sql`status in ('queued', 'running', 'succeeded', 'failed', 'cancelled')`)
    .addCheckConstraint('ai_jobs_progress_check', sql`progress between 0 and 100`)
    .execute();
  // What a worker looks for: queued jobs, and running ones whose lease ran out.
  await db.schema.createIndex('ai_jobs_claim_idx').on('ai_jobs').columns(['status', 'lease_until', 'created_at']).execute();
  await db.schema.createIndex('ai_jobs_organisation_idx').on('ai_jobs').columns(['organisation_id', 'status']).execute();
  await db.schema.createIndex('ai_jobs_course_idx').on('ai_jobs').columns(['course_id', 'created_at']).execute();

  await db.schema
    .createTable('ai_job_steps')
    .addColumn('job_id', 'text', (c) => c.notNull().references('ai_jobs.id').onDelete('cascade'))
    // 'outline', 'lesson:<id>', 'quiz:<module>' …
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('phase', 'text', (c) => c.notNull())
    // Plan order: ready steps start in this order.
    .addColumn('position', 'integer', (c) => c.notNull())
    // JSON array of the keys whose outputs this step needs.
    .addColumn('depends_on', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('input', 'text', (c) => c.notNull())
    // SHA-256 of the kind, key and canonical input: a done step with this hash is never run again.
    .addColumn('input_hash', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending'))
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    // The worker running it; a step is claimed only while that worker holds the job's lease.
    .addColumn('lock_owner', 'text')
    .addColumn('progress', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('output', 'text')
    .addColumn('error', 'text')
    .addColumn('input_tokens', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('output_tokens', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('started_at', 'text')
    .addColumn('finished_at', 'text')
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('ai_job_steps_pk', ['job_id', 'key'])
    .addCheckConstraint('ai_job_steps_status_check', sql`status in ('pending', 'running', 'done', 'failed', 'cancelled')`)
    .execute();
  // The per-company cap counts the running steps of a company's jobs.
  await db.schema.createIndex('ai_job_steps_status_idx').on('ai_job_steps').columns(['status', 'job_id']).execute();

  await db.schema
    .createTable('ai_job_events')
    .addColumn('job_id', 'text', (c) => c.notNull().references('ai_jobs.id').onDelete('cascade'))
    .addColumn('seq', 'integer', (c) => c.notNull())
    // 'job' (status, phase, progress) | 'step' (a step's status) | 'progress' (a step's partial progress)
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('data', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('ai_job_events_pk', ['job_id', 'seq'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['ai_job_events', 'ai_job_steps', 'ai_jobs']) await db.schema.dropTable(table).ifExists().execute();
}
