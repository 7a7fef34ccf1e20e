import { sql, type RawBuilder } from 'kysely';
import type { CourseCategory, CourseLevel } from '../../../../shared/schemas/courses.ts';
import type { LessonKind } from '../../../../shared/schemas/lesson-content.ts';
import type { Db, DbHandle, PreparedQuery, PreparedRead } from '../../../db/database.ts';
import { newId } from '../../../security/tokens.ts';

/**
 * The only SQL for published courses as anyone sees them: the catalogue (every company's
 * published public courses, searched through the full-text index of migration 005) and a
 * company's own site.
 */

export type CatalogueSort = 'relevance' | 'newest' | 'title' | 'price-low' | 'price-high';

export interface CatalogueRow {
  id: string;
  slug: string;
  title: string;
  subtitle: string;
  description: string;
  category: string;
  level: string;
  language: string;
  tags: string;
  thumbnail_upload_id: string | null;
  duration_minutes: number | null;
  pricing: string;
  price: number;
  currency: string;
  visibility: string;
  status: string;
  published_at: string | null;
  organisation_id: string;
  owner_id: string;
  instructor: string;
  company_name: string;
  subdomain: string | null;
  lesson_count: number | string;
  review_count: number | string;
  /** AVG over the course's reviews (PostgreSQL answers numeric as text); null without reviews. */
  rating_average: number | string | null;
  /** Learners enrolled: one enrolment per learner and course. */
  learner_count: number | string;
}

export interface DetailExtras {
  learning_objectives: string;
  target_audience: string;
  instructor_bio: string | null;
  instructor_expertise: string | null;
  /** The instructor's settings switches (JSON): their public profile may be off. */
  instructor_preferences: string;
}

const COLUMNS = sql.raw(`c.id, c.slug, c.title, c.subtitle, c.description, c.category, c.level, c.language, c.tags,
  c.thumbnail_upload_id, c.duration_minutes, c.pricing, c.price, c.currency, c.visibility, c.status, c.published_at,
  c.organisation_id, c.owner_id, u.contact_name as instructor, o.name as company_name, o.subdomain,
  (select count(*) from lessons l where l.course_id = c.id) as lesson_count,
  (select count(*) from reviews r where r.course_id = c.id) as review_count,
  (select avg(r.rating) from reviews r where r.course_id = c.id) as rating_average,
  (select count(*) from enrolments e where e.course_id = c.id) as learner_count`);

const JOINS = sql.raw('join users u on u.id = c.owner_id join organisations o on o.id = c.organisation_id');

/**
 * The words of a search as index terms: letters and digits (any script, so æ, ø and å are
 * letters), lower-cased. Everything else separates words, so no input can be query syntax.
 */
export function searchTerms(q: string): string[] {
  return q
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((t) => t.length > 0)
    .slice(0, 8);
}

export interface CatalogueFilter {
  terms: string[];
  category?: CourseCategory | undefined;
  level?: CourseLevel | undefined;
  sort: CatalogueSort;
  limit: number;
  offset: number;
  /** False when the caller knows the total already (the counters give it for the unsearched catalogue). */
  countTotal?: boolean;
}

const ORDER: Record<Exclude<CatalogueSort, 'relevance'>, RawBuilder<unknown>> = {
  newest: sql`c.published_at desc, c.id`,
  title: sql`lower(c.title), c.id`,
  'price-low': sql`c.price asc, c.published_at desc, c.id`,
  'price-high': sql`c.price desc, c.published_at desc, c.id`,
};

type Page = { rows: CatalogueRow[]; total: number };

/** The statements every search runs, prepared once (see DbHandle.prepareRead). */
export interface CatalogueStatements {
  version: PreparedRead<{ version: number | string }>;
  /** PostgreSQL: a search's page (see searchPostgres). */
  searchPage: PreparedQuery<Counted> | undefined;
}

export function prepareCatalogue(handle: DbHandle): CatalogueStatements {
  const version = handle.db.selectFrom('catalogue_state').select('version').where('id', '=', 1).compile();
  // The values here only hold their places: each run passes its own, in this order.
  const searchPage = sql<Counted>`select ${COLUMNS}, p.total from catalogue_search(to_tsquery('simple', ${''}), ${null}::text,
      ${null}::text, ${'relevance'}::text, ${0}::integer, ${0}::integer) with ordinality p(course_id, total, n)
      join courses c on c.id = p.course_id ${JOINS} order by p.n`;
  return {
    version: handle.prepareRead('kursa_catalogue_version', version),
    searchPage: handle.kind === 'postgres' ? handle.prepareQuery('kursa_catalogue_search', searchPage.compile(handle.db)) : undefined,
  };
}

/** One page of published public courses matching the search and filters, and how many match in all. */
export async function searchCatalogue(db: Db, statements: CatalogueStatements, filter: CatalogueFilter): Promise<Page> {
  if (filter.terms.length === 0) return browse(db, filter);
  return statements.searchPage ? searchPostgres(db, statements.searchPage, filter) : searchSqlite(db, filter);
}

/** A short page tells the total without counting again. */
function knownTotal(filter: CatalogueFilter, rows: unknown[]): number | undefined {
  return rows.length < filter.limit && (rows.length > 0 || filter.offset === 0) ? filter.offset + rows.length : undefined;
}

function filterConditions(filter: CatalogueFilter): RawBuilder<unknown>[] {
  const conditions = [sql`c.status = 'published'`, sql`c.visibility = 'public'`];
  if (filter.category) conditions.push(sql`c.category = ${filter.category}`);
  if (filter.level) conditions.push(sql`c.level = ${filter.level}`);
  return conditions;
}

/** No search words: the catalogue table itself, newest first by default. */
async function browse(db: Db, filter: CatalogueFilter): Promise<Page> {
  const where = sql.join(filterConditions(filter), sql` and `);
  const order = filter.sort === 'relevance' ? ORDER.newest : ORDER[filter.sort];
  const { rows } =
    await sql<CatalogueRow>`select ${COLUMNS} from courses c ${JOINS} where ${where} order by ${order} limit ${filter.limit} offset ${filter.offset}`.execute(
      db,
    );
  if (filter.countTotal === false) return { rows, total: -1 };
  const total =
    knownTotal(filter, rows) ??
    Number((await sql<{ n: number | string }>`select count(*) as n from courses c where ${where}`.execute(db)).rows[0]?.n ?? 0);
  return { rows, total };
}

type Counted = CatalogueRow & { total: number | string };

/**
 * The total from the page's own rows: each carries the number of matches (`count(*) over ()`, taken
 * in the same pass that ranked them), so a broad search (a one-letter prefix matches thousands of
 * courses) reads its matches once, not a second time to count them. Only a page past the last match
 * has no row to carry it, and counts on its own.
 */
async function pageOf(rows: Counted[], filter: CatalogueFilter, count: () => Promise<number | string | undefined>): Promise<Page> {
  const total = knownTotal(filter, rows) ?? (rows[0] ? Number(rows[0].total) : Number((await count()) ?? 0));
  return { rows, total };
}

/**
 * SQLite: the FTS5 index holds only listed courses, with their category and level as facet terms,
 * so matching, counting and ranking never touch the course rows; only the page's rows are read.
 */
async function searchSqlite(db: Db, filter: CatalogueFilter): Promise<Page> {
  let match = `{title instructor tags} : (${filter.terms.map((t) => `"${t}"*`).join(' ')})`;
  if (filter.category) match += ` AND facets : "c${filter.category}"`;
  if (filter.level) match += ` AND facets : "l${filter.level}"`;
  const rows =
    filter.sort === 'relevance'
      ? (
          await sql<Counted>`select ${COLUMNS}, s.total from (select rowid as key, rank, count(*) over () as total from course_search
            where course_search match ${match} order by rank limit ${filter.limit} offset ${filter.offset}) s
            join course_search_keys k on k.id = s.key join courses c on c.id = k.course_id ${JOINS} order by s.rank`.execute(db)
        ).rows
      : (
          await sql<Counted>`select ${COLUMNS}, s.total from (select c.id, count(*) over () as total from course_search_keys k
            join courses c on c.id = k.course_id where k.id in (select rowid from course_search where course_search match ${match})
            order by ${ORDER[filter.sort]} limit ${filter.limit} offset ${filter.offset}) s
            join courses c on c.id = s.id ${JOINS} order by ${ORDER[filter.sort]}`.execute(db)
        ).rows;
  return pageOf(
    rows,
    filter,
    async () =>
      (await sql<{ n: number | string }>`select count(*) as n from course_search where course_search match ${match}`.execute(db)).rows[0]
        ?.n,
  );
}

/**
 * PostgreSQL: `catalogue_search` (migration 034) chooses the page on course_search alone, which holds
 * only listed courses with what the filters and every order read; only the page's rows join the
 * courses, in the function's order. The statement's text never changes, so it is prepared: planning
 * it took about as long as running it.
 */
async function searchPostgres(db: Db, searchPage: PreparedQuery<Counted>, filter: CatalogueFilter): Promise<Page> {
  const query = filter.terms.map((t) => `${t}:*`).join(' & ');
  const rows = await searchPage([query, filter.category ?? null, filter.level ?? null, filter.sort, filter.limit, filter.offset]);
  return pageOf(rows, filter, async () => {
    const conditions = [sql`s.document @@ to_tsquery('simple', ${query})`];
    if (filter.category) conditions.push(sql`s.category = ${filter.category}`);
    if (filter.level) conditions.push(sql`s.level = ${filter.level}`);
    return (
      await sql<{ n: number | string }>`select count(*) as n from course_search s where ${sql.join(conditions, sql` and `)}`.execute(db)
    ).rows[0]?.n;
  });
}

/** Raised by triggers with every write that changes what a catalogue page or its counters show (migrations 005, 033). */
export async function catalogueVersion(statements: CatalogueStatements): Promise<number> {
  return Number((await statements.version([1]))?.version ?? 0);
}

export interface CatalogueCountRows {
  byCategory: { category: string; n: number | string }[];
  companies: number;
  instructors: number;
}

/** The counters over the whole catalogue (every published public course), each from its own covering index. */
export async function catalogueCounts(db: Db): Promise<CatalogueCountRows> {
  const listed = sql`c.status = 'published' and c.visibility = 'public'`;
  const [byCategory, companies, instructors] = await Promise.all([
    sql<{ category: string; n: number | string }>`select category, count(*) as n from courses c where ${listed} group by category`.execute(
      db,
    ),
    sql<{ n: number | string }>`select count(distinct organisation_id) as n from courses c where ${listed}`.execute(db),
    sql<{ n: number | string }>`select count(distinct owner_id) as n from courses c where ${listed}`.execute(db),
  ]);
  return {
    byCategory: byCategory.rows,
    companies: Number(companies.rows[0]?.n ?? 0),
    instructors: Number(instructors.rows[0]?.n ?? 0),
  };
}

/**
 * A published course reachable by its link: public or unlisted. `organisationId` narrows it to one
 * company (its own site); without it, any company's (the catalogue's course page).
 */
export async function findPublishedCourse(
  db: Db,
  slug: string,
  organisationId?: string,
): Promise<(CatalogueRow & DetailExtras) | undefined> {
  const conditions = [sql`c.slug = ${slug}`, sql`c.status = 'published'`, sql`c.visibility in ('public', 'unlisted')`];
  if (organisationId !== undefined) conditions.push(sql`c.organisation_id = ${organisationId}`);
  const { rows } = await sql<CatalogueRow & DetailExtras>`select ${COLUMNS}, c.learning_objectives, c.target_audience,
    u.bio as instructor_bio, u.expertise as instructor_expertise, u.preferences as instructor_preferences
    from courses c ${JOINS} where ${sql.join(conditions, sql` and `)}`.execute(db);
  return rows[0];
}

export interface OutlineRow {
  module_id: string;
  module_title: string;
  module_position: number;
  lesson_id: string | null;
  lesson_title: string | null;
  lesson_kind: LessonKind | null;
  lesson_duration: number | null;
  lesson_preview?: number | string | null;
}

/** Module and lesson titles in order, never lesson contents; which lessons are free previews. */
export async function courseOutline(db: Db, courseId: string): Promise<OutlineRow[]> {
  return db
    .selectFrom('course_modules as m')
    .leftJoin('lessons as l', 'l.module_id', 'm.id')
    .select([
      'm.id as module_id',
      'm.title as module_title',
      'm.position as module_position',
      'l.id as lesson_id',
      'l.title as lesson_title',
      'l.kind as lesson_kind',
      'l.duration_minutes as lesson_duration',
      'l.free_preview as lesson_preview',
    ])
    .where('m.course_id', '=', courseId)
    .orderBy('m.position')
    .orderBy('m.id')
    .orderBy('l.position')
    .execute();
}

/**
 * A free preview lesson, with its content, of a published public or unlisted course by its slug; and
 * the course's free previews in outline order (ids and titles), to go from one to the next.
 */
export async function findPreviewLesson(db: Db, slug: string, lessonId: string) {
  const lesson = await db
    .selectFrom('lessons as l')
    .innerJoin('courses as c', 'c.id', 'l.course_id')
    .select([
      'l.id',
      'l.title',
      'l.kind',
      'l.content',
      'l.duration_minutes',
      'c.id as course_id',
      'c.slug as course_slug',
      'c.title as course_title',
    ])
    .where('c.slug', '=', slug)
    .where('c.status', '=', 'published')
    .where('c.visibility', 'in', ['public', 'unlisted'])
    .where('l.id', '=', lessonId)
    .where('l.free_preview', '=', 1)
    .where('l.kind', '!=', 'quiz')
    .executeTakeFirst();
  if (!lesson) return undefined;
  const previews = await db
    .selectFrom('lessons as l')
    .innerJoin('course_modules as m', 'm.id', 'l.module_id')
    .select(['l.id', 'l.title'])
    .where('l.course_id', '=', lesson.course_id)
    .where('l.free_preview', '=', 1)
    .where('l.kind', '!=', 'quiz')
    .orderBy('m.position')
    .orderBy('m.id')
    .orderBy('l.position')
    .orderBy('l.created_at')
    .execute();
  return { lesson, previews };
}

/** A company's published public courses, newest first (its site's front page). */
export async function listCompanyCourses(db: Db, organisationId: string, limit = 200): Promise<CatalogueRow[]> {
  const { rows } = await sql<CatalogueRow>`select ${COLUMNS} from courses c ${JOINS}
    where c.organisation_id = ${organisationId} and c.status = 'published' and c.visibility = 'public'
    order by c.published_at desc, c.id limit ${limit}`.execute(db);
  return rows;
}

/** One view of a course's public page (catalogue or company site); monthlyViews counts these. */
export async function recordCourseView(db: Db, courseId: string): Promise<void> {
  await db.insertInto('course_views').values({ id: newId(), course_id: courseId, viewed_at: new Date().toISOString() }).execute();
}

/**
 * Records a view without ever failing or delaying the page: the insert runs on its own and a
 * failure (a course deleted meanwhile, a busy database) is only logged.
 */
export function noteCourseView(db: Db, courseId: string, onError: (error: unknown) => void = () => {}): Promise<void> {
  return recordCourseView(db, courseId).catch(onError);
}
