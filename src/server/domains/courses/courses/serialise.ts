import {
  COURSE_CATEGORIES,
  COURSE_LEVELS,
  CURRENCIES,
  PRICINGS,
  VISIBILITIES,
  COURSE_STATUSES,
} from '../../../../shared/schemas/courses.ts';
import type { TCourse, TCourseSummary, TLesson, TLessonSummary, TModule } from '../../../../shared/schemas/courses.ts';
import { LESSON_FORMATS, LESSON_KINDS } from '../../../../shared/schemas/lesson-content.ts';
import { AppError } from '../../../http/errors.ts';
import * as repo from './repository.ts';
import type { CourseRow, Executor, LessonRow, LessonSummaryRow } from './repository.ts';
import { SiteUrls } from '../../../http/site-urls.ts';

/** Rows to the API's camelCase shapes. Lists and JSON are stored as text. */

function pick<T extends string>(values: readonly T[], value: string | null, fallback: T): T {
  return (values as readonly string[]).includes(value ?? '') ? (value as T) : fallback;
}

export function parseJson(text: string, fallback: unknown): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return fallback;
  }
}

/** A JSON list of strings as stored (tags, objectives); anything else in it is left out. */
export function stringList(text: string): string[] {
  const value = parseJson(text, []);
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
}

const source = (kind: string, model: string | null) => ({ kind: kind === 'ai' ? ('ai' as const) : ('manual' as const), model });

export function toCourseSummary(row: CourseRow): TCourseSummary {
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    subtitle: row.subtitle,
    description: row.description,
    category: pick(COURSE_CATEGORIES, row.category, 'business'),
    level: pick(COURSE_LEVELS, row.level, 'beginner'),
    language: row.language === 'en' ? 'en' : 'da',
    tags: stringList(row.tags),
    thumbnailUploadId: row.thumbnail_upload_id,
    thumbnailUrl: row.thumbnail_upload_id ? `/api/uploads/${row.thumbnail_upload_id}` : null,
    durationMinutes: row.duration_minutes,
    pricing: pick(PRICINGS, row.pricing, 'free'),
    price: Number(row.price),
    currency: pick(CURRENCIES, row.currency, 'DKK'),
    visibility: pick(VISIBILITIES, row.visibility, 'public'),
    status: pick(COURSE_STATUSES, row.status, 'draft'),
    publishedAt: row.published_at,
    owner: { id: row.owner_id, name: row.owner_name },
    source: source(row.source, row.source_model),
    lessonCount: Number(row.lesson_count ?? 0),
    version: row.version,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/** `{protocol}//{subdomain}.{host of PUBLIC_URL}/courses/{slug}`, or null without a subdomain. */
export function siteUrl(publicUrl: string, subdomain: string | null, slug: string): string | null {
  return subdomain ? new SiteUrls(publicUrl).course(subdomain, slug) : null;
}

export function toLessonSummary(row: LessonSummaryRow): TLessonSummary {
  return {
    id: row.id,
    moduleId: row.module_id,
    position: row.position,
    title: row.title,
    kind: pick(LESSON_KINDS, row.kind, 'text'),
    format: row.format === null ? null : pick(LESSON_FORMATS, row.format, 'lesson'),
    source: source(row.source, row.source_model),
    durationMinutes: row.duration_minutes,
    freePreview: Number(row.free_preview ?? 0) === 1,
    version: row.version,
    updatedAt: row.updated_at,
  };
}

export function toLesson(row: LessonRow): TLesson {
  return { ...toLessonSummary(row), courseId: row.course_id, content: parseJson(row.content, null) };
}

export function toCourse(
  row: CourseRow,
  modules: { id: string; position: number; title: string; description: string }[],
  lessons: LessonSummaryRow[],
  publicUrl: string,
): TCourse {
  const byModule = new Map<string, TModule['lessons']>();
  for (const lesson of lessons) {
    const list = byModule.get(lesson.module_id) ?? [];
    list.push(toLessonSummary(lesson));
    byModule.set(lesson.module_id, list);
  }
  return {
    ...toCourseSummary(row),
    lessonCount: lessons.length,
    learningObjectives: stringList(row.learning_objectives),
    targetAudience: row.target_audience,
    modules: modules.map((m) => ({
      id: m.id,
      position: m.position,
      title: m.title,
      description: m.description,
      lessons: byModule.get(m.id) ?? [],
    })),
    siteUrl: siteUrl(publicUrl, row.subdomain, row.slug),
  };
}

/** The whole course as the builder reads it: settings, modules and their lessons (no content). */
export async function loadCourse(db: Executor, id: string, publicUrl: string): Promise<TCourse> {
  const row = await repo.findCourse(db, id);
  if (!row) throw new AppError('COURSE_NOT_FOUND', 404, 'course.notFound');
  const [modules, lessons] = await Promise.all([repo.findModules(db, id), repo.findLessonSummaries(db, id)]);
  return toCourse(row, modules, lessons, publicUrl);
}
