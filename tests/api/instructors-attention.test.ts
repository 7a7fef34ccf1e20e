import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../src/server/security/tokens.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { addPerson, call, company, type Company, type Person } from '../helpers/courses.ts';
import { daysAgo, enrol } from '../helpers/dashboard.ts';
import { insertCourse } from '../helpers/published-courses.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const get = (who: Person | null, path: string) => call(t, who, 'GET', path);

async function job(
  c: Company,
  who: Person,
  fields: { kind: string; status: string; courseId: string | null; createdAt: string; finishedAt?: string | null },
): Promise<string> {
  const id = newId();
  await t.db
    .insertInto('ai_jobs')
    .values({
      id,
      organisation_id: c.admin.organisationId,
      user_id: who.id,
      course_id: fields.courseId,
      kind: fields.kind,
      status: fields.status,
      input: '{}',
      phase: null,
      progress: fields.status === 'succeeded' ? 100 : 0,
      result: null,
      error: fields.status === 'failed' ? JSON.stringify({ message: 'the provider refused' }) : null,
      attempts: 1,
      lease_expiries: 0,
      lock_owner: null,
      lease_until: null,
      cancel_requested: 0,
      input_tokens: 0,
      output_tokens: 0,
      started_at: fields.createdAt,
      created_at: fields.createdAt,
      finished_at: fields.finishedAt ?? null,
      updated_at: fields.finishedAt ?? fields.createdAt,
    })
    .execute();
  return id;
}

let c: Company;
let other: Company;
let l2: Person;
let A: { id: string };
let B: { id: string };
let D: { id: string };
let failedOnB: string;
let failedWithoutCourse: string;

beforeAll(async () => {
  c = await company(t);
  other = await company(t);
  l2 = await addPerson(t, c.admin.organisationId, 'learner');
  A = await insertCourse(t.db, c.admin.organisationId, c.instructor.id, { title: 'Kursus A' });
  B = await insertCourse(t.db, c.admin.organisationId, c.instructor.id, { title: 'Kursus B', status: 'draft', updated_at: daysAgo(1) });
  D = await insertCourse(t.db, c.admin.organisationId, c.instructor.id, { title: 'Kursus D', status: 'draft', updated_at: daysAgo(3) });
  // Another instructor's draft is theirs to finish.
  await insertCourse(t.db, c.admin.organisationId, c.otherInstructor.id, { title: 'Kursus O', status: 'draft' });

  // Overdue: past the due date and not completed. Completed late, or due later, is not.
  await enrol(t, A.id, c.learner.id, { source: 'assigned', dueAt: daysAgo(2) });
  await enrol(t, A.id, l2.id, { source: 'assigned', dueAt: daysAgo(1), completedAt: daysAgo(0), progress: 100 });
  await enrol(t, B.id, l2.id, { source: 'assigned', dueAt: daysAgo(-3) });
  await enrol(t, D.id, l2.id, { source: 'assigned', dueAt: daysAgo(1) });

  // Failed and not run again: on B, and one with no course.
  failedOnB = await job(c, c.instructor, {
    kind: 'whole-course',
    status: 'failed',
    courseId: B.id,
    createdAt: daysAgo(1),
    finishedAt: daysAgo(1),
  });
  failedWithoutCourse = await job(c, c.instructor, {
    kind: 'translate-course',
    status: 'failed',
    courseId: null,
    createdAt: daysAgo(2),
    finishedAt: daysAgo(2),
  });
  // Failed, then run again with success: resolved.
  await job(c, c.instructor, { kind: 'module', status: 'failed', courseId: A.id, createdAt: daysAgo(2), finishedAt: daysAgo(2) });
  await job(c, c.instructor, { kind: 'module', status: 'succeeded', courseId: A.id, createdAt: daysAgo(1), finishedAt: daysAgo(1) });
  // Failed, and a new run is under way: resolved.
  await job(c, c.instructor, { kind: 'all-quizzes', status: 'failed', courseId: D.id, createdAt: daysAgo(2), finishedAt: daysAgo(2) });
  await job(c, c.instructor, { kind: 'all-quizzes', status: 'running', courseId: D.id, createdAt: daysAgo(0) });
  // Too old to count, and someone else's.
  await job(c, c.instructor, { kind: 'whole-course', status: 'failed', courseId: A.id, createdAt: daysAgo(10), finishedAt: daysAgo(10) });
  await job(c, c.otherInstructor, {
    kind: 'whole-course',
    status: 'failed',
    courseId: B.id,
    createdAt: daysAgo(1),
    finishedAt: daysAgo(1),
  });
});

describe('GET /api/instructors/:id/attention', () => {
  it('lists the drafts, the overdue learners and the failed AI jobs not run again, from the data', async () => {
    const res = await get(c.instructor, `/api/instructors/${c.instructor.id}/attention`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.drafts.map((d: { title: string }) => d.title)).toEqual(['Kursus B', 'Kursus D']);
    expect(body.overdue).toEqual([
      expect.objectContaining({ userId: c.learner.id, courseId: A.id, courseName: 'Kursus A' }),
      expect.objectContaining({ userId: l2.id, courseId: D.id, courseName: 'Kursus D' }),
    ]);
    const learner = await t.db.selectFrom('users').select('contact_name').where('id', '=', c.learner.id).executeTakeFirstOrThrow();
    expect(body.overdue[0].learnerName).toBe(learner.contact_name);
    expect(body.failedJobs).toEqual([
      expect.objectContaining({ id: failedOnB, kind: 'whole-course', courseId: B.id, courseName: 'Kursus B' }),
      expect.objectContaining({ id: failedWithoutCourse, kind: 'translate-course', courseId: null, courseName: null }),
    ]);
    expect(body.totals).toEqual({ drafts: 2, overdue: 2, failedJobs: 2, unanswered: 0 });
  });

  it('is gone item by item as the work is done', async () => {
    await t.db.updateTable('courses').set({ status: 'published' }).where('id', '=', D.id).execute();
    await job(c, c.instructor, {
      kind: 'whole-course',
      status: 'succeeded',
      courseId: B.id,
      createdAt: daysAgo(0),
      finishedAt: daysAgo(0),
    });
    const body = (await get(c.instructor, `/api/instructors/${c.instructor.id}/attention`)).json();
    expect(body.drafts.map((d: { courseId: string }) => d.courseId)).toEqual([B.id]);
    expect(body.failedJobs.map((j: { id: string }) => j.id)).toEqual([failedWithoutCourse]);
    expect(body.totals).toEqual({ drafts: 1, overdue: 2, failedJobs: 1, unanswered: 0 });
  });

  it('answers an admin of the company; anyone else gets 404', async () => {
    expect((await get(c.admin, `/api/instructors/${c.instructor.id}/attention`)).statusCode).toBe(200);
    expect((await get(c.otherInstructor, `/api/instructors/${c.instructor.id}/attention`)).statusCode).toBe(404);
    expect((await get(c.learner, `/api/instructors/${c.instructor.id}/attention`)).statusCode).toBe(404);
    expect((await get(other.admin, `/api/instructors/${c.instructor.id}/attention`)).statusCode).toBe(404);
    expect((await get(null, `/api/instructors/${c.instructor.id}/attention`)).statusCode).toBe(401);
  });
});
