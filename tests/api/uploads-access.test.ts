import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { amountsOf } from '../../src/server/domains/commerce/billing/amounts.ts';
import type { TCourse } from '../../src/shared/schemas/courses.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { courseMetadata, fulfilmentStripe, paymentSession } from '../helpers/billing.ts';
import {
  addLesson,
  addModule,
  addPerson,
  call,
  company,
  createCourse,
  doc,
  paragraph,
  type Company,
  type Person,
} from '../helpers/courses.ts';
import type { FakeStripe } from '../helpers/fake-stripe.ts';
import { mp4, pdf, PNG, upload } from '../helpers/media.ts';

// Who may fetch GET /api/uploads/:id, by what the file is to its course: a course's cover is as
// public as the course; a lesson's media (video, download, workbook PDF, images in text and notes)
// only reach the company's staff and the learners enrolled in the course (bought, assigned, free);
// a file used nowhere yet only the staff. Everyone else gets 404, as for an id that does not exist.
// SQLite, or PostgreSQL under `npm run test:pg`.

let t: TestApp;
let fake: FakeStripe;
let seller: Company;
let buyer: Company;
/** A learner of the selling company, assigned the course. */
let assigned: Person;
let course: TCourse;
const files: Record<'cover' | 'video' | 'download' | 'textImage' | 'notesImage' | 'unused' | 'coverInLesson', string> = {} as never;

function get(id: string, who: Person | null, headers: Record<string, string> = {}, method: 'GET' | 'HEAD' = 'GET') {
  return t.app.inject({ method, url: `/api/uploads/${id}`, headers: { ...headers, ...(who && { cookie: who.cookie }) } });
}

async function store(kind: 'image' | 'video' | 'download', data: Buffer, filename: string): Promise<string> {
  const res = await upload(t.app, seller.instructor.cookie, { courseId: course.id, kind }, { filename, data });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id as string;
}

async function setContent(lessonId: string, content: unknown) {
  const lesson = (await call(t, seller.instructor, 'GET', `/api/lessons/${lessonId}`)).json();
  const res = await call(t, seller.instructor, 'PATCH', `/api/lessons/${lessonId}`, { content, version: lesson.version });
  expect(res.statusCode, res.body).toBe(200);
}

const image = (id: string) => ({ type: 'image', attrs: { src: `/api/uploads/${id}`, alt: 'Figur' } });

beforeAll(async () => {
  t = await createTestApp();
  ({ fake } = await fulfilmentStripe(t));
  seller = await company(t, { companyName: 'Sælger Akademi ApS' });
  buyer = await company(t, { companyName: 'Køber Kommune' });
  assigned = await addPerson(t, seller.admin.organisationId, 'learner');

  // Built through the builder's API by its instructor: a text lesson with an image, a video lesson
  // with an image in its notes, a download lesson (as the workbook is), and a text lesson whose
  // image is also the cover.
  course = await createCourse(t, seller.instructor, { title: 'Dansk bogføring' });
  course = await addModule(t, seller.instructor, course, 'Modul 1');
  const moduleId = course.modules[0]!.id;
  for (const [title, kind] of [
    ['Tekst', 'text'],
    ['Video', 'video'],
    ['Materialer', 'download'],
    ['Forside', 'text'],
  ] as const) {
    course = await addLesson(t, seller.instructor, course, moduleId, title, kind);
  }
  const [text, video, download, coverLesson] = course.modules[0]!.lessons.map((l) => l.id);
  files.cover = await store('image', PNG, 'forside.png');
  files.video = await store('video', mp4(20_000), 'lektion.mp4');
  files.download = await store('download', pdf(), 'arbejdsbog.pdf');
  files.textImage = await store('image', PNG, 'figur.png');
  files.notesImage = await store('image', PNG, 'noter.png');
  files.unused = await store('video', mp4(), 'ubrugt.mp4');
  files.coverInLesson = files.cover;
  await setContent(text!, doc(paragraph('Se figuren'), image(files.textImage)));
  await setContent(video!, { video: { source: 'upload', uploadId: files.video }, notes: doc(image(files.notesImage)) });
  await setContent(download!, { files: [{ uploadId: files.download, title: 'Arbejdsbog' }] });
  await setContent(coverLesson!, doc(image(files.cover)));
  const current = (await call(t, seller.instructor, 'GET', `/api/courses/${course.id}`)).json();
  const withCover = await call(t, seller.instructor, 'PATCH', `/api/courses/${course.id}`, {
    thumbnailUploadId: files.cover,
    version: current.version,
  });
  expect(withCover.statusCode, withCover.body).toBe(200);
  // Published as a public paid course (publishing's own rules are tested elsewhere).
  await t.db
    .updateTable('courses')
    .set({ status: 'published', visibility: 'public', pricing: 'paid', price: 49_999, published_at: new Date().toISOString() })
    .where('id', '=', course.id)
    .execute();

  // The buyer's learner buys it; the seller's admin assigns it to one of their own learners.
  const { vat } = amountsOf(49_999, 1);
  const session = paymentSession(
    fake,
    courseMetadata({
      organisationId: buyer.learner.organisationId,
      userId: buyer.learner.id,
      courseId: course.id,
      buyFor: 'self',
      quantity: 1,
      unitAmount: 49_999,
    }),
    49_999,
    1,
    vat,
  );
  await fake.complete(String(session.id));
  const assignment = await call(t, seller.admin, 'POST', `/api/courses/${course.id}/assignments`, { userIds: [assigned.id] });
  expect(assignment.statusCode, assignment.body).toBeLessThan(300);
});
afterAll(async () => {
  await fake.stop();
  await t.close();
});

describe('GET /api/uploads/:id of a published public paid course', () => {
  const lessonMedia = ['video', 'download', 'textImage', 'notesImage'] as const;

  it('is enrolled as the test means: the buyer and the assigned learner, nobody else', async () => {
    const enrolled = await t.db.selectFrom('enrolments').select('user_id').where('course_id', '=', course.id).execute();
    expect(enrolled.map((e) => e.user_id).sort()).toEqual([assigned.id, buyer.learner.id].sort());
  });

  it("serves every file to the company's staff: admin, the owning instructor and another instructor", async () => {
    for (const who of [seller.admin, seller.instructor, seller.otherInstructor]) {
      for (const [name, id] of Object.entries(files)) expect((await get(id, who)).statusCode, `${name} ${who.email}`).toBe(200);
    }
  });

  it("serves a lesson's video, download and images to the learner who bought the course and the one assigned it", async () => {
    for (const who of [buyer.learner, assigned]) {
      for (const name of lessonMedia) expect((await get(files[name], who)).statusCode, `${name} ${who.email}`).toBe(200);
    }
  });

  it("answers 404 for a lesson's media to anyone not enrolled: no session, another company, a learner who has not bought it, a learner of the company itself", async () => {
    const strangers: [string, Person | null][] = [
      ['anonymous', null],
      ["another company's admin", buyer.admin],
      ['a learner who has not bought it', buyer.instructor],
      ["the company's own learner, not enrolled", seller.learner],
    ];
    for (const [label, who] of strangers) {
      for (const name of lessonMedia) {
        const res = await get(files[name], who);
        expect(res.statusCode, `${name} ${label}`).toBe(404);
        // The same answer as an id that does not exist: nothing is confirmed.
        expect(res.json()).toEqual((await get('no-such-upload', who)).json());
      }
    }
  });

  it('answers 404 to a HEAD and to a range request of a lesson video without access, and serves both to a buyer', async () => {
    expect((await get(files.video, null, {}, 'HEAD')).statusCode).toBe(404);
    expect((await get(files.video, buyer.admin, { range: 'bytes=0-99' })).statusCode).toBe(404);
    const head = await get(files.video, buyer.learner, {}, 'HEAD');
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-length']).toBe('20000');
    const range = await get(files.video, buyer.learner, { range: 'bytes=0-99' });
    expect(range.statusCode).toBe(206);
    expect(range.rawPayload).toHaveLength(100);
    // Private to those who may have it: no other site may embed it.
    expect(range.headers['cross-origin-resource-policy']).toBe('same-site');
  });

  it('keeps the cover public, also where a lesson uses it too (any one use that grants access suffices)', async () => {
    for (const who of [null, buyer.admin, buyer.instructor, seller.learner, buyer.learner]) {
      const res = await get(files.cover, who);
      expect(res.statusCode, who?.email ?? 'anonymous').toBe(200);
      expect(res.headers['cross-origin-resource-policy']).toBe('cross-origin');
    }
  });

  it('serves a file no lesson uses only to the staff, not even to the enrolled', async () => {
    for (const who of [null, buyer.learner, assigned, seller.learner])
      expect((await get(files.unused, who)).statusCode, who?.email ?? 'anonymous').toBe(404);
  });

  it('follows the lesson: a file removed from its lesson is no longer served to learners', async () => {
    const lessonId = course.modules[0]!.lessons[2]!.id;
    await setContent(lessonId, { files: [] });
    expect((await get(files.download, buyer.learner)).statusCode).toBe(404);
    expect((await get(files.download, seller.admin)).statusCode).toBe(200);
    await setContent(lessonId, { files: [{ uploadId: files.download, title: 'Arbejdsbog' }] });
    expect((await get(files.download, buyer.learner)).statusCode).toBe(200);
  });

  it('a lesson of a course back in draft reaches no learner, as in the player; its cover only the company', async () => {
    await t.db.updateTable('courses').set({ status: 'draft' }).where('id', '=', course.id).execute();
    try {
      expect((await get(files.video, buyer.learner)).statusCode).toBe(404);
      expect((await get(files.cover, null)).statusCode).toBe(404);
      expect((await get(files.cover, seller.learner)).statusCode).toBe(200);
      expect((await get(files.video, seller.admin)).statusCode).toBe(200);
    } finally {
      await t.db.updateTable('courses').set({ status: 'published' }).where('id', '=', course.id).execute();
    }
  });

  it("shows the company's site only its courses' covers, not a lesson's image", async () => {
    const subdomain = `saelger-${Date.now().toString(36)}`;
    expect((await call(t, seller.admin, 'PUT', '/api/organisation/subdomain', { subdomain })).statusCode).toBe(200);
    const site = (path: string) => t.app.inject({ method: 'GET', url: path, headers: { host: `${subdomain}.localhost:5000` } });
    expect((await site(`/media/${files.cover}`)).statusCode).toBe(200);
    expect((await site(`/media/${files.textImage}`)).statusCode).toBe(404);
    expect((await site(`/media/${files.notesImage}`)).statusCode).toBe(404);
  });
});

describe('GET /api/uploads/:id of a free public course', () => {
  it('serves lesson media to a learner of any company once enrolled, never to a visitor without a session', async () => {
    let free = await createCourse(t, seller.instructor, { title: 'Gratis intro' });
    free = await addModule(t, seller.instructor, free, 'Intro');
    free = await addLesson(t, seller.instructor, free, free.modules[0]!.id, 'Video', 'video');
    const res = await upload(t.app, seller.instructor.cookie, { courseId: free.id, kind: 'video' }, { filename: 'intro.mp4', data: mp4() });
    const videoId = res.json().id as string;
    await setContent(free.modules[0]!.lessons[0]!.id, { video: { source: 'upload', uploadId: videoId } });
    await t.db
      .updateTable('courses')
      .set({ status: 'published', visibility: 'public', published_at: new Date().toISOString() })
      .where('id', '=', free.id)
      .execute();
    const learner = await addPerson(t, buyer.admin.organisationId, 'learner');
    expect((await get(videoId, learner)).statusCode).toBe(404);
    expect((await call(t, learner, 'POST', `/api/courses/${free.id}/enrol`)).statusCode).toBeLessThan(300);
    expect((await get(videoId, learner)).statusCode).toBe(200);
    expect((await get(videoId, null)).statusCode).toBe(404);
  });
});
