import { PostgresAdapter, sql, type Kysely } from 'kysely';
import { PG_DOCUMENT, PG_LISTED_ROW } from './005-catalogue-search.ts';

/**
 * PostgreSQL: a search's page is chosen inside the database by `catalogue_search`, on the narrow
 * course_search table alone, for every order (docs/decisions/040-catalogue-search-in-the-database.md).
 *
 * - course_search gains what the other orders read (the price and the title as the title order
 *   compares it), so ordering by price or title no longer joins every match to its course row; the
 *   refresh trigger of migration 005 writes them and now also fires on a new price.
 * - The function plans its statements with sequential scans off. The planner prices `@@` on a
 *   document as one cheap operator, so once a search matches about a fifth of the catalogue (a
 *   one- or two-letter prefix) it reads and tests all 10,000 documents rather than take the GIN
 *   index, which measured about twice as slow. The setting lives and ends with the call.
 *
 * SQLite (FTS5) needs none of this.
 */
/** The refresh of migration 005, run by its update trigger for a change of these columns. */
const refresh = (insert: string, columns: string[]) => [
  `create or replace function course_search_refresh() returns trigger language plpgsql as $$
    begin
      delete from course_search where course_id = new.id;
      ${insert} and c.id = new.id;
      return null;
    end $$`,
  'drop trigger course_search_update on courses',
  `create trigger course_search_update after update of ${columns.join(', ')} on courses for each row
    when (${columns.map((c) => `old.${c} is distinct from new.${c}`).join(' or ')})
    execute function course_search_refresh()`,
];

const WATCHED = ['title', 'tags', 'owner_id', 'category', 'level', 'status', 'visibility', 'published_at'];

export async function up(db: Kysely<unknown>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  // No course is written until this commits: a price changed by an instance still on the old
  // trigger while the new columns are filled would otherwise be missed.
  await sql`lock table courses in share row exclusive mode`.execute(db);
  await sql`alter table course_search add column price integer not null default 0, add column title_order text not null default ''`.execute(
    db,
  );
  const insert = `insert into course_search (course_id, category, level, published_at, price, title_order, document)
        select c.id, c.category, c.level, c.published_at, c.price, lower(c.title), ${PG_DOCUMENT}
        from courses c left join users u on u.id = c.owner_id
        where c.status = 'published' and c.visibility = 'public'`;
  for (const statement of refresh(insert, [...WATCHED, 'price'])) await sql.raw(statement).execute(db);
  await sql`update course_search s set price = c.price, title_order = lower(c.title) from courses c where c.id = s.course_id`.execute(db);
  await sql`alter table course_search alter column price drop default, alter column title_order drop default`.execute(db);
  // One page of matches in the catalogue's orders (the same as its unsearched pages', course id
  // last so every order is total), each match with how many there are in all. `rows 12` (a page)
  // tells the planner of the caller's join what comes back: at its default of 1,000 it hashed
  // every course row to join twelve.
  const page = (order: string) => `return query select s.course_id, count(*) over () from course_search s
      where s.document @@ q and (want_category is null or s.category = want_category) and (want_level is null or s.level = want_level)
      order by ${order} limit page_size offset skip;`;
  await sql
    .raw(
      `create function catalogue_search(q tsquery, want_category text, want_level text, sort text, page_size integer, skip integer)
    returns table (course_id text, total bigint) language plpgsql stable rows 12 set enable_seqscan = off as $$
    begin
      if sort = 'newest' then ${page('s.published_at desc, s.course_id')}
      elsif sort = 'title' then ${page('s.title_order, s.course_id')}
      elsif sort = 'price-low' then ${page('s.price asc, s.published_at desc, s.course_id')}
      elsif sort = 'price-high' then ${page('s.price desc, s.published_at desc, s.course_id')}
      else ${page('ts_rank(s.document, q) desc, s.published_at desc, s.course_id')}
      end if;
    end $$`,
    )
    .execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  await sql`drop function if exists catalogue_search(tsquery, text, text, text, integer, integer)`.execute(db);
  const insert = `insert into course_search (course_id, category, level, published_at, document) ${PG_LISTED_ROW}`;
  for (const statement of refresh(insert, WATCHED)) await sql.raw(statement).execute(db);
  await sql`alter table course_search drop column price, drop column title_order`.execute(db);
}
