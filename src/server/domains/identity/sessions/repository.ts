import type { Db } from '../../../db/database.ts';

/** A person of the company (not erased), whose sessions an admin may see; none when they are another company's. */
export async function findPerson(db: Db, organisationId: string, id: string) {
  return db
    .selectFrom('users')
    .select(['id', 'email'])
    .where('organisation_id', '=', organisationId)
    .where('id', '=', id)
    .where('erased_at', 'is', null)
    .executeTakeFirst();
}
