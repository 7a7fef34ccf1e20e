import type { Updateable } from 'kysely';
import type { TCourse, TCourseSummary, TCreateCourseRequest, TUpdateCourseRequest } from '../../../../shared/schemas/courses.ts';
import type { TUser } from '../../../../shared/schemas/users.ts';
import type { Db } from '../../../db/database.ts';
import type { CoursesTable } from '../../../db/schema.ts';
import { AppError } from '../../../http/errors.ts';
import { newId } from '../../../security/tokens.ts';
import { assertCourseSlot } from '../../commerce/index.ts';
import { assertCanPublish } from '../../identity/index.ts';
import { assertBuilder, assertEditable, conflict, courseFor } from './access.ts';
import { emptyLessonMessages, isEmptyLesson, missingForPublish } from './completeness.ts';
import { assertUploadsOfCourse } from './content.ts';
import { LessonsService } from './lessons.ts';
import { OutlineService } from './outline.ts';
import * as repo from './repository.ts';
import { loadCourse, toCourseSummary } from './serialise.ts';
import { slugFits, slugify, withFreeSlug } from './slugs.ts';

export interface CoursesOptions {
  publicUrl: string;
  cvrProvider: 'offline' | 'cvrapi';
}

type StatusAction = 'publish' | 'unpublish' | 'archive';

/** Where each status action may start from, and where it leads. */
const TRANSITIONS: Record<StatusAction, { from: readonly string[]; to: 'draft' | 'published' | 'archived' }> = {
  publish: { from: ['draft', 'published'], to: 'published' },
  unpublish: { from: ['published', 'archived'], to: 'draft' },
  archive: { from: ['draft', 'published', 'archived'], to: 'archived' },
};

/**
 * The course builder's API: a course's settings and status here, its outline in
 * `outline`, its lessons and their revisions in `lessons`. Rights are checked on every call
 * (access.ts); writes that can race carry a version, checked and written in one statement.
 */
export class CoursesService {
  readonly outline: OutlineService;
  readonly lessons: LessonsService;

  constructor(
    private readonly db: Db,
    private readonly options: CoursesOptions,
  ) {
    this.outline = new OutlineService(db, options.publicUrl);
    this.lessons = new LessonsService(db);
  }

  private full(id: string): Promise<TCourse> {
    return loadCourse(this.db, id, this.options.publicUrl);
  }

  async list(actor: TUser): Promise<TCourseSummary[]> {
    assertBuilder(actor);
    const rows = await repo.listCourses(this.db, actor.organisationId, actor.role === 'admin' ? undefined : actor.id);
    return rows.map(toCourseSummary);
  }

  async get(actor: TUser, id: string): Promise<TCourse> {
    await courseFor(this.db, actor, id);
    return this.full(id);
  }

  async create(actor: TUser, input: TCreateCourseRequest): Promise<TCourse> {
    assertBuilder(actor);
    // A new course has no uploads yet, so no thumbnail can be one of its own.
    if (input.thumbnailUploadId)
      throw new AppError('UPLOAD_NOT_FOUND', 400, 'course.uploadNotFound', { fields: { thumbnailUploadId: 'course.uploadNotFound' } });
    const id = newId();
    const now = new Date().toISOString();
    const language = input.language ?? ((await repo.userLanguage(this.db, actor.id)) === 'en' ? 'en' : 'da');
    await withFreeSlug(this.db, input.title, (slug) =>
      repo.insertCourse(this.db, {
        id,
        organisation_id: actor.organisationId,
        owner_id: actor.id,
        title: input.title,
        slug,
        subtitle: input.subtitle ?? '',
        description: input.description ?? '',
        category: input.category ?? 'business',
        level: input.level ?? 'beginner',
        language,
        tags: JSON.stringify(input.tags ?? []),
        thumbnail_upload_id: null,
        learning_objectives: JSON.stringify(input.learningObjectives ?? []),
        target_audience: input.targetAudience ?? '',
        duration_minutes: input.durationMinutes ?? null,
        pricing: input.pricing ?? 'free',
        price: input.price ?? 0,
        currency: input.currency ?? 'DKK',
        visibility: input.visibility ?? 'public',
        status: 'draft',
        published_at: null,
        source: 'manual',
        source_model: null,
        version: 1,
        created_at: now,
        updated_at: now,
      }),
    );
    return this.full(id);
  }

  async update(actor: TUser, id: string, input: TUpdateCourseRequest): Promise<TCourse> {
    const course = await courseFor(this.db, actor, id);
    assertEditable(course);
    if (input.thumbnailUploadId) {
      await assertUploadsOfCourse(this.db, id, [{ id: input.thumbnailUploadId, kind: 'image', field: 'thumbnailUploadId' }]);
    }
    // A live course is never paid and free at once; a draft may be, until it is published.
    if (course.status === 'published' && (input.pricing ?? course.pricing) === 'paid' && (input.price ?? Number(course.price)) <= 0) {
      throw new AppError('VALIDATION', 400, 'course.paidNeedsPrice', { fields: { price: 'course.paidNeedsPrice' } });
    }
    const set: Updateable<CoursesTable> = { updated_at: new Date().toISOString() };
    if (input.title !== undefined) set.title = input.title;
    if (input.subtitle !== undefined) set.subtitle = input.subtitle;
    if (input.description !== undefined) set.description = input.description;
    if (input.category !== undefined) set.category = input.category;
    if (input.level !== undefined) set.level = input.level;
    if (input.language !== undefined) set.language = input.language;
    if (input.tags !== undefined) set.tags = JSON.stringify(input.tags);
    if (input.thumbnailUploadId !== undefined) set.thumbnail_upload_id = input.thumbnailUploadId;
    if (input.learningObjectives !== undefined) set.learning_objectives = JSON.stringify(input.learningObjectives);
    if (input.targetAudience !== undefined) set.target_audience = input.targetAudience;
    if (input.durationMinutes !== undefined) set.duration_minutes = input.durationMinutes;
    if (input.pricing !== undefined) set.pricing = input.pricing;
    if (input.price !== undefined) set.price = input.price;
    if (input.currency !== undefined) set.currency = input.currency;
    if (input.visibility !== undefined) set.visibility = input.visibility;

    // The slug follows the title until the course has been published once: its link is out then.
    const title = input.title;
    const followTitle = title !== undefined && course.published_at === null && !slugFits(course.slug, slugify(title));
    const written = followTitle
      ? await withFreeSlug(this.db, title, (slug) => repo.updateCourse(this.db, id, input.version, { ...set, slug }))
      : await repo.updateCourse(this.db, id, input.version, set);
    if (!written) throw conflict();
    return this.full(id);
  }

  /** DELETE /api/courses/:id: archives (nothing is deleted; unpublish restores it as a draft). */
  async archive(actor: TUser, id: string): Promise<TCourse> {
    for (let attempt = 0; attempt < 5; attempt++) {
      const course = await courseFor(this.db, actor, id);
      if (course.status === 'archived') return this.full(id);
      if (await repo.updateCourse(this.db, id, course.version, { status: 'archived', updated_at: new Date().toISOString() }))
        return this.full(id);
    }
    throw conflict();
  }

  /**
   * publish (after the completeness check, the empty-lesson confirmation and the company gate),
   * unpublish (also restores an archived course) or archive. A course with empty lessons is
   * published only with `confirmEmptyLessons`; otherwise 409 EMPTY_LESSONS lists them, so every
   * client can ask its user first.
   */
  async setStatus(
    actor: TUser,
    courseId: string,
    input: { action: StatusAction; version: number; confirmEmptyLessons?: boolean | undefined },
  ): Promise<TCourse> {
    const course = await courseFor(this.db, actor, courseId);
    const transition = TRANSITIONS[input.action];
    if (!transition.from.includes(course.status)) throw new AppError('BAD_TRANSITION', 409, 'course.badTransition');
    if (input.version !== course.version) throw conflict();
    const now = new Date().toISOString();
    await this.db.transaction().execute(async (trx) => {
      const set: Updateable<CoursesTable> = { status: transition.to, updated_at: now };
      if (input.action === 'publish' && course.status !== 'published') set.published_at = now;
      if (!(await repo.updateCourse(trx, courseId, input.version, set))) throw conflict();
      if (input.action !== 'publish') return;
      // Checked under the lock the version bump took: the outline cannot change in between.
      const lessons = await repo.findLessonContents(trx, courseId);
      const missing = missingForPublish({
        title: course.title,
        description: course.description,
        pricing: course.pricing,
        price: Number(course.price),
        lessonCount: lessons.length,
        quizzes: lessons.filter((l) => l.kind === 'quiz'),
      });
      if (Object.keys(missing).length > 0) throw new AppError('COURSE_INCOMPLETE', 422, 'course.incomplete', { fields: missing });
      assertCanPublish(actor, this.options.cvrProvider);
      if (course.status !== 'published') await assertCourseSlot(trx, actor.organisationId, courseId);
      // Last: a confirmation is asked for only when nothing else stands in the way.
      const empty = lessons.filter((l) => isEmptyLesson(l.kind, l.content));
      if (empty.length > 0 && !input.confirmEmptyLessons)
        throw new AppError('EMPTY_LESSONS', 409, 'course.emptyLessons', { fields: emptyLessonMessages(empty) });
    });
    return this.full(courseId);
  }
}
