import { sql } from 'kysely';
import type { Db } from '../../../db/database.ts';

/** The only SQL for learners' questions. */

export async function findCourse(db: Db, courseId: string) {
  return db
    .selectFrom('courses')
    .select(['id', 'organisation_id', 'owner_id', 'status', 'visibility', 'public_questions'])
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
  row: {
    id: string;
    organisationId: string;
    courseId: string;
    lessonId: string | null;
    userId: string;
    body: string;
    public: boolean;
    now: string;
  },
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('course_questions')
      .values({
        id: row.id,
        organisation_id: row.organisationId,
        course_id: row.courseId,
        lesson_id: row.lessonId,
        user_id: row.userId,
        body: row.body,
        public: row.public ? 1 : 0,
        created_at: row.now,
      })
      .execute();
    // The instructor's recent activity shows it as a message, under the question's own id (the feed
    // reads the question's words from there while it is neither hidden nor deleted).
    await trx
      .insertInto('activity')
      .values({
        id: row.id,
        organisation_id: row.organisationId,
        course_id: row.courseId,
        user_id: row.userId,
        kind: 'message',
        created_at: row.now,
      })
      .execute();
  });
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
      'q.public',
      'q.edited_at',
      'q.helpful_at',
      'q.pinned_at',
      'q.hidden_at',
      'q.hidden_reason',
      'c.title as course_title',
      'c.organisation_id',
      'c.owner_id',
      'c.public_questions',
      'u.organisation_id as asker_organisation_id',
      'l.title as lesson_title',
      'u.contact_name as asker_name',
      'answerer.contact_name as answered_by_name',
    ]);
}

export type QuestionRow = NonNullable<Awaited<ReturnType<typeof findQuestion>>>;

export async function findQuestion(db: Db, questionId: string) {
  return questions(db).where('q.id', '=', questionId).executeTakeFirst();
}

/**
 * A course's questions, newest first: every one (the course's staff), or `mine.userId`'s and, with
 * `withShared`, the others a learner sees — not hidden, and pinned to a lesson by the staff, or
 * public while the course allows it and asked by someone of the learner's own company (a course
 * sold to several companies does not show one company's questions to another).
 */
export async function courseQuestions(db: Db, courseId: string, mine?: { userId: string; organisationId: string; withShared: boolean }) {
  let query = questions(db).where('q.course_id', '=', courseId);
  if (mine)
    query = query.where((eb) =>
      mine.withShared
        ? eb.or([
            eb('q.user_id', '=', mine.userId),
            eb.and([
              eb('q.hidden_at', 'is', null),
              eb.or([
                eb('q.pinned_at', 'is not', null),
                eb.and([eb('q.public', '=', 1), eb('c.public_questions', '=', 1), eb('u.organisation_id', '=', mine.organisationId)]),
              ]),
            ]),
          ])
        : eb('q.user_id', '=', mine.userId),
    );
  return query.orderBy('q.created_at', 'desc').orderBy('q.id', 'desc').execute();
}

/** The replies to the questions, oldest first, with their writers. */
export async function repliesOf(db: Db, questionIds: string[]) {
  if (questionIds.length === 0) return [];
  return db
    .selectFrom('course_question_replies as r')
    .leftJoin('users as u', 'u.id', 'r.user_id')
    .select(['r.id', 'r.question_id', 'r.user_id', 'r.body', 'r.created_at', 'u.contact_name as author_name'])
    .where('r.question_id', 'in', questionIds)
    .orderBy('r.created_at')
    .orderBy('r.id')
    .execute();
}
export type ReplyRow = Awaited<ReturnType<typeof repliesOf>>[number];

export async function insertReply(db: Db, row: { id: string; questionId: string; userId: string; body: string; now: string }) {
  await db
    .insertInto('course_question_replies')
    .values({ id: row.id, question_id: row.questionId, user_id: row.userId, body: row.body, created_at: row.now })
    .execute();
}

type QuestionChange = Partial<{
  body: string;
  edited_at: string | null;
  helpful_at: string | null;
  pinned_at: string | null;
  hidden_at: string | null;
  hidden_reason: string | null;
  hidden_by: string | null;
}>;

export async function updateQuestion(db: Db, questionId: string, change: QuestionChange): Promise<void> {
  await db.updateTable('course_questions').set(change).where('id', '=', questionId).execute();
}

export async function deleteQuestion(db: Db, questionId: string): Promise<void> {
  await db.deleteFrom('course_questions').where('id', '=', questionId).execute();
}

export async function setPublicQuestions(db: Db, courseId: string, allowed: boolean): Promise<void> {
  await db
    .updateTable('courses')
    .set({ public_questions: allowed ? 1 : 0 })
    .where('id', '=', courseId)
    .execute();
}

/** A lesson's pinned questions and their answers (its frequently asked questions), newest pin first. */
export async function pinnedForLesson(db: Db, courseId: string, lessonId: string, limit: number) {
  return db
    .selectFrom('course_questions')
    .select(['body', 'answer'])
    .where('course_id', '=', courseId)
    .where('lesson_id', '=', lessonId)
    .where('pinned_at', 'is not', null)
    .where('hidden_at', 'is', null)
    .where('answer', 'is not', null)
    .orderBy('pinned_at', 'desc')
    .limit(limit)
    .execute();
}

/**
 * The questions a person answers: on the instructor's own courses, or for an admin on every course
 * of the company (an admin answers any of them); the ones still to answer first, then newest first.
 */
export async function answererQuestions(db: Db, person: { id: string; organisationId: string; admin: boolean }, limit: number) {
  const query = questions(db);
  return (person.admin ? query.where('q.organisation_id', '=', person.organisationId) : query.where('c.owner_id', '=', person.id))
    .orderBy(
      sql`case when q.answer is null or (select r.user_id from course_question_replies r where r.question_id = q.id order by r.created_at desc, r.id desc limit 1) = q.user_id then 0 else 1 end`,
    )
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
