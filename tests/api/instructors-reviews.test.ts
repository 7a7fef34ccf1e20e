import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { addPerson, call, company, type Company, type Person } from '../helpers/courses.ts';
import { daysAgo, enrol } from '../helpers/dashboard.ts';
import { insertCourse } from '../helpers/published-courses.ts';

/**
 * GET /api/instructors/:id/reviews (the dashboard's "answer questions"): the reviews of one
 * instructor's courses, newest first, with the course and the learner; read by that instructor or
 * an admin of their company, anyone else 404. The reviews are written through PUT …/review.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const get = (who: Person | null, path: string) => call(t, who, 'GET', path);

let c: Company;
let other: Company;
let l2: Person;
let l3: Person;
let A: { id: string };
let B: { id: string };
let O: { id: string };
const ids: Record<string, string> = {};
const at: Record<string, string> = {};
const names: Record<string, string> = {};

/** A learner who has started the course reviews it through the API; its time is then fixed, so the order is known. */
async function review(who: Person, courseId: string, rating: number, comment: string, createdAt: string): Promise<string> {
  await enrol(t, courseId, who.id, { lastActivityAt: daysAgo(5) });
  const res = await call(t, who, 'PUT', `/api/courses/${courseId}/review`, { rating, comment });
  expect(res.statusCode, res.body).toBe(200);
  await t.db.updateTable('reviews').set({ created_at: createdAt, updated_at: createdAt }).where('id', '=', res.json().id).execute();
  return res.json().id;
}

const nameOf = async (id: string) =>
  (await t.db.selectFrom('users').select('contact_name').where('id', '=', id).executeTakeFirstOrThrow()).contact_name;

beforeAll(async () => {
  c = await company(t);
  other = await company(t);
  l2 = await addPerson(t, c.admin.organisationId, 'learner');
  l3 = await addPerson(t, other.admin.organisationId, 'learner');
  A = await insertCourse(t.db, c.admin.organisationId, c.instructor.id, { title: 'Kursus A' });
  B = await insertCourse(t.db, c.admin.organisationId, c.instructor.id, { title: 'Kursus B' });
  O = await insertCourse(t.db, c.admin.organisationId, c.otherInstructor.id, { title: 'Kursus O' });
  Object.assign(at, { learnerA: daysAgo(3), l2B: daysAgo(2), l3A: daysAgo(1) });
  ids.learnerA = await review(c.learner, A.id, 5, 'Klar og konkret', at.learnerA!);
  ids.l2B = await review(l2, B.id, 3, '', at.l2B!);
  // A learner of another company reviews a public course too.
  ids.l3A = await review(l3, A.id, 4, 'Godt, men lidt kort', at.l3A!);
  // The other instructor's course: never in this instructor's list.
  ids.l2O = await review(l2, O.id, 1, 'Nej tak', daysAgo(0));
  for (const p of [c.learner, l2, l3]) names[p.id] = await nameOf(p.id);
});

describe('GET /api/instructors/:id/reviews', () => {
  it("lists the reviews of the instructor's own courses, newest first, with rating, comment, course and learner", async () => {
    const res = await get(c.instructor, `/api/instructors/${c.instructor.id}/reviews`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json()).toEqual([
      {
        id: ids.l3A,
        courseId: A.id,
        courseName: 'Kursus A',
        learnerName: names[l3.id],
        rating: 4,
        comment: 'Godt, men lidt kort',
        createdAt: at.l3A,
        updatedAt: at.l3A,
        reply: null,
        repliedAt: null,
        repliedBy: null,
      },
      {
        id: ids.l2B,
        courseId: B.id,
        courseName: 'Kursus B',
        learnerName: names[l2.id],
        rating: 3,
        comment: '',
        createdAt: at.l2B,
        updatedAt: at.l2B,
        reply: null,
        repliedAt: null,
        repliedBy: null,
      },
      {
        id: ids.learnerA,
        courseId: A.id,
        courseName: 'Kursus A',
        learnerName: names[c.learner.id],
        rating: 5,
        comment: 'Klar og konkret',
        createdAt: at.learnerA,
        updatedAt: at.learnerA,
        reply: null,
        repliedAt: null,
        repliedBy: null,
      },
    ]);
    const other = await get(c.otherInstructor, `/api/instructors/${c.otherInstructor.id}/reviews`);
    expect(other.json().map((r: { id: string }) => r.id)).toEqual([ids.l2O]);
  });

  it('shows an edited review as edited, in its place', async () => {
    const before = (await get(c.instructor, `/api/instructors/${c.instructor.id}/reviews`)).json();
    const edit = await call(t, c.learner, 'PUT', `/api/courses/${A.id}/review`, { rating: 2, comment: 'Ændret mening' });
    expect(edit.statusCode).toBe(200);
    const after = (await get(c.instructor, `/api/instructors/${c.instructor.id}/reviews`)).json();
    expect(after.map((r: { id: string }) => r.id)).toEqual(before.map((r: { id: string }) => r.id));
    const edited = after.find((r: { id: string }) => r.id === ids.learnerA);
    expect(edited).toMatchObject({ rating: 2, comment: 'Ændret mening' });
    expect(Date.parse(edited.updatedAt)).toBeGreaterThan(Date.parse(edited.createdAt));
  });

  it('takes a limit of 1–100 and refuses anything else with 400', async () => {
    const limited = await get(c.instructor, `/api/instructors/${c.instructor.id}/reviews?limit=1`);
    expect(limited.json().map((r: { id: string }) => r.id)).toEqual([ids.l3A]);
    for (const bad of ['0', '101', 'many', '1.5']) {
      expect((await get(c.instructor, `/api/instructors/${c.instructor.id}/reviews?limit=${bad}`)).statusCode, bad).toBe(400);
    }
  });

  it('answers an empty list for someone whose courses have no reviews', async () => {
    const res = await get(c.admin, `/api/instructors/${c.admin.id}/reviews`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([]);
  });
});

describe('who may read /api/instructors/:id/reviews', () => {
  it('the instructor and an admin of the company read the same list', async () => {
    const own = await get(c.instructor, `/api/instructors/${c.instructor.id}/reviews`);
    const admin = await get(c.admin, `/api/instructors/${c.instructor.id}/reviews`);
    expect([own.statusCode, admin.statusCode]).toEqual([200, 200]);
    expect(admin.json()).toEqual(own.json());
  });

  it('anyone else gets 404 (another instructor, another company, a learner, an unknown id) and no session 401', async () => {
    for (const [who, id] of [
      [c.otherInstructor, c.instructor.id],
      [other.admin, c.instructor.id],
      [other.instructor, c.instructor.id],
      [c.learner, c.instructor.id],
      [c.learner, c.learner.id],
      [l3, c.instructor.id],
      [c.admin, c.learner.id],
      [c.admin, 'no-such-person'],
    ] as const) {
      const res = await get(who, `/api/instructors/${id}/reviews`);
      expect(res.statusCode, `${who.id} → ${id}`).toBe(404);
      expect(res.body).not.toContain('Klar og konkret');
    }
    expect((await get(null, `/api/instructors/${c.instructor.id}/reviews`)).statusCode).toBe(401);
  });

  it('is in the OpenAPI document', async () => {
    const doc = (await t.app.inject({ url: '/api/docs/json' })).json();
    expect(doc.paths['/api/instructors/{id}/reviews'].get.tags).toEqual(['dashboard']);
  });
});
