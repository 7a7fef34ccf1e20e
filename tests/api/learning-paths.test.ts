import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TCertificateVerification, TMyCertificate } from '../../src/shared/schemas/certificates.ts';
import type { TMyPath, TPathDetail, TPathSummary } from '../../src/shared/schemas/paths.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { completeCourse, courseOfNinetyMinutes, pdfText } from '../helpers/certificates.ts';
import { addPerson, call, company, type Company, type Person } from '../helpers/courses.ts';

// Learning paths through the API: who makes and sees them, what assigning one enrols, how a path
// is finished and its certificate issued, signed and verified.
let t: TestApp;
let c: Company;
let other: Company;

beforeAll(async () => {
  t = await createTestApp();
  c = await company(t);
  other = await company(t);
});

afterAll(async () => {
  await t.close();
});

async function path(who: Person, body: Record<string, unknown>): Promise<TPathDetail> {
  const res = await call(t, who, 'POST', '/api/paths', body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

const course = (title: string) => courseOfNinetyMinutes(t, c.admin.organisationId, c.instructor.id, title);
const enrolmentOf = (userId: string, courseId: string) =>
  t.db.selectFrom('enrolments').selectAll().where('user_id', '=', userId).where('course_id', '=', courseId).executeTakeFirst();
const myPaths = async (who: Person): Promise<TMyPath[]> => (await call(t, who, 'GET', '/api/learning/paths')).json().paths;
const pathRows = () => t.db.selectFrom('learning_paths').select('id').execute();

describe('learning paths', () => {
  it('enrols an assigned person in its courses in order, and finishes with a signed certificate of the path', async () => {
    const [first, second] = [await course('Velkommen'), await course('Sikkerhed på lageret')];
    const onboarding = await path(c.admin, { title: 'Onboarding', description: 'De første uger', courseIds: [first.id, second.id] });
    expect(onboarding.courses.map((x) => x.title)).toEqual(['Velkommen', 'Sikkerhed på lageret']);

    const ane = await addPerson(t, c.admin.organisationId, 'learner', 'da');
    const dueAt = '2027-02-01T12:00:00.000Z';
    const assigned = await call(t, c.admin, 'POST', `/api/paths/${onboarding.id}/assignments`, { userIds: [ane.id], dueAt });
    expect(assigned.json()).toEqual({ assigned: 1, updated: 0 });
    for (const x of [first, second]) expect(await enrolmentOf(ane.id, x.id)).toMatchObject({ source: 'assigned', due_at: dueAt });

    let [mine] = await myPaths(ane);
    expect(mine).toMatchObject({ title: 'Onboarding', dueAt, completedAt: null, certificateCode: null });
    expect(mine!.courses.map((x) => [x.title, x.completed])).toEqual([
      ['Velkommen', false],
      ['Sikkerhed på lageret', false],
    ]);

    await completeCourse(t, ane, first.id);
    [mine] = await myPaths(ane);
    expect(mine!.courses.map((x) => [x.progress, x.completed])).toEqual([
      [100, true],
      [0, false],
    ]);
    expect(mine!.completedAt).toBeNull();
    const detail: TPathDetail = (await call(t, c.admin, 'GET', `/api/paths/${onboarding.id}`)).json();
    expect(detail.members).toMatchObject([{ userId: ane.id, completedCourses: 1, completedAt: null, dueAt }]);

    await completeCourse(t, ane, second.id);
    [mine] = await myPaths(ane);
    expect(mine!.completedAt).not.toBeNull();
    expect(mine!.certificateCode).toEqual(expect.any(String));

    const certificates: TMyCertificate[] = (await call(t, ane, 'GET', '/api/certificates')).json().certificates;
    const ofPath = certificates.find((x) => x.kind === 'path')!;
    expect(ofPath).toMatchObject({
      code: mine!.certificateCode,
      pathId: onboarding.id,
      courseId: null,
      courseTitle: 'Onboarding',
      status: 'genuine',
    });
    // Each course has its own certificate as well.
    expect(
      certificates
        .filter((x) => x.kind === 'course')
        .map((x) => x.courseId)
        .sort(),
    ).toEqual([first.id, second.id].sort());

    const verified: TCertificateVerification = (await call(t, null, 'GET', `/api/certificates/${ofPath.code}`)).json();
    // Three hours: the two courses' lessons.
    expect(verified).toMatchObject({ status: 'genuine', certificate: { kind: 'path', courseTitle: 'Onboarding', minutes: 180, hours: 3 } });
    const pdf = await call(t, ane, 'GET', `/api/certificates/${ofPath.code}/pdf`);
    expect(pdf.statusCode).toBe(200);
    const text = await pdfText(new Uint8Array(pdf.rawPayload));
    expect(text).toContain('har gennemført læringsforløbet');
    expect(text).toContain('Onboarding');

    // Signed: a changed title no longer verifies.
    await t.db.updateTable('certificates').set({ course_title: 'Ledelse' }).where('code', '=', ofPath.code).execute();
    expect((await call(t, null, 'GET', `/api/certificates/${ofPath.code}`)).json().status).toBe('invalid');
    await t.db.updateTable('certificates').set({ course_title: 'Onboarding' }).where('code', '=', ofPath.code).execute();

    // The path deleted: the certificate earned on it is a record and still verifies.
    expect((await call(t, c.admin, 'DELETE', `/api/paths/${onboarding.id}`)).statusCode).toBe(204);
    expect((await call(t, null, 'GET', `/api/certificates/${ofPath.code}`)).json().status).toBe('genuine');
    expect(await myPaths(ane)).toEqual([]);
    expect(await enrolmentOf(ane.id, first.id)).toBeDefined();
  });

  it('finishes at once for someone who had completed every course, and keeps a finished path when a course is added', async () => {
    const [a, b, later] = [await course('Førstehjælp'), await course('Brand'), await course('Hygiejne')];
    const bo = await addPerson(t, c.admin.organisationId, 'learner');
    const carl = await addPerson(t, c.admin.organisationId, 'learner');
    await completeCourse(t, bo, a.id);
    await completeCourse(t, bo, b.id);

    const safety = await path(c.instructor, { title: 'Sikkerhed', courseIds: [a.id, b.id] });
    await call(t, c.instructor, 'POST', `/api/paths/${safety.id}/assignments`, { userIds: [bo.id, carl.id] });
    const [bos] = await myPaths(bo);
    expect(bos!.completedAt).not.toBeNull();
    expect(bos!.certificateCode).toEqual(expect.any(String));
    const finishedAt = bos!.completedAt;

    const patched = await call(t, c.instructor, 'PATCH', `/api/paths/${safety.id}`, { courseIds: [a.id, b.id, later.id] });
    expect(patched.statusCode, patched.body).toBe(200);
    // The unfinished person is enrolled in the added course; the finished one keeps their finished path.
    expect(await enrolmentOf(carl.id, later.id)).toMatchObject({ source: 'assigned' });
    expect(await enrolmentOf(bo.id, later.id)).toBeUndefined();
    expect((await myPaths(bo))[0]!.completedAt).toBe(finishedAt);

    // Taking a course off may finish the path for those who did the rest.
    await completeCourse(t, carl, a.id);
    await completeCourse(t, carl, b.id);
    expect((await myPaths(carl))[0]!.completedAt).toBeNull();
    await call(t, c.instructor, 'PATCH', `/api/paths/${safety.id}`, { courseIds: [a.id, b.id] });
    expect((await myPaths(carl))[0]!.completedAt).not.toBeNull();
    const summary: TPathSummary = (await call(t, c.admin, 'GET', '/api/paths')).json().paths.find((p: TPathSummary) => p.id === safety.id);
    expect(summary).toMatchObject({ people: 2, completed: 2, canEdit: true });
  });

  it('lets admins and the instructor who made it change it; others get 403, learners and other companies 404', async () => {
    const x = await course('Kvalitet');
    const made = await path(c.instructor, { title: 'Kvalitet', courseIds: [x.id] });
    const list: TPathSummary[] = (await call(t, c.otherInstructor, 'GET', '/api/paths')).json().paths;
    expect(list.find((p) => p.id === made.id)).toMatchObject({ canEdit: false });
    expect((await call(t, c.otherInstructor, 'PATCH', `/api/paths/${made.id}`, { title: 'Mit' })).statusCode).toBe(403);
    expect((await call(t, c.otherInstructor, 'POST', `/api/paths/${made.id}/assignments`, { userIds: [c.learner.id] })).statusCode).toBe(
      403,
    );
    expect((await call(t, c.admin, 'PATCH', `/api/paths/${made.id}`, { title: 'Kvalitet 2027' })).json().title).toBe('Kvalitet 2027');

    expect((await call(t, c.learner, 'GET', '/api/paths')).statusCode).toBe(403);
    expect((await call(t, c.learner, 'GET', '/api/paths/courses')).statusCode).toBe(403);
    // An admin may choose any of the company's published courses.
    const offered: { id: string }[] = (await call(t, c.admin, 'GET', '/api/paths/courses')).json().courses;
    expect(offered.map((o) => o.id)).toContain(x.id);
    expect((await call(t, c.learner, 'GET', `/api/paths/${made.id}`)).statusCode).toBe(404);
    for (const [method, url, body] of [
      ['GET', `/api/paths/${made.id}`],
      ['PATCH', `/api/paths/${made.id}`, { title: 'X' }],
      ['DELETE', `/api/paths/${made.id}`],
      ['POST', `/api/paths/${made.id}/assignments`, { userIds: [other.learner.id] }],
      ['DELETE', `/api/paths/${made.id}/assignments/${c.learner.id}`],
    ] as const) {
      const res = await call(t, other.admin, method, url, body);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    expect((await call(t, null, 'GET', '/api/paths')).statusCode).toBe(401);
  });

  it('refuses bad input with a 400 or 409 that changes nothing', async () => {
    const published = await course('Udgivet');
    const draft = await course('Kladde');
    await t.db.updateTable('courses').set({ status: 'draft' }).where('id', '=', draft.id).execute();
    const theirs = await courseOfNinetyMinutes(t, other.admin.organisationId, other.instructor.id, 'Deres');
    const before = (await pathRows()).length;
    for (const body of [
      { title: '', courseIds: [published.id] },
      { title: 'To gange', courseIds: [published.id, published.id] },
      { title: 'Kladde', courseIds: [draft.id] },
      { title: 'Andres', courseIds: [theirs.id] },
      { title: 'Ukendt felt', courseIds: [], color: 'red' },
    ]) {
      const res = await call(t, c.admin, 'POST', '/api/paths', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect((await pathRows()).length).toBe(before);

    const empty = await path(c.admin, { title: 'Tom' });
    const res = await call(t, c.admin, 'POST', `/api/paths/${empty.id}/assignments`, { userIds: [c.learner.id] });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('Add at least one course before assigning the learning path.');
    const withCourse = await path(c.admin, { title: 'Med kursus', courseIds: [published.id] });
    const stranger = await call(t, c.admin, 'POST', `/api/paths/${withCourse.id}/assignments`, { userIds: [other.learner.id] });
    expect(stranger.statusCode).toBe(400);
    expect(await t.db.selectFrom('path_enrolments').select('id').where('path_id', '=', withCourse.id).execute()).toEqual([]);
    const renamed = await call(t, c.admin, 'PATCH', `/api/paths/${withCourse.id}`, { courseIds: [theirs.id] });
    expect(renamed.statusCode).toBe(400);
    expect((await call(t, c.admin, 'GET', `/api/paths/${withCourse.id}`)).json().courses.map((x: { id: string }) => x.id)).toEqual([
      published.id,
    ]);
  });

  it('takes a person off a path without touching their courses', async () => {
    const x = await course('Etik');
    const ethics = await path(c.admin, { title: 'Etik', courseIds: [x.id] });
    const dan = await addPerson(t, c.admin.organisationId, 'learner');
    await call(t, c.admin, 'POST', `/api/paths/${ethics.id}/assignments`, { userIds: [dan.id] });
    expect((await call(t, c.admin, 'DELETE', `/api/paths/${ethics.id}/assignments/${dan.id}`)).statusCode).toBe(204);
    expect((await call(t, c.admin, 'DELETE', `/api/paths/${ethics.id}/assignments/${dan.id}`)).statusCode).toBe(404);
    expect(await myPaths(dan)).toEqual([]);
    expect(await enrolmentOf(dan.id, x.id)).toMatchObject({ source: 'assigned' });
  });

  it('lets an instructor put and assign only the courses they teach', async () => {
    const mine = await course('Mit kursus');
    const theirs = await courseOfNinetyMinutes(t, c.admin.organisationId, c.otherInstructor.id, 'Kollegaens kursus');
    const offered: { id: string }[] = (await call(t, c.instructor, 'GET', '/api/paths/courses')).json().courses;
    expect(offered.map((o) => o.id)).toContain(mine.id);
    expect(offered.map((o) => o.id)).not.toContain(theirs.id);
    const refused = await call(t, c.instructor, 'POST', '/api/paths', { title: 'Blandet', courseIds: [mine.id, theirs.id] });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe('An instructor can only put their own published courses on a learning path.');

    // An admin may add a colleague's course to the instructor's path; the instructor then cannot assign it.
    const own = await path(c.instructor, { title: 'Eget', courseIds: [mine.id] });
    expect((await call(t, c.admin, 'PATCH', `/api/paths/${own.id}`, { courseIds: [mine.id, theirs.id] })).statusCode).toBe(200);
    const assign = await call(t, c.instructor, 'POST', `/api/paths/${own.id}/assignments`, { userIds: [c.learner.id] });
    expect(assign.statusCode).toBe(403);
    expect(await enrolmentOf(c.learner.id, theirs.id)).toBeUndefined();
    // The course already on it may stay while they rename it.
    expect(
      (await call(t, c.instructor, 'PATCH', `/api/paths/${own.id}`, { title: 'Eget 2', courseIds: [mine.id, theirs.id] })).statusCode,
    ).toBe(200);
    expect((await call(t, c.admin, 'POST', `/api/paths/${own.id}/assignments`, { userIds: [c.learner.id] })).statusCode).toBe(200);
  });

  it('finishes nobody on a path emptied of courses, and keeps one certificate when a finished person is given it again', async () => {
    const x = await course('Tom igen');
    const emptied = await path(c.admin, { title: 'Tømmes', courseIds: [x.id] });
    const eva = await addPerson(t, c.admin.organisationId, 'learner');
    await call(t, c.admin, 'POST', `/api/paths/${emptied.id}/assignments`, { userIds: [eva.id] });
    expect((await call(t, c.admin, 'PATCH', `/api/paths/${emptied.id}`, { courseIds: [] })).statusCode).toBe(200);
    expect((await myPaths(eva))[0]).toMatchObject({ completedAt: null, certificateCode: null });

    const y = await course('Én gang');
    const once = await path(c.admin, { title: 'Én gang', courseIds: [y.id] });
    await call(t, c.admin, 'POST', `/api/paths/${once.id}/assignments`, { userIds: [eva.id] });
    await completeCourse(t, eva, y.id);
    const code = (await myPaths(eva)).find((p) => p.id === once.id)!.certificateCode;
    expect(code).toEqual(expect.any(String));
    await call(t, c.admin, 'DELETE', `/api/paths/${once.id}/assignments/${eva.id}`);
    await call(t, c.admin, 'POST', `/api/paths/${once.id}/assignments`, { userIds: [eva.id] });
    const again = (await myPaths(eva)).find((p) => p.id === once.id)!;
    expect(again.completedAt).not.toBeNull();
    expect(again.certificateCode).toBe(code);
    const held = await t.db
      .selectFrom('certificates')
      .select('code')
      .where('user_id', '=', eva.id)
      .where('path_id', '=', once.id)
      .execute();
    expect(held).toHaveLength(1);
  });

  it('moves the courses to a new due date when the path is given again with one, and enrols no deactivated person', async () => {
    const [x, y] = [await course('Frist 1'), await course('Frist 2')];
    const dated = await path(c.admin, { title: 'Frister', courseIds: [x.id] });
    const finn = await addPerson(t, c.admin.organisationId, 'learner');
    const gone = await addPerson(t, c.admin.organisationId, 'learner');
    await call(t, c.admin, 'POST', `/api/paths/${dated.id}/assignments`, {
      userIds: [finn.id, gone.id],
      dueAt: '2027-01-01T12:00:00.000Z',
    });
    const later = await call(t, c.admin, 'POST', `/api/paths/${dated.id}/assignments`, {
      userIds: [finn.id],
      dueAt: '2027-06-01T12:00:00.000Z',
    });
    expect(later.json()).toEqual({ assigned: 0, updated: 1 });
    expect((await enrolmentOf(finn.id, x.id))!.due_at).toBe('2027-06-01T12:00:00.000Z');
    await call(t, c.admin, 'POST', `/api/paths/${dated.id}/assignments`, { userIds: [finn.id], dueAt: null });
    expect((await enrolmentOf(finn.id, x.id))!.due_at).toBeNull();
    expect((await myPaths(finn))[0]!.dueAt).toBeNull();

    await t.db.updateTable('users').set({ deactivated_at: new Date().toISOString() }).where('id', '=', gone.id).execute();
    await call(t, c.admin, 'PATCH', `/api/paths/${dated.id}`, { courseIds: [x.id, y.id] });
    expect(await enrolmentOf(finn.id, y.id)).toMatchObject({ source: 'assigned' });
    expect(await enrolmentOf(gone.id, y.id)).toBeUndefined();
  });

  it("shows a path's certificate as not valid when a course's fields are put on it", async () => {
    const x = await course('Signeret');
    const signed = await path(c.admin, { title: 'Signeret', courseIds: [x.id] });
    const gry = await addPerson(t, c.admin.organisationId, 'learner');
    await call(t, c.admin, 'POST', `/api/paths/${signed.id}/assignments`, { userIds: [gry.id] });
    await completeCourse(t, gry, x.id);
    const code = (await myPaths(gry))[0]!.certificateCode!;
    const status = async () => (await call(t, null, 'GET', `/api/certificates/${code}`)).json().status;
    expect(await status()).toBe('genuine');
    for (const change of [{ score: 100 }, { course_id: x.id }, { cycle: 7 }]) {
      await t.db.updateTable('certificates').set(change).where('code', '=', code).execute();
      expect(await status(), JSON.stringify(change)).toBe('invalid');
      await t.db.updateTable('certificates').set({ score: null, course_id: null, cycle: 1 }).where('code', '=', code).execute();
    }
    expect(await status()).toBe('genuine');
  });

  it('describes its routes in the API documentation', async () => {
    const doc = (await t.app.inject({ url: '/api/docs/json' })).json();
    expect(Object.keys(doc.paths['/api/paths']).sort()).toEqual(['get', 'post']);
    expect(Object.keys(doc.paths['/api/paths/{id}']).sort()).toEqual(['delete', 'get', 'patch']);
    expect(doc.paths['/api/paths/{id}/assignments'].post.requestBody.content['application/json'].schema.properties).toHaveProperty('dueAt');
    expect(doc.paths['/api/paths/{id}/assignments/{userId}']).toHaveProperty('delete');
    expect(doc.paths['/api/learning/paths'].get.tags).toEqual(['learning paths']);
  });
});
