import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../src/server/security/tokens.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { addPerson, call, company, type Company, type Person } from '../helpers/courses.ts';
import { activity, daysAgo, enrol, view } from '../helpers/dashboard.ts';
import { insertCourse } from '../helpers/published-courses.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const get = (who: Person | null, path: string) => call(t, who, 'GET', path);
const addReview = (courseId: string, userId: string, rating: number, comment = '') =>
  t.db
    .insertInto('reviews')
    .values({ id: newId(), course_id: courseId, user_id: userId, rating, comment, created_at: daysAgo(0), updated_at: daysAgo(0) })
    .execute();

/** A small fixture whose every figure is computed by hand below. */
let c: Company;
let other: Company;
let l2: Person;
let l3: Person;
let l4: Person;
let A: { id: string };
let B: { id: string };
let O: { id: string };
const at: Record<string, string> = {};

beforeAll(async () => {
  c = await company(t);
  other = await company(t);
  l2 = await addPerson(t, c.admin.organisationId, 'learner');
  l3 = await addPerson(t, other.admin.organisationId, 'learner');
  l4 = await addPerson(t, c.admin.organisationId, 'learner');
  await t.db
    .updateTable('users')
    .set({ deactivated_at: daysAgo(1) })
    .where('id', '=', l4.id)
    .execute();
  A = await insertCourse(t.db, c.admin.organisationId, c.instructor.id, { title: 'Kursus A', description: 'Om A', price: 49_900 });
  B = await insertCourse(t.db, c.admin.organisationId, c.instructor.id, { title: 'Kursus B', status: 'draft' });
  O = await insertCourse(t.db, c.admin.organisationId, c.otherInstructor.id, { title: 'Kursus O' });
  Object.assign(at, { l1a: daysAgo(2), l1aDone: daysAgo(1), l2a: daysAgo(4), l2aAct: daysAgo(3), l3a: daysAgo(0), l1b: daysAgo(5) });
  await enrol(t, A.id, c.learner.id, { enrolledAt: at.l1a, progress: 100, lastActivityAt: at.l1aDone, completedAt: at.l1aDone });
  await enrol(t, A.id, l2.id, { enrolledAt: at.l2a, progress: 50, lastActivityAt: at.l2aAct });
  await enrol(t, A.id, l3.id, { enrolledAt: at.l3a, source: 'assigned' });
  await enrol(t, B.id, c.learner.id, { enrolledAt: at.l1b, progress: 20, source: 'assigned', dueAt: daysAgo(1) });
  await enrol(t, O.id, l2.id, { enrolledAt: daysAgo(6), progress: 100, completedAt: daysAgo(1), lastActivityAt: daysAgo(1) });
  await addReview(A.id, c.learner.id, 5);
  await addReview(A.id, l2.id, 4, 'Rigtig godt');
  await addReview(O.id, l2.id, 1);
  for (const d of [0, 1]) await view(t, A.id, daysAgo(d, 1));
  // The oldest day of the analytics window (UTC days): a minute into it, whatever the time of day
  // the test runs (29 days and an hour ago fell out of it between 00:00 and 01:00 UTC).
  await view(t, A.id, new Date(Math.floor(Date.now() / 86_400_000) * 86_400_000 - 29 * 86_400_000 + 60_000).toISOString());
  await view(t, A.id, daysAgo(40));
  await view(t, B.id, daysAgo(10));
  for (let i = 0; i < 5; i++) await view(t, O.id, daysAgo(1));
  const org = c.admin.organisationId;
  at.actEnrol = await activity(t, { organisationId: org, courseId: A.id, userId: c.learner.id, kind: 'enrollment', createdAt: at.l1a! });
  at.actDone = await activity(t, { organisationId: org, courseId: A.id, userId: c.learner.id, kind: 'completion', createdAt: at.l1aDone! });
  at.actReview = await activity(t, { organisationId: org, courseId: A.id, userId: l2.id, kind: 'review', createdAt: daysAgo(0, 1) });
  await activity(t, { organisationId: org, courseId: O.id, userId: l2.id, kind: 'enrollment', createdAt: daysAgo(0) });
  await activity(t, { organisationId: org, courseId: null, userId: l2.id, kind: 'message', createdAt: daysAgo(0) });
});

describe('GET /api/instructors/:id/… figures', () => {
  it('stats: courses, distinct students, revenue 0 without recorded payments (billing-invoices covers them), completion rate, average rating, views in the last 30 days', async () => {
    const res = await get(c.instructor, `/api/instructors/${c.instructor.id}/stats`);
    expect(res.statusCode).toBe(200);
    // 4 enrolments on A and B, 1 completed; learners 1, 2, 3; reviews 5 and 4; A's 3 recent views + B's 1.
    expect(res.json()).toEqual({
      totalCourses: 2,
      totalStudents: 3,
      totalRevenue: 0,
      completionRate: 25,
      averageRating: 4.5,
      monthlyViews: 4,
      // All four enrolments and the completion are within the last 30 days; nothing in the 30 before.
      trends: { enrolments: { current: 4, previous: 0 }, completions: { current: 1, previous: 0 } },
    });
  });

  it('trends: the last 30 days against the 30 before, by whole UTC days', async () => {
    const d = await company(t);
    const course = await insertCourse(t.db, d.admin.organisationId, d.instructor.id, { title: 'Tendens' });
    const today = Math.floor(Date.now() / 86_400_000) * 86_400_000;
    const day = (n: number) => new Date(today - n * 86_400_000 + 60_000).toISOString();
    const learners = await Promise.all([0, 1, 2, 3].map(() => addPerson(t, d.admin.organisationId, 'learner')));
    // Day 29 is the last 30's first day; day 30 the previous 30's last; day 60 is in neither.
    await enrol(t, course.id, learners[0]!.id, { enrolledAt: day(29), completedAt: day(29), progress: 100 });
    await enrol(t, course.id, learners[1]!.id, { enrolledAt: day(30), completedAt: day(1), progress: 100 });
    await enrol(t, course.id, learners[2]!.id, { enrolledAt: day(59), completedAt: day(40), progress: 100 });
    await enrol(t, course.id, learners[3]!.id, { enrolledAt: day(60) });
    const res = await get(d.instructor, `/api/instructors/${d.instructor.id}/stats`);
    expect(res.json().trends).toEqual({ enrolments: { current: 1, previous: 2 }, completions: { current: 2, previous: 1 } });
  });

  it('courses: every course of theirs with its figures, drafts included', async () => {
    const res = await get(c.instructor, `/api/instructors/${c.instructor.id}/courses`);
    expect(res.statusCode).toBe(200);
    const byId = Object.fromEntries(res.json().map((x: { id: string }) => [x.id, x]));
    expect(Object.keys(byId).sort()).toEqual([A.id, B.id].sort());
    expect(byId[A.id]).toMatchObject({
      title: 'Kursus A',
      description: 'Om A',
      published: true,
      status: 'published',
      price: 49_900,
      students: 3,
      completions: 1,
      completionRate: 33,
      rating: 4.5,
      reviewCount: 2,
      revenue: 0,
    });
    expect(byId[B.id]).toMatchObject({
      title: 'Kursus B',
      published: false,
      status: 'draft',
      students: 1,
      completions: 0,
      completionRate: 0,
      rating: null,
      reviewCount: 0,
    });
  });

  it("activity: events on their courses only, newest first, with the review's rating; limit", async () => {
    const res = await get(c.instructor, `/api/instructors/${c.instructor.id}/activity`);
    expect(res.statusCode).toBe(200);
    const learnerName = (await t.db.selectFrom('users').select('contact_name').where('id', '=', c.learner.id).executeTakeFirstOrThrow())
      .contact_name;
    const l2Name = (await t.db.selectFrom('users').select('contact_name').where('id', '=', l2.id).executeTakeFirstOrThrow()).contact_name;
    expect(res.json()).toEqual([
      {
        id: at.actReview,
        type: 'review',
        studentName: l2Name,
        courseName: 'Kursus A',
        details: '4/5 · Rigtig godt',
        timestamp: expect.any(String),
      },
      { id: at.actDone, type: 'completion', studentName: learnerName, courseName: 'Kursus A', details: '', timestamp: at.l1aDone },
      { id: at.actEnrol, type: 'enrollment', studentName: learnerName, courseName: 'Kursus A', details: '', timestamp: at.l1a },
    ]);
    const limited = await get(c.instructor, `/api/instructors/${c.instructor.id}/activity?limit=1`);
    expect(limited.json().map((x: { id: string }) => x.id)).toEqual([at.actReview]);
    expect((await get(c.instructor, `/api/instructors/${c.instructor.id}/activity?limit=0`)).statusCode).toBe(400);
  });

  it('students: each learner once, with course count, average progress and last activity, latest first', async () => {
    const res = await get(c.instructor, `/api/instructors/${c.instructor.id}/students`);
    expect(res.statusCode).toBe(200);
    expect(
      res
        .json()
        .map((s: { id: string; enrolledCourses: number; averageProgress: number; lastActive: string }) => [
          s.id,
          s.enrolledCourses,
          s.averageProgress,
          s.lastActive,
        ]),
    ).toEqual([
      [l3.id, 1, 0, at.l3a],
      [c.learner.id, 2, 60, at.l1aDone],
      [l2.id, 1, 50, at.l2aAct],
    ]);
    const l3Row = res.json()[0];
    expect(l3Row.email).toMatch(/@example\.dk$/);
    const otherName = (
      await t.db.selectFrom('organisations').select('name').where('id', '=', other.admin.organisationId).executeTakeFirstOrThrow()
    ).name;
    expect(l3Row.company).toBe(otherName);
  });

  it('analytics: the summary, performance per course and a whole series of days', async () => {
    const res = await get(c.instructor, `/api/instructors/${c.instructor.id}/analytics`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      totalRevenue: 0,
      totalStudents: 3,
      totalCompletions: 1,
      averageRating: 4.5,
      completionRate: 25,
      monthlyViews: 4,
      days: 30,
    });
    const perf = Object.fromEntries(body.coursePerformance.map((p: { courseId: string }) => [p.courseId, p]));
    expect(perf[A.id]).toEqual({
      courseId: A.id,
      courseName: 'Kursus A',
      students: 3,
      completions: 1,
      completionRate: 33,
      averageProgress: 50,
      revenue: 0,
      rating: 4.5,
      views: 3,
    });
    expect(perf[B.id]).toEqual({
      courseId: B.id,
      courseName: 'Kursus B',
      students: 1,
      completions: 0,
      completionRate: 0,
      averageProgress: 20,
      revenue: 0,
      rating: null,
      views: 1,
    });
    expect(body.series).toHaveLength(30);
    expect(body.series.at(-1).date).toBe(new Date().toISOString().slice(0, 10));
    const day = (iso: string) => body.series.find((p: { date: string }) => p.date === iso.slice(0, 10));
    const sum = (key: 'enrolments' | 'completions') => body.series.reduce((n: number, p: Record<string, number>) => n + p[key]!, 0);
    expect(sum('enrolments')).toBe(4);
    expect(sum('completions')).toBe(1);
    expect(day(at.l1aDone!).completions).toBe(1);
    expect(day(at.l1b!).enrolments).toBeGreaterThanOrEqual(1);

    const ninety = (await get(c.instructor, `/api/instructors/${c.instructor.id}/analytics?days=90`)).json();
    expect(ninety.series).toHaveLength(90);
    expect(ninety.coursePerformance.find((p: { courseId: string }) => p.courseId === A.id).views).toBe(4);
    expect((await get(c.instructor, `/api/instructors/${c.instructor.id}/analytics?days=7`)).statusCode).toBe(400);
  });

  it('analytics are advanced analytics: the trial, Professional and Enterprise have them, Starter is told where a plan has them', async () => {
    const org = c.admin.organisationId;
    const plan = (name: 'starter' | 'professional' | 'enterprise' | 'trial') =>
      t.db.updateTable('organisations').set({ plan: name }).where('id', '=', org).execute();
    try {
      await plan('starter');
      const refused = await get(c.instructor, `/api/instructors/${c.instructor.id}/analytics`);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({ code: 'PLAN_FEATURE' });
      expect(refused.json().message).toContain('Professional');
      // Basic analytics stay: the overview's figures, the courses' and the learners'.
      for (const p of ['stats', 'courses', 'students', 'activity', 'attention'])
        expect((await get(c.instructor, `/api/instructors/${c.instructor.id}/${p}`)).statusCode, p).toBe(200);
      for (const name of ['professional', 'enterprise'] as const) {
        await plan(name);
        expect((await get(c.instructor, `/api/instructors/${c.instructor.id}/analytics`)).statusCode, name).toBe(200);
      }
    } finally {
      await plan('trial');
    }
  });
});

describe('who may read /api/instructors/:id/…', () => {
  const paths = ['courses', 'stats', 'activity', 'students', 'analytics'];

  it('the instructor and an admin of the company; the same figures for both', async () => {
    for (const p of paths) {
      const own = await get(c.instructor, `/api/instructors/${c.instructor.id}/${p}`);
      const admin = await get(c.admin, `/api/instructors/${c.instructor.id}/${p}`);
      expect([own.statusCode, admin.statusCode]).toEqual([200, 200]);
      if (p !== 'analytics') expect(admin.json()).toEqual(own.json());
    }
  });

  it("an admin's own id covers the admin's own courses (none here)", async () => {
    expect((await get(c.admin, `/api/instructors/${c.admin.id}/stats`)).json()).toEqual({
      totalCourses: 0,
      totalStudents: 0,
      totalRevenue: 0,
      completionRate: 0,
      averageRating: null,
      monthlyViews: 0,
      trends: { enrolments: { current: 0, previous: 0 }, completions: { current: 0, previous: 0 } },
    });
  });

  it('anyone else gets 404: another instructor of the company, another company, a learner (also for their own id), an unknown id; 401 without a session', async () => {
    for (const p of paths) {
      for (const [who, id] of [
        [c.otherInstructor, c.instructor.id],
        [other.admin, c.instructor.id],
        [other.instructor, c.instructor.id],
        [c.learner, c.instructor.id],
        [c.learner, c.learner.id],
        [c.admin, c.learner.id],
        [c.admin, 'no-such-person'],
      ] as const) {
        const res = await get(who, `/api/instructors/${id}/${p}`);
        expect(res.statusCode, `${p} ${id}`).toBe(404);
      }
      expect((await get(null, `/api/instructors/${c.instructor.id}/${p}`)).statusCode).toBe(401);
    }
  });
});

describe('GET /api/organisation/overview', () => {
  it("gives an admin the company's members, seats, assigned courses and overdue learners", async () => {
    const res = await get(c.admin, '/api/organisation/overview');
    expect(res.statusCode).toBe(200);
    // admin, 2 instructors, learners 1, 2 and 4 (4 deactivated); L1's assigned course B is overdue.
    expect(res.json()).toEqual({
      members: { total: 6, byRole: { admin: 1, instructor: 2, learner: 3 }, active: 5, deactivated: 1 },
      seats: { used: 2, limit: 1000, plan: 'trial' },
      coursesAssigned: 1,
      overdueLearners: 1,
    });
  });

  it('uses the plan limits: Starter 100, Enterprise unlimited', async () => {
    await t.db.updateTable('organisations').set({ plan: 'starter' }).where('id', '=', other.admin.organisationId).execute();
    expect((await get(other.admin, '/api/organisation/overview')).json().seats).toEqual({ used: 2, limit: 100, plan: 'starter' });
    await t.db.updateTable('organisations').set({ plan: 'enterprise' }).where('id', '=', other.admin.organisationId).execute();
    expect((await get(other.admin, '/api/organisation/overview')).json().seats).toEqual({ used: 2, limit: null, plan: 'enterprise' });
  });

  it('refuses instructors and learners (403) and the anonymous (401)', async () => {
    expect((await get(c.instructor, '/api/organisation/overview')).statusCode).toBe(403);
    expect((await get(c.learner, '/api/organisation/overview')).statusCode).toBe(403);
    expect((await get(null, '/api/organisation/overview')).statusCode).toBe(401);
  });
});
