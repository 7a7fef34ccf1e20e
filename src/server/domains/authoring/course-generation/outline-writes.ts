import { translate } from '../../../../shared/i18n/messages.ts';
import { emptyContent } from '../../../../shared/schemas/lesson-content.ts';
import type { Db } from '../../../db/database.ts';
import type { AiLanguage } from '../../../ai/task.ts';
import type { TOutlineOutput } from '../../../ai/tasks/generate-outline/schema.ts';
import { newId } from '../../../security/tokens.ts';
import { courseRecords as courses, type Executor } from '../../courses/index.ts';
import * as repo from './repository.ts';

/**
 * Outline writes of course generation. Each is one transaction that first bumps the course's
 * version (the outline's lock, as the builder's outline writes take it) and then checks what is
 * there, so it happens once: a step run again after a crash finds its modules and adds nothing.
 */

/** Runs `work` under the course's outline lock; false when the course is gone or archived. */
export async function underOutlineLock(db: Db, courseId: string, work: (trx: Executor, now: string) => Promise<void>): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    for (let attempt = 0; attempt < 5; attempt++) {
      const course = await courses.findCourse(trx, courseId);
      if (!course || course.status === 'archived') return false;
      const now = new Date().toISOString();
      if (!(await courses.updateCourse(trx, courseId, Number(course.version), { updated_at: now }))) continue;
      await work(trx, now);
      return true;
    }
    throw new Error('the course outline kept changing');
  });
}

const lessonValues = (values: {
  id: string;
  courseId: string;
  moduleId: string;
  position: number;
  title: string;
  kind: 'text' | 'quiz';
  model: string | null;
  durationMinutes: number | null;
  now: string;
}) => ({
  id: values.id,
  course_id: values.courseId,
  module_id: values.moduleId,
  position: values.position,
  title: values.title,
  kind: values.kind,
  content: JSON.stringify(emptyContent(values.kind)),
  format: values.kind === 'text' ? ('lesson' as const) : null,
  source: 'ai' as const,
  source_model: values.model,
  duration_minutes: values.durationMinutes,
  version: 1,
  created_at: values.now,
  updated_at: values.now,
});

const quizTitle = (module: string, language: AiLanguage) => translate('courseGeneration.quizTitle', language, { module }).slice(0, 200);

/**
 * Creates the generated modules and lessons, if the course still has no module (a user or an
 * earlier run of this step may have made some meanwhile: then nothing is added). Answers each new
 * lesson's summary by id, for the lesson steps' prompts. With `quizzes`, each module ends with an empty quiz lesson.
 */
export async function createOutlineOnce(
  db: Db,
  courseId: string,
  outline: TOutlineOutput,
  model: string,
  quizzes: { language: AiLanguage } | null,
): Promise<Map<string, string>> {
  const summaries = new Map<string, string>();
  await underOutlineLock(db, courseId, async (trx, now) => {
    if ((await repo.countModules(trx, courseId)) > 0) return;
    for (const [position, module] of outline.modules.entries()) {
      const moduleId = newId();
      await repo.insertAiModule(trx, {
        id: moduleId,
        courseId,
        position,
        title: module.title,
        description: module.description,
        model,
        now,
      });
      for (const [lessonPosition, lesson] of module.lessons.entries()) {
        const id = newId();
        await repo.insertLesson(
          trx,
          lessonValues({
            id,
            courseId,
            moduleId,
            position: lessonPosition,
            title: lesson.title,
            kind: 'text',
            model,
            durationMinutes: lesson.duration_minutes,
            now,
          }),
        );
        summaries.set(id, lesson.summary);
      }
      if (quizzes) {
        const title = quizTitle(module.title, quizzes.language);
        await repo.insertLesson(
          trx,
          lessonValues({
            id: newId(),
            courseId,
            moduleId,
            position: module.lessons.length,
            title,
            kind: 'quiz',
            model: null,
            durationMinutes: null,
            now,
          }),
        );
      }
    }
  });
  return summaries;
}

/**
 * Adds an empty quiz lesson at the end of each of `moduleIds` that has none (once: a module with a
 * quiz is left alone), titled in the course's language.
 */
export async function ensureQuizLessons(
  db: Db,
  courseId: string,
  modules: { id: string; title: string }[],
  language: AiLanguage,
): Promise<void> {
  const lessons = await repo.findLessonsWithContent(db, courseId);
  const missing = modules.filter((m) => !lessons.some((l) => l.module_id === m.id && l.kind === 'quiz'));
  if (missing.length === 0) return;
  await underOutlineLock(db, courseId, async (trx, now) => {
    const current = await repo.findLessonsWithContent(trx, courseId);
    for (const module of missing) {
      if (current.some((l) => l.module_id === module.id && l.kind === 'quiz')) continue;
      const position = await courses.nextLessonPosition(trx, module.id);
      const title = quizTitle(module.title, language);
      await repo.insertLesson(
        trx,
        lessonValues({
          id: newId(),
          courseId,
          moduleId: module.id,
          position,
          title,
          kind: 'quiz',
          model: null,
          durationMinutes: null,
          now,
        }),
      );
    }
  });
}
