import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { FAST_RETRY, fakeAiEnv, lastUserOf, systemOf, usageRows } from '../helpers/ai.ts';
import { addPerson, call, company, type Company } from '../helpers/courses.ts';
import { answer, startFakeOpenAi, type FakeOpenAi } from '../helpers/fake-openai.ts';
import { seededCourse, type SeededCourse } from '../helpers/insights.ts';

// The creator's media step: a cover and lesson illustrations drawn by the image model behind a
// local fake of OpenAI's image endpoint, kept as the course's uploads with their origin and alt
// text, used only when the teacher says so; and the honest answer where no image model is set up.

let ai: FakeOpenAi;
let t: TestApp;
let a: Company;
let b: Company;
beforeAll(async () => {
  ai = await startFakeOpenAi();
  t = await createTestApp({ env: fakeAiEnv(ai.url, { AI_IMAGE_MODEL: 'test-image', AI_IMAGE_TIMEOUT_MS: '300' }), aiRetry: FAST_RETRY });
  a = await company(t);
  b = await company(t);
});
afterAll(async () => {
  await t.close();
  await ai.close();
});
beforeEach(() => ai.reset());

const mediaUrl = (id: string) => `/api/course-creator/courses/${id}/media`;
const imagesUrl = (id: string) => `/api/course-creator/courses/${id}/images`;
const brief = (prompt: string, alt: string) => answer.json({ prompt, alt_text: alt });
const COVER_PROMPT =
  'A bright, modern warehouse with neatly stacked pallets and a forklift, flat illustration, calm blue and orange colours';

async function drawCover(course: SeededCourse, alt = 'Et lyst lager med paller og en gaffeltruck.') {
  ai.script(brief(COVER_PROMPT, alt));
  const res = await call(t, a.instructor, 'POST', imagesUrl(course.id), { target: 'cover' });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

describe('GET /api/course-creator/courses/:id/media', () => {
  it('names the image model, the lessons a picture can go into (no quiz) and no pictures yet', async () => {
    const course = await seededCourse(t, a.instructor);
    const res = await call(t, a.instructor, 'GET', mediaUrl(course.id));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json()).toEqual({
      courseId: course.id,
      imageModel: { available: true, provider: 'openai-compatible', model: 'test-image' },
      coverUrl: null,
      lessons: [
        { id: course.text, title: 'Introduktion', module: 'Grundregler', kind: 'text' },
        { id: course.video, title: 'Video om truck', module: 'Grundregler', kind: 'video' },
      ],
      images: [],
    });
  });
});

describe('POST /api/course-creator/courses/:id/images', () => {
  it('a cover: the text model describes it in the course’s language, the image model draws it, and it is kept with its origin; the course is unchanged until it is used', async () => {
    const course = await seededCourse(t, a.instructor);
    const image = await drawCover(course);
    expect(image).toMatchObject({
      target: 'cover',
      lessonId: null,
      altText: 'Et lyst lager med paller og en gaffeltruck.',
      prompt: COVER_PROMPT,
      source: { provider: 'openai-compatible', model: 'test-image' },
      inUse: false,
    });
    expect(image.url).toBe(`/api/uploads/${image.id}`);

    const [described] = ai.requests;
    expect(systemOf(described!)).toContain('billedredaktør');
    expect(systemOf(described!)).toContain('alternativ tekst på dansk');
    expect(lastUserOf(described!)).toContain('Sikkerhed på lageret');
    expect(lastUserOf(described!)).toContain('course cover');
    expect(Object.keys(described!.schema?.properties ?? {})).toEqual(['prompt', 'alt_text']);
    expect(ai.images.requests).toHaveLength(1);
    expect(ai.images.requests[0]).toMatchObject({ model: 'test-image', prompt: COVER_PROMPT, n: 1, size: '1536x1024' });

    const row = await t.db.selectFrom('uploads').selectAll().where('id', '=', image.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      course_id: course.id,
      kind: 'image',
      mime: 'image/png',
      origin: 'ai',
      ai_target: 'cover',
      ai_provider: 'openai-compatible',
      ai_model: 'test-image',
      alt_text: 'Et lyst lager med paller og en gaffeltruck.',
    });
    const file = await call(t, a.instructor, 'GET', image.url);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    expect(file.rawPayload.subarray(1, 4).toString('ascii')).toBe('PNG');

    const courseNow = (await call(t, a.instructor, 'GET', `/api/courses/${course.id}`)).json();
    expect(courseNow.thumbnailUploadId).toBeNull();
    const tasks = (await usageRows(t.db, a.admin.organisationId)).slice(-2).map((r) => [r.task, r.outcome]);
    expect(tasks).toEqual([
      ['generate-image-brief', 'ok'],
      ['generate-image', 'ok'],
    ]);
  });

  it('used, a cover becomes the course’s cover; the list shows it in use, newest first', async () => {
    const course = await seededCourse(t, a.instructor);
    const first = await drawCover(course, 'Første udkast.');
    const second = await drawCover(course, 'Andet udkast.');
    const used = await call(t, a.instructor, 'POST', `${imagesUrl(course.id)}/${first.id}/use`);
    expect(used.statusCode, used.body).toBe(200);
    expect(used.json()).toMatchObject({ id: first.id, inUse: true });
    const courseNow = (await call(t, a.instructor, 'GET', `/api/courses/${course.id}`)).json();
    expect(courseNow.thumbnailUploadId).toBe(first.id);
    const media = (await call(t, a.admin, 'GET', mediaUrl(course.id))).json();
    expect(media.coverUrl).toBe(first.url);
    expect(media.images.map((i: { id: string; inUse: boolean }) => [i.id, i.inUse])).toEqual([
      [second.id, false],
      [first.id, true],
    ]);
  });

  it('a lesson illustration reads the lesson, and used it is appended to the lesson with its alt text (edited first), with a revision', async () => {
    const course = await seededCourse(t, a.instructor);
    ai.script(brief('A forklift driver checking the mast before a shift, clean vector style', 'En truckfører tjekker masten.'));
    const res = await call(t, a.instructor, 'POST', imagesUrl(course.id), {
      target: 'lesson',
      lessonId: course.text,
      wishes: 'Ingen mennesker i fokus',
    });
    expect(res.statusCode, res.body).toBe(201);
    const image = res.json();
    expect(image).toMatchObject({ target: 'lesson', lessonId: course.text, altText: 'En truckfører tjekker masten.' });
    expect(lastUserOf(ai.requests[0]!)).toContain('lesson illustration');
    expect(lastUserOf(ai.requests[0]!)).toContain('Introduktion');
    expect(lastUserOf(ai.requests[0]!)).toContain('Ingen mennesker i fokus');

    const edited = await call(t, a.instructor, 'PATCH', `${imagesUrl(course.id)}/${image.id}`, {
      altText: 'En truckfører tjekker gaffeltruckens mast.',
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().altText).toBe('En truckfører tjekker gaffeltruckens mast.');

    const before = (await call(t, a.instructor, 'GET', `/api/lessons/${course.text}`)).json();
    const used = await call(t, a.instructor, 'POST', `${imagesUrl(course.id)}/${image.id}/use`);
    expect(used.statusCode, used.body).toBe(200);
    expect(used.json().inUse).toBe(true);
    const lesson = (await call(t, a.instructor, 'GET', `/api/lessons/${course.text}`)).json();
    expect(lesson.version).toBe(before.version + 1);
    expect(lesson.content.content.at(-1)).toEqual({
      type: 'image',
      attrs: { src: image.url, alt: 'En truckfører tjekker gaffeltruckens mast.' },
    });
    expect(lesson.content.content.slice(0, -1)).toEqual(before.content.content);
    // Used again (a second tab, a repeated click): in use already, nothing is added.
    const again = await call(t, a.instructor, 'POST', `${imagesUrl(course.id)}/${image.id}/use`);
    expect(again.statusCode).toBe(200);
    expect((await call(t, a.instructor, 'GET', `/api/lessons/${course.text}`)).json().version).toBe(lesson.version);
    const revisions = await t.db.selectFrom('lesson_revisions').select('version').where('lesson_id', '=', course.text).execute();
    expect(revisions.length).toBeGreaterThan(0);
  });

  it('a video lesson’s illustration goes into its notes', async () => {
    const course = await seededCourse(t, a.instructor);
    ai.script(brief('A forklift on a warehouse floor seen from the side, isometric style', 'En gaffeltruck set fra siden.'));
    const image = (await call(t, a.instructor, 'POST', imagesUrl(course.id), { target: 'lesson', lessonId: course.video })).json();
    expect((await call(t, a.instructor, 'POST', `${imagesUrl(course.id)}/${image.id}/use`)).statusCode).toBe(200);
    const lesson = (await call(t, a.instructor, 'GET', `/api/lessons/${course.video}`)).json();
    expect(lesson.content.video).toEqual({ source: 'embed', url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ' });
    expect(lesson.content.notes.content.at(-1)).toMatchObject({ type: 'image', attrs: { src: image.url } });
  });

  it('bad input is a 400 that asks nothing and keeps nothing: a quiz, a lesson of another course, unknown target, long wishes, an empty alt text', async () => {
    const course = await seededCourse(t, a.instructor);
    const other = await seededCourse(t, a.instructor);
    const uploadsBefore = await t.db.selectFrom('uploads').select('id').where('course_id', '=', course.id).execute();
    expect((await call(t, a.instructor, 'POST', imagesUrl(course.id), { target: 'lesson', lessonId: course.quiz })).statusCode).toBe(404);
    expect((await call(t, a.instructor, 'POST', imagesUrl(course.id), { target: 'lesson', lessonId: other.text })).statusCode).toBe(404);
    expect((await call(t, a.instructor, 'POST', imagesUrl(course.id), { target: 'poster' })).statusCode).toBe(400);
    const long = await call(t, a.instructor, 'POST', imagesUrl(course.id), { target: 'cover', wishes: 'x'.repeat(501) });
    expect(long.statusCode).toBe(400);
    expect(ai.requests).toHaveLength(0);
    expect(ai.images.requests).toHaveLength(0);
    expect(await t.db.selectFrom('uploads').select('id').where('course_id', '=', course.id).execute()).toEqual(uploadsBefore);

    const image = await drawCover(course);
    for (const altText of ['', '   ', 'x'.repeat(301)]) {
      const res = await call(t, a.instructor, 'PATCH', `${imagesUrl(course.id)}/${image.id}`, { altText });
      expect(res.statusCode, altText).toBe(400);
    }
    expect((await call(t, a.instructor, 'GET', mediaUrl(course.id))).json().images[0].altText).toBe(image.altText);
  });

  it('what the provider sends that is no picture, or no picture at all, is a 502 and keeps nothing', async () => {
    const course = await seededCourse(t, a.instructor);
    for (const reply of [{ kind: 'bytes', bytes: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>') }, { kind: 'empty' }] as const) {
      ai.script(brief(COVER_PROMPT, 'Et lager.'));
      ai.images.script(reply);
      const bad = await call(t, a.instructor, 'POST', imagesUrl(course.id), { target: 'cover' });
      expect(bad.statusCode, bad.body).toBe(502);
      expect(bad.json()).toMatchObject({
        code: 'AI_BAD_OUTPUT',
        message: 'The image model sent something that is not a picture. Please try again.',
      });
      expect((await usageRows(t.db, a.admin.organisationId)).at(-1)).toMatchObject({
        task: 'generate-image',
        outcome: 'bad_output',
        requests: 1,
      });
    }
    expect(await t.db.selectFrom('uploads').select('id').where('course_id', '=', course.id).execute()).toEqual([]);
  });

  it('a refusal (a 4xx, e.g. the content policy) is a 422 asking for other wishes, not retried; a provider failing or silent is retried, then 503', async () => {
    const course = await seededCourse(t, a.instructor);
    ai.script(brief(COVER_PROMPT, 'Et lager.'));
    ai.images.script({ kind: 'status', status: 400, message: 'Your request was rejected by the safety system.' });
    const refused = await call(t, a.instructor, 'POST', imagesUrl(course.id), { target: 'cover', wishes: 'Et kendt logo' });
    expect(refused.statusCode, refused.body).toBe(422);
    expect(refused.json()).toMatchObject({ code: 'AI_IMAGE_REFUSED', message: expect.stringContaining('Change the wishes') });
    expect(ai.images.requests).toHaveLength(1);

    for (const reply of [{ kind: 'status', status: 500 }, { kind: 'hang' }] as const) {
      ai.reset();
      ai.script(brief(COVER_PROMPT, 'Et lager.'));
      ai.images.script(reply, reply, reply);
      const failed = await call(t, a.instructor, 'POST', imagesUrl(course.id), { target: 'cover' });
      expect(failed.statusCode, failed.body).toBe(503);
      expect(failed.json().code).toBe('AI_PROVIDER_UNAVAILABLE');
      expect(ai.images.requests).toHaveLength(1 + FAST_RETRY.retries);
      expect((await usageRows(t.db, a.admin.organisationId)).at(-1)).toMatchObject({
        task: 'generate-image',
        outcome: 'unavailable',
        requests: 3,
      });
    }
    expect(await t.db.selectFrom('uploads').select('id').where('course_id', '=', course.id).execute()).toEqual([]);
  });

  it('an archived course draws nothing and uses nothing (409)', async () => {
    const course = await seededCourse(t, a.instructor);
    const image = await drawCover(course);
    await t.db.updateTable('courses').set({ status: 'archived' }).where('id', '=', course.id).execute();
    expect((await call(t, a.instructor, 'POST', imagesUrl(course.id), { target: 'cover' })).statusCode).toBe(409);
    expect((await call(t, a.instructor, 'POST', `${imagesUrl(course.id)}/${image.id}/use`)).statusCode).toBe(409);
    expect((await call(t, a.instructor, 'PATCH', `${imagesUrl(course.id)}/${image.id}`, { altText: 'Ny tekst.' })).statusCode).toBe(409);
  });
});

describe('who may', () => {
  it('another company’s admin and a colleague get 404, a learner 403; a picture of another course is 404 there', async () => {
    const course = await seededCourse(t, a.instructor);
    const image = await drawCover(course);
    const colleague = await addPerson(t, a.admin.organisationId, 'instructor');
    const learner = await addPerson(t, a.admin.organisationId, 'learner');
    const requests = [
      ['GET', mediaUrl(course.id), undefined],
      ['POST', imagesUrl(course.id), { target: 'cover' }],
      ['PATCH', `${imagesUrl(course.id)}/${image.id}`, { altText: 'Overtaget.' }],
      ['POST', `${imagesUrl(course.id)}/${image.id}/use`, undefined],
    ] as const;
    for (const [method, url, body] of requests) {
      expect((await call(t, b.admin, method, url, body)).statusCode, `${method} ${url}`).toBe(404);
      expect((await call(t, colleague, method, url, body)).statusCode, `${method} ${url}`).toBe(404);
      expect((await call(t, learner, method, url, body)).statusCode, `${method} ${url}`).toBe(403);
    }
    const theirs = await seededCourse(t, b.instructor);
    expect((await call(t, b.admin, 'POST', `${imagesUrl(theirs.id)}/${image.id}/use`)).statusCode).toBe(404);
    expect((await call(t, b.admin, 'PATCH', `${imagesUrl(theirs.id)}/${image.id}`, { altText: 'Nej.' })).statusCode).toBe(404);
    expect(ai.images.requests).toHaveLength(1);
    const row = await t.db.selectFrom('uploads').select('alt_text').where('id', '=', image.id).executeTakeFirstOrThrow();
    expect(row.alt_text).toBe(image.altText);
  });
});

describe('without an image model', () => {
  let plain: TestApp;
  let c: Company;
  beforeAll(async () => {
    plain = await createTestApp({ env: fakeAiEnv(ai.url), aiRetry: FAST_RETRY });
    c = await company(plain);
  });
  afterAll(async () => plain.close());

  it('the step says what is missing, and drawing answers 503 before anything is asked: the admin is told what to set', async () => {
    const course = await seededCourse(plain, c.instructor);
    expect((await call(plain, c.instructor, 'GET', mediaUrl(course.id))).json().imageModel).toEqual({
      available: false,
      missing: 'not-named',
    });
    const asInstructor = await call(plain, c.instructor, 'POST', imagesUrl(course.id), { target: 'cover' });
    expect(asInstructor.statusCode).toBe(503);
    expect(asInstructor.json()).toMatchObject({
      code: 'AI_IMAGE_NOT_CONFIGURED',
      message: 'No image model has been set up, so AI cannot draw pictures. Please contact whoever runs your Kursa installation.',
    });
    const asAdmin = await call(plain, c.admin, 'POST', imagesUrl(course.id), { target: 'cover' });
    expect(asAdmin.json().message).toContain('set AI_IMAGE_MODEL');
    expect(ai.requests).toHaveLength(0);
    expect(ai.images.requests).toHaveLength(0);
  });
});
