import type { TGenerationJobInput } from '../../../../shared/schemas/course-generation.ts';
import type { StepContext } from '../../../jobs/kinds.ts';
import { AppError } from '../../../http/errors.ts';
import { courseRecords as courses } from '../../courses/index.ts';
import { startTranslation } from '../course-translation/start.ts';
import * as features from './features-repository.ts';
import type { StepDeps } from './steps.ts';

type Ctx = StepContext<TGenerationJobInput>;

/** The 'translate' step's output, kept as the job's result's `translation`. */
export interface TranslationStarted {
  courseId: string | null;
  jobId: string | null;
  skipped?: 'exists' | 'gone' | 'empty';
}

/**
 * second-language: once the rest of the course is written, a translation into the other language
 * is started for the job's user (the owner of the copy). Once only: a course that already has a
 * translation into that language (this step's own, run again after a crash, or an earlier one) is
 * linked instead of translated again.
 */
export async function translateStep(deps: StepDeps, ctx: Ctx): Promise<TranslationStarted> {
  const { db, storage, jobs } = deps;
  if (!storage || !jobs) throw new Error('the translation needs the storage and the jobs');
  const course = await courses.findCourse(db, ctx.job.input.courseId);
  if (!course || course.status === 'archived' || !ctx.job.userId) return { courseId: null, jobId: null, skipped: 'gone' };
  const to = course.language === 'en' ? 'da' : 'en';
  const existing = await features.findTranslation(db, course.id, to);
  if (existing) return { courseId: existing.courseId, jobId: existing.jobId, skipped: 'exists' };
  try {
    return await startTranslation(db, storage, jobs, course, { id: ctx.job.userId, organisationId: ctx.job.organisationId }, to);
  } catch (error) {
    if (error instanceof AppError && error.code === 'NOTHING_TO_TRANSLATE') return { courseId: null, jobId: null, skipped: 'empty' };
    throw error;
  }
}
