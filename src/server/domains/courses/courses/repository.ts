import type { LessonKind } from '../../../../shared/schemas/lesson-content.ts';
import type { Insertable, Transaction, Updateable } from 'kysely';
import type { CoursesTable, Database, LessonsTable } from '../../../db/schema.ts';
import type { Db } from '../../../db/database.ts';

/** The only SQL for courses, their modules, lessons and lesson revisions. */

export type Executor = Db | Transaction<Database>;

/** Versions are 32-bit integer columns: a larger one is never current (and PostgreSQL would refuse to compare it). */
const MAX_VERSION = 2_147_483_647;

const changed = (result: { numUpdatedRows: bigint } | { numDeletedRows: bigint }) =>
  Number('numUpdatedRows' in result ? result.numUpdatedRows : result.numDeletedRows) > 0;

function selectCourses(db: Executor) {
  return db
    .selectFrom('courses')
    .innerJoin('users', 'users.id', 'courses.owner_id')
    .innerJoin('organisations', 'organisations.id', 'courses.organisation_id')
    .selectAll('courses')
    .select(['users.contact_name as owner_name', 'organisations.subdomain as subdomain'])
    .select((eb) =>
      eb
        .selectFrom('lessons')
        .whereRef('lessons.course_id', '=', 'courses.id')
        .select((l) => l.fn.countAll<string | number>().as('n'))
        .as('lesson_count'),
    );
}

export type CourseRow = NonNullable<Awaited<ReturnType<ReturnType<typeof selectCourses>['executeTakeFirst']>>>;

export async function findCourse(db: Executor, id: string): Promise<CourseRow | undefined> {
  return selectCourses(db).where('courses.id', '=', id).executeTakeFirst();
}

/** A company's courses, or only one owner's; the most recently changed first. */
export async function listCourses(db: Db, organisationId: string, ownerId?: string): Promise<CourseRow[]> {
  let q = selectCourses(db).where('courses.organisation_id', '=', organisationId);
  if (ownerId) q = q.where('courses.owner_id', '=', ownerId);
  return q.orderBy('courses.updated_at', 'desc').orderBy('courses.id').execute();
}

export async function insertCourse(db: Db, values: Insertable<CoursesTable>): Promise<void> {
  await db.insertInto('courses').values(values).execute();
}

/** Writes course fields if the version is still `version`, and bumps it; false when it was stale. */
export async function updateCourse(db: Executor, id: string, version: number, set: Updateable<CoursesTable>): Promise<boolean> {
  if (version >= MAX_VERSION) return false;
  const result = await db
    .updateTable('courses')
    .set({ ...set, version: version + 1 })
    .where('id', '=', id)
    .where('version', '=', version)
    .executeTakeFirst();
  return changed(result);
}

export async function slugsStartingWith(db: Executor, base: string): Promise<string[]> {
  const rows = await db.selectFrom('courses').select('slug').where('slug', 'like', `${base}%`).execute();
  return rows.map((r) => r.slug);
}

export async function findModules(db: Executor, courseId: string) {
  return db.selectFrom('course_modules').selectAll().where('course_id', '=', courseId).orderBy('position').orderBy('created_at').execute();
}

export async function findModule(db: Executor, id: string) {
  return db.selectFrom('course_modules').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function nextModulePosition(db: Executor, courseId: string): Promise<number> {
  const row = await db
    .selectFrom('course_modules')
    .select((eb) => eb.fn.max('position').as('p'))
    .where('course_id', '=', courseId)
    .executeTakeFirst();
  return row?.p === null || row?.p === undefined ? 0 : Number(row.p) + 1;
}

export async function insertModule(
  db: Executor,
  values: { id: string; courseId: string; position: number; title: string; description: string; now: string },
) {
  await db
    .insertInto('course_modules')
    .values({
      id: values.id,
      course_id: values.courseId,
      position: values.position,
      title: values.title,
      description: values.description,
      created_at: values.now,
      updated_at: values.now,
    })
    .execute();
}

export async function updateModule(db: Executor, id: string, set: { title?: string; description?: string; updated_at: string }) {
  await db.updateTable('course_modules').set(set).where('id', '=', id).execute();
}

export async function deleteModule(db: Executor, id: string) {
  await db.deleteFrom('course_modules').where('id', '=', id).execute();
}

export async function setModulePosition(db: Executor, id: string, position: number) {
  await db.updateTable('course_modules').set({ position }).where('id', '=', id).execute();
}

const summaryColumns = [
  'id',
  'course_id',
  'module_id',
  'position',
  'title',
  'kind',
  'format',
  'source',
  'source_model',
  'duration_minutes',
  'free_preview',
  'version',
  'updated_at',
] as const;

/** The lessons of a course without their content, in outline order within each module. */
export async function findLessonSummaries(db: Executor, courseId: string) {
  return db
    .selectFrom('lessons')
    .select(summaryColumns)
    .where('course_id', '=', courseId)
    .orderBy('position')
    .orderBy('created_at')
    .execute();
}
export type LessonSummaryRow = Awaited<ReturnType<typeof findLessonSummaries>>[number];

/** The lessons of a course with their content and module, in outline order: what publishing checks, what an export writes. */
export async function findLessonContents(db: Executor, courseId: string) {
  return db
    .selectFrom('lessons')
    .innerJoin('course_modules', 'course_modules.id', 'lessons.module_id')
    .select(['lessons.id', 'lessons.title', 'lessons.kind', 'lessons.content', 'lessons.module_id', 'course_modules.title as module_title'])
    .where('lessons.course_id', '=', courseId)
    .orderBy('course_modules.position')
    .orderBy('course_modules.created_at')
    .orderBy('lessons.position')
    .orderBy('lessons.created_at')
    .execute();
}

export async function findLesson(db: Executor, id: string) {
  return db.selectFrom('lessons').selectAll().where('id', '=', id).executeTakeFirst();
}
export type LessonRow = NonNullable<Awaited<ReturnType<typeof findLesson>>>;

export async function nextLessonPosition(db: Executor, moduleId: string): Promise<number> {
  const row = await db
    .selectFrom('lessons')
    .select((eb) => eb.fn.max('position').as('p'))
    .where('module_id', '=', moduleId)
    .executeTakeFirst();
  return row?.p === null || row?.p === undefined ? 0 : Number(row.p) + 1;
}

export async function insertLesson(db: Executor, values: Insertable<LessonsTable>) {
  await db.insertInto('lessons').values(values).execute();
}

/**
 * Saves a lesson if its version is still `version` and its course is not archived, and bumps the
 * version; false when either is not so (the caller tells which).
 */
export async function updateLesson(db: Executor, id: string, version: number, set: Updateable<LessonsTable>): Promise<boolean> {
  if (version >= MAX_VERSION) return false;
  const result = await db
    .updateTable('lessons')
    .set({ ...set, version: version + 1 })
    .where('id', '=', id)
    .where('version', '=', version)
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('courses')
          .select('courses.id')
          .whereRef('courses.id', '=', 'lessons.course_id')
          .where('courses.status', '!=', 'archived'),
      ),
    )
    .executeTakeFirst();
  return changed(result);
}

export async function setLessonPlace(db: Executor, id: string, moduleId: string, position: number) {
  await db.updateTable('lessons').set({ module_id: moduleId, position }).where('id', '=', id).execute();
}

export async function deleteLesson(db: Executor, id: string) {
  await db.deleteFrom('lessons').where('id', '=', id).execute();
}

/** Uploads among `ids` that belong to the course, with their kind. */
export async function findCourseUploads(db: Executor, courseId: string, ids: string[]) {
  if (ids.length === 0) return [];
  return db.selectFrom('uploads').select(['id', 'kind']).where('course_id', '=', courseId).where('id', 'in', ids).execute();
}

export async function userLanguage(db: Db, userId: string): Promise<string | null> {
  const row = await db.selectFrom('users').select('language').where('id', '=', userId).executeTakeFirst();
  return row?.language ?? null;
}

// Revisions

export async function latestRevision(db: Executor, lessonId: string) {
  return db
    .selectFrom('lesson_revisions')
    .select(['id', 'version', 'author_id', 'created_at'])
    .where('lesson_id', '=', lessonId)
    .orderBy('version', 'desc')
    .limit(1)
    .executeTakeFirst();
}

export interface RevisionState {
  version: number;
  title: string;
  kind: LessonKind;
  content: string;
}

export async function insertRevision(
  db: Executor,
  values: RevisionState & { id: string; lessonId: string; authorId: string; now: string },
) {
  await db
    .insertInto('lesson_revisions')
    .values({
      id: values.id,
      lesson_id: values.lessonId,
      version: values.version,
      title: values.title,
      kind: values.kind,
      content: values.content,
      author_id: values.authorId,
      created_at: values.now,
      saved_at: values.now,
    })
    .execute();
}

/** A later state of the same revision (one author's saves within its window); it keeps when it began. */
export async function overwriteRevision(db: Executor, id: string, state: RevisionState, savedAt: string) {
  await db
    .updateTable('lesson_revisions')
    .set({ ...state, saved_at: savedAt })
    .where('id', '=', id)
    .execute();
}

/** Deletes all but the newest `keep` revisions of a lesson. */
export async function pruneRevisions(db: Executor, lessonId: string, keep: number) {
  const kept = db.selectFrom('lesson_revisions').select('id').where('lesson_id', '=', lessonId).orderBy('version', 'desc').limit(keep);
  await db.deleteFrom('lesson_revisions').where('lesson_id', '=', lessonId).where('id', 'not in', kept).execute();
}

export async function listRevisions(db: Executor, lessonId: string) {
  return db
    .selectFrom('lesson_revisions')
    .leftJoin('users', 'users.id', 'lesson_revisions.author_id')
    .select([
      'lesson_revisions.id',
      'lesson_revisions.version',
      'lesson_revisions.title',
      'lesson_revisions.kind',
      'lesson_revisions.author_id',
      'lesson_revisions.created_at',
      'lesson_revisions.saved_at',
      'users.contact_name as author_name',
    ])
    .where('lesson_revisions.lesson_id', '=', lessonId)
    .orderBy('lesson_revisions.version', 'desc')
    .execute();
}

export async function findRevision(db: Executor, lessonId: string, revisionId: string) {
  return db
    .selectFrom('lesson_revisions')
    .leftJoin('users', 'users.id', 'lesson_revisions.author_id')
    .select([
      'lesson_revisions.id',
      'lesson_revisions.version',
      'lesson_revisions.title',
      'lesson_revisions.kind',
      'lesson_revisions.content',
      'lesson_revisions.author_id',
      'lesson_revisions.created_at',
      'lesson_revisions.saved_at',
      'users.contact_name as author_name',
    ])
    .where('lesson_revisions.lesson_id', '=', lessonId)
    .where('lesson_revisions.id', '=', revisionId)
    .executeTakeFirst();
}
