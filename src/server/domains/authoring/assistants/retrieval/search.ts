import { sql } from 'kysely';
import type { Db, DbKind } from '../../../../db/database.ts';
import { courseIndexState, reindexLessons } from './course-index.ts';
import { courseTerm, questionTerms, retrievalLanguage } from './terms.ts';

/** A piece of a course's lesson that answers a question, for the Learning Coach to quote and cite. */
export interface CoursePassage {
  lessonId: string;
  lessonTitle: string;
  moduleTitle: string;
  /** The heading of the lesson's section the passage is from; null before the lesson's first heading. */
  heading: string | null;
  /** The passage as plain text (headings, paragraphs, list items and table rows on lines of their own). */
  text: string;
  /** Relevance, higher is better; only comparable within one answer. */
  score: number;
}

export const DEFAULT_PASSAGES = 5;
export const MAX_PASSAGES = 20;

/**
 * The course's passages that best match a learner's question, best first. Any of the
 * question's meaningful words may match (stop words are dropped; words are stemmed by the course's
 * language), ranked by relevance: bm25 on SQLite, a bm25-like sum of ts_rank weighted by each
 * word's rarity in the course on PostgreSQL. A question none of whose words the course has answers
 * [] (the coach then says the course does not cover it). The text of the question is never query
 * syntax; anything may be asked without an error.
 *
 * Quizzes are never searched (their answers stay with the quiz) nor are other courses. Lessons
 * changed since they were last indexed are re-indexed first (course-index.ts). Who may ask about
 * the course is the caller's to decide.
 */
export async function searchCourse(
  db: Db,
  kind: DbKind,
  input: { courseId: string; question: string; limit?: number },
): Promise<CoursePassage[]> {
  const requested = input.limit !== undefined && Number.isFinite(input.limit) ? Math.floor(input.limit) : DEFAULT_PASSAGES;
  const limit = Math.max(1, Math.min(MAX_PASSAGES, requested));
  const course = await courseIndexState(db, input.courseId);
  if (!course) return [];
  const terms = questionTerms(input.question, retrievalLanguage(course.language));
  if (terms.length === 0) return [];
  if (course.stale.length > 0) await reindexLessons(db, kind, course.stale);
  const rows =
    kind === 'postgres' ? await searchPostgres(db, input.courseId, terms, limit) : await searchSqlite(db, input.courseId, terms, limit);
  return rows.map((r) => ({
    lessonId: r.lesson_id,
    lessonTitle: r.lesson_title,
    moduleTitle: r.module_title,
    heading: r.heading,
    text: r.text,
    score: Number(r.score),
  }));
}

interface Row {
  lesson_id: string;
  lesson_title: string;
  module_title: string;
  heading: string | null;
  text: string;
  score: number | string;
}

/** Column weights: the course term none, the lesson's title and the passage's heading twice the body. */
const SQLITE_RANK = sql`bm25(lesson_passages_fts, 0.0, 2.0, 1.0)`;

/**
 * FTS5: the course's term AND any of the question's terms, each quoted (letters and digits only).
 * The best are found in the index alone; only they are joined to their rows, lesson and module.
 * The course and quiz conditions on the rows are a second guard: the course's term already narrows
 * the search to the course, and a quiz has no passages.
 */
async function searchSqlite(db: Db, courseId: string, terms: string[], limit: number): Promise<Row[]> {
  const match = `course : "${courseTerm(courseId)}" AND {title body} : (${terms.map((t) => `"${t}"`).join(' OR ')})`;
  const result = await sql<Row>`
    select p.lesson_id, l.title as lesson_title, m.title as module_title, p.heading, p.text, -best.relevance as score
    from (select rowid as id, ${SQLITE_RANK} as relevance from lesson_passages_fts where lesson_passages_fts match ${match} order by relevance, rowid limit ${limit}) best
    join lesson_passages p on p.id = best.id
    join lessons l on l.id = p.lesson_id
    join course_modules m on m.id = l.module_id
    where p.course_id = ${courseId} and l.kind <> 'quiz'
    order by best.relevance, best.id`.execute(db);
  return result.rows;
}

/** ts_rank's weights by label {D, C, B, A}: the body (D) half the title and heading (A). */
const PG_WEIGHTS = '{0.5, 0.5, 0.5, 1.0}';

const tsquery = (query: string) => sql`to_tsquery('simple', ${query})`;

/** bm25's rarity of a term in `df` of `total` passages, as FTS5 reckons it (a term in over half of them: next to nothing). */
const idf = (total: number, df: number) => Math.max(1e-6, Math.log((total - df + 0.5) / (df + 0.5)));

/**
 * PostgreSQL: one pass over the course's passages holding any of the terms (GIN: the course's
 * term AND any of them, whatever share of the table the course is), answering each
 * passage's ts_rank for each term and its length; here each term's rarity among the course's
 * passages (bm25's, as FTS5 reckons it) weighs its ranks, so a word most passages use counts for
 * next to nothing and a rare one for much, as on SQLite, and the sum is divided by 1 + ln(length)
 * (ts_rank's normalisation 1, done once a passage rather than once a term). Ranking here rather
 * than in SQL measured faster. Only the best are then read whole, with their lesson and module (the
 * quiz condition a second guard, as on SQLite).
 */
async function searchPostgres(db: Db, courseId: string, terms: string[], limit: number): Promise<Row[]> {
  const first = await searchPostgresOnce(db, courseId, terms, limit);
  // A chosen passage gone by the second read: its lesson was re-indexed in between; ask again.
  return first.complete ? first.rows : (await searchPostgresOnce(db, courseId, terms, limit)).rows;
}

async function searchPostgresOnce(db: Db, courseId: string, terms: string[], limit: number): Promise<{ rows: Row[]; complete: boolean }> {
  const ranks = terms.map((t, i) => sql`ts_rank(${PG_WEIGHTS}::float4[], document, ${tsquery(`${t}:AD`)}, 0) as ${sql.ref(`r${i}`)}`);
  // The course's term first: a passage of another course fails at it (see course-index.ts).
  const match = `${courseTerm(courseId)}:B & (${terms.map((t) => `${t}:AD`).join(' | ')})`;
  const { rows: candidates } = await sql<Record<string, number | string>>`
    select id, length(document) as len, ${sql.join(ranks)}, (select count(*) from lesson_passages where course_id = ${courseId}) as n
    from lesson_passages where course_id = ${courseId} and document @@ ${tsquery(match)}`.execute(db);
  if (candidates.length === 0) return { rows: [], complete: true };
  const total = Number(candidates[0]!.n);
  // ts_rank answers 0 (or 1e-20) for a term the passage lacks.
  const weights = terms.map((_, i) => idf(total, candidates.filter((c) => Number(c[`r${i}`]) > 1e-10).length));
  const best = candidates
    .map((c) => ({
      id: String(c.id),
      score: weights.reduce((sum, w, i) => sum + w * Number(c[`r${i}`]), 0) / (1 + Math.log(Math.max(1, Number(c.len)))),
    }))
    .sort((x, y) => y.score - x.score || compareIds(x.id, y.id))
    .slice(0, limit);
  const score = new Map(best.map((b) => [b.id, b.score]));
  const { rows } = await sql<Row & { id: string }>`
    select p.id, p.lesson_id, l.title as lesson_title, cm.title as module_title, p.heading, p.text
    from lesson_passages p
    join lessons l on l.id = p.lesson_id
    join course_modules cm on cm.id = l.module_id
    where p.id in (${sql.join(best.map((b) => b.id))}) and l.kind <> 'quiz'`.execute(db);
  return {
    rows: rows
      .map((r) => ({ ...r, score: score.get(String(r.id)) ?? 0 }))
      .sort((x, y) => y.score - x.score || compareIds(String(x.id), String(y.id))),
    complete: rows.length === best.length,
  };
}

/** Passage ids (bigint, as text) in numeric order: the earlier passage first among equals. */
const compareIds = (a: string, b: string) => a.length - b.length || (a < b ? -1 : a > b ? 1 : 0);
