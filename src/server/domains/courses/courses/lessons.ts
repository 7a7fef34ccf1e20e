import type { Updateable } from 'kysely';
import type { TLesson, TLessonRevisionDetail, TUpdateLessonRequest } from '../../../../shared/schemas/courses.ts';
import type { TScormContent } from '../../../../shared/schemas/lesson-content.ts';
import type { TUser } from '../../../../shared/schemas/users.ts';
import type { Db } from '../../../db/database.ts';
import type { LessonsTable } from '../../../db/schema.ts';
import { AppError } from '../../../http/errors.ts';
import { archived, assertEditable, conflict, lessonFor } from './access.ts';
import { assertScormOfCourse, assertUploadsOfCourse, uploadReferences, validateContent } from './content.ts';
import * as repo from './repository.ts';
import type { Executor } from './repository.ts';
import { recordRevision } from './revisions.ts';
import { parseJson, toLesson } from './serialise.ts';

const person = (id: string | null, name: string | null) => (id ? { id, name: name ?? '' } : null);

/**
 * A lesson as its author edits it (content and quiz answer keys included), its saves and its
 * revisions. A save carries the lesson's version: autosave from two tabs cannot overwrite each other.
 */
export class LessonsService {
  constructor(private readonly db: Db) {}

  async get(actor: TUser, lessonId: string): Promise<TLesson> {
    const { lesson } = await lessonFor(this.db, actor, lessonId);
    return toLesson(lesson);
  }

  async save(actor: TUser, lessonId: string, input: TUpdateLessonRequest): Promise<TLesson> {
    const { lesson, course } = await lessonFor(this.db, actor, lessonId);
    assertEditable(course);
    const kind = input.kind ?? lesson.kind;
    if (kind !== lesson.kind && input.content === undefined) {
      throw new AppError('VALIDATION', 400, 'course.content', { fields: { content: 'course.content' } });
    }
    // A SCORM lesson is made by importing a package and stays one; no other lesson becomes one.
    if (kind !== lesson.kind && (kind === 'scorm' || lesson.kind === 'scorm'))
      throw new AppError('VALIDATION', 400, 'scorm.importOnly', { fields: { kind: 'scorm.importOnly' } });
    let content = lesson.content;
    if (input.content !== undefined) {
      const parsed = validateContent(kind, input.content);
      await assertUploadsOfCourse(this.db, course.id, uploadReferences(kind, parsed));
      if (kind === 'scorm') await assertScormOfCourse(this.db, course.id, parsed as TScormContent);
      content = JSON.stringify(parsed);
    }
    const title = input.title ?? lesson.title;
    const now = new Date();
    const set: Updateable<LessonsTable> = { title, kind, content, updated_at: now.toISOString() };
    if (input.durationMinutes !== undefined) set.duration_minutes = input.durationMinutes;
    // A quiz's questions are the course's assessment: never open to anyone who has not enrolled.
    if (input.freePreview === true && kind === 'quiz')
      throw new AppError('VALIDATION', 400, 'course.previewQuiz', { fields: { freePreview: 'course.previewQuiz' } });
    // A package's files are for enrolled learners and the company's staff alone.
    if (input.freePreview === true && kind === 'scorm')
      throw new AppError('VALIDATION', 400, 'scorm.noPreview', { fields: { freePreview: 'scorm.noPreview' } });
    if (input.freePreview !== undefined) set.free_preview = input.freePreview ? 1 : 0;
    else if (kind === 'quiz' || kind === 'scorm') set.free_preview = 0;
    const stateChanged = title !== lesson.title || kind !== lesson.kind || content !== lesson.content;
    await this.db.transaction().execute(async (trx) => {
      if (!(await repo.updateLesson(trx, lessonId, input.version, set))) throw await this.whyNotSaved(trx, course.id);
      if (stateChanged) {
        const previous = {
          version: input.version,
          title: lesson.title,
          kind: lesson.kind,
          content: lesson.content,
          savedAt: lesson.updated_at,
        };
        await recordRevision(trx, lessonId, { version: input.version + 1, title, kind, content }, actor.id, now, {
          coalesce: true,
          previous,
        });
      }
    });
    return this.current(lessonId);
  }

  /** A lesson write matched no row: the course was archived meanwhile, or the version is stale. */
  private async whyNotSaved(db: Executor, courseId: string): Promise<AppError> {
    const course = await repo.findCourse(db, courseId);
    return course?.status === 'archived' ? archived() : conflict();
  }

  private async current(lessonId: string): Promise<TLesson> {
    const lesson = await repo.findLesson(this.db, lessonId);
    if (!lesson) throw new AppError('LESSON_NOT_FOUND', 404, 'course.lessonNotFound');
    return toLesson(lesson);
  }

  async revisions(actor: TUser, lessonId: string) {
    await lessonFor(this.db, actor, lessonId);
    const rows = await repo.listRevisions(this.db, lessonId);
    return rows.map((r) => ({
      id: r.id,
      version: r.version,
      title: r.title,
      kind: r.kind,
      author: person(r.author_id, r.author_name),
      createdAt: r.created_at,
      savedAt: r.saved_at,
    }));
  }

  private async revisionFor(actor: TUser, lessonId: string, revisionId: string) {
    const { course } = await lessonFor(this.db, actor, lessonId);
    const revision = await repo.findRevision(this.db, lessonId, revisionId);
    if (!revision) throw new AppError('REVISION_NOT_FOUND', 404, 'course.revisionNotFound');
    return { course, revision };
  }

  async revision(actor: TUser, lessonId: string, revisionId: string): Promise<TLessonRevisionDetail> {
    const { revision: r } = await this.revisionFor(actor, lessonId, revisionId);
    return {
      id: r.id,
      version: r.version,
      title: r.title,
      kind: r.kind,
      author: person(r.author_id, r.author_name),
      createdAt: r.created_at,
      savedAt: r.saved_at,
      content: parseJson(r.content, null),
    };
  }

  /**
   * Makes a revision's title, kind and content the lesson's again, as a new version. It always
   * adds a revision of its own, so the state it replaced stays restorable.
   */
  async restore(actor: TUser, lessonId: string, revisionId: string, version: number): Promise<TLesson> {
    const { course, revision } = await this.revisionFor(actor, lessonId, revisionId);
    assertEditable(course);
    const now = new Date();
    const state = { title: revision.title, kind: revision.kind, content: revision.content };
    await this.db.transaction().execute(async (trx) => {
      if (!(await repo.updateLesson(trx, lessonId, version, { ...state, updated_at: now.toISOString() })))
        throw await this.whyNotSaved(trx, course.id);
      await recordRevision(trx, lessonId, { ...state, version: version + 1 }, actor.id, now, { coalesce: false });
    });
    return this.current(lessonId);
  }
}
