import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TCourse } from '../../src/shared/schemas/courses.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { addPerson, call, company, createCourse, addModule, type Company, type Person } from '../helpers/courses.ts';
import { multipart } from '../helpers/media.ts';
import { scorm12Manifest, scorm12Package, scorm2004Package, zipPackage } from '../helpers/scorm-packages.ts';

// SCORM packages as lessons: imported, their files for enrolled learners and staff alone, and what
// the SCO commits kept, resumed from and counted as the lesson's completion.

let t: TestApp;
let c: Company;
beforeAll(async () => {
  t = await createTestApp();
  c = await company(t);
});
afterAll(() => t.close());

function post(who: Person, url: string, data: Uint8Array, fields: Record<string, string> = {}) {
  const { body, contentType } = multipart(fields, [{ filename: 'pakke.zip', contentType: 'application/zip', data: Buffer.from(data) }]);
  return t.app.inject({
    method: 'POST',
    url,
    payload: body,
    headers: { 'content-type': contentType, cookie: who.cookie, 'accept-language': 'en' },
  });
}

async function imported(who: Person = c.instructor, data: Uint8Array = scorm12Package()): Promise<TCourse> {
  const res = await post(who, '/api/courses/import-scorm', data);
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

const lessonsOf = (course: TCourse) => course.modules.flatMap((m) => m.lessons);
const counts = async () => ({
  packages: (
    await t.db
      .selectFrom('scorm_packages')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow()
  ).n,
  courses: (
    await t.db
      .selectFrom('courses')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow()
  ).n,
});

async function publishedWithLearner(course: TCourse): Promise<Person> {
  await t.db
    .updateTable('courses')
    .set({ status: 'published', published_at: new Date().toISOString() })
    .where('id', '=', course.id)
    .execute();
  const learner = await addPerson(t, c.admin.organisationId, 'learner');
  expect((await call(t, learner, 'POST', `/api/courses/${course.id}/enrol`)).statusCode).toBe(201);
  return learner;
}

describe('importing a package', () => {
  it('makes a draft course titled as the package with one lesson per SCO, in order, assets left out', async () => {
    const course = await imported();
    expect(course).toMatchObject({ title: 'Brandsikkerhed på lageret', status: 'draft' });
    const lessons = lessonsOf(course);
    expect(lessons.map((l) => [l.title, l.kind])).toEqual([
      ['Introduktion', 'scorm'],
      ['Slukningsudstyr', 'scorm'],
    ]);
    const lesson = (await call(t, c.instructor, 'GET', `/api/lessons/${lessons[1]!.id}`)).json();
    expect(lesson.content).toMatchObject({ sco: 'item-2', launch: 'sco 2/start.html?lang=da', version: '1.2', masteryScore: 80 });
  });

  it('adds a 2004 package’s SCOs to the end of a module at the version read, and refuses a stale version', async () => {
    let course = await addModule(t, c.instructor, await createCourse(t, c.instructor));
    const moduleId = course.modules[0]!.id;
    const stale = await post(c.instructor, `/api/modules/${moduleId}/scorm`, scorm2004Package(), { version: String(course.version - 1) });
    expect(stale.statusCode).toBe(409);
    const res = await post(c.instructor, `/api/modules/${moduleId}/scorm`, scorm2004Package(), { version: String(course.version) });
    expect(res.statusCode, res.body).toBe(201);
    course = res.json();
    const lesson = (await call(t, c.instructor, 'GET', `/api/lessons/${lessonsOf(course)[0]!.id}`)).json();
    expect(lesson).toMatchObject({ title: 'Hjertestop', kind: 'scorm' });
    expect(lesson.content).toMatchObject({ launch: 'content/sco/launch.html?chapter=1', version: '2004', masteryScore: 70 });
  });

  it('refuses what is not a playable package with a 422 that says why, and keeps nothing', async () => {
    const before = await counts();
    const cases: [Uint8Array, string][] = [
      [new TextEncoder().encode('not a zip'), 'SCORM_NOT_A_ZIP'],
      [zipPackage(null, { 'index.html': 'x' }), 'SCORM_NO_MANIFEST'],
      [zipPackage('<manifest><broken></manifest>', {}), 'SCORM_BAD_MANIFEST'],
      [zipPackage(scorm12Manifest(), { 'sco1/index.html': 'only one' }), 'SCORM_LAUNCH_MISSING'],
    ];
    for (const [data, code] of cases) {
      const res = await post(c.instructor, '/api/courses/import-scorm', data);
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json().code).toBe(code);
    }
    expect(await counts()).toEqual(before);
  });

  it('is for the company’s builders: a learner is refused, another company’s module is not found', async () => {
    expect((await post(c.learner, '/api/courses/import-scorm', scorm12Package())).statusCode).toBe(403);
    const other = await company(t);
    const course = await addModule(t, other.instructor, await createCourse(t, other.instructor));
    const res = await post(c.admin, `/api/modules/${course.modules[0]!.id}/scorm`, scorm12Package(), { version: String(course.version) });
    expect(res.statusCode).toBe(404);
  });

  it('never makes a SCORM lesson by hand nor turns a lesson into one, and keeps one pointing at its own package', async () => {
    const course = await imported();
    const lesson = (await call(t, c.instructor, 'GET', `/api/lessons/${lessonsOf(course)[0]!.id}`)).json();
    const add = await call(t, c.instructor, 'POST', `/api/modules/${course.modules[0]!.id}/lessons`, {
      title: 'Ny',
      kind: 'scorm',
      version: course.version,
    });
    expect(add.statusCode, add.body).toBe(400);
    const elsewhere = await call(t, c.instructor, 'PATCH', `/api/lessons/${lesson.id}`, {
      version: lesson.version,
      content: { ...lesson.content, packageId: 'another' },
    });
    expect(elsewhere.statusCode, elsewhere.body).toBe(400);
    const preview = await call(t, c.instructor, 'PATCH', `/api/lessons/${lesson.id}`, { version: lesson.version, freePreview: true });
    expect(preview.statusCode, preview.body).toBe(400);
    const renamed = await call(t, c.instructor, 'PATCH', `/api/lessons/${lesson.id}`, { version: lesson.version, title: 'Velkommen' });
    expect(renamed.statusCode, renamed.body).toBe(200);
  });
});

describe('a package’s files', () => {
  it('are served to staff and enrolled learners with a CSP that keeps them to this site, and to no one else', async () => {
    const course = await imported();
    const lesson = (await call(t, c.instructor, 'GET', `/api/lessons/${lessonsOf(course)[1]!.id}`)).json();
    const url = `/api/scorm/${lesson.content.packageId}/sco%202/start.html`;
    const staff = await call(t, c.admin, 'GET', url);
    expect(staff.statusCode).toBe(200);
    expect(staff.headers['content-type']).toContain('text/html');
    expect(staff.body).toContain('Slukningsudstyr');
    expect(staff.headers['content-security-policy']).toContain("frame-ancestors 'self'");
    expect(staff.headers['content-security-policy']).toContain("connect-src 'self'");
    // A learner of the company, not enrolled, and the draft's enrolled learner: not found.
    expect((await call(t, c.learner, 'GET', url)).statusCode).toBe(404);
    const learner = await publishedWithLearner(course);
    expect((await call(t, learner, 'GET', url)).statusCode).toBe(200);
    expect((await call(t, learner, 'GET', `/api/scorm/${lesson.content.packageId}/nothing.html`)).statusCode).toBe(404);
    const stranger = (await company(t)).admin;
    expect((await call(t, stranger, 'GET', url)).statusCode).toBe(404);
    expect((await call(t, null, 'GET', url)).statusCode).toBe(401);
  });
});

describe('a learner’s run', () => {
  it('starts fresh, keeps what the SCO commits, resumes from it, and completes the lesson when passed', async () => {
    const course = await imported();
    const [first, second] = lessonsOf(course);
    const learner = await publishedWithLearner(course);
    const base = `/api/learning/${course.id}/lessons/${second!.id}/scorm`;
    const start = (await call(t, learner, 'GET', base)).json();
    expect(start.cmi.core).toMatchObject({ student_id: learner.id, entry: 'ab-initio', credit: 'credit' });
    expect(start.cmi.student_data).toEqual({ mastery_score: '80' });

    // Completed with 60 of 100 against a mastery score of 80: failed, not complete.
    const low = {
      cmi: {
        core: { lesson_status: 'completed', score: { raw: '60', min: '0', max: '100' }, exit: 'suspend', lesson_location: 'p3' },
        suspend_data: 'side=3',
      },
    };
    const failed = await call(t, learner, 'PUT', base, low);
    expect(failed.statusCode, failed.body).toBe(200);
    expect(failed.json()).toMatchObject({ completed: false, courseProgress: 0 });
    const resumed = (await call(t, learner, 'GET', base)).json();
    expect(resumed.cmi.core).toMatchObject({ entry: 'resume', lesson_location: 'p3', lesson_status: 'completed', score: { raw: '60' } });
    expect(resumed.cmi.suspend_data).toBe('side=3');

    const high = { cmi: { core: { lesson_status: 'passed', score: { raw: '90' }, exit: '' }, suspend_data: 'side=9' } };
    expect((await call(t, learner, 'PUT', base, high)).json()).toMatchObject({
      completed: true,
      courseProgress: 50,
      courseCompleted: false,
    });
    const run = await t.db.selectFrom('scorm_runs').selectAll().where('lesson_id', '=', second!.id).executeTakeFirstOrThrow();
    expect(run).toMatchObject({ completion: 'completed', success: 'passed', score: 90 });
    // A later, worse commit never takes the completion back.
    expect((await call(t, learner, 'PUT', base, low)).json()).toMatchObject({ completed: true });

    // The other SCO has no mastery score: completed is enough, and the course is complete with its certificate.
    const done = await call(t, learner, 'PUT', `/api/learning/${course.id}/lessons/${first!.id}/scorm`, {
      cmi: { core: { lesson_status: 'completed' } },
    });
    expect(done.json()).toMatchObject({ completed: true, courseProgress: 100, courseCompleted: true });
    const certificates = (await call(t, learner, 'GET', '/api/certificates')).json().certificates;
    expect(certificates.map((x: { courseId: string }) => x.courseId)).toContain(course.id);
  });

  it('reads SCORM 2004 status and scaled score, against the primary objective’s measure', async () => {
    let course = await addModule(t, c.instructor, await createCourse(t, c.instructor));
    course = (
      await post(c.instructor, `/api/modules/${course.modules[0]!.id}/scorm`, scorm2004Package(), { version: String(course.version) })
    ).json();
    const learner = await publishedWithLearner(course);
    const base = `/api/learning/${course.id}/lessons/${lessonsOf(course)[0]!.id}/scorm`;
    const start = (await call(t, learner, 'GET', base)).json();
    expect(start.cmi).toMatchObject({ learner_id: learner.id, entry: 'ab-initio', scaled_passing_score: '0.7' });
    const below = await call(t, learner, 'PUT', base, {
      cmi: { completion_status: 'completed', score: { scaled: '0.5' }, exit: 'suspend' },
    });
    expect(below.json()).toMatchObject({ completed: false });
    expect((await call(t, learner, 'GET', base)).json().cmi).toMatchObject({ entry: 'resume', completion_status: 'completed' });
    const passed = await call(t, learner, 'PUT', base, {
      cmi: { completion_status: 'completed', success_status: 'passed', score: { scaled: '0.85' } },
    });
    expect(passed.json()).toMatchObject({ completed: true, courseCompleted: true });
  });

  it('is the enrolled learner’s alone, refuses a SCORM lesson marked complete by hand, and refuses too much data', async () => {
    const course = await imported();
    const lessonId = lessonsOf(course)[0]!.id;
    const learner = await publishedWithLearner(course);
    const base = `/api/learning/${course.id}/lessons/${lessonId}/scorm`;
    expect((await call(t, c.learner, 'GET', base)).statusCode).toBe(404);
    expect((await call(t, learner, 'POST', `/api/learning/${course.id}/lessons/${lessonId}/complete`)).statusCode).toBe(409);
    const huge = await call(t, learner, 'PUT', base, { cmi: { suspend_data: 'x'.repeat(300 * 1024) } });
    expect(huge.statusCode).toBe(413);
    expect(await t.db.selectFrom('scorm_runs').selectAll().where('lesson_id', '=', lessonId).execute()).toEqual([]);
  });
});
