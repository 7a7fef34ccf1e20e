import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { newId } from '../../src/server/security/tokens.ts';
import { buildTestApp, createTestApp, type TestApp } from '../helpers/app.ts';
import { addPerson, company, type Company, type Person } from '../helpers/courses.ts';
import { daysAgo, enrol, view } from '../helpers/dashboard.ts';
import { insertCourse } from '../helpers/published-courses.ts';

// A server keeps the stats and analytics it computed and answers from them while the owner's
// figures version (migration 032, raised by triggers with every write the figures read) is
// unchanged. Each test warms what an instance keeps, writes — straight into the database, or
// through the API of another instance on the same database (a SQLite file; PostgreSQL under
// TEST_DATABASE_URL) — and expects the warmed instance to answer what a fresh instance computes,
// and that to differ from before: a kept answer served after the write fails here.

let t: TestApp;
/** A second instance on the same database, as behind a load balancer. */
let other: FastifyInstance;
let c: Company;
let learner: Person;
let course: { id: string; slug: string };
let lessonId: string;

beforeAll(async () => {
  t = await createTestApp();
  other = await buildTestApp(t.database);
  c = await company(t);
  learner = await addPerson(t, c.admin.organisationId, 'learner');
  course = await insertCourse(t.db, c.admin.organisationId, c.instructor.id, { title: 'Holdt kursus', price: 0, pricing: 'free' }, [
    { title: 'Modul', lessons: [{ title: 'Første' }, { title: 'Anden' }] },
  ]);
  const lesson = await t.db
    .selectFrom('lessons')
    .select('id')
    .where('course_id', '=', course.id)
    .orderBy('position')
    .executeTakeFirstOrThrow();
  lessonId = lesson.id;
  await enrol(t, course.id, c.learner.id, { enrolledAt: daysAgo(3), progress: 40 });
});
afterAll(async () => {
  await other.close();
  await t.close();
});
afterEach(() => {
  vi.useRealTimers();
});

const CALLS = ['stats', 'analytics?days=30', 'analytics?days=90'] as const;

async function get(app: FastifyInstance, who: Person, path: string, id = c.instructor.id): Promise<Record<string, unknown>> {
  const res = await app.inject({ url: `/api/instructors/${id}/${path}`, headers: { cookie: who.cookie } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

/** Every call's answer from `app`, each asked twice, so the second is a kept one where it may be. */
async function answers(app: FastifyInstance): Promise<Record<string, unknown>[]> {
  const out: Record<string, unknown>[] = [];
  for (const path of CALLS) {
    const first = await get(app, c.instructor, path);
    expect(await get(app, c.instructor, path)).toEqual(first);
    out.push(first);
  }
  return out;
}

/** What an instance that has kept nothing answers now. */
async function fresh(): Promise<Record<string, unknown>[]> {
  const app = await buildTestApp(t.database);
  try {
    return await answers(app);
  } finally {
    await app.close();
  }
}

/**
 * Warms both instances, runs `write`, then expects both to answer as a fresh instance does and
 * `changed` to hold between the stats before and after.
 */
async function afterWrite(
  write: () => Promise<unknown>,
  changed: (before: Record<string, unknown>, after: Record<string, unknown>) => void,
) {
  const before = await answers(t.app);
  expect(await answers(other)).toEqual(before);
  await write();
  const expected = await fresh();
  expect(await answers(t.app)).toEqual(expected);
  expect(await answers(other)).toEqual(expected);
  changed(before[0] ?? {}, expected[0] ?? {});
  return { before, after: expected };
}

describe('kept dashboard answers', () => {
  it('an enrolment through the other instance shows on this one at once', async () => {
    await afterWrite(
      async () => {
        const res = await other.inject({ method: 'POST', url: `/api/courses/${course.id}/enrol`, headers: { cookie: learner.cookie } });
        expect(res.statusCode, res.body).toBe(201);
      },
      (before, after) => expect(after.totalStudents).toBe(Number(before.totalStudents) + 1),
    );
  });

  it('progress and a completion through the other instance show at once', async () => {
    const { before, after } = await afterWrite(
      async () => {
        const res = await other.inject({
          method: 'POST',
          url: `/api/learning/${course.id}/lessons/${lessonId}/complete`,
          headers: { cookie: learner.cookie },
        });
        expect(res.statusCode, res.body).toBe(200);
      },
      () => {},
    );
    const progressOf = (answer: Record<string, unknown> | undefined) =>
      (answer?.coursePerformance as { courseId: string; averageProgress: number }[]).find((p) => p.courseId === course.id)?.averageProgress;
    expect(progressOf(after[1])).toBeGreaterThan(progressOf(before[1]) ?? 0);
  });

  it('a completion written straight into the database shows at once', async () => {
    await afterWrite(
      () =>
        t.db
          .updateTable('enrolments')
          .set({ progress: 100, completed_at: new Date().toISOString() })
          .where('course_id', '=', course.id)
          .where('user_id', '=', c.learner.id)
          .execute(),
      (before, after) => expect(after.completionRate).toBeGreaterThan(Number(before.completionRate)),
    );
  });

  it('a sale shows at once', async () => {
    await afterWrite(
      () =>
        t.db
          .insertInto('payments')
          .values({
            id: newId(),
            kind: 'course',
            buyer_organisation_id: c.admin.organisationId,
            buyer_user_id: learner.id,
            seller_organisation_id: c.admin.organisationId,
            course_id: course.id,
            plan: null,
            plan_period: null,
            quantity: 1,
            currency: 'DKK',
            subtotal: 39_900,
            vat: 9_975,
            total: 49_875,
            stripe_event_id: `evt_${newId()}`,
            stripe_checkout_session_id: null,
            stripe_invoice_id: null,
            stripe_subscription_id: null,
            stripe_payment_intent_id: null,
            created_at: new Date().toISOString(),
          })
          .execute(),
      (before, after) => expect(after.totalRevenue).toBe(Number(before.totalRevenue) + 39_900),
    );
  });

  it('a review, a course page view and a renamed course show at once', async () => {
    await afterWrite(
      () =>
        t.db
          .insertInto('reviews')
          .values({
            id: newId(),
            course_id: course.id,
            user_id: learner.id,
            rating: 2,
            comment: '',
            created_at: new Date().toISOString(),
            updated_at: new Date().toISOString(),
          })
          .execute(),
      (before, after) => expect(after.averageRating).not.toEqual(before.averageRating),
    );
    await afterWrite(
      async () => {
        const res = await other.inject({ url: `/api/catalogue/${course.slug}` });
        expect(res.statusCode, res.body).toBe(200);
      },
      (before, after) => expect(after.monthlyViews).toBe(Number(before.monthlyViews) + 1),
    );
    const { after } = await afterWrite(
      () => t.db.updateTable('courses').set({ title: 'Omdøbt kursus' }).where('id', '=', course.id).execute(),
      () => {},
    );
    expect((after[1]?.coursePerformance as { courseName: string }[]).map((p) => p.courseName)).toContain('Omdøbt kursus');
  });

  it('a new course and a course handed to another instructor move both owners’ answers', async () => {
    await afterWrite(
      () => insertCourse(t.db, c.admin.organisationId, c.instructor.id, { title: 'Endnu et' }),
      (before, after) => expect(after.totalCourses).toBe(Number(before.totalCourses) + 1),
    );
    const others = await get(t.app, c.otherInstructor, 'stats', c.otherInstructor.id);
    await afterWrite(
      () => t.db.updateTable('courses').set({ owner_id: c.otherInstructor.id }).where('id', '=', course.id).execute(),
      (before, after) => expect(after.totalCourses).toBe(Number(before.totalCourses) - 1),
    );
    const othersAfter = await get(t.app, c.otherInstructor, 'stats', c.otherInstructor.id);
    expect(othersAfter.totalCourses).toBe(Number(others.totalCourses) + 1);
  });

  it('a view leaving the rolling 30-day window as time passes is no longer counted, with no write at all', async () => {
    const start = Date.now();
    const near = new Date(start - 30 * 86_400_000 + 60_000).toISOString();
    const owned = await insertCourse(t.db, c.admin.organisationId, c.instructor.id, { title: 'Vindue' });
    await view(t, owned.id, near);
    const before = await answers(t.app);
    vi.useFakeTimers({ toFake: ['Date'], now: start + 120_000 });
    const later = await answers(t.app);
    for (const i of [0, 1, 2]) expect(later[i]?.monthlyViews).toBe(Number(before[i]?.monthlyViews) - 1);
    vi.useRealTimers();
    expect(await fresh()).toEqual(before);
  });
});
