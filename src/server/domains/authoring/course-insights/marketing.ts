import { AI_PROVIDERS, type AiProviderName } from '../../../../shared/schemas/ai.ts';
import {
  ZMarketingCopy,
  type TCourseMarketing,
  type TCourseMarketingResponse,
  type TMarketingCopy,
  type TPublicMarketing,
} from '../../../../shared/schemas/course-marketing.ts';
import type { TUser } from '../../../../shared/schemas/users.ts';
import type { AiRunner } from '../../../ai/run-task.ts';
import { generateMarketing } from '../../../ai/tasks/generate-marketing/prompt.ts';
import type { Db } from '../../../db/database.ts';
import type { CourseMarketingTable } from '../../../db/schema.ts';
import { assertBuilder, courseFor, parseJson } from '../../courses/index.ts';
import { briefOf, snapshotOf } from './course-snapshot.ts';
import * as repo from './repository.ts';
import { runContext } from './run-context.ts';

/** The stored copy, or null when there is none (or it no longer reads as marketing copy). */
export function storedMarketing(row: CourseMarketingTable | undefined): TMarketingCopy | null {
  if (!row) return null;
  const parsed = ZMarketingCopy.safeParse(parseJson(row.content, null));
  return parsed.success ? parsed.data : null;
}

const providerOf = (name: string): AiProviderName =>
  (AI_PROVIDERS as readonly string[]).includes(name) ? (name as AiProviderName) : 'openai-compatible';

function toMarketing(row: CourseMarketingTable | undefined): TCourseMarketing | null {
  const copy = storedMarketing(row);
  if (!row || !copy) return null;
  return {
    ...copy,
    language: row.language === 'en' ? 'en' : 'da',
    aiGenerated: true,
    source: { provider: providerOf(row.provider), model: row.model },
    generatedAt: row.generated_at,
  };
}

/**
 * A course's launch marketing, written by the generate-marketing task in the course's
 * language from its real content, stored with the course (one copy, replaced on regenerate) and
 * shown on its public pages (the company site and the catalogue), labelled as AI-generated.
 */
export class MarketingService {
  constructor(
    private readonly db: Db,
    private readonly ai: AiRunner,
  ) {}

  async get(actor: TUser, courseId: string): Promise<TCourseMarketingResponse> {
    assertBuilder(actor);
    await courseFor(this.db, actor, courseId);
    return { courseId, marketing: toMarketing(await repo.findMarketing(this.db, courseId)) };
  }

  async generate(actor: TUser, courseId: string, signal: AbortSignal): Promise<TCourseMarketingResponse> {
    assertBuilder(actor);
    const course = await courseFor(this.db, actor, courseId);
    const snapshot = snapshotOf(course, await repo.courseContent(this.db, courseId));
    const language = course.language === 'en' ? 'en' : 'da';
    const input = {
      course: briefOf(snapshot),
      companyName: await repo.organisationName(this.db, course.organisation_id),
      instructor: course.owner_name,
      price: { pricing: course.pricing, price: Number(course.price), currency: course.currency },
    };
    const result = await this.ai.run(generateMarketing, input, runContext(actor, language, signal));
    await repo.saveMarketing(this.db, {
      course_id: courseId,
      organisation_id: course.organisation_id,
      language,
      content: JSON.stringify(result.output),
      provider: result.provider,
      model: result.model,
      generated_by: actor.id,
      generated_at: new Date().toISOString(),
    });
    return { courseId, marketing: toMarketing(await repo.findMarketing(this.db, courseId)) };
  }
}

/** What a course's public pages show of its marketing (no rights needed: the course is public). */
export async function publicMarketing(db: Db, courseId: string): Promise<TPublicMarketing | null> {
  const marketing = toMarketing(await repo.findMarketing(db, courseId));
  if (!marketing) return null;
  const { landingHeadline, benefits, landingCopy, seoTitle, seoDescription, source } = marketing;
  return { landingHeadline, benefits, landingCopy, seoTitle, seoDescription, aiGenerated: true, source };
}
