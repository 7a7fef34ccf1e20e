import type { Updateable } from 'kysely';
import type { CoursesTable } from '../../src/server/db/schema.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TCatalogueCourseDetail, TCoursePreview } from '../../src/shared/schemas/catalogue.ts';
import type { TCourse } from '../../src/shared/schemas/courses.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { addLesson, addModule, call, company, createCourse, doc, paragraph, type Company, type Person } from '../helpers/courses.ts';
import { mp4, pdf, PNG, upload } from '../helpers/media.ts';

// A lesson marked as a free preview of a published public or unlisted course is open to anyone:
// its content (GET /api/catalogue/:slug/previews/:id) and its files (GET /api/uploads/:id). Every
// other lesson, and every lesson of a draft or private course, stays closed. The author marks it
// in the builder (PATCH /api/lessons/:id { freePreview }); a quiz never is one.
// SQLite, or PostgreSQL under `npm run test:pg`.

let t: TestApp;
let seller: Company;
let other: Company;
let course: TCourse;
const lessons = {} as Record<'text' | 'video' | 'download' | 'quiz' | 'closed', string>;
const files = {} as Record<'textImage' | 'video' | 'notesImage' | 'download' | 'closedImage', string>;

const image = (id: string) => ({ type: 'image', attrs: { src: `/api/uploads/${id}`, alt: 'Figur' } });

function getFile(id: string, who: Person | null, headers: Record<string, string> = {}) {
  return t.app.inject({ method: 'GET', url: `/api/uploads/${id}`, headers: { ...headers, ...(who && { cookie: who.cookie }) } });
}
const getPreview = (slug: string, lessonId: string) => t.app.inject({ method: 'GET', url: `/api/catalogue/${slug}/previews/${lessonId}` });

async function store(kind: 'image' | 'video' | 'download', data: Buffer, filename: string): Promise<string> {
  const res = await upload(t.app, seller.instructor.cookie, { courseId: course.id, kind }, { filename, data });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id as string;
}

async function patchLesson(who: Person, lessonId: string, body: Record<string, unknown>) {
  const lesson = (await call(t, seller.instructor, 'GET', `/api/lessons/${lessonId}`)).json();
  return call(t, who, 'PATCH', `/api/lessons/${lessonId}`, { version: lesson.version, ...body });
}

async function setPreview(lessonId: string, freePreview: boolean) {
  const res = await patchLesson(seller.instructor, lessonId, { freePreview });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json().freePreview).toBe(freePreview);
}

const setCourse = (values: Updateable<CoursesTable>) => t.db.updateTable('courses').set(values).where('id', '=', course.id).execute();

beforeAll(async () => {
  t = await createTestApp();
  seller = await company(t, { companyName: 'Forhånd Akademi ApS' });
  other = await company(t, { companyName: 'Anden Virksomhed ApS' });
  course = await createCourse(t, seller.instructor, { title: 'Bogføring for begyndere' });
  course = await addModule(t, seller.instructor, course, 'Modul 1');
  const moduleId = course.modules[0]!.id;
  for (const [title, kind] of [
    ['Velkommen', 'text'],
    ['Introvideo', 'video'],
    ['Skabeloner', 'download'],
    ['Test dig selv', 'quiz'],
    ['Kernen', 'text'],
  ] as const) {
    course = await addLesson(t, seller.instructor, course, moduleId, title, kind);
  }
  [lessons.text, lessons.video, lessons.download, lessons.quiz, lessons.closed] = course.modules[0]!.lessons.map((l) => l.id) as [
    string,
    string,
    string,
    string,
    string,
  ];
  files.textImage = await store('image', PNG, 'velkommen.png');
  files.video = await store('video', mp4(20_000), 'intro.mp4');
  files.notesImage = await store('image', PNG, 'noter.png');
  files.download = await store('download', pdf(), 'skabelon.pdf');
  files.closedImage = await store('image', PNG, 'kernen.png');
  const content = {
    text: doc(paragraph('Velkommen til kurset'), image(files.textImage)),
    video: { video: { source: 'upload', uploadId: files.video }, notes: doc(image(files.notesImage)) },
    download: { files: [{ uploadId: files.download, title: 'Skabelon' }] },
    closed: doc(paragraph('Kun for deltagere'), image(files.closedImage)),
  };
  for (const [key, value] of Object.entries(content)) {
    const res = await patchLesson(seller.instructor, lessons[key as keyof typeof content], { content: value });
    expect(res.statusCode, res.body).toBe(200);
  }
  // Published as a public paid course (publishing's own rules are tested elsewhere).
  await t.db
    .updateTable('courses')
    .set({ status: 'published', visibility: 'public', pricing: 'paid', price: 29_900, published_at: new Date().toISOString() })
    .where('id', '=', course.id)
    .execute();
});
afterAll(async () => {
  await t.close();
});

describe('marking a lesson as a free preview (PATCH /api/lessons/:id)', () => {
  it('starts unmarked, and the author marks text, video and download lessons; the builder outline shows it', async () => {
    expect((await call(t, seller.instructor, 'GET', `/api/lessons/${lessons.text}`)).json().freePreview).toBe(false);
    for (const id of [lessons.text, lessons.video, lessons.download]) await setPreview(id, true);
    const outline = (await call(t, seller.instructor, 'GET', `/api/courses/${course.id}`)).json() as TCourse;
    expect(outline.modules[0]!.lessons.map((l) => [l.title, l.freePreview])).toEqual([
      ['Velkommen', true],
      ['Introvideo', true],
      ['Skabeloner', true],
      ['Test dig selv', false],
      ['Kernen', false],
    ]);
  });

  it('refuses a quiz as a free preview with 400, and changes nothing', async () => {
    const before = (await call(t, seller.instructor, 'GET', `/api/lessons/${lessons.quiz}`)).json();
    const res = await patchLesson(seller.instructor, lessons.quiz, { freePreview: true });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ freePreview: expect.any(String) });
    const after = (await call(t, seller.instructor, 'GET', `/api/lessons/${lessons.quiz}`)).json();
    expect(after).toEqual(before);
  });

  it('refuses a value that is not true or false', async () => {
    const res = await patchLesson(seller.instructor, lessons.closed, { freePreview: 'ja' });
    expect(res.statusCode).toBe(400);
    expect((await call(t, seller.instructor, 'GET', `/api/lessons/${lessons.closed}`)).json().freePreview).toBe(false);
  });

  it("lets no learner mark it, nor another company's staff (404: the builder's lessons are not theirs to know of)", async () => {
    expect((await patchLesson(seller.learner, lessons.closed, { freePreview: true })).statusCode).toBe(404);
    expect((await patchLesson(other.admin, lessons.closed, { freePreview: true })).statusCode).toBe(404);
    expect((await call(t, seller.instructor, 'GET', `/api/lessons/${lessons.closed}`)).json().freePreview).toBe(false);
  });
});

describe('a free preview of a published course, for anyone', () => {
  it("names only the free previews' ids on the course's public page", async () => {
    const detail = (await t.app.inject({ method: 'GET', url: `/api/catalogue/${course.slug}` })).json() as TCatalogueCourseDetail;
    expect(detail.modules[0]!.lessons.map((l) => [l.title, l.previewId])).toEqual([
      ['Velkommen', lessons.text],
      ['Introvideo', lessons.video],
      ['Skabeloner', lessons.download],
      ['Test dig selv', null],
      ['Kernen', null],
    ]);
  });

  it('answers the lesson with its content and the course’s previews in outline order, without a session', async () => {
    const res = await getPreview(course.slug, lessons.video);
    expect(res.statusCode, res.body).toBe(200);
    const preview = res.json() as TCoursePreview;
    expect(preview).toMatchObject({
      id: lessons.video,
      title: 'Introvideo',
      kind: 'video',
      course: { slug: course.slug, title: 'Bogføring for begyndere' },
    });
    expect(preview.content).toMatchObject({ video: { source: 'upload', uploadId: files.video } });
    expect(preview.previews.map((p) => p.title)).toEqual(['Velkommen', 'Introvideo', 'Skabeloner']);
  });

  it('serves the preview lessons’ files to a visitor without a session, with range requests, for any site to show', async () => {
    for (const name of ['textImage', 'video', 'notesImage', 'download'] as const) {
      const res = await getFile(files[name], null);
      expect(res.statusCode, name).toBe(200);
      expect(res.headers['cross-origin-resource-policy'], name).toBe('cross-origin');
    }
    const range = await getFile(files.video, null, { range: 'bytes=0-99' });
    expect(range.statusCode).toBe(206);
    expect(range.rawPayload).toHaveLength(100);
    // A learner of another company, not enrolled, is a visitor like any other here.
    expect((await getFile(files.video, other.learner)).statusCode).toBe(200);
  });

  it('keeps every other lesson closed: its content and its files 404, as for what does not exist', async () => {
    for (const id of [lessons.closed, lessons.quiz, 'no-such-lesson']) expect((await getPreview(course.slug, id)).statusCode, id).toBe(404);
    expect((await getFile(files.closedImage, null)).json()).toEqual((await getFile('no-such-upload', null)).json());
    expect((await getFile(files.closedImage, null)).statusCode).toBe(404);
  });

  it("answers 404 for a preview asked for under another course's address", async () => {
    let second = await createCourse(t, other.instructor, { title: 'Et andet kursus' });
    await t.db
      .updateTable('courses')
      .set({ status: 'published', visibility: 'public', published_at: new Date().toISOString() })
      .where('id', '=', second.id)
      .execute();
    second = (await call(t, other.instructor, 'GET', `/api/courses/${second.id}`)).json();
    expect((await getPreview(second.slug, lessons.text)).statusCode).toBe(404);
  });

  it('keeps a quiz that became one closed: a lesson turned into a quiz stops being a preview', async () => {
    const res = await patchLesson(seller.instructor, lessons.download, { kind: 'quiz', content: { questions: [] } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().freePreview).toBe(false);
    expect((await getPreview(course.slug, lessons.download)).statusCode).toBe(404);
    expect((await getFile(files.download, null)).statusCode).toBe(404);
    const back = await patchLesson(seller.instructor, lessons.download, {
      kind: 'download',
      content: { files: [{ uploadId: files.download, title: 'Skabelon' }] },
      freePreview: true,
    });
    expect(back.statusCode, back.body).toBe(200);
    expect((await getFile(files.download, null)).statusCode).toBe(200);
  });

  it('closes again when the author unmarks it', async () => {
    await setPreview(lessons.text, false);
    expect((await getPreview(course.slug, lessons.text)).statusCode).toBe(404);
    expect((await getFile(files.textImage, null)).statusCode).toBe(404);
    await setPreview(lessons.text, true);
    expect((await getPreview(course.slug, lessons.text)).statusCode).toBe(200);
  });

  it('is open by link in an unlisted course, and closed in a private or draft one', async () => {
    try {
      await setCourse({ visibility: 'unlisted' });
      expect((await getPreview(course.slug, lessons.video)).statusCode).toBe(200);
      expect((await getFile(files.video, null)).statusCode).toBe(200);
      await setCourse({ visibility: 'private' });
      expect((await getPreview(course.slug, lessons.video)).statusCode).toBe(404);
      expect((await getFile(files.video, null)).statusCode).toBe(404);
      await setCourse({ visibility: 'public', status: 'draft' });
      expect((await getPreview(course.slug, lessons.video)).statusCode).toBe(404);
      expect((await getFile(files.video, null)).statusCode).toBe(404);
      // The company's own staff still reach their draft's files.
      expect((await getFile(files.video, seller.instructor)).statusCode).toBe(200);
    } finally {
      await setCourse({ visibility: 'public', status: 'published' });
    }
  });

  it("links the previews on the company's own site to the lesson's preview page", async () => {
    const subdomain = `forhaand-${Date.now().toString(36)}`;
    expect((await call(t, seller.admin, 'PUT', '/api/organisation/subdomain', { subdomain })).statusCode).toBe(200);
    const page = await t.app.inject({ method: 'GET', url: `/courses/${course.slug}`, headers: { host: `${subdomain}.localhost:5000` } });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(`/courses/${course.slug}/preview/${lessons.video}"`);
    expect(page.body).not.toContain(`/preview/${lessons.closed}`);
  });
});
