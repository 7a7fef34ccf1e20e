import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SiteStatsService } from '../../src/server/domains/site/site-stats/service.ts';
import { ZSiteStats, ZTestimonials } from '../../src/shared/schemas/site-stats.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { addPerson, call, company, type Company } from '../helpers/courses.ts';
import { daysAgo, enrol } from '../helpers/dashboard.ts';
import { insertCourse } from '../helpers/published-courses.ts';

// The landing page's stats block shows this installation's figures, counted by the
// server and cached.

async function review(t: TestApp, courseId: string, userId: string, rating: number) {
  const now = new Date().toISOString();
  await t.db
    .insertInto('reviews')
    .values({
      id: `r-${Math.random().toString(36).slice(2)}`,
      course_id: courseId,
      user_id: userId,
      rating,
      comment: '',
      created_at: now,
      updated_at: now,
    })
    .execute();
}

describe('GET /api/site-stats', () => {
  let t: TestApp;
  let a: Company;
  beforeAll(async () => {
    t = await createTestApp();
    a = await company(t);
  });
  afterAll(() => t.close());

  it('says honestly that nothing has happened yet on an empty installation, for anyone, cacheable', async () => {
    const fresh = new SiteStatsService(t.db);
    const stats = await fresh.stats();
    expect(stats).toMatchObject({ coursesCreated: 0, activeLearners: 0, completionRate: null, averageRating: null, reviews: 0 });
    const res = await t.app.inject({ method: 'GET', url: '/api/site-stats' });
    expect(res.statusCode).toBe(200);
    expect(ZSiteStats.parse(res.json())).toMatchObject({ coursesCreated: 0, completionRate: null });
    expect(res.headers['cache-control']).toBe('public, max-age=60');
  });

  it('counts courses, learners active in the last 30 days, completions and the mean rating', async () => {
    const published = await insertCourse(t.db, a.admin.organisationId, a.instructor.id);
    const draft = await insertCourse(t.db, a.admin.organisationId, a.instructor.id, { status: 'draft' });
    const learners = await Promise.all([0, 1, 2, 3].map(() => addPerson(t, a.admin.organisationId, 'learner')));
    await enrol(t, published.id, learners[0]!.id, { lastActivityAt: daysAgo(1), completedAt: daysAgo(1), progress: 100 });
    await enrol(t, published.id, learners[1]!.id, { lastActivityAt: daysAgo(29) });
    // Active once, in two courses: one learner.
    await enrol(t, draft.id, learners[1]!.id, { lastActivityAt: daysAgo(2) });
    // Last active 31 days ago, and never: not active.
    await enrol(t, published.id, learners[2]!.id, { lastActivityAt: daysAgo(31), completedAt: daysAgo(31), progress: 100 });
    await enrol(t, published.id, learners[3]!.id);
    await review(t, published.id, learners[0]!.id, 5);
    await review(t, published.id, learners[2]!.id, 4);
    await review(t, published.id, learners[1]!.id, 4);

    const stats = await new SiteStatsService(t.db).stats();
    expect(stats).toMatchObject({
      coursesCreated: 2,
      activeLearners: 2,
      // 2 of 5 enrolments completed.
      completionRate: 40,
      // (5 + 4 + 4) / 3 = 4.33…
      averageRating: 4.3,
      reviews: 3,
    });
  });

  it('counts at most once a TTL, and again after it', async () => {
    let now = Date.parse('2026-11-27T12:00:00Z');
    const service = new SiteStatsService(t.db, () => now, 60_000);
    const first = await service.stats();
    await insertCourse(t.db, a.admin.organisationId, a.instructor.id);
    now += 59_999;
    expect((await service.stats()).coursesCreated).toBe(first.coursesCreated);
    now += 1;
    const later = await service.stats();
    expect(later.coursesCreated).toBe(first.coursesCreated + 1);
    expect(later.countedAt).toBe('2026-11-27T12:01:00.000Z');
  });
});

describe('GET /api/testimonials', () => {
  let t: TestApp;
  let a: Company;
  beforeAll(async () => {
    t = await createTestApp();
    a = await company(t);
  });
  afterAll(() => t.close());

  const testimonials = async () =>
    ZTestimonials.parse((await t.app.inject({ method: 'GET', url: '/api/testimonials' })).json()).testimonials;

  /** A learner who has started `courseId` and reviews it through the API. */
  async function reviewer(courseId: string, name: string, body: { rating: number; comment: string; quote?: boolean }) {
    const learner = await addPerson(t, a.admin.organisationId, 'learner');
    await t.db.updateTable('users').set({ contact_name: name }).where('id', '=', learner.id).execute();
    await enrol(t, courseId, learner.id, { lastActivityAt: daysAgo(1) });
    const res = await call(t, learner, 'PUT', `/api/courses/${courseId}/review`, body);
    expect(res.statusCode, res.body).toBe(200);
    return learner;
  }

  it('quotes only consented reviews of public courses rated 4 or 5 with something to say, with first name and company; withdrawing consent removes it', async () => {
    expect(await testimonials()).toEqual([]);
    const course = await insertCourse(t.db, a.admin.organisationId, a.instructor.id, {
      title: 'Førstehjælp på lageret',
      visibility: 'public',
    });
    const hidden = await insertCourse(t.db, a.admin.organisationId, a.instructor.id, { visibility: 'private' });
    const quoted = await reviewer(course.id, 'Mette Kristine Hansen', {
      rating: 5,
      comment: 'Konkret og let at gå til – vi brugte det samme uge.',
      quote: true,
    });
    await reviewer(course.id, 'Uden Samtykke', { rating: 5, comment: 'Et rigtig godt kursus, som jeg vil anbefale.' });
    await reviewer(course.id, 'Lav Bedømmelse', { rating: 3, comment: 'Udmærket, men lidt for langt efter min smag.', quote: true });
    await reviewer(course.id, 'Kort Tekst', { rating: 5, comment: 'Godt!', quote: true });
    await reviewer(hidden.id, 'Privat Kursus', { rating: 5, comment: 'Et privat kursus, som ikke må vises offentligt.', quote: true });

    const organisation = await t.db
      .selectFrom('organisations')
      .select('name')
      .where('id', '=', a.admin.organisationId)
      .executeTakeFirstOrThrow();
    expect(await testimonials()).toEqual([
      {
        quote: 'Konkret og let at gå til – vi brugte det samme uge.',
        rating: 5,
        name: 'Mette',
        company: organisation.name,
        courseTitle: 'Førstehjælp på lageret',
        courseSlug: course.slug,
      },
    ]);
    const mine = (await call(t, quoted, 'GET', `/api/courses/${course.id}/review`)).json<{ review: { quote: boolean } }>();
    expect(mine.review.quote).toBe(true);

    // Editing the review without the field keeps the consent; unticking it withdraws it.
    await call(t, quoted, 'PUT', `/api/courses/${course.id}/review`, {
      rating: 5,
      comment: 'Konkret og let at gå til – vi brugte det straks.',
    });
    expect((await testimonials())[0]?.quote).toBe('Konkret og let at gå til – vi brugte det straks.');
    await call(t, quoted, 'PUT', `/api/courses/${course.id}/review`, {
      rating: 5,
      comment: 'Konkret og let at gå til – vi brugte det straks.',
      quote: false,
    });
    expect(await testimonials()).toEqual([]);
  });

  it('no longer quotes a person whose account their company deactivated', async () => {
    const course = await insertCourse(t.db, a.admin.organisationId, a.instructor.id, { title: 'Truckcertifikat', visibility: 'public' });
    const quoted = await reviewer(course.id, 'Jonas Berg', {
      rating: 4,
      comment: 'Gode øvelser, der passer til hverdagen på lageret.',
      quote: true,
    });
    expect((await testimonials()).map((q) => q.name)).toContain('Jonas');
    const res = await call(t, a.admin, 'PATCH', `/api/members/${quoted.id}`, { active: false });
    expect(res.statusCode, res.body).toBe(200);
    expect((await testimonials()).map((q) => q.name)).not.toContain('Jonas');
  });
});
