import { PostgresAdapter, sql, type Kysely } from 'kysely';

/**
 * The catalogue's version (catalogue_state, migration 005) rises with every write that changes
 * what a catalogue page shows, not only what its counters count, so a server can keep whole pages
 * and answer from them until then (docs/decisions/037-kept-catalogue-pages.md).
 *
 * A page shows of each listed course (published and public) its own columns, its lesson count, its
 * reviews' count and average, its owner's name and its company's name and subdomain. Migration 005
 * already raises the version on a course's insert and delete and on a change of status,
 * visibility, category, company or owner; this adds a change of any other column a page shows or
 * orders by, a lesson added to or removed from a listed course, a review of one written, changed
 * or removed, and a rename of a listed course's instructor or company. Triggers, as in 005, so no
 * writer can forget; the version is in the database, so a write through any instance reaches all.
 */

const listed = (c: string) => `(${c}.status = 'published' and ${c}.visibility = 'public')`;
const listedCourse = (id: string) => `exists (select 1 from courses c where c.id = ${id} and ${listed('c')})`;
const bump = 'update catalogue_state set version = version + 1 where id = 1;';

/** The course columns a page shows or orders by that migration 005's triggers do not watch. */
const SHOWN = [
  'slug',
  'title',
  'subtitle',
  'description',
  'level',
  'language',
  'tags',
  'thumbnail_upload_id',
  'duration_minutes',
  'pricing',
  'price',
  'currency',
  'published_at',
];

export async function up(db: Kysely<unknown>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) await upPostgres(db);
  else await upSqlite(db);
}

async function upSqlite(db: Kysely<unknown>): Promise<void> {
  const triggers: [string, string, string][] = [
    ['catalogue_shown_course', `update of ${SHOWN.join(', ')} on courses`, `${listed('old')} or ${listed('new')}`],
    ['catalogue_shown_lesson_insert', 'insert on lessons', listedCourse('new.course_id')],
    ['catalogue_shown_lesson_delete', 'delete on lessons', listedCourse('old.course_id')],
    [
      'catalogue_shown_lesson_move',
      'update of course_id on lessons',
      `${listedCourse('old.course_id')} or ${listedCourse('new.course_id')}`,
    ],
    ['catalogue_shown_review_insert', 'insert on reviews', listedCourse('new.course_id')],
    ['catalogue_shown_review_delete', 'delete on reviews', listedCourse('old.course_id')],
    [
      'catalogue_shown_review_update',
      'update of rating, course_id on reviews',
      `${listedCourse('old.course_id')} or ${listedCourse('new.course_id')}`,
    ],
    [
      'catalogue_shown_instructor',
      'update of contact_name on users',
      `exists (select 1 from courses c where c.owner_id = new.id and ${listed('c')})`,
    ],
    [
      'catalogue_shown_company',
      'update of name, subdomain on organisations',
      `exists (select 1 from courses c where c.organisation_id = new.id and ${listed('c')})`,
    ],
  ];
  for (const [name, event, when] of triggers) {
    await sql.raw(`create trigger ${name} after ${event} when ${when} begin ${bump} end`).execute(db);
  }
}

async function upPostgres(db: Kysely<unknown>): Promise<void> {
  // Lessons and reviews are written in bulk (a course generated, a catalogue loaded): one check and
  // at most one raise per statement, over its rows, instead of one per row on the one hot row.
  for (const [name, rows] of [
    ['catalogue_shown_rows_added', 'new_rows'],
    ['catalogue_shown_rows_removed', 'old_rows'],
  ]) {
    await sql
      .raw(
        `create function ${name}() returns trigger language plpgsql as $$ begin
        if exists (select 1 from ${rows} r join courses c on c.id = r.course_id where ${listed('c')}) then ${bump} end if;
        return null; end $$`,
      )
      .execute(db);
  }
  // An update of a row's course is rare, and PostgreSQL allows no transition table on an update of
  // named columns: one row at a time, with the listing checked in the function (WHEN takes no subquery).
  await sql
    .raw(
      `create function catalogue_shown_by_course() returns trigger language plpgsql as $$ begin
      if ${listedCourse('new.course_id')} or ${listedCourse('old.course_id')} then ${bump} end if;
      return null; end $$`,
    )
    .execute(db);
  await sql
    .raw(
      `create function catalogue_shown_by_owner() returns trigger language plpgsql as $$ begin
      if exists (select 1 from courses c where c.owner_id = new.id and ${listed('c')}) then ${bump} end if;
      return null; end $$`,
    )
    .execute(db);
  await sql
    .raw(
      `create function catalogue_shown_by_company() returns trigger language plpgsql as $$ begin
      if exists (select 1 from courses c where c.organisation_id = new.id and ${listed('c')}) then ${bump} end if;
      return null; end $$`,
    )
    .execute(db);
  const statements = [
    // catalogue_state_bump (migration 005) raises the version and returns null: right for a row trigger too.
    `create trigger catalogue_shown_course after update of ${SHOWN.join(', ')} on courses for each row
      when (${listed('old')} or ${listed('new')}) execute function catalogue_state_bump()`,
    ...['lessons', 'reviews'].flatMap((table) => [
      `create trigger catalogue_shown_${table}_added after insert on ${table} referencing new table as new_rows
        for each statement execute function catalogue_shown_rows_added()`,
      `create trigger catalogue_shown_${table}_removed after delete on ${table} referencing old table as old_rows
        for each statement execute function catalogue_shown_rows_removed()`,
    ]),
    `create trigger catalogue_shown_lessons_moved after update of course_id on lessons for each row
      when (old.course_id is distinct from new.course_id) execute function catalogue_shown_by_course()`,
    `create trigger catalogue_shown_reviews_changed after update of rating, course_id on reviews for each row
      when (old.rating is distinct from new.rating or old.course_id is distinct from new.course_id) execute function catalogue_shown_by_course()`,
    `create trigger catalogue_shown_instructor after update of contact_name on users for each row
      when (old.contact_name is distinct from new.contact_name) execute function catalogue_shown_by_owner()`,
    `create trigger catalogue_shown_company after update of name, subdomain on organisations for each row
      when (old.name is distinct from new.name or old.subdomain is distinct from new.subdomain) execute function catalogue_shown_by_company()`,
  ];
  for (const statement of statements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    for (const [name, table] of [
      ['catalogue_shown_course', 'courses'],
      ['catalogue_shown_lessons_added', 'lessons'],
      ['catalogue_shown_lessons_removed', 'lessons'],
      ['catalogue_shown_lessons_moved', 'lessons'],
      ['catalogue_shown_reviews_added', 'reviews'],
      ['catalogue_shown_reviews_removed', 'reviews'],
      ['catalogue_shown_reviews_changed', 'reviews'],
      ['catalogue_shown_instructor', 'users'],
      ['catalogue_shown_company', 'organisations'],
    ]) {
      await sql.raw(`drop trigger if exists ${name} on ${table}`).execute(db);
    }
    for (const fn of [
      'catalogue_shown_rows_added',
      'catalogue_shown_rows_removed',
      'catalogue_shown_by_course',
      'catalogue_shown_by_owner',
      'catalogue_shown_by_company',
    ]) {
      await sql.raw(`drop function if exists ${fn}()`).execute(db);
    }
    return;
  }
  for (const name of [
    'catalogue_shown_course',
    'catalogue_shown_lesson_insert',
    'catalogue_shown_lesson_delete',
    'catalogue_shown_lesson_move',
    'catalogue_shown_review_insert',
    'catalogue_shown_review_delete',
    'catalogue_shown_review_update',
    'catalogue_shown_instructor',
    'catalogue_shown_company',
  ]) {
    await sql.raw(`drop trigger if exists ${name}`).execute(db);
  }
}
