import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, registerCompany, type TestApp } from '../helpers/app.ts';
import { call, company, type Company, type Person } from '../helpers/courses.ts';
import { createCourseJob, finished, JobsBed, until } from '../helpers/jobs.ts';
import { insertCourse } from '../helpers/published-courses.ts';

// What is told as it happens, through the real API: enrolments, completions and reviews.
let t: TestApp;
let c: Company;

beforeAll(async () => {
  t = await createTestApp();
  c = await company(t);
});
afterAll(() => t.close());

const told = async (who: Person) =>
  (await call(t, who, 'GET', '/api/notifications')).json<{
    notifications: { kind: string; title: string; body: string; link: string | null }[];
  }>().notifications;

it('tells the instructor of a new learner, a completion and a review, and the learner of their lesson and their course', async () => {
  const course = await insertCourse(t.db, c.admin.organisationId, c.instructor.id, { title: 'Førstehjælp' }, [
    { title: 'Modul 1', lessons: [{ title: 'Hjertestop' }] },
  ]);
  const lesson = await t.db
    .selectFrom('lessons')
    .innerJoin('course_modules', 'course_modules.id', 'lessons.module_id')
    .select('lessons.id')
    .where('course_modules.course_id', '=', course.id)
    .executeTakeFirstOrThrow();

  expect((await call(t, c.learner, 'POST', `/api/courses/${course.id}/enrol`)).statusCode).toBe(201);
  expect((await call(t, c.learner, 'POST', `/api/learning/${course.id}/lessons/${lesson.id}/complete`)).json()).toMatchObject({
    courseCompleted: true,
  });
  // Completing it again tells nothing new.
  await call(t, c.learner, 'POST', `/api/learning/${course.id}/lessons/${lesson.id}/complete`);
  expect((await call(t, c.learner, 'PUT', `/api/courses/${course.id}/review`, { rating: 5, comment: 'God' })).statusCode).toBe(200);
  // Editing the review is not a new review.
  await call(t, c.learner, 'PUT', `/api/courses/${course.id}/review`, { rating: 4, comment: 'Ret god' });

  const learnerName = (await t.db.selectFrom('users').select('contact_name').where('id', '=', c.learner.id).executeTakeFirstOrThrow())
    .contact_name;
  expect((await told(c.instructor)).map((n) => [n.kind, n.title, n.body, n.link])).toEqual([
    ['new-review', 'New review of “Førstehjælp”', `${learnerName} gave 5 of 5 stars.`, `/dashboard/courses/${course.id}`],
    ['new-completion', '“Førstehjælp” completed', `${learnerName} completed the course.`, `/dashboard/courses/${course.id}`],
    ['new-enrolment', 'New learner on “Førstehjælp”', `${learnerName} enrolled.`, `/dashboard/courses/${course.id}`],
  ]);
  // Told by one request, perhaps in the same millisecond: in either order.
  expect((await told(c.learner)).map((n) => [n.kind, n.title, n.link]).sort()).toEqual([
    ['course-completed', 'You completed “Førstehjælp”', '/certificates'],
    ['lesson-completed', 'Lesson completed: Hjertestop', `/learn/${course.id}`],
  ]);
  // The admin, who is not the course's instructor, hears none of it.
  expect(await told(c.admin)).toEqual([]);
});

describe('a job', () => {
  const bed = new JobsBed();
  beforeAll(() => bed.open());
  afterAll(() => bed.close());

  it('tells whoever started it that it is ready, or that it failed, once each', async () => {
    const app = await bed.app();
    const admin = await registerCompany(app);
    const notes = async () =>
      (await app.inject({ url: '/api/notifications', headers: { cookie: admin.cookie, 'accept-language': 'en' } })).json<{
        notifications: { kind: string; title: string; link: string }[];
      }>().notifications;
    const fake = await bed.provider(10);
    const done = await finished(bed.db, (await createCourseJob(bed.db, admin.user, fake)).id);
    expect(done.status).toBe('succeeded');
    await until(async () => (await notes()).length === 1, 'the job told');
    expect(await notes()).toEqual([
      expect.objectContaining({
        kind: 'job-finished',
        title: 'The course from the AI course creator is ready',
        link: '/dashboard/creator',
      }),
    ]);

    fake.behave('outline', { fail: true });
    const failed = await finished(bed.db, (await createCourseJob(bed.db, admin.user, fake)).id);
    expect(failed.status).toBe('failed');
    await until(async () => (await notes()).length === 2, 'the failure told');
    expect((await notes())[0]).toMatchObject({ kind: 'job-failed', title: 'The course from the AI course creator failed' });
  });
});
