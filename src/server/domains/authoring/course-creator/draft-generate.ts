import type { TDraftGenerationStarted, TGenerateDraftRequest } from '../../../../shared/schemas/draft-generation.ts';
import type { TUser } from '../../../../shared/schemas/users.ts';
import type { Db } from '../../../db/database.ts';
import { AppError } from '../../../http/errors.ts';
import type { CourseGenerationService } from '../course-generation/service.ts';
import { draftFor, toDraft } from './draft-serialise.ts';
import { draftConflict } from './drafts.ts';

/**
 * Generating a draft's course (ADR 022): the whole-course job, with the draft's
 * features as its options. module-quizzes → a quiz per module (none without it), video-scripts →
 * a video lesson with a script per module, downloadable-workbook → a workbook PDF, second-language
 * → a translation once the course is written. Certificates and due dates need nothing generated.
 */
export class DraftGenerationService {
  constructor(
    private readonly db: Db,
    private readonly generation: CourseGenerationService,
  ) {}

  async generate(actor: TUser, draftId: string, body: TGenerateDraftRequest): Promise<TDraftGenerationStarted> {
    const row = await draftFor(this.db, actor, draftId);
    if (row.version !== body.version) throw draftConflict();
    if (!row.course_id) throw new AppError('CREATOR_NO_COURSE', 409, 'creator.draftHasNoCourse');
    const on = new Set(toDraft(row).features);
    const features = {
      quizPerModule: on.has('module-quizzes'),
      videoScripts: on.has('video-scripts'),
      workbook: on.has('downloadable-workbook'),
      secondLanguage: on.has('second-language'),
    };
    const started = await this.generation.generateCourse(actor, row.course_id, { ...body.options, ...features, replaceExisting: false });
    return { ...started, courseId: row.course_id, features };
  }
}
