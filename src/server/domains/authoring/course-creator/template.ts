import { COURSE_FEATURE_KEYS } from '../../../../shared/course-features.ts';
import { ASSESSMENT_SIZES, type TGeneratedTemplate, type TGenerateTemplateRequest } from '../../../../shared/schemas/creator-template.ts';
import type { TCreatorDraft } from '../../../../shared/schemas/creator-drafts.ts';
import type { TUser } from '../../../../shared/schemas/users.ts';
import type { AiRunner, TaskResult } from '../../../ai/run-task.ts';
import type { AiLanguage } from '../../../ai/task.ts';
import { generateTemplate } from '../../../ai/tasks/generate-template/prompt.ts';
import type { TTemplateOutput } from '../../../ai/tasks/generate-template/schema.ts';
import type { Db } from '../../../db/database.ts';
import { AppError } from '../../../http/errors.ts';
import { newId } from '../../../security/tokens.ts';
import { assertBuilder } from '../../courses/index.ts';
import { draftFor, toDraft } from './draft-serialise.ts';
import type { DraftsService } from './drafts.ts';
import * as repo from './drafts-repository.ts';
import type { CallOptions } from './service.ts';

const WEEKS: Record<AiLanguage, string> = { da: 'uger', en: 'weeks' };

/** The model's words with the product's fixed numbers set by code: assessment sizes by type (ASSESSMENT_SIZES), module lengths as sums. */
export function buildTemplate(
  output: TTemplateOutput,
  language: AiLanguage,
  result: Pick<TaskResult<unknown>, 'provider' | 'model'>,
): TGeneratedTemplate {
  const sized = (a: { type: keyof typeof ASSESSMENT_SIZES; title: string }) => ({
    type: a.type,
    title: a.title,
    ...ASSESSMENT_SIZES[a.type],
  });
  return {
    id: newId(),
    title: output.title,
    description: output.description,
    industry: output.industry,
    duration: `${output.duration_weeks} ${WEEKS[language]}`,
    duration_weeks: output.duration_weeks,
    modules: output.modules.map((m) => ({
      title: m.title,
      description: m.description,
      duration: m.lessons.reduce((sum, l) => sum + l.duration_minutes, 0),
      lessons: m.lessons,
      assessment: sized(m.assessment),
    })),
    targetAudience: output.targetAudience,
    learningObjectives: output.learningObjectives,
    assessments: output.assessments.map(sized),
    marketingCopy: output.marketingCopy,
    language,
    source: { provider: result.provider, model: result.model },
    generated_at: new Date().toISOString(),
  };
}

/** Keeps the fields that say something: an empty title in the request does not blank the draft's. */
const filled = (o: Record<string, unknown> | undefined) =>
  Object.fromEntries(
    Object.entries(o ?? {}).filter(([, v]) =>
      typeof v === 'string' ? v.trim() !== '' : Array.isArray(v) ? v.length > 0 : v !== undefined,
    ),
  );

/** The generate-template call: a template for the course the wizard describes, stored on its draft when named. */
export class TemplateService {
  constructor(
    private readonly db: Db,
    private readonly ai: AiRunner,
    private readonly drafts: DraftsService,
  ) {}

  async generate(
    actor: TUser,
    body: TGenerateTemplateRequest,
    options: CallOptions,
  ): Promise<{ template: TGeneratedTemplate; draft: TCreatorDraft | null }> {
    assertBuilder(actor);
    // The draft is checked before any call: another company's id costs no tokens.
    const draft = body.draft_id ? toDraft(await draftFor(this.db, actor, body.draft_id)) : null;
    const { features: contextFeatures, language: contextLanguage, ...context } = body.course_context ?? {};
    const course = { ...filled(draft?.course_context), ...filled(context), ...filled(body.course_data) };
    if (!course.industry && !course.title)
      throw new AppError('VALIDATION', 400, 'creator.subjectRequired', { fields: { 'course_data.industry': 'creator.subjectRequired' } });
    const language = body.language ?? draft?.language ?? contextLanguage ?? options.requestLanguage ?? 'da';
    const features = COURSE_FEATURE_KEYS.filter((key) => draft?.features.includes(key) || contextFeatures?.includes(key));
    const result = await this.ai.run(
      generateTemplate,
      {
        course,
        teacherProfile: draft?.teacher_profile ?? null,
        features,
        uniquenessSeed: body.uniqueness_seed,
        variationRequest: body.variation_request,
      },
      { organisationId: actor.organisationId, userId: actor.id, isAdmin: actor.role === 'admin', language, signal: options.signal },
    );
    const template = buildTemplate(result.output, language, result);
    if (!draft) return { template, draft: null };
    await repo.storeTemplate(this.db, draft.id, JSON.stringify(template), new Date().toISOString());
    return { template, draft: await this.drafts.current(draft.id) };
  }
}
