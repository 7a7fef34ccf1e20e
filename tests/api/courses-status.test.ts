import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CvrApiRegistry } from '../../src/server/cvr/cvrapi.ts';
import type { TCourse } from '../../src/shared/schemas/courses.ts';
import { createTestApp, registerCompany, type TestApp } from '../helpers/app.ts';
import {
  addLesson,
  call,
  company,
  courseWithLesson,
  createCourse,
  doc,
  insertUpload,
  paragraph,
  type Company,
  type Person,
} from '../helpers/courses.ts';
import { company as cvrCompany, startFakeCvrApi, type FakeCvrApi } from '../helpers/fake-cvrapi.ts';

let t: TestApp;
let a: Company;
let b: Company;
beforeAll(async () => {
  t = await createTestApp();
  a = await company(t);
  b = await company(t, { companyName: 'Anden Virksomhed ApS' });
});
afterAll(async () => t.close());

/** A status change; these courses' lessons are left empty on purpose, so a publish confirms them. */
function status(course: { id: string }, action: string, version: number, who: Person = a.instructor) {
  return call(t, who, 'POST', `/api/courses/${course.id}/status`, {
    action,
    version,
    ...(action === 'publish' && { confirmEmptyLessons: true }),
  });
}

async function stored(id: string) {
  return t.db.selectFrom('courses').select(['status', 'version', 'published_at']).where('id', '=', id).executeTakeFirstOrThrow();
}

async function saveQuiz(lessonId: string, questions: unknown[]) {
  const res = await call(t, a.instructor, 'PATCH', `/api/lessons/${lessonId}`, {
    version: 1,
    content: { passMark: 70, maxAttempts: 3, questions },
  });
  expect(res.statusCode, res.body).toBe(200);
}

const choice = (type: string, correct: boolean[]) => ({
  id: `q-${Math.random()}`,
  type,
  prompt: 'Spørgsmål',
  options: correct.map((c, i) => ({ id: `o${i}`, text: `Svar ${i}`, correct: c })),
});

describe('publishing', () => {
  it('lists everything missing (422 COURSE_INCOMPLETE) and changes nothing', async () => {
    const course = await createCourse(t, a.instructor, { title: 'Tomt kursus', pricing: 'paid', price: 0 });
    await t.db.updateTable('courses').set({ title: ' ' }).where('id', '=', course.id).execute();
    const res = await status(course, 'publish', 1);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      code: 'COURSE_INCOMPLETE',
      message: 'The course cannot be published yet.',
      errors: {
        title: 'The course needs a title.',
        description: 'The course needs a description.',
        lessons: 'The course needs at least one lesson.',
        price: 'A paid course needs a price above 0.',
      },
    });
    expect(await stored(course.id)).toEqual({ status: 'draft', version: 1, published_at: null });
  });

  it('names each quiz without questions or without an answer key, in the language asked for', async () => {
    const start = await courseWithLesson(t, a.instructor, 'quiz', { description: 'Beskrivelse' });
    const lesson = start.lesson;
    let course = start.course;
    const moduleId = course.modules[0]!.id;
    const titles = ['Tom quiz', 'Enkeltvalg', 'Sandt eller falsk', 'Flervalg', 'Kort svar', 'God quiz'];
    for (const title of titles) course = await addLesson(t, a.instructor, course, moduleId, title, 'quiz');
    const ids = course.modules[0]!.lessons.slice(1).map((l) => l.id);
    await saveQuiz(lesson.id, [choice('single', [true, false])]);
    await saveQuiz(ids[1]!, [choice('single', [true, false]), choice('single', [true, true])]);
    await saveQuiz(ids[2]!, [choice('true_false', [false, false])]);
    await saveQuiz(ids[3]!, [choice('multiple', [false, false, false])]);
    await saveQuiz(ids[4]!, [{ id: 's', type: 'short_answer', prompt: 'Hvad?', acceptedAnswers: ['  '] }]);
    await saveQuiz(ids[5]!, [
      choice('multiple', [true, true, false]),
      choice('true_false', [false, true]),
      { id: 's', type: 'short_answer', prompt: 'Hvad?', acceptedAnswers: ['Det'] },
    ]);

    const res = await status(course, 'publish', course.version);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({
      [`lessons.${ids[0]}`]: 'The quiz "Tom quiz" has no questions.',
      [`lessons.${ids[1]}`]: 'A question in the quiz "Enkeltvalg" has no correct answer.',
      [`lessons.${ids[2]}`]: 'A question in the quiz "Sandt eller falsk" has no correct answer.',
      [`lessons.${ids[3]}`]: 'A question in the quiz "Flervalg" has no correct answer.',
      [`lessons.${ids[4]}`]: 'A question in the quiz "Kort svar" has no correct answer.',
    });
    const danish = await t.app.inject({
      method: 'POST',
      url: `/api/courses/${course.id}/status`,
      headers: { cookie: a.instructor.cookie, 'accept-language': 'da' },
      payload: { action: 'publish', version: course.version },
    });
    expect(danish.json().message).toBe('Kurset kan ikke udgives endnu.');
    expect(danish.json().errors[`lessons.${ids[0]}`]).toBe('Quizzen "Tom quiz" har ingen spørgsmål.');
    expect(await stored(course.id)).toMatchObject({ status: 'draft', version: course.version });
  });

  it('asks to confirm empty lessons (409 EMPTY_LESSONS names each by its kind), changes nothing, and publishes them once confirmed', async () => {
    const start = await courseWithLesson(t, a.instructor, 'text', { description: 'Med tomme lektioner' });
    let course = start.course;
    const moduleId = course.modules[0]!.id;
    for (const [title, kind] of [
      ['Velkomstvideo', 'video'],
      ['Demonstration', 'video'],
      ['Opsamling', 'video'],
      ['Tjekliste', 'download'],
      ['Filmet gennemgang', 'video'],
      ['Skabelon', 'download'],
    ] as const) {
      course = await addLesson(t, a.instructor, course, moduleId, title, kind);
    }
    const [text, video1, video2, video3, download, filled, filledDownload] = course.modules[0]!.lessons;
    const fill = async (lessonId: string, content: unknown) => {
      const res = await call(t, a.instructor, 'PATCH', `/api/lessons/${lessonId}`, { version: 1, content });
      expect(res.statusCode, res.body).toBe(200);
    };
    await fill(filled!.id, { video: { source: 'embed', url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ' } });
    const file = await insertUpload(t, a.admin.organisationId, course.id, 'download');
    await fill(filledDownload!.id, { files: [{ uploadId: file, title: 'Skabelon.pdf' }] });

    const refused = await call(t, a.instructor, 'POST', `/api/courses/${course.id}/status`, { action: 'publish', version: course.version });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      code: 'EMPTY_LESSONS',
      message: 'Some lessons are empty. Confirm that the course should be published anyway.',
      errors: {
        [`lessons.${text!.id}`]: 'The text lesson "Første lektion" has no text.',
        [`lessons.${video1!.id}`]: 'The video lesson "Velkomstvideo" has no video.',
        [`lessons.${video2!.id}`]: 'The video lesson "Demonstration" has no video.',
        [`lessons.${video3!.id}`]: 'The video lesson "Opsamling" has no video.',
        [`lessons.${download!.id}`]: 'The download lesson "Tjekliste" has no file.',
      },
    });
    expect(Object.keys(refused.json().errors)).toEqual([text, video1, video2, video3, download].map((l) => `lessons.${l!.id}`));
    const danish = await t.app.inject({
      method: 'POST',
      url: `/api/courses/${course.id}/status`,
      headers: { cookie: a.instructor.cookie, 'accept-language': 'da' },
      payload: { action: 'publish', version: course.version, confirmEmptyLessons: false },
    });
    expect(danish.statusCode).toBe(409);
    expect(danish.json().message).toBe('Nogle lektioner er tomme. Bekræft, at kurset skal udgives alligevel.');
    expect(danish.json().errors[`lessons.${video1!.id}`]).toBe('Videolektionen "Velkomstvideo" har ingen video.');
    expect(danish.json().errors[`lessons.${download!.id}`]).toBe('Downloadlektionen "Tjekliste" har ingen fil.');
    expect(await stored(course.id)).toEqual({ status: 'draft', version: course.version, published_at: null });
    expect(
      (
        await call(t, a.instructor, 'POST', `/api/courses/${course.id}/status`, {
          action: 'publish',
          version: course.version,
          confirmEmptyLessons: 'yes',
        })
      ).statusCode,
    ).toBe(400);

    const confirmed = await call(t, a.instructor, 'POST', `/api/courses/${course.id}/status`, {
      action: 'publish',
      version: course.version,
      confirmEmptyLessons: true,
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json()).toMatchObject({ status: 'published', version: course.version + 1 });
  });

  it('publishes without a confirmation once no lesson is empty; an image alone is content', async () => {
    const start = await courseWithLesson(t, a.instructor, 'text', { description: 'Fyldt ud' });
    let course = start.course;
    course = await addLesson(t, a.instructor, course, course.modules[0]!.id, 'Billede', 'text');
    const [text, picture] = course.modules[0]!.lessons;
    expect(
      (await call(t, a.instructor, 'PATCH', `/api/lessons/${text!.id}`, { version: 1, content: doc(paragraph('Indhold')) })).statusCode,
    ).toBe(200);
    const image = await insertUpload(t, a.admin.organisationId, course.id, 'image');
    const withImage = doc({ type: 'image', attrs: { src: `/api/uploads/${image}`, alt: 'Et diagram' } });
    const saved = await call(t, a.instructor, 'PATCH', `/api/lessons/${picture!.id}`, { version: 1, content: withImage });
    expect(saved.statusCode, saved.body).toBe(200);
    const res = await call(t, a.instructor, 'POST', `/api/courses/${course.id}/status`, { action: 'publish', version: course.version });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().status).toBe('published');
  });

  it('publishes a complete course: status, publishedAt and version', async () => {
    const { course } = await courseWithLesson(t, a.instructor, 'text', { description: 'Alt er med', pricing: 'paid', price: 9_900 });
    const res = await status(course, 'publish', course.version);
    expect(res.statusCode).toBe(200);
    const published: TCourse = res.json();
    expect(published).toMatchObject({ status: 'published', version: course.version + 1 });
    expect(Date.parse(published.publishedAt!)).toBeGreaterThan(Date.now() - 60_000);
    // Publishing again keeps the date it first went out.
    const again = (await status(course, 'publish', published.version)).json();
    expect(again).toMatchObject({ status: 'published', publishedAt: published.publishedAt, version: published.version + 1 });
  });
});

describe('status transitions', () => {
  it('go draft → published → draft, any → archived, archived → draft, and refuse the rest with 409', async () => {
    const { course } = await courseWithLesson(t, a.instructor, 'text', { description: 'Om' });
    let v = course.version;
    const bad = await status(course, 'unpublish', v);
    expect(bad.statusCode).toBe(409);
    expect(bad.json()).toEqual({ code: 'BAD_TRANSITION', message: 'The course cannot move to that status from here.' });

    for (const [action, to] of [
      ['publish', 'published'],
      ['unpublish', 'draft'],
      ['archive', 'archived'],
    ] as const) {
      const res = await status(course, action, v);
      expect(res.statusCode, action).toBe(200);
      expect(res.json()).toMatchObject({ status: to, version: ++v });
    }
    const fromArchive = await status(course, 'publish', v);
    expect(fromArchive.statusCode).toBe(409);
    expect(fromArchive.json().code).toBe('BAD_TRANSITION');
    const restored = await status(course, 'unpublish', v);
    expect(restored.json()).toMatchObject({ status: 'draft', version: ++v });
    expect((await status(course, 'publish', v)).json()).toMatchObject({ status: 'published', version: ++v });
    expect((await status(course, 'archive', v)).json()).toMatchObject({ status: 'archived', version: ++v });
    expect(await stored(course.id)).toMatchObject({ status: 'archived', version: v });
  });

  it('answer 409 VERSION_CONFLICT to a stale version, 400 to a bad action, 404 across companies and roles', async () => {
    const { course } = await courseWithLesson(t, a.instructor, 'text', { description: 'Om' });
    const stale = await status(course, 'publish', course.version - 1);
    expect(stale.statusCode).toBe(409);
    expect(stale.json().code).toBe('VERSION_CONFLICT');
    expect((await status(course, 'delete', course.version)).statusCode).toBe(400);
    expect((await call(t, a.instructor, 'POST', `/api/courses/${course.id}/status`, { action: 'publish' })).statusCode).toBe(400);
    for (const who of [b.admin, a.otherInstructor, a.learner])
      expect((await status(course, 'publish', course.version, who)).statusCode).toBe(404);
    expect(await stored(course.id)).toMatchObject({ status: 'draft', version: course.version });

    const [one, two] = await Promise.all([status(course, 'publish', course.version), status(course, 'archive', course.version, a.admin)]);
    expect([one!.statusCode, two!.statusCode].sort()).toEqual([200, 409]);
    expect((await stored(course.id)).version).toBe(course.version + 1);
  });
});

describe('publishing on the live registry', () => {
  let fake: FakeCvrApi;
  let live: TestApp;
  beforeAll(async () => {
    fake = await startFakeCvrApi({
      '25052943': cvrCompany({
        vat: 25052943,
        name: 'MAGENTA ApS',
        address: 'Pilestræde 43',
        zipcode: '1112',
        city: 'København K',
        email: 'info@magenta.dk',
      }),
    });
    live = await createTestApp({
      env: { CVR_PROVIDER: 'cvrapi', CVRAPI_USER_AGENT: 'Kursa test suite - dev@kursa.example' },
      cvrRegistry: new CvrApiRegistry({ userAgent: 'Kursa test suite - dev@kursa.example', baseUrl: fake.url, timeoutMs: 2000 }),
    });
  });
  afterAll(async () => {
    await live.close();
    await fake.close();
  });

  it('needs a company that has confirmed control (403 COMPANY_UNCONFIRMED), checked after completeness', async () => {
    const { cookie, user } = await registerCompany(live.app, { cvrNumber: '25052943', email: 'someone@magenta.dk' });
    expect(user.companyVerified).toBe(false);
    const admin = { id: user.id, cookie, organisationId: user.organisationId, email: user.email };
    const empty = await call(live, admin, 'POST', '/api/courses', { title: 'Tomt' });
    expect((await call(live, admin, 'POST', `/api/courses/${empty.json().id}/status`, { action: 'publish', version: 1 })).statusCode).toBe(
      422,
    );

    const { course } = await courseWithLesson(live, admin, 'text', { description: 'Klar' });
    const refused = await call(live, admin, 'POST', `/api/courses/${course.id}/status`, { action: 'publish', version: course.version });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('COMPANY_UNCONFIRMED');
    const row = await live.db.selectFrom('courses').select(['status', 'version']).where('id', '=', course.id).executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'draft', version: course.version });

    await live.db
      .updateTable('organisations')
      .set({ verified: 1, verified_method: 'code', verified_at: new Date().toISOString() })
      .where('id', '=', user.organisationId)
      .execute();
    // The empty lesson is asked about last, once nothing else stands in the way.
    const confirm = await call(live, admin, 'POST', `/api/courses/${course.id}/status`, { action: 'publish', version: course.version });
    expect(confirm.json().code).toBe('EMPTY_LESSONS');
    const ok = await call(live, admin, 'POST', `/api/courses/${course.id}/status`, {
      action: 'publish',
      version: course.version,
      confirmEmptyLessons: true,
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().status).toBe('published');
  });
});
