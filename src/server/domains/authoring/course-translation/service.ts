import type {
  TCourseTranslation,
  TTranslateCourseRequest,
  TTranslateCourseResponse,
} from '../../../../shared/schemas/course-translation.ts';
import type { TUser } from '../../../../shared/schemas/users.ts';
import type { JobsService } from '../../../jobs/service.ts';
import type { AiRunner } from '../../../ai/run-task.ts';
import type { Db } from '../../../db/database.ts';
import { AppError } from '../../../http/errors.ts';
import type { Storage } from '../../../storage/storage.ts';
import { canEditCourse, courseFor } from '../../courses/index.ts';
import { startTranslation } from './start.ts';
import { TRANSLATE_KIND } from './translate-kind.ts';

const OPEN = ['queued', 'running'];

/**
 * Translation of a whole course da ↔ en into a new course linked to the original:
 * the copy exists at once (a private draft with the original's words), and a durable job
 * replaces its words piece by piece. Whoever may edit the original may translate it.
 */
export class CourseTranslationService {
  constructor(
    private readonly db: Db,
    private readonly ai: AiRunner,
    private readonly jobs: JobsService,
    private readonly storage: Storage,
  ) {}

  private async openJobInto(courseIds: string[]) {
    if (courseIds.length === 0) return undefined;
    return this.db
      .selectFrom('ai_jobs')
      .select('id')
      .where('kind', '=', TRANSLATE_KIND)
      .where('course_id', 'in', courseIds)
      .where('status', 'in', OPEN)
      .executeTakeFirst();
  }

  async translate(actor: TUser, courseId: string, body: TTranslateCourseRequest): Promise<TTranslateCourseResponse> {
    const source = await courseFor(this.db, actor, courseId);
    if (source.language === body.language)
      throw new AppError('SAME_LANGUAGE', 400, 'translation.sameLanguage', { fields: { language: 'translation.sameLanguage' } });
    await this.ai.assertAvailable(actor.organisationId, actor.role === 'admin');
    const existing = await this.db
      .selectFrom('courses')
      .select('id')
      .where('translation_of', '=', source.id)
      .where('language', '=', body.language)
      .execute();
    if (await this.openJobInto(existing.map((c) => c.id))) throw new AppError('TRANSLATION_RUNNING', 409, 'translation.running');
    return startTranslation(this.db, this.storage, this.jobs, source, actor, body.language);
  }

  /** The course's original and its translations that the actor may edit, each with its newest translation job. */
  async translations(actor: TUser, courseId: string): Promise<TCourseTranslation[]> {
    const course = await courseFor(this.db, actor, courseId);
    const rows = await this.db
      .selectFrom('courses')
      .select(['id', 'title', 'language', 'status', 'owner_id', 'organisation_id', 'translation_of'])
      .where('organisation_id', '=', actor.organisationId)
      .where((eb) =>
        eb.or([eb('translation_of', '=', course.id), ...(course.translation_of ? [eb('id', '=', course.translation_of)] : [])]),
      )
      .orderBy('created_at')
      .execute();
    const visible = rows.filter((r) => canEditCourse({ organisationId: r.organisation_id, ownerId: r.owner_id }, actor));
    const jobs = visible.length
      ? await this.db
          .selectFrom('ai_jobs')
          .select(['id', 'status', 'course_id', 'created_at'])
          .where('kind', '=', TRANSLATE_KIND)
          .where(
            'course_id',
            'in',
            visible.map((r) => r.id),
          )
          .orderBy('created_at', 'desc')
          .execute()
      : [];
    return visible.map((r) => {
      const job = jobs.find((j) => j.course_id === r.id);
      return {
        id: r.id,
        title: r.title,
        language: r.language as 'da' | 'en',
        status: r.status,
        relation: r.id === course.translation_of ? 'original' : 'translation',
        job: job ? { id: job.id, status: job.status } : null,
      };
    });
  }
}
