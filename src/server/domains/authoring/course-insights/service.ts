import { z } from 'zod';
import { translate } from '../../../../shared/i18n/messages.ts';
import { AI_PROVIDERS, type AiProviderName } from '../../../../shared/schemas/ai.ts';
import {
  ZCourseMetrics,
  ZCourseStructure,
  ZInsight,
  type TAnalyzePerformanceResponse,
  type TCourseAnalysisResponse,
  type TCourseMetricsResponse,
  type TLaunchChecklist,
} from '../../../../shared/schemas/course-insights.ts';
import type { TUser } from '../../../../shared/schemas/users.ts';
import type { AiRunner } from '../../../ai/run-task.ts';
import type { AiLanguage } from '../../../ai/task.ts';
import type { CoursePerformance } from '../../../ai/tasks/course-brief.ts';
import { analyzePerformance } from '../../../ai/tasks/analyze-performance/prompt.ts';
import type { Db } from '../../../db/database.ts';
import type { CourseAnalysesTable } from '../../../db/schema.ts';
import { assertBuilder, courseFor, parseJson } from '../../courses/index.ts';
import { checklistOf } from './checklist.ts';
import { runContext } from './run-context.ts';
import { briefOf, snapshotOf, structureOf, type CourseSnapshot } from './course-snapshot.ts';
import { storedMarketing } from './marketing.ts';
import { activeSince, metricsOf } from './metrics.ts';
import * as repo from './repository.ts';

/** What the insights read of a course: its content and, from its learning data, its metrics. */
export interface CourseInsight {
  snapshot: CourseSnapshot;
  performance: CoursePerformance;
  language: AiLanguage;
}

/** What an analysis row keeps of the answer besides its language, source and time. */
const ZStoredAnalysis = z.object({
  hasLearners: z.boolean(),
  metrics: ZCourseMetrics,
  structure: ZCourseStructure,
  insights: z.array(ZInsight),
});

/** The stored analysis as analyze-performance answered it, or null when there is none (or it no longer reads as one). */
function storedAnalysis(row: CourseAnalysesTable | undefined): TAnalyzePerformanceResponse | null {
  if (!row) return null;
  const parsed = ZStoredAnalysis.safeParse(parseJson(row.content, null));
  if (!parsed.success) return null;
  const provider = (AI_PROVIDERS as readonly string[]).includes(row.provider) ? (row.provider as AiProviderName) : 'openai-compatible';
  return {
    courseId: row.course_id,
    ...parsed.data,
    language: row.language === 'en' ? 'en' : 'da',
    source: { provider, model: row.model },
    generatedAt: row.generated_at,
  };
}

/**
 * A course's metrics from its real learning data, the AI's analysis of them, and the
 * launch checklist. Admins (any course of their company) and the course's instructor; a learner
 * is refused (403), another company's or colleague's course is not found (404).
 */
export class InsightsService {
  constructor(
    private readonly db: Db,
    private readonly ai: AiRunner,
  ) {}

  /** The course as it is now, checked against the actor's rights. */
  async read(actor: TUser, courseId: string): Promise<CourseInsight> {
    assertBuilder(actor);
    const course = await courseFor(this.db, actor, courseId);
    const snapshot = snapshotOf(course, await repo.courseContent(this.db, courseId));
    const figures = await repo.learningFigures(this.db, courseId, activeSince(new Date()));
    const { metrics, counts, hasLearners } = metricsOf(figures, snapshot.lessons.length);
    const performance: CoursePerformance = { course: briefOf(snapshot), hasLearners, metrics, counts, structure: structureOf(snapshot) };
    return { snapshot, performance, language: course.language === 'en' ? 'en' : 'da' };
  }

  async metrics(actor: TUser, courseId: string): Promise<TCourseMetricsResponse> {
    const { snapshot, performance } = await this.read(actor, courseId);
    const { course } = snapshot;
    return {
      courseId,
      title: course.title,
      language: course.language === 'en' ? 'en' : 'da',
      status: course.status as TCourseMetricsResponse['status'],
      hasLearners: performance.hasLearners,
      metrics: performance.metrics,
      counts: performance.counts,
      structure: performance.structure,
      computedAt: new Date().toISOString(),
    };
  }

  /**
   * The analyze-performance call: the metrics and structure are the server's own, never the client's.
   * The answer is kept with the course (replacing the last), so the step shows it again without a new call.
   */
  async analyzePerformance(actor: TUser, courseId: string, signal: AbortSignal): Promise<TAnalyzePerformanceResponse> {
    const { snapshot, performance, language } = await this.read(actor, courseId);
    const result = await this.ai.run(analyzePerformance, performance, runContext(actor, language, signal));
    const analysis: TAnalyzePerformanceResponse = {
      courseId,
      hasLearners: performance.hasLearners,
      metrics: performance.metrics,
      structure: performance.structure,
      insights: result.output.insights,
      language,
      source: { provider: result.provider, model: result.model },
      generatedAt: new Date().toISOString(),
    };
    const { hasLearners, metrics, structure, insights } = analysis;
    await repo.saveAnalysis(this.db, {
      course_id: courseId,
      organisation_id: snapshot.course.organisation_id,
      language,
      content: JSON.stringify({ hasLearners, metrics, structure, insights }),
      provider: result.provider,
      model: result.model,
      generated_by: actor.id,
      generated_at: analysis.generatedAt,
    });
    return analysis;
  }

  /** The course's last analysis (null before the first), for whoever may build the course. */
  async lastAnalysis(actor: TUser, courseId: string): Promise<TCourseAnalysisResponse> {
    assertBuilder(actor);
    await courseFor(this.db, actor, courseId);
    return { courseId, analysis: storedAnalysis(await repo.findAnalysis(this.db, courseId)) };
  }

  async launchChecklist(actor: TUser, courseId: string, lang: AiLanguage): Promise<TLaunchChecklist> {
    const { snapshot, performance } = await this.read(actor, courseId);
    const marketing = storedMarketing(await repo.findMarketing(this.db, courseId));
    const checklist = checklistOf(snapshot, performance.counts.enrolments, marketing);
    return {
      courseId,
      ready: checklist.items.every((item) => item.done),
      items: checklist.items.map((item) => ({
        key: item.key,
        done: item.done,
        detail: translate(item.message, lang, item.figures),
        figures: item.figures,
      })),
      stats: checklist.stats,
    };
  }
}
