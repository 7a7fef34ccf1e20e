import type { TCourse } from '../../../../shared/schemas/courses.ts';
import type { TTextContent } from '../../../../shared/schemas/lesson-content.ts';
import type { TPublishCourseData, TPublishRequest, TPublishResponse } from '../../../../shared/schemas/publish.ts';
import type { TUser } from '../../../../shared/schemas/users.ts';
import type { Db } from '../../../db/database.ts';
import { AppError } from '../../../http/errors.ts';
import { type CoursesService, emptyLessonMessages, findLessonContents, isEmptyLesson, missingForPublish } from '../../courses/index.ts';
import { assertCourseSlot } from '../../commerce/index.ts';
import { assertCanPublish } from '../../identity/index.ts';
import * as repo from './repository.ts';
import type { SitesService } from './service.ts';

/** "6 hours", "90 min", "2 timer", 45 → minutes; anything else (weeks, blank) → null. */
export function durationMinutes(value: number | string | undefined): number | null {
  if (typeof value === 'number') return Number.isInteger(value) && value > 0 && value <= 100_000 ? value : null;
  if (!value) return null;
  const text = value.toLowerCase();
  const hours = /(\d+(?:[.,]\d+)?)\s*(?:h\b|hours?|hrs?|timer?|t\b)/.exec(text);
  const minutes = /(\d+)\s*(?:m\b|min|minutes?|minutter?)/.exec(text);
  const total = (hours ? Math.round(Number(hours[1]!.replace(',', '.')) * 60) : 0) + (minutes ? Number(minutes[1]) : 0);
  return total > 0 && total <= 100_000 ? total : null;
}

function lines(value: string[] | string | undefined): string[] | undefined {
  if (value === undefined) return undefined;
  const list = Array.isArray(value) ? value : value.split(/\n+/);
  return list
    .map((v) => v.replace(/^\s*[-*•\d.)]+\s*/, '').trim())
    .filter(Boolean)
    .slice(0, 20);
}

/** Plain text as a lesson document: one paragraph per block (no markup is ever read from it). */
function textDoc(text: string): TTextContent {
  const paragraphs = text
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean);
  return {
    type: 'doc',
    content:
      paragraphs.length > 0
        ? paragraphs.map((p) => ({ type: 'paragraph', content: [{ type: 'text', text: p }] }))
        : [{ type: 'paragraph' }],
  };
}

interface PlannedLesson {
  title: string;
  content?: string | undefined;
}

/** The modules and lessons course_data describes; a module given only a lesson count gets none. */
function plannedOutline(data: TPublishCourseData): { title: string; description: string; lessons: PlannedLesson[] }[] {
  return (data.modules ?? []).map((m) => ({
    title: m.title,
    description: m.description ?? '',
    lessons: Array.isArray(m.lessons)
      ? m.lessons.map((l) => (typeof l === 'string' ? { title: l } : { title: l.title, content: l.content }))
      : [],
  }));
}

/**
 * The one-call publish, as the AI course creator's publish panel sends it: creates the
 * course from course_data (or updates the caller's course it names), gives the company its
 * subdomain when it has none, publishes, and answers with the course's address on the site.
 * It writes through the courses service (rights, slugs, versions, completeness, the company gate)
 * and checks what it can before writing anything, so a refused publish leaves no half course.
 */
export class PublishService {
  constructor(
    private readonly db: Db,
    private readonly courses: CoursesService,
    private readonly sites: SitesService,
    private readonly cvrProvider: 'offline' | 'cvrapi',
  ) {}

  async publish(actor: TUser, input: TPublishRequest): Promise<TPublishResponse> {
    if (actor.role !== 'admin' && actor.role !== 'instructor') throw new AppError('FORBIDDEN', 403, 'course.learnersCannotEdit');
    assertCanPublish(actor, this.cvrProvider);
    const data = input.course_data;
    const options = input.publishing_options;
    const existing = data.id ? await this.courses.get(actor, data.id) : undefined;
    // The plan's room for one more published course, before anything is written.
    if (existing?.status !== 'published') await assertCourseSlot(this.db, actor.organisationId, existing?.id ?? '');

    // The site: the company's own, or the one asked for when it has none yet (checked, not yet claimed).
    const current = await repo.organisationSubdomain(this.db, actor.organisationId);
    const subdomain = options.subdomain;
    if (current && current !== subdomain) {
      throw new AppError('SUBDOMAIN_MISMATCH', 409, 'site.subdomainMismatch', {
        fields: { subdomain: 'site.subdomainMismatch' },
        params: { current },
      });
    }
    if (!current) {
      this.sites.assertAllowed(subdomain);
      await this.sites.assertAvailable(subdomain);
    }

    const pricing = options.pricing;
    const price = pricing === 'paid' ? (options.price ?? 0) : 0;
    const outline = plannedOutline(data);
    if (!existing) {
      const missing = missingForPublish({
        title: data.title,
        description: data.description,
        pricing,
        price,
        lessonCount: outline.reduce((n, m) => n + m.lessons.length, 0),
        quizzes: [],
      });
      if (Object.keys(missing).length > 0) throw new AppError('COURSE_INCOMPLETE', 422, 'course.incomplete', { fields: missing });
    }

    // Empty lessons are published only when the caller confirmed them, and refused before anything is written.
    if (!options.confirm_empty_lessons) {
      const lessons =
        existing && existing.modules.length > 0
          ? await findLessonContents(this.db, existing.id)
          : outline.flatMap((m, i) =>
              m.lessons.map((l, j) => ({
                id: `new-${i + 1}-${j + 1}`,
                title: l.title,
                kind: 'text' as const,
                content: JSON.stringify(textDoc(l.content ?? '')),
              })),
            );
      const empty = lessons.filter((l) => isEmptyLesson(l.kind, l.content));
      if (empty.length > 0) throw new AppError('EMPTY_LESSONS', 409, 'course.emptyLessons', { fields: emptyLessonMessages(empty) });
    }

    const fields = {
      title: data.title,
      description: data.description,
      ...(data.subtitle !== undefined && { subtitle: data.subtitle }),
      ...(data.category && { category: data.category }),
      ...((data.level ?? data.complexity_level) && { level: data.level ?? data.complexity_level }),
      ...(data.language && { language: data.language }),
      ...(data.tags && { tags: data.tags }),
      ...((data.target_audience ?? data.targetAudience) !== undefined && { targetAudience: data.target_audience ?? data.targetAudience }),
      ...(lines(data.learning_objectives ?? data.learningObjectives) && {
        learningObjectives: lines(data.learning_objectives ?? data.learningObjectives),
      }),
      ...(durationMinutes(data.duration) !== null && { durationMinutes: durationMinutes(data.duration) }),
      visibility: options.visibility,
      pricing,
      price,
      ...(options.currency && { currency: options.currency }),
    };

    let course: TCourse = existing
      ? await this.courses.update(actor, existing.id, { ...fields, version: existing.version })
      : await this.courses.create(actor, { ...fields, level: fields.level ?? 'beginner' });
    // An outline is written into a course that has none (a new one, or an empty draft); an
    // existing outline is the builder's and is left as it is.
    if (course.modules.length === 0) course = await this.writeOutline(actor, course, outline);

    if (!current) await this.sites.claimForPublish(actor, subdomain);
    const published = await this.courses.setStatus(actor, course.id, {
      action: 'publish',
      version: course.version,
      confirmEmptyLessons: options.confirm_empty_lessons,
    });
    return { course: published, url: this.sites.urls.course(subdomain, published.slug) };
  }

  private async writeOutline(actor: TUser, start: TCourse, outline: ReturnType<typeof plannedOutline>): Promise<TCourse> {
    let course = start;
    for (const planned of outline) {
      course = await this.courses.outline.addModule(actor, course.id, {
        title: planned.title,
        description: planned.description,
        version: course.version,
      });
      const module = course.modules[course.modules.length - 1]!;
      for (const lesson of planned.lessons) {
        course = await this.courses.outline.addLesson(actor, module.id, { title: lesson.title, kind: 'text', version: course.version });
        const added = course.modules.find((m) => m.id === module.id)!.lessons.at(-1)!;
        if (lesson.content) {
          await this.courses.lessons.save(actor, added.id, { version: added.version, content: textDoc(lesson.content) });
          course = await this.courses.get(actor, course.id);
        }
      }
    }
    return course;
  }
}
