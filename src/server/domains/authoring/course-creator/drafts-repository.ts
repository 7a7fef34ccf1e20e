import type { Insertable, Updateable } from 'kysely';
import type { Db } from '../../../db/database.ts';
import type { CreatorDraftsTable } from '../../../db/schema.ts';

/** The only SQL for the creator's saved drafts (migration 011). */

/** Versions are 32-bit integer columns: a larger one is never current. */
const MAX_VERSION = 2_147_483_647;

function selectDrafts(db: Db) {
  return db
    .selectFrom('creator_drafts')
    .innerJoin('users', 'users.id', 'creator_drafts.user_id')
    .selectAll('creator_drafts')
    .select('users.contact_name as owner_name');
}
export type DraftRow = NonNullable<Awaited<ReturnType<ReturnType<typeof selectDrafts>['executeTakeFirst']>>>;

export async function findDraft(db: Db, id: string): Promise<DraftRow | undefined> {
  return selectDrafts(db).where('creator_drafts.id', '=', id).executeTakeFirst();
}

/** Every column but the content history, which the list leaves out (it can be large). */
const SUMMARY_COLUMNS = [
  'id',
  'organisation_id',
  'user_id',
  'course_id',
  'language',
  'step',
  'mode',
  'course_context',
  'teacher_profile',
  'answers',
  'features',
  'template',
  'concepts',
  'version',
  'created_at',
  'updated_at',
] as const satisfies readonly Exclude<keyof CreatorDraftsTable, 'content_history'>[];
export type DraftSummaryRow = Omit<DraftRow, 'content_history'>;

/** A company's drafts, or one author's; the most recently changed first. */
export async function listDrafts(db: Db, organisationId: string, userId?: string): Promise<DraftSummaryRow[]> {
  let q = db
    .selectFrom('creator_drafts')
    .innerJoin('users', 'users.id', 'creator_drafts.user_id')
    .select(SUMMARY_COLUMNS.map((column) => `creator_drafts.${column}` as const))
    .select('users.contact_name as owner_name')
    .where('creator_drafts.organisation_id', '=', organisationId);
  if (userId) q = q.where('creator_drafts.user_id', '=', userId);
  return q.orderBy('creator_drafts.updated_at', 'desc').orderBy('creator_drafts.id', 'desc').execute();
}

export async function insertDraft(db: Db, values: Insertable<CreatorDraftsTable>): Promise<void> {
  await db.insertInto('creator_drafts').values(values).execute();
}

/** Writes if the version is still `version`, and bumps it; false when it was stale (or the draft is gone). */
export async function updateDraft(db: Db, id: string, version: number, set: Updateable<CreatorDraftsTable>): Promise<boolean> {
  if (version >= MAX_VERSION) return false;
  const result = await db
    .updateTable('creator_drafts')
    .set({ ...set, version: version + 1 })
    .where('id', '=', id)
    .where('version', '=', version)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Links a course, only to a draft still at `version` and without one. */
export async function linkCourse(
  db: Db,
  id: string,
  version: number,
  courseId: string,
  set: Updateable<CreatorDraftsTable>,
): Promise<boolean> {
  const result = await db
    .updateTable('creator_drafts')
    .set({ ...set, course_id: courseId, version: version + 1 })
    .where('id', '=', id)
    .where('version', '=', version)
    .where('course_id', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function deleteDraft(db: Db, id: string, version: number): Promise<boolean> {
  const result = await db.deleteFrom('creator_drafts').where('id', '=', id).where('version', '=', version).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/**
 * Removes a course choose-concept had just made when linking it failed (another tab changed the
 * draft meanwhile) — only while nothing has been built in it, so no one's work can go with it.
 */
export async function deleteUnbuiltCourse(db: Db, courseId: string): Promise<void> {
  await db
    .deleteFrom('courses')
    .where('id', '=', courseId)
    .where((eb) =>
      eb.not(
        eb.exists(eb.selectFrom('course_modules').select('course_modules.id').whereRef('course_modules.course_id', '=', 'courses.id')),
      ),
    )
    .execute();
}

/** Stores a generated template whatever the draft's version, and bumps it: a tab holding the old one then sees 409. */
export async function storeTemplate(db: Db, id: string, template: string, now: string): Promise<void> {
  await db
    .updateTable('creator_drafts')
    .set((eb) => ({ template, updated_at: now, version: eb('version', '+', 1) }))
    .where('id', '=', id)
    .execute();
}
