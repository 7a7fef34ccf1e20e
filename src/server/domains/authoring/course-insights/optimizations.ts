import type { FastifyBaseLogger } from 'fastify';
import { AI_PROVIDERS, type AiProviderName } from '../../../../shared/schemas/ai.ts';
import {
  ZOptimizationChange,
  type TLatestOptimizations,
  type TOptimization,
  type TOptimizationDecision,
  type TOptimizeEngagementResponse,
} from '../../../../shared/schemas/course-optimizations.ts';
import type { TUser } from '../../../../shared/schemas/users.ts';
import type { AiRunner } from '../../../ai/run-task.ts';
import { courseIds, optimizeEngagement } from '../../../ai/tasks/optimize-engagement/prompt.ts';
import type { Db } from '../../../db/database.ts';
import { AppError } from '../../../http/errors.ts';
import { newId } from '../../../security/tokens.ts';
import { assertBuilder, assertEditable, courseFor, parseJson } from '../../courses/index.ts';
import { applyChange } from './apply-change.ts';
import * as repo from './repository.ts';
import { runContext } from './run-context.ts';
import type { InsightsService } from './service.ts';

const notFound = () => new AppError('OPTIMIZATION_NOT_FOUND', 404, 'insights.optimizationNotFound');
const decided = (status: string) =>
  status === 'applied'
    ? new AppError('ALREADY_APPLIED', 409, 'insights.alreadyApplied')
    : new AppError('ALREADY_DISMISSED', 409, 'insights.alreadyDismissed');

function toOptimization(row: repo.OptimizationRow): TOptimization {
  return {
    id: row.id,
    courseId: row.course_id,
    status: row.status as TOptimization['status'],
    change: ZOptimizationChange.parse(parseJson(row.change, null)),
    rationale: row.rationale,
    courseVersion: Number(row.course_version),
    lessonVersion: row.lesson_version === null ? null : Number(row.lesson_version),
    source: {
      provider: (AI_PROVIDERS as readonly string[]).includes(row.provider) ? (row.provider as AiProviderName) : 'openai-compatible',
      model: row.model,
    },
    createdAt: row.created_at,
    decidedAt: row.decided_at,
  };
}

/**
 * Optimize-engagement: the AI suggests typed changes to a course (its ids only — the
 * task's schema is made from them), stored as pending with the versions they were made against;
 * the instructor applies or dismisses each one. Applying goes through the course model (apply-change.ts).
 */
export class OptimizationsService {
  constructor(
    private readonly db: Db,
    private readonly ai: AiRunner,
    private readonly insights: InsightsService,
    private readonly log: FastifyBaseLogger,
  ) {}

  async suggest(actor: TUser, courseId: string, signal: AbortSignal): Promise<TOptimizeEngagementResponse> {
    const { snapshot, performance, language } = await this.insights.read(actor, courseId);
    // Changes to a course that refuses edits could never be applied: no tokens spent on them.
    assertEditable(snapshot.course);
    const result = await this.ai.run(optimizeEngagement(courseIds(performance)), performance, runContext(actor, language, signal));
    // What the model named must still be there: a lesson or module deleted during the call is dropped.
    const now = await repo.courseContent(this.db, courseId);
    const lessons = new Set(now.lessons.map((l) => l.id));
    const modules = new Set(now.modules.map((m) => m.id));
    const versions = new Map(snapshot.lessons.map((l) => [l.id, l.version]));
    const createdAt = new Date().toISOString();
    // One id for the call: the step shows this call's suggestions again after a reload.
    const runId = newId();
    const rows: repo.OptimizationRow[] = [];
    for (const { rationale, ...change } of result.output.changes) {
      const lessonId = 'lessonId' in change ? change.lessonId : null;
      const moduleId = 'moduleId' in change ? change.moduleId : null;
      if ((lessonId && !lessons.has(lessonId)) || (moduleId && !modules.has(moduleId))) {
        this.log.warn({ courseId, op: change.op, lessonId, moduleId }, 'suggested change names a lesson or module that is gone; dropped');
        continue;
      }
      rows.push({
        id: newId(),
        organisation_id: snapshot.course.organisation_id,
        course_id: courseId,
        lesson_id: lessonId,
        module_id: moduleId,
        op: change.op,
        change: JSON.stringify(change),
        rationale,
        status: 'pending',
        course_version: Number(snapshot.course.version),
        lesson_version: lessonId ? (versions.get(lessonId) ?? null) : null,
        provider: result.provider,
        model: result.model,
        created_by: actor.id,
        // Their order is the model's (most valuable first): one millisecond apart, oldest first.
        created_at: new Date(Date.parse(createdAt) + rows.length).toISOString(),
        decided_by: null,
        decided_at: null,
        run_id: runId,
      });
    }
    await repo.insertOptimizations(this.db, rows);
    return {
      courseId,
      optimizations: rows.map(toOptimization),
      dropped: result.output.changes.length - rows.length,
      hasLearners: performance.hasLearners,
      language,
      source: { provider: result.provider, model: result.model },
    };
  }

  async list(actor: TUser, courseId: string): Promise<{ courseId: string; optimizations: TOptimization[] }> {
    assertBuilder(actor);
    await courseFor(this.db, actor, courseId);
    return { courseId, optimizations: (await repo.listOptimizations(this.db, courseId)).map(toOptimization) };
  }

  /** The latest call's suggestions with their status now (null before any call suggested something). */
  async latest(actor: TUser, courseId: string): Promise<TLatestOptimizations> {
    assertBuilder(actor);
    await courseFor(this.db, actor, courseId);
    const optimizations = (await repo.latestOptimizations(this.db, courseId)).map(toOptimization);
    const [first] = optimizations;
    return { courseId, latest: first ? { optimizations, source: first.source, createdAt: first.createdAt } : null };
  }

  /** The suggestion and its course, if the actor may build that course; anything else is 404. */
  private async suggestionFor(actor: TUser, id: string) {
    assertBuilder(actor);
    const row = await repo.findOptimization(this.db, id);
    if (!row) throw notFound();
    const course = await courseFor(this.db, actor, row.course_id).catch((error: unknown) => {
      throw error instanceof AppError && error.status === 404 ? notFound() : error;
    });
    return { row, course };
  }

  async apply(actor: TUser, id: string): Promise<TOptimizationDecision> {
    const { row, course } = await this.suggestionFor(actor, id);
    if (row.status !== 'pending') throw decided(row.status);
    assertEditable(course);
    const change = ZOptimizationChange.parse(parseJson(row.change, null));
    const applied = await this.db.transaction().execute(async (trx) => {
      const done = await applyChange(trx, course, row, change, actor.id);
      // Two applies at once: the second finds it decided and its work is rolled back.
      if (!(await repo.decideOptimization(trx, id, 'applied', actor.id, new Date().toISOString()))) throw decided('applied');
      return done;
    });
    return { optimization: toOptimization((await repo.findOptimization(this.db, id))!), ...applied };
  }

  async dismiss(actor: TUser, id: string): Promise<TOptimizationDecision> {
    const { row, course } = await this.suggestionFor(actor, id);
    if (row.status !== 'pending' || !(await repo.decideOptimization(this.db, id, 'dismissed', actor.id, new Date().toISOString()))) {
      throw decided((await repo.findOptimization(this.db, id))?.status ?? row.status);
    }
    return {
      optimization: toOptimization((await repo.findOptimization(this.db, id))!),
      courseVersion: Number(course.version),
      lessonId: null,
      lessonVersion: null,
    };
  }
}
