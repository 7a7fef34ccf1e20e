import { sql } from 'kysely';
import type { Db, DbKind } from '../../../../db/database.ts';
import { type Executor } from '../../../courses/index.ts';
import { lessonPassages } from './passages.ts';
import { courseTerm, retrievalLanguage, textTerms } from './terms.ts';

/**
 * Keeps a course's passages in step with its lessons, lazily (docs/decisions/024): a search first
 * re-indexes the lessons whose record in lesson_passage_state is missing or differs from the
 * lesson's version, the course's language or PASSAGE_FORMAT. A trigger (migration 016) drops the
 * record and the passages of a lesson whose title, kind or content changes, whoever writes it; a
 * new lesson has none; so nothing stale is ever searched and no writer has to call in here.
 */

/** Bump when the passages or terms change shape: every lesson is then re-indexed at its next search. */
export const PASSAGE_FORMAT = 1;

/** Lessons re-indexed per transaction: bounds the statements' parameters and the time locks are held. */
const LESSONS_PER_TRANSACTION = 100;
/** Passage rows per insert statement (PostgreSQL's 65,535 parameters; SQLite's 32,766). */
const ROWS_PER_INSERT = 200;

/**
 * The course's language and the ids of its lessons whose passages are missing or out of date, in
 * one query (a search needs the language for its terms); undefined when there is no such course.
 */
export async function courseIndexState(db: Executor, courseId: string): Promise<{ language: string; stale: string[] } | undefined> {
  const { rows } = await sql<{ language: string | null; id: string | null }>`
    select language, null as id from courses where id = ${courseId}
    union all
    select null, l.id from lessons l
    join courses c on c.id = l.course_id
    left join lesson_passage_state s on s.lesson_id = l.id
    where l.course_id = ${courseId}
      and (s.lesson_id is null or s.version <> l.version or s.language <> c.language or s.format <> ${PASSAGE_FORMAT})`.execute(db);
  const language = rows.find((r) => r.language !== null)?.language;
  if (language === undefined || language === null) return undefined;
  return { language, stale: rows.flatMap((r) => (r.id === null ? [] : [r.id])).sort() };
}

/**
 * Indexes the lessons `ids` anew, unless they are indexed at their current state by then. Safe to
 * run side by side: a lesson is indexed under its locks (PostgreSQL; one held by a writer is left
 * for the next question) or in SQLite's one writing transaction, once, and its passages are always
 * one indexing's, whole.
 */
export async function reindexLessons(db: Db, kind: DbKind, ids: string[]): Promise<number> {
  let indexed = 0;
  for (let i = 0; i < ids.length; i += LESSONS_PER_TRANSACTION) {
    const batch = ids.slice(i, i + LESSONS_PER_TRANSACTION);
    indexed += await db.transaction().execute((trx) => indexLessons(trx, kind, batch));
  }
  return indexed;
}

interface PassageRow {
  courseId: string;
  lessonId: string;
  position: number;
  heading: string | null;
  text: string;
  titleTerms: string;
  bodyTerms: string;
}

async function indexLessons(trx: Executor, kind: DbKind, ids: string[]): Promise<number> {
  if (kind === 'postgres') {
    // Indexers of the same lesson take turns: a transaction-scoped advisory lock per lesson, taken
    // in one order, so they cannot deadlock. In the same round trip: the passages are derived, so
    // a crash that loses this commit loses nothing the next search cannot rebuild, and the commit
    // need not wait for the WAL to reach the disk.
    await sql`select set_config('synchronous_commit', 'off', true), pg_advisory_xact_lock(k)
      from (select distinct hashtextextended(id, 16) as k from unnest(${ids}::text[]) as id order by k offset 0) keys`.execute(trx);
    // Then the lessons' rows, skipping any a writer holds (a save, a reorder, a delete in
    // progress): this never waits for a writer, so it cannot deadlock with one, and a writer waits
    // for it only while it writes. A skipped lesson stays stale until the next question.
    const locked = await sql<{
      id: string;
    }>`select id from lessons where id in (${sql.join(ids)}) order by id for update skip locked`.execute(trx);
    ids = locked.rows.map((r) => r.id);
    if (ids.length === 0) return 0;
  }
  // A new statement, a new snapshot (read committed): an indexer that waited for another reads
  // what that one committed and finds the lessons indexed.
  const lessons = await trx
    .selectFrom('lessons as l')
    .innerJoin('courses as c', 'c.id', 'l.course_id')
    .leftJoin('lesson_passage_state as s', 's.lesson_id', 'l.id')
    .select(['l.id', 'l.course_id', 'l.title', 'l.kind', 'l.content', 'l.version', 'c.language'])
    .select(['s.version as indexed_version', 's.language as indexed_language', 's.format as indexed_format'])
    .where('l.id', 'in', ids)
    .execute();
  const todo = lessons.filter(
    (l) => l.indexed_version !== l.version || l.indexed_language !== l.language || l.indexed_format !== PASSAGE_FORMAT,
  );
  if (todo.length === 0) return 0;

  const rows: PassageRow[] = [];
  for (const lesson of todo) {
    const language = retrievalLanguage(lesson.language);
    lessonPassages(lesson.kind, lesson.content).forEach((p, position) => {
      rows.push({
        courseId: lesson.course_id,
        lessonId: lesson.id,
        position,
        heading: p.heading,
        text: p.text,
        titleTerms: textTerms(`${lesson.title}\n${p.heading ?? ''}`, language).join(' '),
        bodyTerms: textTerms(p.text, language).join(' '),
      });
    });
  }
  const now = new Date().toISOString();
  const states = todo.map((l) => ({ lesson_id: l.id, version: l.version, language: l.language, format: PASSAGE_FORMAT, indexed_at: now }));
  if (kind === 'postgres') await writePostgres(trx, states, rows);
  else await writeSqlite(trx, states, rows);
  return todo.length;
}

type StateRow = { lesson_id: string; version: number; language: string; format: number; indexed_at: string };

async function writeSqlite(trx: Executor, states: StateRow[], rows: PassageRow[]): Promise<void> {
  await trx
    .deleteFrom('lesson_passages')
    .where(
      'lesson_id',
      'in',
      states.map((s) => s.lesson_id),
    )
    .execute();
  for (let i = 0; i < rows.length; i += ROWS_PER_INSERT) await insertSqlite(trx, rows.slice(i, i + ROWS_PER_INSERT));
  await trx
    .insertInto('lesson_passage_state')
    .values(states)
    .onConflict((oc) =>
      oc.column('lesson_id').doUpdateSet((eb) => ({
        version: eb.ref('excluded.version'),
        language: eb.ref('excluded.language'),
        format: eb.ref('excluded.format'),
        indexed_at: eb.ref('excluded.indexed_at'),
      })),
    )
    .execute();
}

/**
 * PostgreSQL: the old passages' delete, the new ones' insert and the lessons' state in as few
 * statements as the rows allow (one for a lesson of up to ROWS_PER_INSERT passages), through
 * data-modifying CTEs. The terms are stemmed already: the 'simple' configuration only splits them
 * at the spaces. The title's terms are labelled A, the body's D, and the course's term B: a search
 * asks for the course's term AND its words, so the GIN index narrows it to the course, and a
 * sequential scan drops another course's passage at its first lexeme (a question's words are
 * matched as A or D only, so no word of one can match the course's term).
 */
async function writePostgres(trx: Executor, states: StateRow[], rows: PassageRow[]): Promise<void> {
  const batches: PassageRow[][] = [];
  for (let i = 0; i < rows.length; i += ROWS_PER_INSERT) batches.push(rows.slice(i, i + ROWS_PER_INSERT));
  if (batches.length === 0) batches.push([]);
  for (const [i, batch] of batches.entries()) {
    const steps = [];
    if (i === 0) steps.push(sql`gone as (delete from lesson_passages where lesson_id in (${sql.join(states.map((s) => s.lesson_id))}))`);
    if (batch.length > 0) {
      const values = batch.map(
        (r) =>
          sql`(${r.courseId}, ${r.lessonId}, ${r.position}, ${r.heading}, ${r.text},
            setweight(to_tsvector('simple', ${r.titleTerms}), 'A') || setweight(to_tsvector('simple', ${r.bodyTerms}), 'D')
              || setweight(to_tsvector('simple', ${courseTerm(r.courseId)}), 'B'))`,
      );
      steps.push(
        sql`added as (insert into lesson_passages (course_id, lesson_id, position, heading, text, document) values ${sql.join(values)})`,
      );
    }
    const last = i === batches.length - 1;
    const main = last
      ? sql`insert into lesson_passage_state (lesson_id, version, language, format, indexed_at)
          values ${sql.join(states.map((s) => sql`(${s.lesson_id}, ${s.version}, ${s.language}, ${s.format}, ${s.indexed_at})`))}
          on conflict (lesson_id) do update set version = excluded.version, language = excluded.language, format = excluded.format, indexed_at = excluded.indexed_at`
      : sql`select 1`;
    await (steps.length > 0 ? sql`with ${sql.join(steps)} ${main}` : main).execute(trx);
  }
}

/** The passages' rows, then their terms into the contentless FTS5 table under the rows' ids. */
async function insertSqlite(trx: Executor, batch: PassageRow[]): Promise<void> {
  await trx
    .insertInto('lesson_passages')
    .values(batch.map((r) => ({ course_id: r.courseId, lesson_id: r.lessonId, position: r.position, heading: r.heading, text: r.text })))
    .execute();
  const lessonIds = [...new Set(batch.map((r) => r.lessonId))];
  const inserted = await trx
    .selectFrom('lesson_passages')
    .select(['id', 'lesson_id', 'position'])
    .where('lesson_id', 'in', lessonIds)
    .execute();
  const idOf = new Map(inserted.map((p) => [`${p.lesson_id}\n${p.position}`, p.id]));
  const values = batch.map(
    (r) => sql`(${idOf.get(`${r.lessonId}\n${r.position}`)}, ${courseTerm(r.courseId)}, ${r.titleTerms}, ${r.bodyTerms})`,
  );
  await sql`insert into lesson_passages_fts (rowid, course, title, body) values ${sql.join(values)}`.execute(trx);
}
