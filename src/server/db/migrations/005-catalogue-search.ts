import { PostgresAdapter, sql, type Kysely } from 'kysely';

/**
 * Catalogue search: a full-text index over the catalogue's courses (published and
 * public) — title, the owner's name (the instructor) and tags — kept in step by triggers, so every
 * writer of courses or users (the builder, the creator, a profile rename, a publish or unpublish)
 * moves the index with it and no code can forget to.
 *
 * SQLite: an FTS5 table (unicode61 keeps æ, ø and å as letters of their own and folds their case;
 * prefix indexes for as-you-type). PostgreSQL: a tsvector per course with the 'simple'
 * configuration (no stemming: names and tags in two languages) behind a GIN index. Both are
 * checked against the course rows by the API tests (tests/api/catalogue.test.ts).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  if (postgres) await upPostgres(db);
  else await upSqlite(db);
  await upCatalogueState(db, postgres);
  // The catalogue's counters read these alone (covering), never the course rows.
  for (const column of ['category', 'organisation_id', 'owner_id']) {
    await db.schema.createIndex(`courses_listed_${column}_idx`).on('courses').columns(['status', 'visibility', column]).execute();
  }
}

/** What the SQLite index holds of a course (`c`): its words, and its category and level as facet terms. */
const sqliteRow = (c: string) =>
  sql.raw(
    `${c}.title, (select contact_name from users where users.id = ${c}.owner_id), ${c}.tags, 'c' || ${c}.category || ' l' || ${c}.level`,
  );

/**
 * SQLite: FTS5 over the catalogue's courses only (published and public), so a search, its count,
 * its ranking and its category/level filters (facet terms) are all answered by the index alone.
 * Each course has a stable integer key (course_search_keys) that is the index row's rowid.
 */
async function upSqlite(db: Kysely<unknown>): Promise<void> {
  await sql`create table course_search_keys (id integer primary key, course_id text not null unique)`.execute(db);
  await sql`create virtual table course_search using fts5(
    title, instructor, tags, facets,
    tokenize = 'unicode61 remove_diacritics 0', prefix = '2 3'
  )`.execute(db);
  // Relevance: the title weighs most, then the instructor, then the tags; facets not at all.
  await sql`insert into course_search (course_search, rank) values ('rank', 'bm25(10.0, 4.0, 2.0, 0.0)')`.execute(db);
  await sql`insert into course_search_keys (course_id) select id from courses`.execute(db);
  const listed = (c: string) => sql.raw(`${c}.status = 'published' and ${c}.visibility = 'public'`);
  await sql`insert into course_search (rowid, title, instructor, tags, facets)
    select k.id, ${sqliteRow('c')} from courses c join course_search_keys k on k.course_id = c.id where ${listed('c')}`.execute(db);
  const insertNew = sql`insert into course_search (rowid, title, instructor, tags, facets)
    select k.id, ${sqliteRow('new')} from course_search_keys k where k.course_id = new.id and ${listed('new')};`;
  const deleteOld = sql`delete from course_search where rowid = (select id from course_search_keys where course_id = old.id);`;
  await sql`create trigger course_search_insert after insert on courses begin
    insert or ignore into course_search_keys (course_id) values (new.id);
    ${insertNew}
  end`.execute(db);
  await sql`create trigger course_search_update after update of title, tags, owner_id, category, level, status, visibility on courses
    when old.title is not new.title or old.tags is not new.tags or old.owner_id is not new.owner_id or old.category is not new.category
      or old.level is not new.level or old.status is not new.status or old.visibility is not new.visibility begin
    ${deleteOld}
    ${insertNew}
  end`.execute(db);
  await sql`create trigger course_search_delete after delete on courses begin
    ${deleteOld}
    delete from course_search_keys where course_id = old.id;
  end`.execute(db);
  await sql`create trigger course_search_instructor after update of contact_name on users
    when old.contact_name is not new.contact_name begin
    delete from course_search where rowid in (select k.id from course_search_keys k join courses c on c.id = k.course_id where c.owner_id = new.id);
    insert into course_search (rowid, title, instructor, tags, facets)
      select k.id, ${sqliteRow('c')} from courses c join course_search_keys k on k.course_id = c.id where c.owner_id = new.id and ${listed('c')};
  end`.execute(db);
}

/** The document of one course: title first, then the instructor, then the tags (as weights). */
export const PG_DOCUMENT = `
  setweight(to_tsvector('simple', translate(c.title, 'ÆØÅ', 'æøå')), 'A') ||
  setweight(to_tsvector('simple', translate(coalesce(u.contact_name, ''), 'ÆØÅ', 'æøå')), 'B') ||
  setweight(to_tsvector('simple', translate(c.tags, 'ÆØÅ', 'æøå')), 'C')`;

export const PG_LISTED_ROW = `select c.id, c.category, c.level, c.published_at, ${PG_DOCUMENT}
  from courses c left join users u on u.id = c.owner_id where c.status = 'published' and c.visibility = 'public'`;

/**
 * PostgreSQL: a narrow table of the catalogue's courses only (published and public), with what the
 * filters and the ranking read, so a search and its count stay on it; only the page's rows join
 * the courses.
 */
async function upPostgres(db: Kysely<unknown>): Promise<void> {
  await sql`create table course_search (
    course_id text primary key references courses(id) on delete cascade,
    category text not null,
    level text not null,
    published_at text,
    document tsvector not null
  )`.execute(db);
  await sql`create index course_search_document_idx on course_search using gin (document)`.execute(db);
  await sql.raw(`insert into course_search (course_id, category, level, published_at, document) ${PG_LISTED_ROW}`).execute(db);
  await sql
    .raw(
      `create function course_search_refresh() returns trigger language plpgsql as $$
    begin
      delete from course_search where course_id = new.id;
      insert into course_search (course_id, category, level, published_at, document) ${PG_LISTED_ROW} and c.id = new.id;
      return null;
    end $$`,
    )
    .execute(db);
  await sql`create trigger course_search_insert after insert on courses for each row execute function course_search_refresh()`.execute(db);
  await sql`create trigger course_search_update after update of title, tags, owner_id, category, level, status, visibility, published_at on courses for each row
    when (old.title is distinct from new.title or old.tags is distinct from new.tags or old.owner_id is distinct from new.owner_id
      or old.category is distinct from new.category or old.level is distinct from new.level or old.status is distinct from new.status
      or old.visibility is distinct from new.visibility or old.published_at is distinct from new.published_at)
    execute function course_search_refresh()`.execute(db);
  await sql
    .raw(
      `create function course_search_instructor() returns trigger language plpgsql as $$
    begin
      update course_search s set document = ${PG_DOCUMENT}
        from courses c left join users u on u.id = c.owner_id
        where c.owner_id = new.id and s.course_id = c.id;
      return null;
    end $$`,
    )
    .execute(db);
  await sql`create trigger course_search_instructor after update of contact_name on users for each row
    when (old.contact_name is distinct from new.contact_name)
    execute function course_search_instructor()`.execute(db);
}

/**
 * The catalogue's counters change only when a course comes, goes, or changes what they count:
 * a version the triggers bump lets every instance keep them until then.
 */
async function upCatalogueState(db: Kysely<unknown>, postgres: boolean): Promise<void> {
  await sql`create table catalogue_state (id integer primary key, version integer not null)`.execute(db);
  await sql`insert into catalogue_state (id, version) values (1, 1)`.execute(db);
  const columns = 'status, visibility, category, organisation_id, owner_id';
  if (postgres) {
    await sql`create function catalogue_state_bump() returns trigger language plpgsql as $$
      begin
        update catalogue_state set version = version + 1 where id = 1;
        return null;
      end $$`.execute(db);
    await sql
      .raw(
        `create trigger catalogue_state_bump after insert or delete or update of ${columns} on courses
      for each statement execute function catalogue_state_bump()`,
      )
      .execute(db);
    return;
  }
  for (const [name, event] of [
    ['insert', 'insert'],
    ['delete', 'delete'],
    ['update', `update of ${columns}`],
  ]) {
    await sql
      .raw(
        `create trigger catalogue_state_${name} after ${event} on courses begin
      update catalogue_state set version = version + 1 where id = 1;
    end`,
      )
      .execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const column of ['category', 'organisation_id', 'owner_id'])
    await db.schema.dropIndex(`courses_listed_${column}_idx`).ifExists().execute();
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`drop trigger if exists catalogue_state_bump on courses`.execute(db);
    await sql`drop function if exists catalogue_state_bump()`.execute(db);
    await sql`drop table if exists catalogue_state`.execute(db);
    await sql`drop trigger if exists course_search_instructor on users`.execute(db);
    await sql`drop trigger if exists course_search_update on courses`.execute(db);
    await sql`drop trigger if exists course_search_insert on courses`.execute(db);
    await sql`drop function if exists course_search_instructor()`.execute(db);
    await sql`drop function if exists course_search_refresh()`.execute(db);
    await sql`drop table if exists course_search`.execute(db);
    return;
  }
  for (const trigger of ['catalogue_state_insert', 'catalogue_state_delete', 'catalogue_state_update'])
    await sql.raw(`drop trigger if exists ${trigger}`).execute(db);
  await sql`drop table if exists catalogue_state`.execute(db);
  for (const trigger of ['course_search_insert', 'course_search_update', 'course_search_delete', 'course_search_instructor']) {
    await sql.raw(`drop trigger if exists ${trigger}`).execute(db);
  }
  await sql`drop table if exists course_search`.execute(db);
  await sql`drop table if exists course_search_keys`.execute(db);
}
