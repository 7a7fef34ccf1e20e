import type { JobsService } from '../../../jobs/service.ts';
import type { Db } from '../../../db/database.ts';
import { AppError } from '../../../http/errors.ts';
import type { Storage } from '../../../storage/storage.ts';
import { type CourseRow } from '../../courses/index.ts';
import { copyCourse } from './copy-course.ts';
import { TRANSLATE_KIND, type TranslateInput } from './translate-kind.ts';

/**
 * Copies `source` into a private draft in `to` owned by `owner` and starts the job that translates
 * it; the rights, the provider and a running translation are the caller's to check. A course with
 * no lessons is not copied (409 NOTHING_TO_TRANSLATE).
 */
export async function startTranslation(
  db: Db,
  storage: Storage,
  jobs: JobsService,
  source: CourseRow,
  owner: { id: string; organisationId: string },
  to: 'da' | 'en',
) {
  const copy = await copyCourse(db, storage, source, owner.id, to);
  if (copy.lessons.length === 0) {
    await db.deleteFrom('course_modules').where('course_id', '=', copy.courseId).execute();
    await db.deleteFrom('courses').where('id', '=', copy.courseId).execute();
    throw new AppError('NOTHING_TO_TRANSLATE', 409, 'translation.empty');
  }
  const input: TranslateInput = {
    sourceCourseId: source.id,
    targetCourseId: copy.courseId,
    from: source.language as 'da' | 'en',
    to,
    modules: copy.modules,
    lessons: copy.lessons,
  };
  const job = await jobs.create({
    kind: TRANSLATE_KIND,
    organisationId: owner.organisationId,
    userId: owner.id,
    courseId: copy.courseId,
    input,
  });
  return { jobId: job.id, courseId: copy.courseId };
}
