import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TCourse } from '../../src/shared/schemas/courses.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { addLesson, addModule, call, company, createCourse, type Company } from '../helpers/courses.ts';

let t: TestApp;
let a: Company;
let b: Company;
beforeAll(async () => {
  t = await createTestApp();
  a = await company(t);
  b = await company(t, { companyName: 'Anden Virksomhed ApS' });
});
afterAll(async () => t.close());

/** A course with modules M1 (L1, L2) and M2 (L3). */
async function twoModules(): Promise<TCourse> {
  let course = await createCourse(t, a.instructor, { title: 'Disposition' });
  course = await addModule(t, a.instructor, course, 'M1');
  course = await addModule(t, a.instructor, course, 'M2');
  const [m1, m2] = course.modules;
  course = await addLesson(t, a.instructor, course, m1!.id, 'L1');
  course = await addLesson(t, a.instructor, course, m1!.id, 'L2', 'quiz');
  course = await addLesson(t, a.instructor, course, m2!.id, 'L3', 'video');
  return course;
}

const shape = (course: TCourse) => course.modules.map((m) => [m.title, m.lessons.map((l) => l.title)]);
const ids = (course: TCourse) => ({
  m1: course.modules[0]!.id,
  m2: course.modules[1]!.id,
  l1: course.modules[0]!.lessons[0]!.id,
  l2: course.modules[0]!.lessons[1]!.id,
  l3: course.modules[1]!.lessons[0]!.id,
});

async function fresh(id: string): Promise<TCourse> {
  return (await call(t, a.admin, 'GET', `/api/courses/${id}`)).json();
}

describe('modules', () => {
  it('are added at the end (201), renamed and deleted with their lessons, each bumping the course version', async () => {
    const course = await twoModules();
    expect(shape(course)).toEqual([
      ['M1', ['L1', 'L2']],
      ['M2', ['L3']],
    ]);
    expect(course.version).toBe(6);
    expect(course.lessonCount).toBe(3);
    const { m1, m2, l1 } = ids(course);

    const renamed = await call(t, a.instructor, 'PATCH', `/api/modules/${m2}`, {
      title: 'Andet modul',
      description: 'Om modulet',
      version: 6,
    });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().modules[1]).toMatchObject({ title: 'Andet modul', description: 'Om modulet' });
    expect(renamed.json().version).toBe(7);

    const deleted = await call(t, a.instructor, 'DELETE', `/api/modules/${m1}?version=7`);
    expect(deleted.statusCode).toBe(200);
    expect(shape(deleted.json())).toEqual([['Andet modul', ['L3']]]);
    expect(deleted.json().version).toBe(8);
    expect(await t.db.selectFrom('lessons').select('id').where('id', '=', l1).executeTakeFirst()).toBeUndefined();
  });

  it('refuse bad input, a stale version and a missing version', async () => {
    const course = await twoModules();
    const { m1 } = ids(course);
    expect(
      (await call(t, a.instructor, 'POST', `/api/courses/${course.id}/modules`, { title: '', version: course.version })).statusCode,
    ).toBe(400);
    expect((await call(t, a.instructor, 'POST', `/api/courses/${course.id}/modules`, { title: 'Uden version' })).statusCode).toBe(400);
    const stale = await call(t, a.instructor, 'POST', `/api/courses/${course.id}/modules`, {
      title: 'Gammel',
      version: course.version - 1,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().code).toBe('VERSION_CONFLICT');
    expect((await call(t, a.instructor, 'DELETE', `/api/modules/${m1}`)).statusCode).toBe(400);
    expect((await call(t, a.instructor, 'DELETE', `/api/modules/${m1}?version=abc`)).statusCode).toBe(400);
    expect((await call(t, a.instructor, 'DELETE', `/api/modules/${m1}?version=${course.version - 1}`)).statusCode).toBe(409);
    expect(shape(await fresh(course.id))).toEqual(shape(course));
    expect((await fresh(course.id)).version).toBe(course.version);
  });

  it('of another company, another instructor or for a learner answer 404 and stay as they are', async () => {
    const course = await twoModules();
    const { m1 } = ids(course);
    for (const who of [b.admin, a.otherInstructor, a.learner]) {
      for (const [method, url, payload] of [
        ['PATCH', `/api/modules/${m1}`, { title: 'Kapret', version: course.version }],
        ['DELETE', `/api/modules/${m1}?version=${course.version}`, undefined],
        ['POST', `/api/modules/${m1}/lessons`, { title: 'Kapret', kind: 'text', version: course.version }],
      ] as const) {
        const res = await call(t, who, method, url, payload);
        expect(res.statusCode, `${method} ${url}`).toBe(404);
        expect(res.json().code).toBe('MODULE_NOT_FOUND');
      }
    }
    expect(await fresh(course.id)).toEqual(course);
    expect((await call(t, a.admin, 'PATCH', `/api/modules/${m1}`, { title: 'Admin må', version: course.version })).statusCode).toBe(200);
  });
});

describe('lessons in the outline', () => {
  it('are created with empty content of their kind and deleted with the course version', async () => {
    const course = await twoModules();
    const { l2, l3 } = ids(course);
    const quiz = (await call(t, a.instructor, 'GET', `/api/lessons/${l2}`)).json();
    expect(quiz).toMatchObject({
      kind: 'quiz',
      version: 1,
      courseId: course.id,
      content: { passMark: 70, maxAttempts: 3, questions: [] },
      source: { kind: 'manual', model: null },
      format: null,
    });
    expect((await call(t, a.instructor, 'GET', `/api/lessons/${l3}`)).json().content).toEqual({ video: null });

    const bad = await call(t, a.instructor, 'POST', `/api/modules/${course.modules[0]!.id}/lessons`, {
      title: 'Lyd',
      kind: 'audio',
      version: course.version,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.kind).toBe('Choose text, video, quiz or download.');

    expect((await call(t, a.instructor, 'DELETE', `/api/lessons/${l2}?version=${course.version - 1}`)).statusCode).toBe(409);
    expect((await call(t, b.admin, 'DELETE', `/api/lessons/${l2}?version=${course.version}`)).statusCode).toBe(404);
    const deleted = await call(t, a.instructor, 'DELETE', `/api/lessons/${l2}?version=${course.version}`);
    expect(deleted.statusCode).toBe(200);
    expect(shape(deleted.json())).toEqual([
      ['M1', ['L1']],
      ['M2', ['L3']],
    ]);
    expect(deleted.json().version).toBe(course.version + 1);
  });
});

describe('PUT /api/courses/:id/outline', () => {
  it('reorders modules and lessons, moving lessons between modules', async () => {
    const course = await twoModules();
    const { m1, m2, l1, l2, l3 } = ids(course);
    const res = await call(t, a.instructor, 'PUT', `/api/courses/${course.id}/outline`, {
      version: course.version,
      modules: [
        { id: m2, lessonIds: [l3, l1] },
        { id: m1, lessonIds: [l2] },
      ],
    });
    expect(res.statusCode).toBe(200);
    const after: TCourse = res.json();
    expect(shape(after)).toEqual([
      ['M2', ['L3', 'L1']],
      ['M1', ['L2']],
    ]);
    expect(after.version).toBe(course.version + 1);
    expect(after.modules[0]!.lessons.map((l) => [l.moduleId, l.position])).toEqual([
      [m2, 0],
      [m2, 1],
    ]);
    expect(await fresh(course.id)).toEqual(after);
  });

  it('refuses an order that misses, adds or repeats anything with 400 course.outlineMismatch, changing nothing', async () => {
    const course = await twoModules();
    const { m1, m2, l1, l2, l3 } = ids(course);
    const foreign = await twoModules();
    const f = ids(foreign);
    for (const modules of [
      [{ id: m1, lessonIds: [l1, l2] }],
      [
        { id: m1, lessonIds: [l1] },
        { id: m2, lessonIds: [l3] },
      ],
      [
        { id: m1, lessonIds: [l1, l2, l2] },
        { id: m2, lessonIds: [l3] },
      ],
      [
        { id: m1, lessonIds: [l1, l2] },
        { id: m2, lessonIds: [l3, f.l1] },
      ],
      [
        { id: m1, lessonIds: [l1, l2] },
        { id: m1, lessonIds: [l3] },
      ],
      [
        { id: m1, lessonIds: [l1, l2] },
        { id: f.m2, lessonIds: [l3] },
      ],
    ]) {
      const res = await call(t, a.instructor, 'PUT', `/api/courses/${course.id}/outline`, { version: course.version, modules });
      expect(res.statusCode, JSON.stringify(modules)).toBe(400);
      expect(res.json()).toEqual({
        code: 'OUTLINE_MISMATCH',
        message: 'The order must name every module and lesson of the course exactly once.',
      });
    }
    expect(await fresh(course.id)).toEqual(course);
    expect(await fresh(foreign.id)).toEqual(foreign);
  });

  it('answers 409 to a stale version and lets one of two reorders at once win', async () => {
    const course = await twoModules();
    const { m1, m2, l1, l2, l3 } = ids(course);
    const order = (first: string) => ({
      version: course.version,
      modules:
        first === m1
          ? [
              { id: m1, lessonIds: [l2, l1] },
              { id: m2, lessonIds: [l3] },
            ]
          : [
              { id: m2, lessonIds: [l3, l1] },
              { id: m1, lessonIds: [l2] },
            ],
    });
    const results = await Promise.all([
      call(t, a.instructor, 'PUT', `/api/courses/${course.id}/outline`, order(m1)),
      call(t, a.admin, 'PUT', `/api/courses/${course.id}/outline`, order(m2)),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const winner = results.find((r) => r.statusCode === 200)!.json();
    expect(await fresh(course.id)).toEqual(winner);
    expect(winner.version).toBe(course.version + 1);
  });

  it('is refused on an archived course', async () => {
    const course = await twoModules();
    const archived = (await call(t, a.instructor, 'DELETE', `/api/courses/${course.id}`)).json();
    const { m1, m2, l1, l2, l3 } = ids(course);
    const res = await call(t, a.instructor, 'PUT', `/api/courses/${course.id}/outline`, {
      version: archived.version,
      modules: [
        { id: m2, lessonIds: [l3] },
        { id: m1, lessonIds: [l1, l2] },
      ],
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('COURSE_ARCHIVED');
    for (const [method, url, payload] of [
      ['POST', `/api/courses/${course.id}/modules`, { title: 'Nyt', version: archived.version }],
      ['PATCH', `/api/modules/${m1}`, { title: 'Nyt', version: archived.version }],
      ['DELETE', `/api/modules/${m1}?version=${archived.version}`, undefined],
      ['POST', `/api/modules/${m1}/lessons`, { title: 'Nyt', kind: 'text', version: archived.version }],
      ['DELETE', `/api/lessons/${l1}?version=${archived.version}`, undefined],
    ] as const) {
      expect((await call(t, a.instructor, method, url, payload)).statusCode, `${method} ${url}`).toBe(409);
    }
    expect(shape(await fresh(course.id))).toEqual(shape(course));
  });
});
