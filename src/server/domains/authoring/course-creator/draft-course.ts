import type { CourseFeature } from '../../../../shared/course-features.ts';
import type { TAddFeatureRequest, TChooseConceptRequest, TCreatorDraft } from '../../../../shared/schemas/creator-drafts.ts';
import type { TGeneratedTemplate } from '../../../../shared/schemas/creator-template.ts';
import type { TCourse } from '../../../../shared/schemas/courses.ts';
import type { TUser } from '../../../../shared/schemas/users.ts';
import type { Db } from '../../../db/database.ts';
import { AppError } from '../../../http/errors.ts';
import { type CoursesService, type OutlinePlanService } from '../../courses/index.ts';
import { courseContextOf, draftFor, featuresOf, mergedContext, toDraft } from './draft-serialise.ts';
import { draftConflict, type DraftsService } from './drafts.ts';
import * as repo from './drafts-repository.ts';
import type { DraftRow } from './drafts-repository.ts';

/** What the course model does already, whatever the generator builds: certificates on completion, due dates on assignments. */
const AVAILABLE_NOW: readonly CourseFeature[] = ['completion-certificate', 'due-dates'];

const courseExists = () => new AppError('CREATOR_COURSE_EXISTS', 409, 'creator.courseExists');
const noTemplate = () => new AppError('CREATOR_NO_TEMPLATE', 409, 'creator.noTemplate');

/**
 * Where a draft becomes a course: a chosen concept or template makes a real draft
 * course through the course model's own services, so the manual builder edits it like any other;
 * a template becomes its outline; capabilities the teacher adds are recorded for the generator.
 */
export class DraftCourseService {
  constructor(
    private readonly db: Db,
    private readonly drafts: DraftsService,
    private readonly courses: CoursesService,
    private readonly plans: OutlinePlanService,
  ) {}

  private async openDraft(actor: TUser, id: string, version: number): Promise<DraftRow> {
    const row = await draftFor(this.db, actor, id);
    if (row.version !== version) throw draftConflict();
    return row;
  }

  /** Creates the course and links it to the draft; if another tab changed the draft meanwhile, the new course goes again. */
  private async createCourse(
    actor: TUser,
    row: DraftRow,
    fields: Parameters<CoursesService['create']>[1],
    context: Record<string, unknown>,
  ): Promise<string> {
    const course = await this.courses.create(actor, { language: row.language === 'en' ? 'en' : 'da', ...fields });
    const set = { course_context: mergedContext(row.course_context, context), updated_at: new Date().toISOString() };
    if (!(await repo.linkCourse(this.db, row.id, row.version, course.id, set))) {
      await repo.deleteUnbuiltCourse(this.db, course.id);
      throw draftConflict();
    }
    return course.id;
  }

  async chooseConcept(actor: TUser, id: string, input: TChooseConceptRequest): Promise<{ draft: TCreatorDraft; course_id: string }> {
    const row = await this.openDraft(actor, id, input.version);
    if (row.course_id) throw courseExists();
    const { concept } = input;
    const context = courseContextOf(row.course_context);
    const courseId = await this.createCourse(
      actor,
      row,
      {
        title: concept.title,
        description: concept.description ?? '',
        learningObjectives: concept.learning_objectives ?? [],
        level: concept.complexity_level ?? context.complexity_level,
        targetAudience: context.target_audience,
        durationMinutes: concept.duration_minutes ?? null,
      },
      {
        title: concept.title,
        description: concept.description,
        learning_objectives: concept.learning_objectives,
        complexity_level: concept.complexity_level,
        duration: concept.duration,
        format: concept.format,
      },
    );
    return { draft: await this.drafts.current(id), course_id: courseId };
  }

  async applyTemplate(
    actor: TUser,
    id: string,
    input: { version: number; replace?: boolean | undefined },
  ): Promise<{ draft: TCreatorDraft; course: TCourse }> {
    const row = await this.openDraft(actor, id, input.version);
    const template = toDraft(row).template;
    if (!template) throw noTemplate();
    let courseId = row.course_id;
    if (!courseId) {
      const level = courseContextOf(row.course_context).complexity_level;
      courseId = await this.createCourse(
        actor,
        row,
        {
          title: template.title,
          description: template.description,
          learningObjectives: template.learningObjectives,
          targetAudience: template.targetAudience,
          level,
        },
        {
          title: template.title,
          description: template.description,
          learning_objectives: template.learningObjectives,
          duration: template.duration,
        },
      );
    }
    const course = await this.plans.apply(actor, courseId, planOf(template), { replace: input.replace === true });
    return { draft: await this.drafts.current(id), course };
  }

  /** Idempotent: adding a capability the draft has changes nothing but a newly given teacher profile. */
  async addFeature(actor: TUser, input: TAddFeatureRequest) {
    const effect = AVAILABLE_NOW.includes(input.feature) ? ('available-now' as const) : ('on-generation' as const);
    // A concurrent write (autosave) bumps the version between read and write: read again and retry.
    for (let attempt = 0; attempt < 5; attempt++) {
      const row = await draftFor(this.db, actor, input.draft_id);
      const features = featuresOf(row.features);
      const added = !features.includes(input.feature);
      if (!added && !input.teacher_profile) return { draft: await this.drafts.current(row.id), feature: input.feature, added, effect };
      const set = {
        features: JSON.stringify(added ? [...features, input.feature] : features),
        ...(input.teacher_profile && { teacher_profile: JSON.stringify(input.teacher_profile) }),
        updated_at: new Date().toISOString(),
      };
      if (await repo.updateDraft(this.db, row.id, row.version, set))
        return { draft: await this.drafts.current(row.id), feature: input.feature, added, effect };
    }
    throw draftConflict();
  }
}

function planOf(template: TGeneratedTemplate) {
  return {
    modules: template.modules.map((m) => ({
      title: m.title,
      description: m.description,
      lessons: m.lessons.map((l) => ({ title: l.title, durationMinutes: l.duration_minutes })),
    })),
    sourceModel: `${template.source.provider}:${template.source.model}`,
  };
}
