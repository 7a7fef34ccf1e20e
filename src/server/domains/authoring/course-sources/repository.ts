import type { Selectable } from 'kysely';
import { type Executor } from '../../courses/index.ts';
import type { CourseSourcesTable } from '../../../db/schema.ts';
import type { Section } from './sections.ts';

/** The only SQL for uploaded course material. */
export type SourceRow = Selectable<CourseSourcesTable>;

export async function insertSource(db: Executor, row: SourceRow, sections: readonly Section[]): Promise<void> {
  await db.insertInto('course_sources').values(row).execute();
  // In batches: PostgreSQL and SQLite both cap the parameters of one statement.
  for (let i = 0; i < sections.length; i += 100) {
    await db
      .insertInto('course_source_sections')
      .values(
        sections.slice(i, i + 100).map((s) => ({
          source_id: row.id,
          number: s.number,
          heading: s.heading,
          locator: s.locator,
          text: s.text,
          characters: s.text.length,
        })),
      )
      .execute();
  }
}

export function findSource(db: Executor, id: string): Promise<SourceRow | undefined> {
  return db.selectFrom('course_sources').selectAll().where('id', '=', id).executeTakeFirst();
}

/** A company's material, newest first; `userId` narrows it to one person's. */
export function listSources(db: Executor, organisationId: string, userId: string | null): Promise<SourceRow[]> {
  let query = db.selectFrom('course_sources').selectAll().where('organisation_id', '=', organisationId);
  if (userId) query = query.where('user_id', '=', userId);
  return query.orderBy('created_at', 'desc').orderBy('id').limit(200).execute();
}

export function listSections(db: Executor, sourceId: string) {
  return db.selectFrom('course_source_sections').selectAll().where('source_id', '=', sourceId).orderBy('number').execute();
}

export function findSection(db: Executor, sourceId: string, number: number) {
  return db
    .selectFrom('course_source_sections')
    .selectAll()
    .where('source_id', '=', sourceId)
    .where('number', '=', number)
    .executeTakeFirst();
}

export async function deleteSource(db: Executor, id: string): Promise<void> {
  await db.deleteFrom('course_source_sections').where('source_id', '=', id).execute();
  await db.deleteFrom('course_sources').where('id', '=', id).execute();
}
