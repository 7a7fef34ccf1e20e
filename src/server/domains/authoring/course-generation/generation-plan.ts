import { emptyContent, type TQuizContent } from '../../../../shared/schemas/lesson-content.ts';
import type { TGenerationJobInput } from '../../../../shared/schemas/course-generation.ts';
import type { Db } from '../../../db/database.ts';
import { courseRecords as courses } from '../../courses/index.ts';
import { plainText } from './lesson-document.ts';
import * as repo from './repository.ts';

/**
 * What a generation job will write, fixed by its first step: the lessons and quizzes, each with
 * the version it had then (a later change is a user's edit, never overwritten). The steps after it
 * are planned from this; the job's kind decides what it takes:
 *   whole-course — text lessons and quizzes that are still empty;
 *   module — every text lesson and the quiz of one module;
 *   all-quizzes — the quizzes (empty ones, or all with replaceExisting).
 */
export interface PlannedLesson {
  id: string;
  title: string;
  summary: string;
  version: number;
}

export interface PlannedModule {
  id: string;
  title: string;
  lessons: PlannedLesson[];
  quiz: { id: string; version: number } | null;
}

export interface GenerationPlan {
  /** Whether the outline was generated now (false: the course had one, e.g. from a template). */
  generated: boolean;
  modules: PlannedModule[];
  /** For a course built on material: the sections each generated lesson draws on, by lesson id. */
  sources?: Record<string, number[]>;
}

export type GenerationScope = 'whole-course' | 'module' | 'all-quizzes';

const emptyText = (content: string) => plainText(JSON.parse(content) as unknown, 1).length === 0;
const emptyQuiz = (content: string) => ((JSON.parse(content) as Partial<TQuizContent>).questions ?? []).length === 0;

export async function readPlan(
  db: Db,
  scope: GenerationScope,
  input: TGenerationJobInput,
  generated: boolean,
  summaries: ReadonlyMap<string, string>,
): Promise<GenerationPlan> {
  const modules = (await courses.findModules(db, input.courseId)).filter((m) => scope !== 'module' || m.id === input.moduleId);
  const lessons = await repo.findLessonsWithContent(db, input.courseId);
  const plan: GenerationPlan = { generated, modules: [] };
  for (const module of modules) {
    const own = lessons.filter((l) => l.module_id === module.id);
    const texts = own.filter((l) => l.kind === 'text');
    const quiz = own.filter((l) => l.kind === 'quiz').at(-1);
    const lessonsToWrite =
      scope === 'all-quizzes'
        ? []
        : texts.filter((l) => scope === 'module' || l.content === JSON.stringify(emptyContent('text')) || emptyText(l.content));
    const quizWanted =
      quiz !== undefined &&
      texts.length > 0 &&
      (scope === 'module'
        ? input.options.quizPerModule
        : scope === 'whole-course'
          ? input.options.quizPerModule && emptyQuiz(quiz.content)
          : input.options.replaceExisting || emptyQuiz(quiz.content));
    plan.modules.push({
      id: module.id,
      title: module.title,
      lessons: lessonsToWrite.map((l) => ({ id: l.id, title: l.title, summary: summaries.get(l.id) ?? '', version: Number(l.version) })),
      quiz: quizWanted ? { id: quiz.id, version: Number(quiz.version) } : null,
    });
  }
  return plan;
}
