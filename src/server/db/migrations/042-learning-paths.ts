import { PostgresAdapter, sql, type Kysely } from 'kysely';

/**
 * Learning paths (docs/decisions/051-learning-paths.md): an ordered set of a company's courses
 * assigned like one course, with the people on it and when they finished it.
 *
 * A finished path earns a certificate in the same table as a course's, so one verification page,
 * one PDF, one list of a holder's certificates and one revocation serve both: a path's certificate
 * has no enrolment or course, and names its path and the person's place on it instead. Those two are
 * plain ids, not foreign keys: a certificate outlives the path it was earned on.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;

  await db.schema
    .createTable('learning_paths')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('organisation_id', 'text', (c) => c.notNull().references('organisations.id').onDelete('cascade'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    // Who made it: an admin, or an instructor (who may then change and assign it).
    .addColumn('created_by', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('learning_paths_organisation_idx').on('learning_paths').columns(['organisation_id', 'title']).execute();

  await db.schema
    .createTable('learning_path_courses')
    .addColumn('path_id', 'text', (c) => c.notNull().references('learning_paths.id').onDelete('cascade'))
    .addColumn('course_id', 'text', (c) => c.notNull().references('courses.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('learning_path_courses_pk', ['path_id', 'course_id'])
    .execute();
  await db.schema.createIndex('learning_path_courses_course_idx').on('learning_path_courses').columns(['course_id', 'path_id']).execute();

  await db.schema
    .createTable('path_enrolments')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('path_id', 'text', (c) => c.notNull().references('learning_paths.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('organisation_id', 'text', (c) => c.notNull().references('organisations.id').onDelete('cascade'))
    .addColumn('assigned_by', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('due_at', 'text')
    .addColumn('enrolled_at', 'text', (c) => c.notNull())
    // Set once, when every course of the path was completed; a course added later does not take it back.
    .addColumn('completed_at', 'text')
    .execute();
  await db.schema.createIndex('path_enrolments_unique_idx').unique().on('path_enrolments').columns(['path_id', 'user_id']).execute();
  await db.schema.createIndex('path_enrolments_user_idx').on('path_enrolments').columns(['user_id', 'path_id']).execute();

  if (postgres) {
    await sql`alter table certificates alter column enrolment_id drop not null`.execute(db);
    await sql`alter table certificates alter column course_id drop not null`.execute(db);
    await db.schema.alterTable('certificates').addColumn('path_id', 'text').execute();
    await db.schema.alterTable('certificates').addColumn('path_enrolment_id', 'text').execute();
  } else {
    await rebuildCertificatesSqlite(db);
  }
  await db.schema.createIndex('certificates_path_enrolment_idx').unique().on('certificates').column('path_enrolment_id').execute();
}

/** SQLite cannot drop a column's NOT NULL: the table is made again with the two columns nullable and the path's two. */
async function rebuildCertificatesSqlite(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('certificates_next')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('code', 'text', (c) => c.notNull().unique())
    .addColumn('enrolment_id', 'text', (c) => c.references('enrolments.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('course_id', 'text', (c) => c.references('courses.id').onDelete('cascade'))
    .addColumn('organisation_id', 'text', (c) => c.notNull().references('organisations.id').onDelete('cascade'))
    .addColumn('holder_name', 'text', (c) => c.notNull())
    .addColumn('course_title', 'text', (c) => c.notNull())
    .addColumn('company_name', 'text', (c) => c.notNull())
    .addColumn('instructor_name', 'text', (c) => c.notNull())
    .addColumn('language', 'text', (c) => c.notNull())
    .addColumn('minutes', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('issued_at', 'text', (c) => c.notNull())
    .addColumn('signature', 'text', (c) => c.notNull())
    .addColumn('key_id', 'text', (c) => c.notNull())
    .addColumn('revoked_at', 'text')
    .addColumn('revoked_by', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('revoked_reason', 'text')
    .addColumn('cycle', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('expires_at', 'text')
    .addColumn('score', 'integer')
    .addColumn('path_id', 'text')
    .addColumn('path_enrolment_id', 'text')
    .execute();
  const columns = sql.raw(
    'id, code, enrolment_id, user_id, course_id, organisation_id, holder_name, course_title, company_name, instructor_name, ' +
      'language, minutes, issued_at, signature, key_id, revoked_at, revoked_by, revoked_reason, cycle, expires_at, score',
  );
  await sql`insert into certificates_next (${columns}) select ${columns} from certificates`.execute(db);
  await db.schema.dropTable('certificates').execute();
  await db.schema.alterTable('certificates_next').renameTo('certificates').execute();
  await db.schema.createIndex('certificates_user_idx').on('certificates').column('user_id').execute();
  await db.schema.createIndex('certificates_organisation_idx').on('certificates').column('organisation_id').execute();
  await db.schema.createIndex('certificates_enrolment_cycle_idx').unique().on('certificates').columns(['enrolment_id', 'cycle']).execute();
  await db.schema.createIndex('certificates_holder_course_idx').on('certificates').columns(['user_id', 'course_id', 'issued_at']).execute();
}

/** Drops the paths' tables; the certificates' new columns stay (a path's certificates stay verifiable records). */
export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['path_enrolments', 'learning_path_courses', 'learning_paths']) await db.schema.dropTable(table).execute();
}
