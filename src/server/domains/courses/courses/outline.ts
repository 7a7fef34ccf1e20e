import type { TCourse, TOutlineRequest } from '../../../../shared/schemas/courses.ts';
import { emptyContent, type LessonKind } from '../../../../shared/schemas/lesson-content.ts';
import type { TUser } from '../../../../shared/schemas/users.ts';
import type { Db } from '../../../db/database.ts';
import { AppError } from '../../../http/errors.ts';
import { newId } from '../../../security/tokens.ts';
import { assertEditable, conflict, courseFor, lessonFor, moduleFor } from './access.ts';
import * as repo from './repository.ts';
import type { CourseRow, Executor } from './repository.ts';
import { loadCourse } from './serialise.ts';

/**
 * A course's outline: modules and lessons, added, renamed, deleted and reordered. Every write
 * carries the course version it was read at; the version is checked and bumped first, in one
 * statement that takes the course row's lock, and the rest follows in the same transaction.
 */
export class OutlineService {
  constructor(
    private readonly db: Db,
    private readonly publicUrl: string,
  ) {}

  private async write(course: CourseRow, version: number, work: (trx: Executor, now: string) => Promise<void>): Promise<TCourse> {
    assertEditable(course);
    const now = new Date().toISOString();
    await this.db.transaction().execute(async (trx) => {
      if (!(await repo.updateCourse(trx, course.id, version, { updated_at: now }))) throw conflict();
      await work(trx, now);
    });
    return loadCourse(this.db, course.id, this.publicUrl);
  }

  async addModule(
    actor: TUser,
    courseId: string,
    input: { title: string; description?: string | undefined; version: number },
  ): Promise<TCourse> {
    const course = await courseFor(this.db, actor, courseId);
    return this.write(course, input.version, async (trx, now) => {
      const position = await repo.nextModulePosition(trx, courseId);
      await repo.insertModule(trx, { id: newId(), courseId, position, title: input.title, description: input.description ?? '', now });
    });
  }

  async updateModule(
    actor: TUser,
    moduleId: string,
    input: { title?: string | undefined; description?: string | undefined; version: number },
  ): Promise<TCourse> {
    const { course } = await moduleFor(this.db, actor, moduleId);
    return this.write(course, input.version, async (trx, now) => {
      await repo.updateModule(trx, moduleId, {
        ...(input.title !== undefined && { title: input.title }),
        ...(input.description !== undefined && { description: input.description }),
        updated_at: now,
      });
    });
  }

  async deleteModule(actor: TUser, moduleId: string, version: number): Promise<TCourse> {
    const { course } = await moduleFor(this.db, actor, moduleId);
    return this.write(course, version, (trx) => repo.deleteModule(trx, moduleId));
  }

  async addLesson(actor: TUser, moduleId: string, input: { title: string; kind: LessonKind; version: number }): Promise<TCourse> {
    const { course } = await moduleFor(this.db, actor, moduleId);
    if (input.kind === 'scorm') throw new AppError('VALIDATION', 400, 'scorm.importOnly', { fields: { kind: 'scorm.importOnly' } });
    return this.write(course, input.version, async (trx, now) => {
      await repo.insertLesson(trx, {
        id: newId(),
        course_id: course.id,
        module_id: moduleId,
        position: await repo.nextLessonPosition(trx, moduleId),
        title: input.title,
        kind: input.kind,
        content: JSON.stringify(emptyContent(input.kind)),
        format: null,
        source: 'manual',
        source_model: null,
        duration_minutes: null,
        version: 1,
        created_at: now,
        updated_at: now,
      });
    });
  }

  async deleteLesson(actor: TUser, lessonId: string, version: number): Promise<TCourse> {
    const { course } = await lessonFor(this.db, actor, lessonId);
    return this.write(course, version, (trx) => repo.deleteLesson(trx, lessonId));
  }

  /** The complete order: every module and lesson of the course exactly once; lessons may change module. */
  async reorder(actor: TUser, courseId: string, input: TOutlineRequest): Promise<TCourse> {
    const course = await courseFor(this.db, actor, courseId);
    return this.write(course, input.version, async (trx) => {
      // Read under the lock the version bump took: this is the outline the order must match.
      const [modules, lessons] = await Promise.all([repo.findModules(trx, courseId), repo.findLessonSummaries(trx, courseId)]);
      const moduleIds = input.modules.map((m) => m.id);
      const lessonIds = input.modules.flatMap((m) => m.lessonIds);
      if (
        !sameSet(
          moduleIds,
          modules.map((m) => m.id),
        ) ||
        !sameSet(
          lessonIds,
          lessons.map((l) => l.id),
        )
      ) {
        throw new AppError('OUTLINE_MISMATCH', 400, 'course.outlineMismatch');
      }
      const currentModules = new Map(modules.map((m) => [m.id, m]));
      const currentLessons = new Map(lessons.map((l) => [l.id, l]));
      for (const [position, module] of input.modules.entries()) {
        if (currentModules.get(module.id)?.position !== position) await repo.setModulePosition(trx, module.id, position);
        for (const [lessonPosition, lessonId] of module.lessonIds.entries()) {
          const lesson = currentLessons.get(lessonId);
          if (lesson?.module_id !== module.id || lesson.position !== lessonPosition)
            await repo.setLessonPlace(trx, lessonId, module.id, lessonPosition);
        }
      }
    });
  }
}

/** Whether `given` names exactly the ids of `existing`, each once. */
function sameSet(given: string[], existing: string[]): boolean {
  if (given.length !== existing.length) return false;
  const seen = new Set(given);
  return seen.size === given.length && existing.every((id) => seen.has(id));
}
