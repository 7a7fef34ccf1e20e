import { PostgresAdapter, sql, type Kysely } from 'kysely';

/**
 * A version of each course owner's dashboard figures, so a server can keep the computed stats and
 * analytics and answer from them while nothing they are made of has changed (the instructors
 * service; docs/decisions/036-dashboard-figure-versions.md).
 *
 * dashboard_versions holds, per course owner, a number that triggers raise in the same transaction
 * as every write the stats and analytics read: an enrolment (added, removed, or its course,
 * learner, enrolment time, progress or completion changed — not the player's last_activity_at), a
 * course page view, a review, a payment, and any change to one of the owner's courses (its count,
 * title, currency and order are in the answers; a course handed over moves both owners). Triggers,
 * as for the kept counts of migration 008, so no writer can forget to. The version lives in the
 * database, so a write through any server instance invalidates what every instance kept.
 *
 * No foreign key to users: a user's deletion deletes their courses, whose trigger raises that
 * user's version while the user row is already gone. A row left behind by a deleted user is never
 * read again (ids are not reused).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .createTable('dashboard_versions')
    .addColumn('owner_id', 'text', (c) => c.primaryKey())
    .addColumn('version', 'integer', (c) => c.notNull())
    .execute();
  if (postgres) await triggersPostgres(db);
  else await triggersSqlite(db);
}

/** Raises the version of the owners `owners` selects (a query answering one column, `o`). */
const bump = (owners: string) => `
  insert into dashboard_versions (owner_id, version) select distinct o, 1 from (${owners}) as owners where o is not null
    on conflict (owner_id) do update set version = dashboard_versions.version + 1;`;

/** The owner of course `course` (an expression). */
const ownerOf = (course: string) => `select owner_id as o from courses where id = ${course}`;
/** The owners of two courses (a row's course before and after an update). */
const ownersOf = (a: string, b: string) => `select owner_id as o from courses where id in (${a}, ${b})`;

/** The enrolment columns the figures read (as migration 008's triggers: not last_activity_at). */
const COUNTED = ['course_id', 'user_id', 'enrolled_at', 'progress', 'completed_at'];

/** Tables whose rows belong to a course (course_id), and which of their columns the figures read. */
const BY_COURSE: { table: string; columns: string[] }[] = [
  { table: 'enrolments', columns: COUNTED },
  { table: 'course_views', columns: ['course_id', 'viewed_at'] },
  { table: 'reviews', columns: ['course_id', 'rating'] },
  { table: 'payments', columns: ['course_id', 'kind', 'currency', 'subtotal'] },
];

async function triggersSqlite(db: Kysely<unknown>): Promise<void> {
  for (const { table, columns } of BY_COURSE) {
    await sql
      .raw(`create trigger ${table}_dashboard_insert after insert on ${table} begin ${bump(ownerOf('new.course_id'))} end`)
      .execute(db);
    await sql
      .raw(`create trigger ${table}_dashboard_delete after delete on ${table} begin ${bump(ownerOf('old.course_id'))} end`)
      .execute(db);
    await sql
      .raw(
        `create trigger ${table}_dashboard_update after update of ${columns.join(', ')} on ${table}
        when ${columns.map((c) => `old.${c} is not new.${c}`).join(' or ')}
        begin ${bump(ownersOf('old.course_id', 'new.course_id'))} end`,
      )
      .execute(db);
  }
  await sql
    .raw(`create trigger courses_dashboard_insert after insert on courses begin ${bump('select new.owner_id as o')} end`)
    .execute(db);
  await sql
    .raw(`create trigger courses_dashboard_delete after delete on courses begin ${bump('select old.owner_id as o')} end`)
    .execute(db);
  await sql
    .raw(
      `create trigger courses_dashboard_update after update on courses begin
      ${bump('select old.owner_id as o union select new.owner_id')} end`,
    )
    .execute(db);
}

async function triggersPostgres(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(
      `create function dashboard_version_by_course() returns trigger language plpgsql as $$ begin
      if tg_op = 'INSERT' then ${bump(ownerOf('new.course_id'))}
      elsif tg_op = 'DELETE' then ${bump(ownerOf('old.course_id'))}
      else ${bump(ownersOf('old.course_id', 'new.course_id'))}
      end if;
      return null; end $$`,
    )
    .execute(db);
  for (const { table, columns } of BY_COURSE) {
    await sql
      .raw(
        `create trigger ${table}_dashboard after insert or delete on ${table} for each row execute function dashboard_version_by_course()`,
      )
      .execute(db);
    await sql
      .raw(
        `create trigger ${table}_dashboard_update after update of ${columns.join(', ')} on ${table} for each row
        when (${columns.map((c) => `old.${c} is distinct from new.${c}`).join(' or ')}) execute function dashboard_version_by_course()`,
      )
      .execute(db);
  }
  await sql
    .raw(
      `create function dashboard_version_by_owner() returns trigger language plpgsql as $$ begin
      if tg_op = 'INSERT' then ${bump('select new.owner_id as o')}
      elsif tg_op = 'DELETE' then ${bump('select old.owner_id as o')}
      else ${bump('select old.owner_id as o union select new.owner_id')}
      end if;
      return null; end $$`,
    )
    .execute(db);
  await sql`create trigger courses_dashboard after insert or delete or update on courses for each row execute function dashboard_version_by_owner()`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`drop trigger if exists courses_dashboard on courses`.execute(db);
    for (const { table } of BY_COURSE) {
      await sql.raw(`drop trigger if exists ${table}_dashboard_update on ${table}`).execute(db);
      await sql.raw(`drop trigger if exists ${table}_dashboard on ${table}`).execute(db);
    }
    await sql`drop function if exists dashboard_version_by_owner()`.execute(db);
    await sql`drop function if exists dashboard_version_by_course()`.execute(db);
  } else {
    for (const table of ['courses', ...BY_COURSE.map((t) => t.table)]) {
      for (const event of ['insert', 'delete', 'update']) await sql.raw(`drop trigger if exists ${table}_dashboard_${event}`).execute(db);
    }
  }
  await db.schema.dropTable('dashboard_versions').ifExists().execute();
}
