import { sql, type Transaction } from 'kysely';
import type { Database } from '../../../db/schema.ts';
import type { ErasureSummary } from './anonymise.ts';

type Trx = Transaction<Database>;

/**
 * The tables with an organisation_id that outlive the company's deletion: the people's pseudonym
 * rows, the certificates (they still verify), the courses they name (their content goes) and the
 * record of the deletion itself. Every other table with the column is emptied of the company's
 * rows, including tables added after this was written: keeping one is a decision made here.
 */
const KEPT = new Set(['users', 'certificates', 'courses', 'erasure_requests']);

const count = (result: { numDeletedRows?: bigint; numUpdatedRows?: bigint } | undefined) =>
  Number(result?.numDeletedRows ?? result?.numUpdatedRows ?? 0);

/** The tables the company's rows are deleted from, found in the schema itself. */
async function companyTables(trx: Trx): Promise<string[]> {
  const tables = await trx.introspection.getTables();
  return tables
    .filter((t) => !t.isView && !KEPT.has(t.name) && t.columns.some((c) => c.name === 'organisation_id'))
    .map((t) => t.name)
    .sort();
}

/**
 * Its courses stay as rows (certificates and other companies' enrolments and requirements point at
 * them), archived, private and empty: modules and lessons (with everyone's progress and answers in
 * them), reviews, views and figures go; the title stays, as the certificates carry it.
 */
async function emptyCourses(trx: Trx, organisationId: string, at: string): Promise<ErasureSummary> {
  const courses = trx.selectFrom('courses').select('id').where('organisation_id', '=', organisationId);
  const summary: ErasureSummary = {};
  summary.modules = count(await trx.deleteFrom('course_modules').where('course_id', 'in', courses).executeTakeFirst());
  summary.reviews = count(await trx.deleteFrom('reviews').where('course_id', 'in', courses).executeTakeFirst());
  await trx.deleteFrom('course_views').where('course_id', 'in', courses).execute();
  await trx.deleteFrom('course_figures').where('course_id', 'in', courses).execute();
  await trx.deleteFrom('course_day_figures').where('course_id', 'in', courses).execute();
  summary.courses = count(
    await trx
      .updateTable('courses')
      .set({
        subtitle: '',
        description: '',
        tags: '[]',
        learning_objectives: '[]',
        target_audience: '',
        thumbnail_upload_id: null,
        status: 'archived',
        visibility: 'private',
        updated_at: at,
      })
      .where('organisation_id', '=', organisationId)
      .executeTakeFirst(),
  );
  return summary;
}

/**
 * Deletes what the company kept in Kursa once its people are erased: the courses' content, then
 * every row of every table keyed to the company but those in KEPT (each by its cascade: a group's
 * members, a job's steps, a mail's attachments). Counts by table, for the deletion's record.
 */
export async function deleteCompanyData(trx: Trx, organisationId: string, at: string): Promise<ErasureSummary> {
  const summary = await emptyCourses(trx, organisationId, at);
  const people = trx.selectFrom('users').select('id').where('organisation_id', '=', organisationId);
  await trx.deleteFrom('owner_learners').where('owner_id', 'in', people).execute();
  for (const table of await companyTables(trx)) {
    const result = await sql`delete from ${sql.table(table)} where organisation_id = ${organisationId}`.execute(trx);
    const n = Number(result.numAffectedRows ?? 0);
    if (n > 0) summary[table] = n;
  }
  return Object.fromEntries(Object.entries(summary).filter(([, n]) => n > 0));
}
