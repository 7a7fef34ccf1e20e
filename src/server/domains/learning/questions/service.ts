import type { TAskQuestionRequest, TCourseQuestion, TQuestionSettings } from '../../../../shared/schemas/course-questions.ts';
import type { TUser } from '../../../../shared/schemas/users.ts';
import type { Db } from '../../../db/database.ts';
import { AppError } from '../../../http/errors.ts';
import { newId } from '../../../security/tokens.ts';
import { actorOf, AuditLog } from '../../privacy/index.ts';
import * as repo from './repository.ts';

const courseNotFound = () => new AppError('COURSE_NOT_FOUND', 404, 'course.notFound');
const questionNotFound = () => new AppError('NOT_FOUND', 404, 'question.notFound');

/** Who hears of a question, its answer and its thread (the composition root wires the notifications here). */
export interface QuestionEvents {
  /** After a question is stored. */
  questionAsked(questionId: string): Promise<void>;
  /** After a question's first answer is stored (an edit of it is not told again). */
  questionAnswered(questionId: string): Promise<void>;
  /** After a reply in the question's thread: the other side hears of it. */
  questionReplied(questionId: string, replyId: string): Promise<void>;
}

/** Whom a question is shown to: its course's staff see everything, its asker their own, others what is shared. */
interface Viewer {
  userId: string;
  staff: boolean;
}

function toQuestion(row: repo.QuestionRow, viewer: Viewer, replies: repo.ReplyRow[]): TCourseQuestion {
  const mine = row.user_id === viewer.userId;
  const named = viewer.staff || mine;
  const last = replies.at(-1);
  return {
    id: row.id,
    courseId: row.course_id,
    courseTitle: row.course_title,
    lessonId: row.lesson_id,
    lessonTitle: row.lesson_title ?? null,
    askerName: named ? row.asker_name : null,
    mine,
    body: row.body,
    createdAt: row.created_at,
    editedAt: row.edited_at,
    public: Number(row.public) === 1,
    answer: row.answer,
    answeredAt: row.answered_at,
    answeredBy: row.answered_by_name ?? null,
    helpful: row.helpful_at !== null,
    pinned: row.pinned_at !== null,
    hidden: named && row.hidden_at ? { reason: row.hidden_reason ?? '', at: row.hidden_at } : null,
    replies: replies.map((reply) => {
      const staff = reply.user_id !== row.user_id;
      return {
        id: reply.id,
        authorName: staff || named ? reply.author_name : null,
        staff,
        mine: reply.user_id === viewer.userId,
        body: reply.body,
        createdAt: reply.created_at,
      };
    }),
    awaiting: row.answer === null || (last !== undefined && last.user_id === row.user_id),
  };
}

async function withReplies(db: Db, rows: repo.QuestionRow[], viewer: Viewer): Promise<TCourseQuestion[]> {
  const replies = await repo.repliesOf(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) =>
    toQuestion(
      row,
      viewer,
      replies.filter((reply) => reply.question_id === row.id),
    ),
  );
}

/** The dashboard's list: the questions `person` answers (see repo.answererQuestions), as the API gives them. */
export async function questionsToAnswer(
  db: Db,
  person: { id: string; organisationId: string; admin: boolean },
  limit: number,
): Promise<TCourseQuestion[]> {
  return withReplies(db, await repo.answererQuestions(db, person, limit), { userId: person.id, staff: true });
}

/** A lesson's frequently asked questions (pinned, answered, not hidden), for the tutor to point to. */
export function lessonFaq(db: Db, courseId: string, lessonId: string, limit = 10) {
  return repo.pinnedForLesson(db, courseId, lessonId, limit);
}

type Course = NonNullable<Awaited<ReturnType<typeof repo.findCourse>>>;

/** The course's side: its instructor, or an admin of its company. */
const answersFor = (actor: TUser, course: Pick<Course, 'organisation_id' | 'owner_id'>) =>
  course.organisation_id === actor.organisationId && (actor.role === 'admin' || course.owner_id === actor.id);

/**
 * A learner asks a course's instructor a question from a lesson, privately or (where the course
 * allows it) for its other learners to see; the instructor (or an admin of the course's company)
 * answers it, and the thread goes on with replies. The asker may edit the question and mark the
 * answer helpful; the course's staff pin answered questions to their lesson as its frequently asked
 * questions, and hide or delete a question with a reason. Asking takes what taking the course
 * takes: an enrolment in a course that is not a draft, as the player does.
 */
export class QuestionsService {
  private readonly audit: AuditLog;

  constructor(
    private readonly db: Db,
    private readonly events?: QuestionEvents,
  ) {
    this.audit = new AuditLog(db);
  }

  /**
   * The course, and whether the actor answers its questions or asks them. Another company's course
   * the actor does not take is not there for them (404), even a public one: its questions are that
   * company's and its learners' business. One of their own company that they neither take nor
   * answer for says why (403).
   */
  private async access(actor: TUser, courseId: string): Promise<{ course: Course; answers: boolean; asks: boolean }> {
    const course = await repo.findCourse(this.db, courseId);
    if (!course) throw courseNotFound();
    const answers = answersFor(actor, course);
    const asks = course.status !== 'draft' && (await repo.isEnrolled(this.db, courseId, actor.id));
    if (answers || asks) return { course, answers, asks };
    if (course.organisation_id !== actor.organisationId) throw courseNotFound();
    throw new AppError('QUESTION_NOT_ENROLLED', 403, 'question.notEnrolled');
  }

  /** A question the actor may see: the course's staff any, a learner of the course their own and the shared. */
  private async question(actor: TUser, questionId: string) {
    const row = await repo.findQuestion(this.db, questionId);
    if (!row) throw questionNotFound();
    const staff = answersFor(actor, row);
    const mine = row.user_id === actor.id;
    if (staff || mine) return { row, staff, mine };
    const shared =
      row.hidden_at === null &&
      (row.pinned_at !== null ||
        (Number(row.public) === 1 && Number(row.public_questions) === 1 && row.asker_organisation_id === actor.organisationId));
    if (shared && (await repo.isEnrolled(this.db, row.course_id, actor.id))) return { row, staff, mine };
    throw questionNotFound();
  }

  /** A question the actor answers for: a colleague's course 403, anyone else's 404. */
  private async answerable(actor: TUser, questionId: string) {
    const row = await repo.findQuestion(this.db, questionId);
    if (!row || row.organisation_id !== actor.organisationId || actor.role === 'learner') throw questionNotFound();
    if (!answersFor(actor, row)) throw new AppError('FORBIDDEN', 403, 'question.answerNotYours');
    return row;
  }

  private async shown(actor: TUser, questionId: string, staff: boolean): Promise<TCourseQuestion> {
    const [question] = await withReplies(this.db, [(await repo.findQuestion(this.db, questionId))!], { userId: actor.id, staff });
    return question!;
  }

  async ask(actor: TUser, courseId: string, body: TAskQuestionRequest): Promise<TCourseQuestion> {
    const { course, asks, answers } = await this.access(actor, courseId);
    if (!asks) throw new AppError('QUESTION_NOT_ENROLLED', 403, 'question.notEnrolled');
    if (body.lessonId !== undefined && !(await repo.lessonInCourse(this.db, courseId, body.lessonId))) {
      throw new AppError('VALIDATION', 400, 'question.lessonNotInCourse', { fields: { lessonId: 'question.lessonNotInCourse' } });
    }
    if (body.public && Number(course.public_questions) !== 1)
      throw new AppError('VALIDATION', 400, 'question.publicNotAllowed', { fields: { public: 'question.publicNotAllowed' } });
    const id = newId();
    await repo.insertQuestion(this.db, {
      id,
      organisationId: course.organisation_id,
      courseId,
      lessonId: body.lessonId ?? null,
      userId: actor.id,
      body: body.body,
      public: body.public === true,
      now: new Date().toISOString(),
    });
    await this.events?.questionAsked(id);
    return this.shown(actor, id, answers);
  }

  /**
   * The course's instructor and its company's admins see every question on it; a learner their own
   * and the course's public and pinned ones (the player asks with `mine`, also an instructor who
   * takes the course).
   */
  async forCourse(actor: TUser, courseId: string, mine = false): Promise<TCourseQuestion[]> {
    const { answers } = await this.access(actor, courseId);
    const staffView = answers && !mine;
    const rows = await repo.courseQuestions(
      this.db,
      courseId,
      staffView ? undefined : { userId: actor.id, organisationId: actor.organisationId, withShared: true },
    );
    return withReplies(this.db, rows, { userId: actor.id, staff: answers });
  }

  async settings(actor: TUser, courseId: string): Promise<TQuestionSettings> {
    const { course } = await this.access(actor, courseId);
    return { publicQuestions: Number(course.public_questions) === 1 };
  }

  /** Whether the course's learners may ask in public: its instructor or an admin of its company. */
  async setSettings(actor: TUser, courseId: string, settings: TQuestionSettings): Promise<TQuestionSettings> {
    const { course, answers } = await this.access(actor, courseId);
    if (!answers) {
      if (course.organisation_id === actor.organisationId && actor.role !== 'learner')
        throw new AppError('FORBIDDEN', 403, 'question.answerNotYours');
      throw courseNotFound();
    }
    await repo.setPublicQuestions(this.db, courseId, settings.publicQuestions);
    return settings;
  }

  /**
   * The course's answer: its instructor's, or an admin's of its company. Another company's
   * question, or a learner asking, is not there (404); an instructor of the company answering a
   * colleague's course is told it is not theirs (403). Writing again replaces the answer.
   */
  async answer(actor: TUser, questionId: string, text: string): Promise<TCourseQuestion> {
    const row = await this.answerable(actor, questionId);
    await repo.setAnswer(this.db, questionId, { text, by: actor.id, at: new Date().toISOString() });
    if (row.answer === null) await this.events?.questionAnswered(questionId);
    return this.shown(actor, questionId, true);
  }

  /** The thread after the answer: the asker's follow-up, or the course staff's reply; the other side hears of it. */
  async reply(actor: TUser, questionId: string, body: string): Promise<TCourseQuestion> {
    const { row, staff, mine } = await this.question(actor, questionId);
    if (!staff && !mine) throw new AppError('FORBIDDEN', 403, 'question.notYours');
    if (row.answer === null) throw new AppError('QUESTION_NOT_ANSWERED', 409, 'question.notAnswered');
    const id = newId();
    await repo.insertReply(this.db, { id, questionId, userId: actor.id, body, now: new Date().toISOString() });
    await this.events?.questionReplied(questionId, id);
    return this.shown(actor, questionId, staff);
  }

  /**
   * The asker rewrites their question until it is answered (then the answer is to what they asked,
   * and a pinned question is the instructor's words to every learner and the tutor); the course's
   * staff see that it was edited.
   */
  async edit(actor: TUser, questionId: string, body: string): Promise<TCourseQuestion> {
    const { row, staff, mine } = await this.question(actor, questionId);
    if (!mine) throw new AppError('FORBIDDEN', 403, 'question.notYours');
    if (row.answer !== null) throw new AppError('QUESTION_ANSWERED', 409, 'question.answeredNoEdit');
    await repo.updateQuestion(this.db, questionId, { body, edited_at: new Date().toISOString() });
    return this.shown(actor, questionId, staff);
  }

  /** The asker marks the answer helpful (or takes it back). */
  async setHelpful(actor: TUser, questionId: string, helpful: boolean): Promise<TCourseQuestion> {
    const { row, staff, mine } = await this.question(actor, questionId);
    if (!mine) throw new AppError('FORBIDDEN', 403, 'question.notYours');
    if (row.answer === null) throw new AppError('QUESTION_NOT_ANSWERED', 409, 'question.notAnswered');
    await repo.updateQuestion(this.db, questionId, { helpful_at: helpful ? new Date().toISOString() : null });
    return this.shown(actor, questionId, staff);
  }

  /** Pinned to its lesson as a frequently asked question, for every learner of the course (and the tutor). */
  async setPinned(actor: TUser, questionId: string, pinned: boolean): Promise<TCourseQuestion> {
    const row = await this.answerable(actor, questionId);
    if (pinned && (row.answer === null || row.lesson_id === null || row.hidden_at !== null))
      throw new AppError('QUESTION_NOT_PINNABLE', 409, 'question.pinNeedsLesson');
    await repo.updateQuestion(this.db, questionId, { pinned_at: pinned ? new Date().toISOString() : null });
    return this.shown(actor, questionId, true);
  }

  /** Hidden from the course's other learners (and unpinned), the reason shown to its asker; `null` shows it again. */
  async setHidden(actor: TUser, questionId: string, reason: string | null, ip: string): Promise<TCourseQuestion> {
    const row = await this.answerable(actor, questionId);
    const now = new Date().toISOString();
    await repo.updateQuestion(
      this.db,
      questionId,
      reason === null
        ? { hidden_at: null, hidden_reason: null, hidden_by: null }
        : { hidden_at: now, hidden_reason: reason, hidden_by: actor.id, pinned_at: null },
    );
    if (reason !== null) await this.moderate(actor, ip, 'question.hidden', row, reason);
    return this.shown(actor, questionId, true);
  }

  /** Deleted with its thread, the reason kept in the company's audit log. */
  async remove(actor: TUser, questionId: string, reason: string, ip: string): Promise<void> {
    const row = await this.answerable(actor, questionId);
    await repo.deleteQuestion(this.db, questionId);
    await this.moderate(actor, ip, 'question.deleted', row, reason);
  }

  /** Moderation is kept in the course company's audit log: who, which question of whose, and why (not its text). */
  private async moderate(actor: TUser, ip: string, action: 'question.hidden' | 'question.deleted', row: repo.QuestionRow, reason: string) {
    await this.audit.record({
      organisationId: row.organisation_id,
      actor: actorOf(actor, ip),
      action,
      target: { type: 'question', id: row.id },
      details: { courseId: row.course_id, askerId: row.user_id, reason },
    });
  }
}
