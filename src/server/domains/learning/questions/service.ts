import type { TAskQuestionRequest, TCourseQuestion } from '../../../../shared/schemas/course-questions.ts';
import type { TUser } from '../../../../shared/schemas/users.ts';
import type { Db } from '../../../db/database.ts';
import { AppError } from '../../../http/errors.ts';
import { newId } from '../../../security/tokens.ts';
import * as repo from './repository.ts';

const courseNotFound = () => new AppError('COURSE_NOT_FOUND', 404, 'course.notFound');
const questionNotFound = () => new AppError('NOT_FOUND', 404, 'question.notFound');

/** Who hears of a question and of its answer (the composition root wires the notifications here). */
export interface QuestionEvents {
  /** After a question is stored. */
  questionAsked(questionId: string): Promise<void>;
  /** After a question's first answer is stored (an edit of it is not told again). */
  questionAnswered(questionId: string): Promise<void>;
}

function toQuestion(row: repo.QuestionRow): TCourseQuestion {
  return {
    id: row.id,
    courseId: row.course_id,
    courseTitle: row.course_title,
    lessonId: row.lesson_id,
    lessonTitle: row.lesson_title ?? null,
    askerName: row.asker_name,
    body: row.body,
    createdAt: row.created_at,
    answer: row.answer,
    answeredAt: row.answered_at,
    answeredBy: row.answered_by_name ?? null,
  };
}

/** The dashboard's list: the questions `person` answers (see repo.answererQuestions), as the API gives them. */
export async function questionsToAnswer(
  db: Db,
  person: { id: string; organisationId: string; admin: boolean },
  limit: number,
): Promise<TCourseQuestion[]> {
  return (await repo.answererQuestions(db, person, limit)).map(toQuestion);
}

type Course = NonNullable<Awaited<ReturnType<typeof repo.findCourse>>>;

/** The course's side: its instructor, or an admin of its company. */
const answersFor = (actor: TUser, course: Pick<Course, 'organisation_id' | 'owner_id'>) =>
  course.organisation_id === actor.organisationId && (actor.role === 'admin' || course.owner_id === actor.id);

/**
 * A learner asks a course's instructor a question from a lesson; the instructor (or an admin of
 * the course's company) answers it. Asking takes what taking the course takes: an enrolment in a
 * course that is not a draft, as the player does.
 */
export class QuestionsService {
  constructor(
    private readonly db: Db,
    private readonly events?: QuestionEvents,
  ) {}

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

  async ask(actor: TUser, courseId: string, body: TAskQuestionRequest): Promise<TCourseQuestion> {
    const { course, asks } = await this.access(actor, courseId);
    if (!asks) throw new AppError('QUESTION_NOT_ENROLLED', 403, 'question.notEnrolled');
    if (body.lessonId !== undefined && !(await repo.lessonInCourse(this.db, courseId, body.lessonId))) {
      throw new AppError('VALIDATION', 400, 'question.lessonNotInCourse', { fields: { lessonId: 'question.lessonNotInCourse' } });
    }
    const id = newId();
    await repo.insertQuestion(this.db, {
      id,
      organisationId: course.organisation_id,
      courseId,
      lessonId: body.lessonId ?? null,
      userId: actor.id,
      body: body.body,
      now: new Date().toISOString(),
    });
    await this.events?.questionAsked(id);
    return toQuestion((await repo.findQuestion(this.db, id))!);
  }

  /**
   * The course's instructor and its company's admins see every question on it; a learner their own,
   * as does anyone asking for `mine` (the player lists the caller's own questions, also an
   * instructor's who takes the course).
   */
  async forCourse(actor: TUser, courseId: string, mine = false): Promise<TCourseQuestion[]> {
    const { answers } = await this.access(actor, courseId);
    const rows = await repo.courseQuestions(this.db, courseId, answers && !mine ? undefined : actor.id);
    return rows.map(toQuestion);
  }

  /**
   * The course's answer: its instructor's, or an admin's of its company. Another company's
   * question, or a learner asking, is not there (404); an instructor of the company answering a
   * colleague's course is told it is not theirs (403). Writing again replaces the answer.
   */
  async answer(actor: TUser, questionId: string, text: string): Promise<TCourseQuestion> {
    const row = await repo.findQuestion(this.db, questionId);
    if (!row || row.organisation_id !== actor.organisationId || actor.role === 'learner') throw questionNotFound();
    if (!answersFor(actor, row)) throw new AppError('FORBIDDEN', 403, 'question.answerNotYours');
    await repo.setAnswer(this.db, questionId, { text, by: actor.id, at: new Date().toISOString() });
    if (row.answer === null) await this.events?.questionAnswered(questionId);
    return toQuestion((await repo.findQuestion(this.db, questionId))!);
  }
}
