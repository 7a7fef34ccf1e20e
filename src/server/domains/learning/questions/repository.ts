import { sql } from 'kysely';
import type { Db } from '../../../db/database.ts';

/** The only SQL for learners' questions. */

export async function findCourse(db: Db, courseId: string) {
  return db
    .selectFrom('courses')
    .select(['id', 'organisation_id', 'owner_id', 'status', 'visibility'])
    .where('id', '=', courseId)
    .executeTakeFirst();
}

export async function isEnrolled(db: Db, courseId: string, userId: string): Promise<boolean> {
  const row = await db
    .selectFrom('enrolments')
    .select('id')
    .where('course_id', '=', courseId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row !== undefined;
}

export async function lessonInCourse(db: Db, courseId: string, lessonId: string): Promise<boolean> {
  const row = await db.selectFrom('lessons').select('id').where('id', '=', lessonId).where('course_id', '=', courseId).executeTakeFirst();
  return row !== undefined;
}

export async function insertQuestion(
  db: Db,
  row: { id: string; organisationId: string; courseId: string; lessonId: string | null; userId: string; body: string; now: string },
): Promise<void> {
  await db
    .insertInto('course_questions')
    .values({
      id: row.id,
      organisation_id: row.organisationId,
      course_id: row.courseId,
      lesson_id: row.lessonId,
      user_id: row.userId,
      body: row.body,
      created_at: row.now,
    })
    .execute();
}

/** Questions with what is shown beside them: the course, the lesson, the asker and who answered. */
function questions(db: Db) {
  return db
    .selectFrom('course_questions as q')
    .innerJoin('courses as c', 'c.id', 'q.course_id')
    .innerJoin('users as u', 'u.id', 'q.user_id')
    .leftJoin('lessons as l', 'l.id', 'q.lesson_id')
    .leftJoin('users as answerer', 'answerer.id', 'q.answered_by')
    .select([
      'q.id',
      'q.course_id',
      'q.lesson_id',
      'q.user_id',
      'q.body',
      'q.created_at',
      'q.answer',
      'q.answered_at',
      'c.title as course_title',
      'c.organisation_id',
      'c.owner_id',
      'l.title as lesson_title',
      'u.contact_name as asker_name',
      'answerer.contact_name as answered_by_name',
    ]);
}

export type QuestionRow = NonNullable<Awaited<ReturnType<typeof findQuestion>>>;

export async function findQuestion(db: Db, questionId: string) {
  return questions(db).where('q.id', '=', questionId).executeTakeFirst();
}

/** A course's questions, newest first; only `userId`'s when given. */
export async function courseQuestions(db: Db, courseId: string, userId?: string) {
  let query = questions(db).where('q.course_id', '=', courseId);
  if (userId !== undefined) query = query.where('q.user_id', '=', userId);
  return query.orderBy('q.created_at', 'desc').orderBy('q.id', 'desc').execute();
}

/**
 * The questions a person answers: on the instructor's own courses, or for an admin on every course
 * of the company (an admin answers any of them); the ones still to answer first, then newest first.
 */
export async function answererQuestions(db: Db, person: { id: string; organisationId: string; admin: boolean }, limit: number) {
  const query = questions(db);
  return (person.admin ? query.where('q.organisation_id', '=', person.organisationId) : query.where('c.owner_id', '=', person.id))
    .orderBy(sql`case when q.answer is null then 0 else 1 end`)
    .orderBy('q.created_at', 'desc')
    .orderBy('q.id', 'desc')
    .limit(limit)
    .execute();
}

/** Sets the course's answer; the question's own text and time stay the learner's. */
export async function setAnswer(db: Db, questionId: string, answer: { text: string; by: string; at: string }): Promise<void> {
  await db
    .updateTable('course_questions')
    .set({ answer: answer.text, answered_by: answer.by, answered_at: answer.at })
    .where('id', '=', questionId)
    .execute();
}
