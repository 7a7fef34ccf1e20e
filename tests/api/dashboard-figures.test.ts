import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { addPerson, call, company, type Company, type Person } from '../helpers/courses.ts';
import { activity, daysAgo, enrol, view } from '../helpers/dashboard.ts';
import { insertCourse } from '../helpers/published-courses.ts';

// Migration 008: the figures the dashboard sums (course_figures, course_day_figures,
// owner_learners) are kept by triggers; whatever writes enrolments, views or courses, they must
// stay equal to a count of the rows themselves. And the activity feed, which reads only each
// course's newest events, must answer what a sort of them all would.

let t: TestApp;
let c: Company;
beforeAll(async () => {
  t = await createTestApp();
  c = await company(t);
});
afterAll(async () => t.close());

const num = (v: unknown) => Number(v);
const byKey = <T extends Record<string, unknown>>(rows: T[], key: (r: T) => string) => Object.fromEntries(rows.map((r) => [key(r), r]));

/** The figures as kept, and as counted from the rows now; rows of nothing but zeros are no figure. */
async function kept() {
  const courses = await t.db
    .selectFrom('course_figures')
    .selectAll()
    .where((eb) => eb.or([eb('enrolments', '!=', 0), eb('completions', '!=', 0), eb('progress_total', '!=', 0)]))
    .execute();
  const days = await t.db
    .selectFrom('course_day_figures')
    .selectAll()
    .where((eb) => eb.or([eb('enrolments', '!=', 0), eb('completions', '!=', 0), eb('views', '!=', 0)]))
    .execute();
  const learners = await t.db.selectFrom('owner_learners').selectAll().execute();
  return {
    courses: byKey(
      courses.map((r) => ({
        course_id: r.course_id,
        enrolments: num(r.enrolments),
        completions: num(r.completions),
        progress_total: num(r.progress_total),
      })),
      (r) => r.course_id,
    ),
    days: byKey(
      days.map((r) => ({
        course_id: r.course_id,
        day: r.day,
        enrolments: num(r.enrolments),
        completions: num(r.completions),
        views: num(r.views),
      })),
      (r) => `${r.course_id} ${r.day}`,
    ),
    learners: byKey(
      learners.map((r) => ({ owner_id: r.owner_id, user_id: r.user_id, enrolments: num(r.enrolments) })),
      (r) => `${r.owner_id} ${r.user_id}`,
    ),
  };
}

async function counted() {
  const courses = await sql<{ course_id: string; enrolments: number; completions: number; progress_total: number }>`
    select course_id, count(*) as enrolments, count(completed_at) as completions, sum(progress) as progress_total from enrolments group by course_id`.execute(
    t.db,
  );
  const days = await sql<{ course_id: string; day: string; enrolments: number; completions: number; views: number }>`
    select course_id, day, sum(enrolments) as enrolments, sum(completions) as completions, sum(views) as views from (
      select course_id, substr(enrolled_at, 1, 10) as day, 1 as enrolments, 0 as completions, 0 as views from enrolments
      union all select course_id, substr(completed_at, 1, 10), 0, 1, 0 from enrolments where completed_at is not null
      union all select course_id, substr(viewed_at, 1, 10), 0, 0, 1 from course_views
    ) as rows group by course_id, day`.execute(t.db);
  const learners = await sql<{ owner_id: string; user_id: string; enrolments: number }>`
    select c.owner_id, e.user_id, count(*) as enrolments from enrolments e join courses c on c.id = e.course_id group by c.owner_id, e.user_id`.execute(
    t.db,
  );
  return {
    courses: byKey(
      courses.rows.map((r) => ({
        course_id: r.course_id,
        enrolments: num(r.enrolments),
        completions: num(r.completions),
        progress_total: num(r.progress_total),
      })),
      (r) => r.course_id,
    ),
    days: byKey(
      days.rows.map((r) => ({
        course_id: r.course_id,
        day: r.day,
        enrolments: num(r.enrolments),
        completions: num(r.completions),
        views: num(r.views),
      })),
      (r) => `${r.course_id} ${r.day}`,
    ),
    learners: byKey(
      learners.rows.map((r) => ({ owner_id: r.owner_id, user_id: r.user_id, enrolments: num(r.enrolments) })),
      (r) => `${r.owner_id} ${r.user_id}`,
    ),
  };
}

const expectInStep = async () => expect(await kept()).toEqual(await counted());

const lesson = (title: string) => ({
  title,
  kind: 'text' as const,
  content: { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: title }] }] },
});

describe('the dashboard figures kept by migration 008', () => {
  let A: { id: string };
  let B: { id: string };
  let learners: Person[];

  it('follow enrolments, completions and progress through the API (enrol, complete lessons, finish the course)', async () => {
    A = await insertCourse(t.db, c.admin.organisationId, c.instructor.id, {}, [{ title: 'Modul', lessons: [lesson('Et'), lesson('To')] }]);
    B = await insertCourse(t.db, c.admin.organisationId, c.instructor.id);
    learners = [c.learner, await addPerson(t, c.admin.organisationId, 'learner'), await addPerson(t, c.admin.organisationId, 'learner')];
    for (const who of learners) expect((await call(t, who, 'POST', `/api/courses/${A.id}/enrol`)).statusCode).toBe(201);
    expect((await call(t, learners[0]!, 'POST', `/api/courses/${B.id}/enrol`)).statusCode).toBe(201);
    const outline = (await call(t, learners[0]!, 'GET', `/api/learning/${A.id}`)).json();
    const ids: string[] = outline.modules[0].lessons.map((l: { id: string }) => l.id);
    for (const id of ids)
      expect((await call(t, learners[0]!, 'POST', `/api/learning/${A.id}/lessons/${id}/complete`)).json()).toMatchObject({
        completed: true,
      });
    expect((await call(t, learners[1]!, 'POST', `/api/learning/${A.id}/lessons/${ids[0]}/complete`)).json()).toMatchObject({
      courseProgress: 50,
    });
    // Opening a lesson writes the enrolment's last activity, which moves no figure.
    expect((await call(t, learners[2]!, 'GET', `/api/learning/${A.id}/lessons/${ids[1]}`)).statusCode).toBe(200);
    await expectInStep();
    expect((await kept()).courses[A.id]).toEqual({ course_id: A.id, enrolments: 3, completions: 1, progress_total: 150 });
    expect((await kept()).learners[`${c.instructor.id} ${learners[0]!.id}`]).toMatchObject({ enrolments: 2 });
  });

  it('follow rows written and changed directly: enrolments on other days, a completion moved or withdrawn, views added and removed', async () => {
    const other = await addPerson(t, c.admin.organisationId, 'learner');
    const id = await enrol(t, B.id, other.id, { enrolledAt: daysAgo(40), progress: 100, completedAt: daysAgo(3) });
    await view(t, A.id, daysAgo(0));
    await view(t, A.id, daysAgo(31));
    await view(t, B.id, daysAgo(31));
    await expectInStep();
    await t.db
      .updateTable('enrolments')
      .set({ completed_at: daysAgo(1) })
      .where('id', '=', id)
      .execute();
    await expectInStep();
    await t.db.updateTable('enrolments').set({ completed_at: null, progress: 40 }).where('id', '=', id).execute();
    await expectInStep();
    await t.db
      .updateTable('enrolments')
      .set({ enrolled_at: daysAgo(2) })
      .where('id', '=', id)
      .execute();
    await expectInStep();
    await t.db.deleteFrom('course_views').where('course_id', '=', B.id).execute();
    await expectInStep();
  });

  it('follow deletions: an enrolment, a learner (their enrolments go with them), a whole course', async () => {
    await t.db.deleteFrom('enrolments').where('course_id', '=', B.id).where('user_id', '=', learners[0]!.id).execute();
    await expectInStep();
    expect((await kept()).learners[`${c.instructor.id} ${learners[0]!.id}`]).toMatchObject({ enrolments: 1 });
    await t.db.deleteFrom('users').where('id', '=', learners[2]!.id).execute();
    await expectInStep();
    await t.db.deleteFrom('courses').where('id', '=', A.id).execute();
    await expectInStep();
    expect(Object.keys((await kept()).learners).filter((k) => k.startsWith(c.instructor.id))).toHaveLength(1);
  });

  it('follow a course that changes hands, and the dashboard of each owner shows it', async () => {
    const C = await insertCourse(t.db, c.admin.organisationId, c.instructor.id);
    for (const who of learners.slice(0, 2)) await enrol(t, C.id, who.id, { progress: 10 });
    await t.db.updateTable('courses').set({ owner_id: c.otherInstructor.id }).where('id', '=', C.id).execute();
    await expectInStep();
    const stats = (who: Person) => call(t, who, 'GET', `/api/instructors/${who.id}/stats`);
    expect((await stats(c.otherInstructor)).json()).toMatchObject({ totalCourses: 1, totalStudents: 2 });
    expect((await stats(c.instructor)).json()).toMatchObject({ totalCourses: 1, totalStudents: 1 });
  });
});

describe('the activity feed over many courses', () => {
  it('answers the newest events of a sort of them all, for any limit, ties included', async () => {
    const teacher = await addPerson(t, c.admin.organisationId, 'instructor');
    const courses = [];
    for (let i = 0; i < 3; i++) courses.push(await insertCourse(t.db, c.admin.organisationId, teacher.id));
    const events: { id: string; at: string }[] = [];
    const add = async (course: { id: string }, at: string) =>
      events.push({
        id: await activity(t, {
          organisationId: c.admin.organisationId,
          courseId: course.id,
          userId: c.learner.id,
          kind: 'enrollment',
          createdAt: at,
        }),
        at,
      });
    // A busy course, a few very recent events on another, and a third whose times tie with the first's.
    for (let d = 0; d < 30; d++) await add(courses[0]!, daysAgo(d, 1));
    for (let h = 0; h < 5; h++) await add(courses[1]!, daysAgo(0, h / 10));
    for (let d = 0; d < 25; d++) await add(courses[2]!, events[d % 30]!.at);
    const sorted = events.sort((x, y) => (x.at === y.at ? (x.id < y.id ? 1 : -1) : x.at < y.at ? 1 : -1)).map((e) => e.id);
    for (const limit of [1, 2, 5, 20, 31, 59, 60, 100]) {
      const res = await call(t, teacher, 'GET', `/api/instructors/${teacher.id}/activity?limit=${limit}`);
      expect(res.json().map((x: { id: string }) => x.id)).toEqual(sorted.slice(0, limit));
    }
  });
});
