import {
  CATALOGUE_PAGE_SIZE,
  LEARNERS_SHOWN_FROM,
  type TCatalogueCourse,
  type TCatalogueCourseDetail,
  type TCataloguePage,
  type TCatalogueQuery,
  type TCoursePreview,
} from '../../../../shared/schemas/catalogue.ts';
import { COURSE_CATEGORIES, type CourseCategory, type CourseLevel } from '../../../../shared/schemas/courses.ts';
import { storedPreferences } from '../../../../shared/stored-preferences.ts';
import type { TPublicMarketing } from '../../../../shared/schemas/course-marketing.ts';
import type { Db, DbHandle } from '../../../db/database.ts';
import { AppError } from '../../../http/errors.ts';
import { publicMarketing } from '../../authoring/index.ts';
import type { SiteUrls } from '../../../http/site-urls.ts';
import * as repo from './repository.ts';

function jsonList(text: string): string[] {
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
  } catch {
    return [];
  }
}

/** An SQL average as a rating with one decimal, or null when there was nothing to average. */
export function oneDecimal(value: number | string | null): number | null {
  return value === null ? null : Math.round(Number(value) * 10) / 10;
}

/** Row → the public shape. Shared with the company sites, which show the same facts. */
/** A public course's learners, "under 10" below ten so a small course does not tell who took it; none for another. */
function shownLearners(row: repo.CatalogueRow): TCatalogueCourse['learners'] {
  if (row.visibility !== 'public') return null;
  const count = Number(row.learner_count);
  return count < LEARNERS_SHOWN_FROM ? 'under-10' : count;
}

export function toCatalogueCourse(row: repo.CatalogueRow, urls: SiteUrls): TCatalogueCourse {
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    subtitle: row.subtitle,
    description: row.description,
    category: row.category as TCatalogueCourse['category'],
    level: row.level as TCatalogueCourse['level'],
    language: row.language as TCatalogueCourse['language'],
    tags: jsonList(row.tags),
    thumbnailUrl: row.thumbnail_upload_id ? `/api/uploads/${row.thumbnail_upload_id}` : null,
    durationMinutes: row.duration_minutes === null ? null : Number(row.duration_minutes),
    pricing: row.pricing as TCatalogueCourse['pricing'],
    price: Number(row.price),
    currency: row.currency as TCatalogueCourse['currency'],
    instructor: row.instructor,
    company: { name: row.company_name, subdomain: row.subdomain },
    lessonCount: Number(row.lesson_count),
    averageRating: oneDecimal(row.rating_average),
    reviewCount: Number(row.review_count),
    learners: shownLearners(row),
    publishedAt: row.published_at ?? '',
    siteUrl: row.subdomain ? urls.course(row.subdomain, row.slug) : null,
  };
}

export function toCourseDetail(
  row: repo.CatalogueRow & repo.DetailExtras,
  outline: repo.OutlineRow[],
  urls: SiteUrls,
  marketing: TPublicMarketing | null = null,
): TCatalogueCourseDetail {
  const modules: TCatalogueCourseDetail['modules'] = [];
  let current: { id: string; entry: TCatalogueCourseDetail['modules'][number] } | undefined;
  for (const line of outline) {
    if (current?.id !== line.module_id) {
      current = { id: line.module_id, entry: { title: line.module_title, lessons: [] } };
      modules.push(current.entry);
    }
    if (line.lesson_title !== null && line.lesson_kind !== null) {
      current.entry.lessons.push({
        title: line.lesson_title,
        kind: line.lesson_kind,
        durationMinutes: line.lesson_duration === null ? null : Number(line.lesson_duration),
        // Only a free preview's id is given out: the rest of the course is for its learners.
        previewId: Number(line.lesson_preview) === 1 && line.lesson_kind !== 'quiz' ? line.lesson_id : null,
      });
    }
  }
  return {
    ...toCatalogueCourse(row, urls),
    learningObjectives: jsonList(row.learning_objectives),
    targetAudience: row.target_audience,
    // The name is the course's; the expertise and bio only when the instructor shows their profile.
    instructorProfile: storedPreferences(row.instructor_preferences).publicProfile
      ? { id: row.owner_id, name: row.instructor, bio: row.instructor_bio, expertise: row.instructor_expertise }
      : { id: row.owner_id, name: row.instructor, bio: null, expertise: null },
    modules,
    marketing,
  };
}

/** How many catalogue pages an instance keeps (a page of 12 courses is a few kilobytes). */
const KEPT_PAGES = 400;

export class CatalogueService {
  /** The counters as of a catalogue version: recounted only after a write changed what they count. */
  private counted: { version: number; counts: Promise<repo.CatalogueCountRows> } | undefined;
  /**
   * Catalogue pages as answered, by search, filters, sort and page, oldest first. A page is given
   * again only while the catalogue's version (read from the database on every call, so a write
   * through any instance counts) is the one read before computing it: triggers raise it with every
   * write a page shows (migrations 005 and 033; docs/decisions/037-kept-catalogue-pages.md).
   */
  private readonly kept = new Map<string, { version: number; page: Promise<TCataloguePage> }>();

  private readonly db: Db;
  private readonly statements: repo.CatalogueStatements;

  constructor(
    handle: DbHandle,
    private readonly urls: SiteUrls,
  ) {
    this.db = handle.db;
    this.statements = repo.prepareCatalogue(handle);
  }

  private counts(version: number): Promise<repo.CatalogueCountRows> {
    if (this.counted?.version !== version) {
      const counts = repo.catalogueCounts(this.db);
      this.counted = { version, counts };
      // A failed count is not kept.
      counts.catch(() => {
        if (this.counted?.counts === counts) this.counted = undefined;
      });
    }
    return this.counted.counts;
  }

  async search(query: TCatalogueQuery): Promise<TCataloguePage> {
    const page = query.page ?? 1;
    const terms = repo.searchTerms(query.q ?? '');
    const category = query.category && query.category !== 'all' ? (query.category as CourseCategory) : undefined;
    const level = query.level && query.level !== 'all' ? (query.level as CourseLevel) : undefined;
    const sort = query.sort ?? 'relevance';
    const key = JSON.stringify([terms, category ?? '', level ?? '', sort, page]);
    // Read before computing: a write landing meanwhile leaves the page under the older version,
    // which the next call (reading the newer one) does not take.
    const version = await repo.catalogueVersion(this.statements);
    const found = this.kept.get(key);
    if (found?.version === version) return found.page;
    const entry = { version, page: this.searchAt(version, { page, terms, category, level, sort }) };
    this.kept.delete(key);
    this.kept.set(key, entry);
    if (this.kept.size > KEPT_PAGES) this.kept.delete(this.kept.keys().next().value as string);
    // A failed search is not kept; its failure reaches the caller (and whoever else waits on it).
    entry.page.catch(() => {
      if (this.kept.get(key) === entry) this.kept.delete(key);
    });
    return entry.page;
  }

  private async searchAt(
    version: number,
    {
      page,
      terms,
      category,
      level,
      sort,
    }: { page: number; terms: string[]; category?: CourseCategory | undefined; level?: CourseLevel | undefined; sort: repo.CatalogueSort },
  ): Promise<TCataloguePage> {
    const [result, counts] = await Promise.all([
      repo.searchCatalogue(this.db, this.statements, {
        terms,
        category,
        level,
        sort,
        limit: CATALOGUE_PAGE_SIZE,
        offset: (page - 1) * CATALOGUE_PAGE_SIZE,
        // Without search words or a level, the counters already hold the total.
        countTotal: terms.length > 0 || level !== undefined,
      }),
      this.counts(version),
    ]);
    const byCategory: Record<string, number> = Object.fromEntries(COURSE_CATEGORIES.map((c) => [c, 0]));
    let courses = 0;
    for (const { category: c, n } of counts.byCategory) {
      byCategory[c] = Number(n);
      courses += Number(n);
    }
    return {
      courses: result.rows.map((row) => toCatalogueCourse(row, this.urls)),
      page,
      pageSize: CATALOGUE_PAGE_SIZE,
      total: result.total >= 0 ? result.total : category ? (byCategory[category] ?? 0) : courses,
      counts: { courses, companies: counts.companies, instructors: counts.instructors, byCategory },
    };
  }

  /** A published public or unlisted course by its slug (unlisted: whoever has the link). */
  async course(slug: string, organisationId?: string): Promise<TCatalogueCourseDetail> {
    const row = await repo.findPublishedCourse(this.db, slug, organisationId);
    if (!row) throw new AppError('NOT_FOUND', 404, 'course.notFound');
    await repo.noteCourseView(this.db, row.id);
    const [outline, marketing] = await Promise.all([repo.courseOutline(this.db, row.id), publicMarketing(this.db, row.id)]);
    return toCourseDetail(row, outline, this.urls, marketing);
  }

  /** A free preview lesson of a published public or unlisted course, for anyone; 404 for any other lesson. */
  async preview(slug: string, lessonId: string): Promise<TCoursePreview> {
    const found = await repo.findPreviewLesson(this.db, slug, lessonId);
    if (!found) throw new AppError('NOT_FOUND', 404, 'course.lessonNotFound');
    const { lesson, previews } = found;
    return {
      id: lesson.id,
      title: lesson.title,
      kind: lesson.kind as TCoursePreview['kind'],
      durationMinutes: lesson.duration_minutes === null ? null : Number(lesson.duration_minutes),
      content: JSON.parse(lesson.content) as unknown,
      course: { slug: lesson.course_slug, title: lesson.course_title },
      previews,
    };
  }
}
