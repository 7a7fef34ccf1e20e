import { contentSchemas, quizForLearner, ZQuizContent, ZScormContent } from '../../../../shared/schemas/lesson-content.ts';
import type { TAttemptResult, TPlayerLesson, TPlayerOutline } from '../../../../shared/schemas/learning.ts';
import type { TUser } from '../../../../shared/schemas/users.ts';
import type { Db } from '../../../db/database.ts';
import { isUniqueViolation } from '../../../db/errors.ts';
import { AppError } from '../../../http/errors.ts';
import { newId } from '../../../security/tokens.ts';
import type { Executor } from '../../commerce/index.ts';
import { answersRevealed, grade, resultForLearner, type GradedQuestion } from './grading.ts';
import * as repo from './repository.ts';
import { readOutcome, startingData } from './scorm-runs.ts';
import { addPlayed } from './watched.ts';

const notEnrolled = () => new AppError('NOT_FOUND', 404, 'learning.notEnrolled');

export interface LearningOptions {
  /** Called once when an enrolment completes its course (certificates hang here). */
  onCourseCompleted?: (enrolmentId: string) => Promise<void>;
  /** Called after a lesson is completed (again, too: what it tells is told once). */
  onLessonCompleted?: (enrolmentId: string, lessonId: string) => Promise<void>;
  /** Called each time the learner opens a lesson. */
  onLessonOpened?: (enrolmentId: string, lessonId: string) => Promise<void>;
  /** Called after every quiz attempt counted, passed or not. */
  onAttempted?: (
    enrolmentId: string,
    lessonId: string,
    attempt: { id: string; number: number; score: number; passed: boolean },
  ) => Promise<void>;
}

/**
 * Enrolment and the course player: who may enrol in what, the learner's progress,
 * video positions, quizzes graded on the server (the answer key reaches the learner only as the
 * quiz's `revealAnswers` allows), and the course's completion.
 */
export class LearningService {
  constructor(
    private readonly db: Db,
    private readonly options: LearningOptions = {},
  ) {}

  private async enrolmentOf(actor: TUser, courseId: string) {
    const [course, enrolment] = await Promise.all([repo.findCourse(this.db, courseId), repo.findEnrolment(this.db, courseId, actor.id)]);
    if (!course || !enrolment || course.status === 'draft') throw notEnrolled();
    return { course, enrolment };
  }

  /** GET /api/learning/:courseId: the player's outline with this learner's marks. */
  async outline(actor: TUser, courseId: string): Promise<TPlayerOutline> {
    const { course, enrolment } = await this.enrolmentOf(actor, courseId);
    const [lessons, progress] = await Promise.all([repo.courseLessons(this.db, courseId), repo.progressRows(this.db, enrolment.id)]);
    const done = new Set(progress.filter((p) => p.completed_at).map((p) => p.lesson_id));
    const modules: TPlayerOutline['modules'] = [];
    for (const lesson of lessons) {
      let module = modules.at(-1);
      if (!module || module.id !== lesson.module_id)
        modules.push((module = { id: lesson.module_id, title: lesson.module_title, lessons: [] }));
      module.lessons.push({
        id: lesson.id,
        title: lesson.title,
        kind: lesson.kind as TPlayerOutline['modules'][number]['lessons'][number]['kind'],
        durationMinutes: lesson.duration_minutes,
        completed: done.has(lesson.id),
      });
    }
    const lastOpened = enrolment.last_lesson_id && lessons.some((l) => l.id === enrolment.last_lesson_id) ? enrolment.last_lesson_id : null;
    return {
      courseId: course.id,
      title: course.title,
      slug: course.slug,
      companyName: course.company_name,
      instructor: course.instructor,
      progress: enrolment.progress,
      completedAt: enrolment.completed_at,
      dueAt: enrolment.due_at,
      continueLessonId: lastOpened ?? (lessons.find((l) => !done.has(l.id)) ?? lessons[0])?.id ?? null,
      modules,
    };
  }

  private async lessonOf(actor: TUser, courseId: string, lessonId: string) {
    const { course, enrolment } = await this.enrolmentOf(actor, courseId);
    const lesson = await repo.findLesson(this.db, courseId, lessonId);
    if (!lesson) throw new AppError('NOT_FOUND', 404, 'learning.lessonNotFound');
    return { course, enrolment, lesson };
  }

  /** GET /api/learning/:courseId/lessons/:lessonId: everything the player shows for one lesson, in one answer. */
  async lesson(actor: TUser, courseId: string, lessonId: string): Promise<TPlayerLesson> {
    const { enrolment, lesson } = await this.lessonOf(actor, courseId, lessonId);
    const now = new Date().toISOString();
    const [lessons, progress] = await Promise.all([repo.courseLessons(this.db, courseId), repo.progressRows(this.db, enrolment.id)]);
    await repo.touchEnrolment(this.db, enrolment.id, lessonId, now);
    await this.options.onLessonOpened?.(enrolment.id, lessonId);
    const index = lessons.findIndex((l) => l.id === lessonId);
    const mine = progress.find((p) => p.lesson_id === lessonId);
    const parsed = contentSchemas[lesson.kind as keyof typeof contentSchemas].safeParse(JSON.parse(lesson.content));
    const content = parsed.success ? parsed.data : null;
    let quiz: TPlayerLesson['quiz'] = null;
    let shown: unknown = content;
    if (lesson.kind === 'quiz') {
      const key = ZQuizContent.parse(content ?? { questions: [] });
      shown = quizForLearner(key);
      const tries = await repo.attempts(this.db, enrolment, lessonId);
      const last = tries[0];
      const attemptsLeft = key.maxAttempts === null ? null : Math.max(0, key.maxAttempts - tries.length);
      const passed = tries.some((t) => t.passed === 1);
      const revealed = answersRevealed(key.revealAnswers, { passed, attemptsLeft });
      quiz = {
        passMark: key.passMark,
        maxAttempts: key.maxAttempts,
        attemptsUsed: tries.length,
        attemptsLeft,
        passed,
        revealAnswers: key.revealAnswers,
        lastAttempt: last
          ? {
              attempt: last.attempt,
              score: last.score,
              passed: last.passed === 1,
              passMark: key.passMark,
              attemptsLeft,
              answersRevealed: revealed,
              questions: resultForLearner(JSON.parse(last.result) as GradedQuestion[], revealed),
              courseProgress: enrolment.progress,
              courseCompleted: enrolment.completed_at !== null,
              createdAt: last.created_at,
            }
          : null,
      };
    }
    return {
      id: lesson.id,
      title: lesson.title,
      kind: lesson.kind as TPlayerLesson['kind'],
      durationMinutes: lesson.duration_minutes,
      content: shown,
      completed: Boolean(mine?.completed_at),
      positionSeconds: mine?.position_seconds ?? 0,
      previousLessonId: index > 0 ? lessons[index - 1]!.id : null,
      nextLessonId: index >= 0 && index < lessons.length - 1 ? lessons[index + 1]!.id : null,
      courseProgress: enrolment.progress,
      quiz,
    };
  }

  /**
   * Marks a lesson complete and recomputes the course's progress, completing the course when every
   * lesson is: the progress, the enrolment and the completion activity in one transaction, so a
   * failure between them leaves none. The certificate comes after the commit.
   */
  private async complete(enrolment: repo.EnrolmentRow, course: { id: string; organisation_id: string }, lessonId: string, now: string) {
    const result = await this.db.transaction().execute((trx) => this.completeIn(trx, enrolment, course, lessonId, now));
    await this.afterCompletion(enrolment, result, lessonId);
    return result;
  }

  /** The writes of a lesson's completion, in the caller's transaction (on SQLite the only connection: nothing here may use this.db). */
  private async completeIn(
    trx: Executor,
    enrolment: repo.EnrolmentRow,
    course: { id: string; organisation_id: string },
    lessonId: string,
    now: string,
  ) {
    // Writing the enrolment first locks its row until commit, so two lessons completed at once
    // count each other's progress instead of each seeing only its own uncommitted row.
    await repo.touchEnrolment(trx, enrolment.id, lessonId, now);
    await repo.saveProgress(trx, { enrolmentId: enrolment.id, lessonId, completedAt: now, now });
    const done = await repo.countCompleted(trx, enrolment.id);
    const total = await repo.countLessons(trx, course.id);
    const progress = total === 0 ? 0 : Math.min(100, Math.round((100 * done) / total));
    const complete = total > 0 && done >= total;
    const justCompleted = await repo.updateEnrolment(trx, enrolment.id, { progress, lastLessonId: lessonId, now, complete });
    if (justCompleted)
      await repo.insertActivity(trx, {
        id: newId(),
        organisationId: course.organisation_id,
        courseId: course.id,
        userId: enrolment.user_id,
        kind: 'completion',
        now,
      });
    return { progress, completed: complete, justCompleted };
  }

  private async afterCompletion(enrolment: repo.EnrolmentRow, result: { justCompleted: boolean }, lessonId: string) {
    await this.options.onLessonCompleted?.(enrolment.id, lessonId);
    if (result.justCompleted) await this.options.onCourseCompleted?.(enrolment.id);
  }

  /** POST …/complete: text, video and download lessons; a quiz completes by being passed. */
  async markComplete(actor: TUser, courseId: string, lessonId: string) {
    const { course, enrolment, lesson } = await this.lessonOf(actor, courseId, lessonId);
    if (lesson.kind === 'quiz') throw new AppError('QUIZ_COMPLETES_BY_PASSING', 409, 'learning.quizCompletes');
    if (lesson.kind === 'scorm') throw new AppError('SCORM_COMPLETES_ITSELF', 409, 'learning.scormCompletes');
    const result = await this.complete(enrolment, course, lessonId, new Date().toISOString());
    return { completed: true, courseProgress: result.progress, courseCompleted: result.completed };
  }

  private async scormLessonOf(actor: TUser, courseId: string, lessonId: string) {
    const found = await this.lessonOf(actor, courseId, lessonId);
    if (found.lesson.kind !== 'scorm') throw new AppError('NOT_SCORM', 400, 'scorm.notScorm');
    return { ...found, content: ZScormContent.parse(JSON.parse(found.lesson.content)) };
  }

  /** GET …/scorm: the CMI data the SCO starts from, its last run's where there is one (docs/decisions/065-scorm-player.md). */
  async scormRun(actor: TUser, courseId: string, lessonId: string) {
    const { enrolment, content } = await this.scormLessonOf(actor, courseId, lessonId);
    const run = await repo.findScormRun(this.db, enrolment.id, lessonId);
    const saved = run ? (JSON.parse(run.cmi) as Record<string, unknown>) : null;
    return startingData(content.version, saved, { id: actor.id, name: actor.contactName || actor.username }, content.masteryScore);
  }

  /**
   * PUT …/scorm: what the SCO committed, kept to resume from; once it says the SCO is passed, or
   * completed and not failed, the lesson is complete like any other (and stays so).
   */
  async saveScormRun(actor: TUser, courseId: string, lessonId: string, data: Record<string, unknown>) {
    const { course, enrolment, content } = await this.scormLessonOf(actor, courseId, lessonId);
    const outcome = readOutcome(content.version, data, content.masteryScore);
    const now = new Date().toISOString();
    await repo.saveScormRun(this.db, { enrolmentId: enrolment.id, lessonId, cmi: JSON.stringify(data), ...outcome, now });
    const before = await repo.findProgress(this.db, enrolment.id, lessonId);
    if (outcome.done && !before?.completed_at) {
      const result = await this.complete(enrolment, course, lessonId, now);
      return { completed: true, courseProgress: result.progress, courseCompleted: result.completed };
    }
    const fresh = await repo.findEnrolment(this.db, courseId, actor.id);
    return {
      completed: Boolean(before?.completed_at),
      courseProgress: fresh?.progress ?? 0,
      courseCompleted: Boolean(fresh?.completed_at),
    };
  }

  /**
   * PUT …/position: the video's place, to resume from, and the ranges the player played. The
   * ranges are merged with those played before (cut to the video's duration, each second counted
   * once); when they cover 90 % of the video the lesson is complete. The position never completes.
   */
  async savePosition(
    actor: TUser,
    courseId: string,
    lessonId: string,
    input: { positionSeconds: number; durationSeconds?: number | undefined; watched?: (readonly [number, number])[] | undefined },
  ) {
    const { course, enrolment, lesson } = await this.lessonOf(actor, courseId, lessonId);
    const now = new Date().toISOString();
    const duration = input.durationSeconds;
    let watchedRanges: string | undefined;
    let watched = false;
    if (lesson.kind === 'video' && duration !== undefined) {
      const before = await repo.findProgress(this.db, enrolment.id, lessonId);
      ({ watchedRanges, watched } = addPlayed(before, input.watched ?? [], duration));
    }
    await repo.saveProgress(this.db, {
      enrolmentId: enrolment.id,
      lessonId,
      positionSeconds: input.positionSeconds,
      ...(duration !== undefined && { durationSeconds: duration }),
      ...(watchedRanges !== undefined && { watchedRanges }),
      now,
    });
    if (watched) {
      const result = await this.complete(enrolment, course, lessonId, now);
      return { completed: true, courseProgress: result.progress, courseCompleted: result.completed };
    }
    const progress = (await repo.progressRows(this.db, enrolment.id)).find((p) => p.lesson_id === lessonId);
    const fresh = await repo.findEnrolment(this.db, courseId, actor.id);
    return {
      completed: Boolean(progress?.completed_at),
      courseProgress: fresh?.progress ?? 0,
      courseCompleted: Boolean(fresh?.completed_at),
    };
  }

  /** POST …/attempts: grades the answers, stores the attempt, and on a pass completes the lesson. */
  async attempt(actor: TUser, courseId: string, lessonId: string, answers: Record<string, string[] | string>): Promise<TAttemptResult> {
    const { course, enrolment, lesson } = await this.lessonOf(actor, courseId, lessonId);
    if (lesson.kind !== 'quiz') throw new AppError('NOT_A_QUIZ', 400, 'learning.notAQuiz');
    const key = ZQuizContent.parse(JSON.parse(lesson.content));
    const tries = await repo.attempts(this.db, enrolment, lessonId);
    if (tries.some((t) => t.passed === 1)) throw new AppError('ALREADY_PASSED', 409, 'learning.alreadyPassed');
    if (key.maxAttempts !== null && tries.length >= key.maxAttempts) throw new AppError('NO_ATTEMPTS_LEFT', 409, 'learning.noAttemptsLeft');
    const { score, questions } = grade(key, answers);
    const passed = score >= key.passMark;
    const now = new Date().toISOString();
    const number = (tries[0]?.attempt ?? 0) + 1;
    // The attempt and everything a pass changes are one write: a passed attempt on a lesson left
    // incomplete could never be finished (a retry is ALREADY_PASSED, a quiz cannot be marked complete).
    let completion: { progress: number; completed: boolean; justCompleted: boolean } | null;
    const attemptId = newId();
    try {
      completion = await this.db.transaction().execute(async (trx) => {
        await repo.insertAttempt(trx, {
          id: attemptId,
          enrolment_id: enrolment.id,
          lesson_id: lessonId,
          attempt: number,
          cycle: enrolment.cycle,
          answers: JSON.stringify(answers),
          result: JSON.stringify(questions),
          score,
          passed: passed ? 1 : 0,
          created_at: now,
        });
        if (passed) return this.completeIn(trx, enrolment, course, lessonId, now);
        await repo.touchEnrolment(trx, enrolment.id, lessonId, now);
        return null;
      });
    } catch (error) {
      // Two submissions at once: the other one is attempt `number`; this one is not counted.
      if (isUniqueViolation(error)) throw new AppError('CONFLICT', 409, 'learning.noAttemptsLeft');
      throw error;
    }
    await this.options.onAttempted?.(enrolment.id, lessonId, { id: attemptId, number, score, passed });
    if (completion) await this.afterCompletion(enrolment, completion, lessonId);
    const courseProgress = completion ? completion.progress : enrolment.progress;
    const courseCompleted = completion ? completion.completed : enrolment.completed_at !== null;
    const attemptsLeft = key.maxAttempts === null ? null : Math.max(0, key.maxAttempts - (tries.length + 1));
    const revealed = answersRevealed(key.revealAnswers, { passed, attemptsLeft });
    return {
      attempt: number,
      score,
      passed,
      passMark: key.passMark,
      attemptsLeft,
      answersRevealed: revealed,
      questions: resultForLearner(questions, revealed),
      courseProgress,
      courseCompleted,
      createdAt: now,
    };
  }
}
