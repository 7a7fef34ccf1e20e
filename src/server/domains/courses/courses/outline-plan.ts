import type { LessonFormat } from '../../../../shared/schemas/lesson-content.ts';
import type { TCourse } from '../../../../shared/schemas/courses.ts';
import { emptyContent } from '../../../../shared/schemas/lesson-content.ts';
import type { TUser } from '../../../../shared/schemas/users.ts';
import type { Db } from '../../../db/database.ts';
import { AppError } from '../../../http/errors.ts';
import { newId } from '../../../security/tokens.ts';
import { assertEditable, conflict, courseFor } from './access.ts';
import * as plans from './generated-repository.ts';
import * as repo from './repository.ts';
import type { Executor } from './repository.ts';
import { loadCourse } from './serialise.ts';

/** A whole outline to build at once: modules with their lessons' titles and lengths (the AI creator's template). */
export interface OutlinePlan {
  modules: { title: string; description: string; lessons: { title: string; durationMinutes: number }[] }[];
  /** Who wrote the plan ('provider:model'), recorded on the course and its lessons. */
  sourceModel: string;
}

export const hasOutline = () => new AppError('COURSE_HAS_OUTLINE', 409, 'creator.courseHasOutline');
export const hasContent = () => new AppError('COURSE_HAS_CONTENT', 409, 'creator.courseHasContent');

/**
 * Makes a plan a course's outline: modules and empty text lessons, in one transaction under the
 * course version's lock. A course with an outline keeps it unless `replace` is asked for — and
 * even then an outline is only replaced while it is empty shells: a lesson with content or any
 * revision, or a course with learners, is refused (409 COURSE_HAS_CONTENT), so no one's work and
 * no learner's progress can be deleted by a template.
 */
export class OutlinePlanService {
  constructor(
    private readonly db: Db,
    private readonly publicUrl: string,
  ) {}

  async apply(actor: TUser, courseId: string, plan: OutlinePlan, options: { replace: boolean }): Promise<TCourse> {
    const course = await courseFor(this.db, actor, courseId);
    assertEditable(course);
    const now = new Date().toISOString();
    const total = plan.modules.reduce((sum, m) => sum + m.lessons.reduce((s, l) => s + l.durationMinutes, 0), 0);
    await this.db.transaction().execute(async (trx) => {
      const set = { updated_at: now, source: 'ai' as const, source_model: plan.sourceModel, duration_minutes: total };
      if (!(await repo.updateCourse(trx, courseId, course.version, set))) throw conflict();
      // Read under the lock the version bump took: nothing can be added in between.
      if ((await repo.findModules(trx, courseId)).length > 0) {
        if (!options.replace) throw hasOutline();
        if (await this.holdsWork(trx, courseId)) throw hasContent();
        await plans.deleteModules(trx, courseId);
      }
      for (const [position, module] of plan.modules.entries()) {
        const moduleId = newId();
        await repo.insertModule(trx, { id: moduleId, courseId, position, title: module.title, description: module.description, now });
        for (const [lessonPosition, lesson] of module.lessons.entries()) {
          await repo.insertLesson(trx, {
            id: newId(),
            course_id: courseId,
            module_id: moduleId,
            position: lessonPosition,
            title: lesson.title,
            kind: 'text',
            content: JSON.stringify(emptyContent('text')),
            format: null,
            source: 'ai',
            source_model: plan.sourceModel,
            duration_minutes: lesson.durationMinutes,
            version: 1,
            created_at: now,
            updated_at: now,
          });
        }
      }
    });
    return loadCourse(this.db, courseId, this.publicUrl);
  }

  /**
   * Records who wrote a lesson's newly saved content (the caller saved it through the lessons
   * service, which checked the rights): the builder and player say it is AI-generated.
   */
  async markGenerated(lessonId: string, values: { format: LessonFormat | undefined; sourceModel: string }): Promise<void> {
    await plans.markLessonGenerated(this.db, lessonId, values);
  }

  private async holdsWork(trx: Executor, courseId: string): Promise<boolean> {
    if ((await plans.hasEnrolments(trx, courseId)) || (await plans.hasRevisions(trx, courseId))) return true;
    const lessons = await plans.lessonContents(trx, courseId);
    return lessons.some((l) => l.content !== JSON.stringify(emptyContent(l.kind)));
  }
}
