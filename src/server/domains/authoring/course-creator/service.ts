import type {
  TAnalyzeTeacherNeedsRequest,
  TGenerateConceptRequest,
  TGenerateConceptResponse,
  TTeacherProfile,
} from '../../../../shared/schemas/course-creator.ts';
import type { TUser } from '../../../../shared/schemas/users.ts';
import type { AiRunner, RunContext } from '../../../ai/run-task.ts';
import type { AiLanguage } from '../../../ai/task.ts';
import type { DeltaHandler } from '../../../ai/event-stream-answer.ts';
import { analyzeTeacherNeeds } from '../../../ai/tasks/analyze-teacher-needs/prompt.ts';
import { generateConcept } from '../../../ai/tasks/generate-concept/prompt.ts';
import { assertBuilder } from '../../courses/index.ts';

/** How a call runs: the language the request states (Accept-Language), and a signal for a closed connection. */
export interface CallOptions {
  requestLanguage: AiLanguage | undefined;
  signal: AbortSignal;
  /** The answer so far, for a client that reads it as it is written (text/event-stream). */
  onDelta?: DeltaHandler | undefined;
}

/**
 * The AI course creator's first two steps: the teacher-needs analysis and the
 * course concepts. Admins and instructors only. The course's language is the one the request
 * names, else the language the user works in, else Danish.
 */
export class CourseCreatorService {
  constructor(private readonly ai: AiRunner) {}

  private context(actor: TUser, language: AiLanguage, options: CallOptions): RunContext {
    assertBuilder(actor);
    return {
      organisationId: actor.organisationId,
      userId: actor.id,
      isAdmin: actor.role === 'admin',
      language,
      signal: options.signal,
      ...(options.onDelta && { onDelta: options.onDelta }),
    };
  }

  async analyzeTeacherNeeds(actor: TUser, body: TAnalyzeTeacherNeedsRequest, options: CallOptions): Promise<TTeacherProfile> {
    const courseContext = body.course_context ?? {};
    const language = courseContext.language ?? options.requestLanguage ?? 'da';
    const result = await this.ai.run(analyzeTeacherNeeds, { answers: body.answers, courseContext }, this.context(actor, language, options));
    // What the draft already uses is never missing, whatever the model said.
    const used = new Set(courseContext.features ?? []);
    return {
      ...result.output,
      missingFeatures: result.output.missingFeatures.filter((feature) => !used.has(feature.key)),
      language,
      source: { provider: result.provider, model: result.model },
    };
  }

  async generateConcept(actor: TUser, body: TGenerateConceptRequest, options: CallOptions): Promise<TGenerateConceptResponse> {
    const language = body.language ?? options.requestLanguage ?? 'da';
    const result = await this.ai.run(generateConcept, body, this.context(actor, language, options));
    return { concepts: result.output.concepts, language, source: { provider: result.provider, model: result.model } };
  }
}
