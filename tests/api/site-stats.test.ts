import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SiteStatsService } from '../../src/server/modules/site-stats/service.ts';
import { ZSiteStats } from '../../src/shared/schemas/site-stats.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { addPerson, company, type Company } from '../helpers/courses.ts';
import { daysAgo, enrol } from '../helpers/dashboard.ts';
import { insertCourse } from '../helpers/published-courses.ts';

// Issue 9 §1: the landing page's stats block shows this installation's figures, counted by the
// server and cached.

async function review(t: TestApp, courseId: string, userId: string, rating: number) {
  const now = new Date().toISOString();
  await t.db.insertInto('reviews').values({ id: `r-${Math.random().toString(36).slice(2)}`, course_id: courseId, user_id: userId, rating, comment: '', created_at: now, updated_at: now }).execute();
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
