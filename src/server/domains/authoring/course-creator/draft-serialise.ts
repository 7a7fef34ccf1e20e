import { COURSE_FEATURE_KEYS, type CourseFeature } from '../../../../shared/course-features.ts';
import { CONCEPT_FORMATS, TEACHER_QUESTIONS } from '../../../../shared/schemas/course-creator.ts';
import {
  CREATOR_MODES,
  ZDraftConcepts,
  ZDraftContentItem,
  ZDraftTeacherProfile,
  type TCreatorDraft,
  type TCreatorDraftSummary,
  type TDraftContentItem,
  type TDraftCourseContextOut,
} from '../../../../shared/schemas/creator-drafts.ts';
import { ZGeneratedTemplate } from '../../../../shared/schemas/creator-template.ts';
import { COURSE_LEVELS } from '../../../../shared/schemas/courses.ts';
import type { TUser } from '../../../../shared/schemas/users.ts';
import { AppError } from '../../../http/errors.ts';
import type { Db } from '../../../db/database.ts';
import * as repo from './drafts-repository.ts';
import type { DraftRow, DraftSummaryRow } from './drafts-repository.ts';

/** Drafts as the API answers them, and who may see one. JSON columns are text. */

export const draftNotFound = () => new AppError('CREATOR_DRAFT_NOT_FOUND', 404, 'creator.draftNotFound');

/** An admin sees the company's drafts, an instructor their own; anything else looks like it does not exist. */
export async function draftFor(db: Db, actor: TUser, id: string): Promise<DraftRow> {
  const row = await repo.findDraft(db, id);
  const visible =
    row &&
    row.organisation_id === actor.organisationId &&
    (actor.role === 'admin' || (actor.role === 'instructor' && row.user_id === actor.id));
  if (!row || !visible) throw draftNotFound();
  return row;
}

function parse(text: string | null): unknown {
  if (text === null) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

const str = (value: unknown) => (typeof value === 'string' ? value : '');
const pick = <T extends string>(values: readonly T[], value: unknown, fallback: T): T =>
  (values as readonly unknown[]).includes(value) ? (value as T) : fallback;

/** The wizard's course draft (course_context) with its defaults: complexity beginner, format video. */
export function courseContextOf(text: string): TDraftCourseContextOut {
  const c = (parse(text) ?? {}) as Record<string, unknown>;
  return {
    industry: str(c.industry),
    target_audience: str(c.target_audience),
    title: str(c.title),
    description: str(c.description),
    learning_objectives: Array.isArray(c.learning_objectives)
      ? c.learning_objectives.filter((o): o is string => typeof o === 'string')
      : [],
    complexity_level: pick(COURSE_LEVELS, c.complexity_level, 'beginner'),
    duration: str(c.duration),
    format: pick(CONCEPT_FORMATS, c.format, 'video'),
  };
}

export function featuresOf(text: string): CourseFeature[] {
  const list = parse(text);
  return Array.isArray(list) ? COURSE_FEATURE_KEYS.filter((key) => list.includes(key)) : [];
}

/** The kept items that still read as items (one that does not is left out, not the whole history). */
export function contentHistoryOf(text: string | null): TDraftContentItem[] {
  const list = parse(text);
  if (!Array.isArray(list)) return [];
  return list.flatMap((item) => {
    const parsed = ZDraftContentItem.safeParse(item);
    return parsed.success ? [parsed.data] : [];
  });
}

export function toDraft(row: DraftRow): TCreatorDraft {
  return { ...toDraftSummary(row), content_history: contentHistoryOf(row.content_history) };
}

export function toDraftSummary(row: DraftSummaryRow): TCreatorDraftSummary {
  const answers = (parse(row.answers) ?? {}) as Record<string, unknown>;
  const profile = ZDraftTeacherProfile.safeParse(parse(row.teacher_profile));
  const template = ZGeneratedTemplate.safeParse(parse(row.template));
  const concepts = ZDraftConcepts.safeParse(parse(row.concepts));
  return {
    id: row.id,
    owner: { id: row.user_id, name: row.owner_name },
    course_id: row.course_id,
    language: row.language === 'en' ? 'en' : 'da',
    step: row.step,
    mode: row.mode === null ? null : pick(CREATOR_MODES, row.mode, 'ai'),
    course_context: courseContextOf(row.course_context),
    teacher_profile: row.teacher_profile !== null && profile.success ? profile.data : null,
    answers: Object.fromEntries(TEACHER_QUESTIONS.filter((q) => typeof answers[q] === 'string').map((q) => [q, answers[q] as string])),
    features: featuresOf(row.features),
    template: row.template !== null && template.success ? template.data : null,
    concepts: row.concepts !== null && concepts.success ? concepts.data : null,
    version: row.version,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

/** A draft's stored course context with `patch`'s fields written over it (undefined leaves a field be). */
export function mergedContext(text: string, patch: Record<string, unknown> | undefined): string {
  const current = (parse(text) ?? {}) as Record<string, unknown>;
  if (!patch) return JSON.stringify(current);
  for (const [key, value] of Object.entries(patch)) if (value !== undefined) current[key] = value;
  return JSON.stringify(current);
}
