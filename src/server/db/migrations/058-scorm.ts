import { PostgresAdapter, sql, type Kysely } from 'kysely';

/**
 * SCORM packages (docs/decisions/065-scorm-player.md): a package's files, each stored as an object
 * of its own under a server-made key and found by its path in the package; and each learner's run
 * of a SCORM lesson, the CMI data the SCO last committed, to resume from on any device. A lesson may
 * now be of the kind `scorm`.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('scorm_packages')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('organisation_id', 'text', (c) => c.notNull().references('organisations.id').onDelete('cascade'))
    .addColumn('course_id', 'text', (c) => c.notNull().references('courses.id').onDelete('cascade'))
    .addColumn('version', 'text', (c) => c.notNull())
    .addColumn('schema_version', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('file_count', 'integer', (c) => c.notNull())
    .addColumn('size', 'bigint', (c) => c.notNull())
    .addColumn('uploaded_by', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addCheckConstraint('scorm_packages_version_check', sql`version in ('1.2', '2004')`)
    .execute();
  await db.schema.createIndex('scorm_packages_course_idx').on('scorm_packages').column('course_id').execute();
  await db.schema
    .createTable('scorm_files')
    .addColumn('package_id', 'text', (c) => c.notNull().references('scorm_packages.id').onDelete('cascade'))
    .addColumn('path', 'text', (c) => c.notNull())
    .addColumn('storage_key', 'text', (c) => c.notNull())
    .addColumn('mime', 'text', (c) => c.notNull())
    .addColumn('size', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('scorm_files_pk', ['package_id', 'path'])
    .execute();
  await db.schema
    .createTable('scorm_runs')
    .addColumn('enrolment_id', 'text', (c) => c.notNull().references('enrolments.id').onDelete('cascade'))
    .addColumn('lesson_id', 'text', (c) => c.notNull().references('lessons.id').onDelete('cascade'))
    .addColumn('cmi', 'text', (c) => c.notNull())
    .addColumn('completion', 'text', (c) => c.notNull())
    .addColumn('success', 'text', (c) => c.notNull())
    .addColumn('score', 'real')
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('scorm_runs_pk', ['enrolment_id', 'lesson_id'])
    .execute();
  await db.schema.createIndex('scorm_runs_lesson_idx').on('scorm_runs').column('lesson_id').execute();
  await setLessonKinds(db, ['text', 'video', 'quiz', 'download', 'scorm']);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`delete from lessons where kind = 'scorm'`.execute(db);
  await setLessonKinds(db, ['text', 'video', 'quiz', 'download']);
  await db.schema.dropTable('scorm_runs').execute();
  await db.schema.dropTable('scorm_files').execute();
  await db.schema.dropTable('scorm_packages').execute();
}

/**
 * Replaces the lessons' kind check. PostgreSQL alters the constraint; SQLite cannot, so the table
 * is made again from its own definition with the new list, as SQLite's documentation describes
 * (foreign keys off, copy, drop, rename, its indexes and triggers made again). SQLite migrations
 * run outside a transaction, so the pragmas take effect.
 */
async function setLessonKinds(db: Kysely<unknown>, kinds: string[]): Promise<void> {
  const check = `kind in (${kinds.map((k) => `'${k}'`).join(', ')})`;
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`alter table lessons drop constraint lessons_kind_check`.execute(db);
    await sql`alter table lessons add constraint lessons_kind_check check (${sql.raw(check)})`.execute(db);
    return;
  }
  const schema = await sql<{
    type: string;
    sql: string;
  }>`select type, sql from sqlite_master where tbl_name = 'lessons' and sql is not null`.execute(db);
  const table = schema.rows.find((r) => r.type === 'table')!.sql;
  const rebuilt = table
    .replace(/^create table "?lessons"?/i, 'create table "lessons_rebuilt"')
    .replace(/(constraint "?lessons_kind_check"? check \()kind in \([^)]*\)/i, `$1${check}`);
  if (rebuilt === table || !rebuilt.includes(check)) throw new Error('The lessons table is not as migration 004 made it');
  await sql`pragma foreign_keys = off`.execute(db);
  await sql`pragma legacy_alter_table = on`.execute(db);
  try {
    await sql.raw(rebuilt).execute(db);
    await sql`insert into lessons_rebuilt select * from lessons`.execute(db);
    await sql`drop table lessons`.execute(db);
    await sql`alter table lessons_rebuilt rename to lessons`.execute(db);
    for (const other of schema.rows) if (other.type !== 'table') await sql.raw(other.sql).execute(db);
    const broken = await sql`pragma foreign_key_check`.execute(db);
    if (broken.rows.length > 0) throw new Error('Foreign keys broken by rebuilding lessons');
  } finally {
    await sql`pragma legacy_alter_table = off`.execute(db);
    await sql`pragma foreign_keys = on`.execute(db);
  }
}
