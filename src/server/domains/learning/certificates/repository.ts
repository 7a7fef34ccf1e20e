import type { Selectable } from 'kysely';
import type { Db } from '../../../db/database.ts';
import type { Database } from '../../../db/schema.ts';

/** The only SQL for certificates and their signing keys. */

export type CertificateRow = Selectable<Database['certificates']>;

/** What a certificate states, from the completed enrolment: the learner, the course, its company and instructor, its length. */
export async function findCompletion(db: Db, enrolmentId: string) {
  return db
    .selectFrom('enrolments as e')
    .innerJoin('users as learner', 'learner.id', 'e.user_id')
    .innerJoin('courses as c', 'c.id', 'e.course_id')
    .innerJoin('organisations as o', 'o.id', 'c.organisation_id')
    .innerJoin('users as owner', 'owner.id', 'c.owner_id')
    .select([
      'e.id',
      'e.user_id',
      'e.course_id',
      'e.completed_at',
      'e.cycle',
      'learner.contact_name as holder_name',
      'learner.language',
      'c.title as course_title',
      'c.organisation_id',
      'o.name as company_name',
      'owner.contact_name as instructor_name',
      (eb) =>
        eb
          .selectFrom('lessons')
          .select((e2) => e2.fn.sum<number | string | null>('duration_minutes').as('n'))
          .whereRef('lessons.course_id', '=', 'c.id')
          .as('minutes'),
    ])
    .where('e.id', '=', enrolmentId)
    .executeTakeFirst();
}

/**
 * The score a certificate states: the mean of the latest attempt at each of the course's quizzes in
 * the cycle it was earned in; null when that cycle answered no quiz.
 */
export async function quizScore(db: Db, enrolment: { id: string; cycle: number }): Promise<number | null> {
  const row = await db
    .selectFrom('quiz_attempts as a')
    .select((eb) => eb.fn.avg<number | string | null>('a.score').as('score'))
    .where('a.enrolment_id', '=', enrolment.id)
    .where('a.cycle', '=', enrolment.cycle)
    .where(({ eb, selectFrom }) =>
      eb(
        'a.attempt',
        '=',
        selectFrom('quiz_attempts as b')
          .select((e2) => e2.fn.max('b.attempt').as('m'))
          .whereRef('b.enrolment_id', '=', 'a.enrolment_id')
          .whereRef('b.cycle', '=', 'a.cycle')
          .whereRef('b.lesson_id', '=', 'a.lesson_id'),
      ),
    )
    .executeTakeFirst();
  return row?.score === null || row?.score === undefined ? null : Math.round(Number(row.score));
}

/** Inserts unless the enrolment's cycle already has its certificate (the unique index decides, also under races); answers whether it inserted. */
export async function insertCertificate(db: Db, row: CertificateRow): Promise<boolean> {
  const result = await db
    .insertInto('certificates')
    .values(row)
    .onConflict((oc) => oc.columns(['enrolment_id', 'cycle']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

export async function findByCode(db: Db, code: string): Promise<CertificateRow | undefined> {
  return db.selectFrom('certificates').selectAll().where('code', '=', code).executeTakeFirst();
}

/** The user's certificates, newest first. */
export async function listByUser(db: Db, userId: string): Promise<CertificateRow[]> {
  return db.selectFrom('certificates').selectAll().where('user_id', '=', userId).orderBy('issued_at', 'desc').orderBy('code').execute();
}

/** The user's completed enrolments whose cycle has no certificate yet (an issue that failed, or came before certificates). */
export async function completedWithoutCertificate(db: Db, userId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('enrolments as e')
    .leftJoin('certificates as cert', (join) => join.onRef('cert.enrolment_id', '=', 'e.id').onRef('cert.cycle', '=', 'e.cycle'))
    .select('e.id')
    .where('e.user_id', '=', userId)
    .where('e.completed_at', 'is not', null)
    .where('cert.id', 'is', null)
    .execute();
  return rows.map((r) => r.id);
}

/** What a learning path's certificate states, from the finished place on it: the learner, the path, its company and maker, its courses' length. */
export async function findPathCompletion(db: Db, pathEnrolmentId: string) {
  return db
    .selectFrom('path_enrolments as pe')
    .innerJoin('users as learner', 'learner.id', 'pe.user_id')
    .innerJoin('learning_paths as p', 'p.id', 'pe.path_id')
    .innerJoin('organisations as o', 'o.id', 'p.organisation_id')
    .leftJoin('users as maker', 'maker.id', 'p.created_by')
    .select([
      'pe.id',
      'pe.user_id',
      'pe.path_id',
      'pe.completed_at',
      'learner.contact_name as holder_name',
      'learner.language',
      'p.title as path_title',
      'p.organisation_id',
      'o.name as company_name',
      'maker.contact_name as maker_name',
      (eb) =>
        eb
          .selectFrom('learning_path_courses as pc')
          .innerJoin('lessons', 'lessons.course_id', 'pc.course_id')
          .select((e2) => e2.fn.sum<number | string | null>('lessons.duration_minutes').as('n'))
          .whereRef('pc.path_id', '=', 'p.id')
          .as('minutes'),
    ])
    .where('pe.id', '=', pathEnrolmentId)
    .executeTakeFirst();
}

/** Inserts unless the place on the path already has its certificate; answers whether it inserted. */
export async function insertPathCertificate(db: Db, row: CertificateRow): Promise<boolean> {
  const result = await db
    .insertInto('certificates')
    .values(row)
    .onConflict((oc) => oc.column('path_enrolment_id').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

/** Whether the user holds a certificate of the path not revoked (earned on an earlier place on it). */
export async function holdsPathCertificate(db: Db, userId: string, pathId: string): Promise<boolean> {
  const row = await db
    .selectFrom('certificates')
    .select('id')
    .where('user_id', '=', userId)
    .where('path_id', '=', pathId)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * The user's finished places on paths whose path they hold no certificate of (an issue that failed).
 * Matched by person and path, as issuing is: a place given again after one was earned has none of
 * its own, and needs none.
 */
export async function finishedPathsWithoutCertificate(db: Db, userId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('path_enrolments as pe')
    .leftJoin('certificates as cert', (join) =>
      join.onRef('cert.user_id', '=', 'pe.user_id').onRef('cert.path_id', '=', 'pe.path_id').on('cert.revoked_at', 'is', null),
    )
    .select('pe.id')
    .where('pe.user_id', '=', userId)
    .where('pe.completed_at', 'is not', null)
    .where('cert.id', 'is', null)
    .execute();
  return rows.map((r) => r.id);
}

/** Revokes once: answers false when it was already revoked. */
/** Writes a certificate signed again: its holder's name, its erasure, its key and signature. */
export async function replaceSigned(
  db: Db,
  id: string,
  set: Pick<CertificateRow, 'holder_name' | 'holder_erased_at' | 'key_id' | 'signature'>,
): Promise<void> {
  await db
    .updateTable('certificates')
    .set({ holder_name: set.holder_name, holder_erased_at: set.holder_erased_at, key_id: set.key_id, signature: set.signature })
    .where('id', '=', id)
    .execute();
}

export async function revoke(db: Db, id: string, set: { by: string; reason: string | null; now: string }): Promise<boolean> {
  const result = await db
    .updateTable('certificates')
    .set({ revoked_at: set.now, revoked_by: set.by, revoked_reason: set.reason })
    .where('id', '=', id)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Records a signing key's public half (once; every instance does it at start). */
export async function recordSigningKey(db: Db, keyId: string, publicKeyPem: string, now: string): Promise<void> {
  await db
    .insertInto('signing_keys')
    .values({ key_id: keyId, public_key: publicKeyPem, created_at: now })
    .onConflict((oc) => oc.column('key_id').doNothing())
    .execute();
}

export async function findSigningKey(db: Db, keyId: string): Promise<string | undefined> {
  return (await db.selectFrom('signing_keys').select('public_key').where('key_id', '=', keyId).executeTakeFirst())?.public_key;
}
