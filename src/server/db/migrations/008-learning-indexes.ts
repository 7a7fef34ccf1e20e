import { PostgresAdapter, sql, type Kysely } from 'kysely';

/**
 * The instructor dashboard's figures at scale (the target: stats and analytics p95 ≤ 50 ms
 * with 100,000 enrolments, bench/dashboard.mjs). Counting an instructor's enrolments, distinct
 * learners, views and days row by row costs well over 50 ms at that size on either database (the
 * distinct learners alone ~45 ms of CPU on SQLite), so the counts are kept as they happen, in three
 * tables the dashboard sums instead (still SQL aggregates, over tens of rows, not 100,000):
 *
 * - course_figures: per course, its enrolments, completions and the sum of their progress;
 * - course_day_figures: per course and UTC day (YYYY-MM-DD), enrolments, completions and page views;
 * - owner_learners: per course owner, each learner enrolled in their courses and in how many.
 *
 * Triggers keep them in step with enrolments, course_views and courses, so every writer (the
 * learning service, reviews, the demo seed, a test that inserts rows) moves them and none can
 * forget to; the API tests check the figures against the rows (tests/api/instructors*.test.ts).
 * Plus covering indexes for the queries that still read rows (students, the company overview,
 * ratings). Docs: docs/decisions/015-dashboard-figures.md.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;

  await db.schema
    .createTable('course_figures')
    .addColumn('course_id', 'text', (c) => c.primaryKey().references('courses.id').onDelete('cascade'))
    .addColumn('enrolments', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('completions', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('progress_total', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createTable('course_day_figures')
    .addColumn('course_id', 'text', (c) => c.notNull().references('courses.id').onDelete('cascade'))
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('enrolments', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('completions', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('views', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('course_day_figures_pk', ['course_id', 'day'])
    .execute();
  await db.schema
    .createTable('owner_learners')
    .addColumn('owner_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('enrolments', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('owner_learners_pk', ['owner_id', 'user_id'])
    .execute();

  // What is there already.
  await sql`insert into course_figures (course_id, enrolments, completions, progress_total)
    select course_id, count(*), count(completed_at), sum(progress) from enrolments group by course_id`.execute(db);
  await sql`insert into course_day_figures (course_id, day, enrolments, completions, views)
    select course_id, day, sum(enrolments), sum(completions), sum(views) from (
      select course_id, substr(enrolled_at, 1, 10) as day, 1 as enrolments, 0 as completions, 0 as views from enrolments
      union all select course_id, substr(completed_at, 1, 10), 0, 1, 0 from enrolments where completed_at is not null
      union all select course_id, substr(viewed_at, 1, 10), 0, 0, 1 from course_views
    ) as counted group by course_id, day`.execute(db);
  await sql.raw(countLearners()).execute(db);

  if (postgres) await triggersPostgres(db);
  else await triggersSqlite(db);

  // Students: each enrolment's learner, progress and last activity, read from the index alone.
  await db.schema
    .createIndex('enrolments_course_learner_idx')
    .on('enrolments')
    .columns(['course_id', 'user_id', 'progress', 'last_activity_at', 'enrolled_at'])
    .execute();
  // The overview's assigned and overdue counts over a company's members' enrolments.
  await db.schema
    .createIndex('enrolments_user_assignment_idx')
    .on('enrolments')
    .columns(['user_id', 'source', 'due_at', 'completed_at'])
    .execute();
  // The overview's members by role, the seats used, and the members whose enrolments it counts.
  await db.schema
    .createIndex('users_organisation_role_idx')
    .on('users')
    .columns(['organisation_id', 'role', 'deactivated_at', 'id'])
    .execute();
  // Average ratings per course and over an instructor's courses.
  await db.schema.createIndex('reviews_course_rating_idx').on('reviews').columns(['course_id', 'rating']).execute();
}

/** 0 or 1 for a condition: SQLite's comparisons are integers already; PostgreSQL's are booleans. */
type Flag = (condition: string) => string;

/** An enrolment `r` (new or old) counted into the figures. */
const addEnrolment = (r: string, flag: Flag) => `
  insert into course_figures (course_id, enrolments, completions, progress_total)
    values (${r}.course_id, 1, ${flag(`${r}.completed_at is not null`)}, ${r}.progress)
    on conflict (course_id) do update set enrolments = course_figures.enrolments + 1,
      completions = course_figures.completions + excluded.completions, progress_total = course_figures.progress_total + excluded.progress_total;
  insert into course_day_figures (course_id, day, enrolments) values (${r}.course_id, substr(${r}.enrolled_at, 1, 10), 1)
    on conflict (course_id, day) do update set enrolments = course_day_figures.enrolments + 1;
  insert into course_day_figures (course_id, day, completions) select ${r}.course_id, substr(${r}.completed_at, 1, 10), 1 where ${r}.completed_at is not null
    on conflict (course_id, day) do update set completions = course_day_figures.completions + 1;
  insert into owner_learners (owner_id, user_id, enrolments) select owner_id, ${r}.user_id, 1 from courses where id = ${r}.course_id
    on conflict (owner_id, user_id) do update set enrolments = owner_learners.enrolments + 1;`;

/**
 * An enrolment `r` counted out. Only updates: when its course is being deleted, the course's rows
 * go with it (and its owner's learners are recounted once the course is gone).
 */
const removeEnrolment = (r: string, flag: Flag) => `
  update course_figures set enrolments = enrolments - 1, completions = completions - ${flag(`${r}.completed_at is not null`)}, progress_total = progress_total - ${r}.progress
    where course_id = ${r}.course_id;
  update course_day_figures set enrolments = enrolments - 1 where course_id = ${r}.course_id and day = substr(${r}.enrolled_at, 1, 10);
  update course_day_figures set completions = completions - 1 where course_id = ${r}.course_id and day = substr(${r}.completed_at, 1, 10);
  update owner_learners set enrolments = enrolments - 1 where owner_id = (select owner_id from courses where id = ${r}.course_id) and user_id = ${r}.user_id;
  delete from owner_learners where owner_id = (select owner_id from courses where id = ${r}.course_id) and user_id = ${r}.user_id and enrolments = 0;`;

const addView = (r: string) => `
  insert into course_day_figures (course_id, day, views) values (${r}.course_id, substr(${r}.viewed_at, 1, 10), 1)
    on conflict (course_id, day) do update set views = course_day_figures.views + 1;`;
const removeView = (r: string) =>
  `update course_day_figures set views = views - 1 where course_id = ${r}.course_id and day = substr(${r}.viewed_at, 1, 10);`;

/** Every owner's learners counted from the enrolments (or only those `where` names). */
const countLearners = (where = '') => `insert into owner_learners (owner_id, user_id, enrolments)
  select c.owner_id, e.user_id, count(*) from enrolments e join courses c on c.id = e.course_id ${where} group by c.owner_id, e.user_id;`;

/** The learners of owner `owner` (an expression) counted afresh: after a course is deleted or changes hands. */
const recountOwner = (owner: string) =>
  `delete from owner_learners where owner_id = ${owner}; ${countLearners(`where c.owner_id = ${owner}`)}`;

/** The columns whose change moves an enrolment's figures (not last_activity_at: the player writes it on every lesson). */
const COUNTED = ['course_id', 'user_id', 'enrolled_at', 'progress', 'completed_at'];

async function triggersSqlite(db: Kysely<unknown>): Promise<void> {
  const flag: Flag = (condition) => `(${condition})`;
  await sql.raw(`create trigger enrolments_figures_insert after insert on enrolments begin ${addEnrolment('new', flag)} end`).execute(db);
  await sql
    .raw(`create trigger enrolments_figures_delete after delete on enrolments begin ${removeEnrolment('old', flag)} end`)
    .execute(db);
  await sql
    .raw(
      `create trigger enrolments_figures_update after update of ${COUNTED.join(', ')} on enrolments
      when ${COUNTED.map((c) => `old.${c} is not new.${c}`).join(' or ')}
      begin ${removeEnrolment('old', flag)} ${addEnrolment('new', flag)} end`,
    )
    .execute(db);
  await sql.raw(`create trigger course_views_figures_insert after insert on course_views begin ${addView('new')} end`).execute(db);
  await sql.raw(`create trigger course_views_figures_delete after delete on course_views begin ${removeView('old')} end`).execute(db);
  await sql.raw(`create trigger courses_figures_delete after delete on courses begin ${recountOwner('old.owner_id')} end`).execute(db);
  await sql
    .raw(
      `create trigger courses_figures_owner after update of owner_id on courses when old.owner_id is not new.owner_id begin ${recountOwner('old.owner_id')} ${recountOwner('new.owner_id')} end`,
    )
    .execute(db);
}

async function triggersPostgres(db: Kysely<unknown>): Promise<void> {
  const flag: Flag = (condition) => `(${condition})::int`;
  /** A plpgsql trigger function running `body` (for a row trigger that fires after the write). */
  const fn = (name: string, body: string) =>
    sql.raw(`create function ${name}() returns trigger language plpgsql as $$ begin ${body} return null; end $$`).execute(db);
  await fn(
    'enrolment_figures',
    `if tg_op in ('DELETE', 'UPDATE') then ${removeEnrolment('old', flag)} end if;
    if tg_op in ('INSERT', 'UPDATE') then ${addEnrolment('new', flag)} end if;`,
  );
  await sql`create trigger enrolments_figures after insert or delete on enrolments for each row execute function enrolment_figures()`.execute(
    db,
  );
  await sql
    .raw(
      `create trigger enrolments_figures_update after update of ${COUNTED.join(', ')} on enrolments for each row
      when (${COUNTED.map((c) => `old.${c} is distinct from new.${c}`).join(' or ')}) execute function enrolment_figures()`,
    )
    .execute(db);
  await fn('course_view_figures', `if tg_op = 'INSERT' then ${addView('new')} else ${removeView('old')} end if;`);
  await sql`create trigger course_views_figures after insert or delete on course_views for each row execute function course_view_figures()`.execute(
    db,
  );
  await fn('course_owner_figures', `${recountOwner('old.owner_id')} if tg_op = 'UPDATE' then ${recountOwner('new.owner_id')} end if;`);
  await sql`create trigger courses_figures_delete after delete on courses for each row execute function course_owner_figures()`.execute(db);
  await sql`create trigger courses_figures_owner after update of owner_id on courses for each row when (old.owner_id is distinct from new.owner_id) execute function course_owner_figures()`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  for (const index of [
    'reviews_course_rating_idx',
    'users_organisation_role_idx',
    'enrolments_user_assignment_idx',
    'enrolments_course_learner_idx',
  ]) {
    await db.schema.dropIndex(index).ifExists().execute();
  }
  if (postgres) {
    await sql`drop trigger if exists courses_figures_owner on courses`.execute(db);
    await sql`drop trigger if exists courses_figures_delete on courses`.execute(db);
    await sql`drop trigger if exists course_views_figures on course_views`.execute(db);
    await sql`drop trigger if exists enrolments_figures_update on enrolments`.execute(db);
    await sql`drop trigger if exists enrolments_figures on enrolments`.execute(db);
    for (const fn of ['course_owner_figures', 'course_view_figures', 'enrolment_figures'])
      await sql.raw(`drop function if exists ${fn}()`).execute(db);
  } else {
    for (const trigger of [
      'courses_figures_owner',
      'courses_figures_delete',
      'course_views_figures_delete',
      'course_views_figures_insert',
      'enrolments_figures_update',
      'enrolments_figures_delete',
      'enrolments_figures_insert',
    ]) {
      await sql.raw(`drop trigger if exists ${trigger}`).execute(db);
    }
  }
  for (const table of ['owner_learners', 'course_day_figures', 'course_figures']) await db.schema.dropTable(table).ifExists().execute();
}
