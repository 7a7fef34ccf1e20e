import { PostgresAdapter, sql, type Kysely } from 'kysely';

/**
 * The catalogue now shows each listed course's number of learners, "under 10" below ten so a small
 * course does not tell who took it (docs/decisions/037-kept-catalogue-pages.md). The figure a page
 * shows changes only when an enrolment is added to a listed course that then has ten learners or
 * more, or removed from one that had ten or more: those writes raise the catalogue's version, as
 * migration 033's do for what else a page shows. An enrolment moves to no other course.
 */

const listedCourse = (id: string) =>
  `exists (select 1 from courses c where c.id = ${id} and c.status = 'published' and c.visibility = 'public')`;
// One enrolment per learner and course (a recurring course's next taking reuses it).
const learners = (id: string) => `(select count(*) from enrolments e where e.course_id = ${id})`;
const bump = 'update catalogue_state set version = version + 1 where id = 1;';

export async function up(db: Kysely<unknown>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    // One check per statement over its rows (a company deleted removes many at once). A course
    // had ten learners or more before a removal when those left and those removed make ten.
    for (const [name, rows, before] of [
      ['catalogue_learners_added', 'new_rows', ''],
      ['catalogue_learners_removed', 'old_rows', ' + (select count(*) from old_rows o where o.course_id = r.course_id)'],
    ] as const) {
      await sql
        .raw(
          `create function ${name}() returns trigger language plpgsql as $$ begin
          if exists (select 1 from (select distinct course_id from ${rows}) r
            where ${listedCourse('r.course_id')} and ${learners('r.course_id')}${before} >= 10) then ${bump} end if;
          return null; end $$`,
        )
        .execute(db);
    }
    await sql
      .raw(
        `create trigger catalogue_learners_added after insert on enrolments referencing new table as new_rows
        for each statement execute function catalogue_learners_added()`,
      )
      .execute(db);
    await sql
      .raw(
        `create trigger catalogue_learners_removed after delete on enrolments referencing old table as old_rows
        for each statement execute function catalogue_learners_removed()`,
      )
      .execute(db);
    return;
  }
  await sql
    .raw(
      `create trigger catalogue_learners_added after insert on enrolments
      when ${listedCourse('new.course_id')} and ${learners('new.course_id')} >= 10 begin ${bump} end`,
    )
    .execute(db);
  await sql
    .raw(
      `create trigger catalogue_learners_removed after delete on enrolments
      when ${listedCourse('old.course_id')} and ${learners('old.course_id')} >= 9 begin ${bump} end`,
    )
    .execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    for (const name of ['catalogue_learners_added', 'catalogue_learners_removed']) {
      await sql.raw(`drop trigger if exists ${name} on enrolments`).execute(db);
      await sql.raw(`drop function if exists ${name}()`).execute(db);
    }
    return;
  }
  for (const name of ['catalogue_learners_added', 'catalogue_learners_removed'])
    await sql.raw(`drop trigger if exists ${name}`).execute(db);
}
