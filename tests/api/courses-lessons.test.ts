import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { PNG, pdf, upload } from '../helpers/media.ts';
import { call, company, courseWithLesson, doc, insertUpload, paragraph, type Company } from '../helpers/courses.ts';

let t: TestApp;
let a: Company;
let b: Company;
beforeAll(async () => {
  t = await createTestApp();
  a = await company(t);
  b = await company(t, { companyName: 'Anden Virksomhed ApS' });
});
afterAll(async () => t.close());

function save(lessonId: string, payload: Record<string, unknown>, who = a.instructor) {
  return call(t, who, 'PATCH', `/api/lessons/${lessonId}`, payload);
}

async function storedLesson(id: string) {
  return t.db.selectFrom('lessons').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

const quiz = {
  passMark: 80,
  maxAttempts: null,
  questions: [
    {
      id: 'q1',
      type: 'single',
      prompt: 'Hvad er 2 + 2?',
      hint: 'Tæl på fingrene',
      explanation: 'To og to er fire.',
      options: [
        { id: 'a', text: '4', correct: true, feedback: 'Rigtigt' },
        { id: 'b', text: '5', correct: false, feedback: 'Nej' },
      ],
    },
    { id: 'q2', type: 'short_answer', prompt: 'Hovedstaden i Danmark?', acceptedAnswers: ['København', 'Copenhagen'] },
  ],
};

describe('GET /api/lessons/:id', () => {
  it("answers the author's view with content; 404 to anyone who may not edit the course", async () => {
    const { lesson } = await courseWithLesson(t, a.instructor);
    expect(lesson).toMatchObject({
      title: 'Første lektion',
      kind: 'text',
      version: 1,
      content: { type: 'doc', content: [{ type: 'paragraph' }] },
    });
    expect((await call(t, a.admin, 'GET', `/api/lessons/${lesson.id}`)).statusCode).toBe(200);
    for (const who of [a.otherInstructor, a.learner, b.admin]) {
      for (const [method, url, payload] of [
        ['GET', `/api/lessons/${lesson.id}`, undefined],
        ['PATCH', `/api/lessons/${lesson.id}`, { title: 'Kapret', version: 1 }],
        ['DELETE', `/api/lessons/${lesson.id}?version=9`, undefined],
        ['GET', `/api/lessons/${lesson.id}/revisions`, undefined],
      ] as const) {
        const res = await call(t, who, method, url, payload);
        expect(res.statusCode, `${method} ${url}`).toBe(404);
        expect(res.json().code).toBe('LESSON_NOT_FOUND');
      }
    }
    expect(await storedLesson(lesson.id)).toMatchObject({ title: 'Første lektion', version: 1 });
    expect((await call(t, null, 'GET', `/api/lessons/${lesson.id}`)).statusCode).toBe(401);
  });
});

describe('PATCH /api/lessons/:id', () => {
  it('saves a rich text lesson with an image of the course and bumps the lesson version only', async () => {
    const { course, lesson } = await courseWithLesson(t, a.instructor);
    const image = await insertUpload(t, a.admin.organisationId, course.id, 'image');
    const content = doc(
      { type: 'heading', attrs: { level: 2, textAlign: null }, content: [{ type: 'text', text: 'Overskrift' }] },
      {
        type: 'paragraph',
        content: [
          {
            type: 'text',
            text: 'Læs mere',
            marks: [{ type: 'bold' }, { type: 'link', attrs: { href: 'https://kursa.dk', target: '_blank' } }],
          },
        ],
      },
      { type: 'bulletList', content: [{ type: 'listItem', content: [paragraph('Punkt')] }] },
      { type: 'image', attrs: { src: `/api/uploads/${image}`, alt: 'Diagram' } },
      { type: 'callout', attrs: { variant: 'tip' }, content: [paragraph('Godt råd')] },
      { type: 'codeBlock', attrs: { language: 'ts' }, content: [{ type: 'text', text: 'const x = 1;' }] },
      {
        type: 'table',
        content: [
          {
            type: 'tableRow',
            content: [
              { type: 'tableHeader', content: [paragraph('A')] },
              { type: 'tableCell', attrs: { colspan: 1, rowspan: 1, colwidth: null }, content: [paragraph('B')] },
            ],
          },
        ],
      },
    );
    const res = await save(lesson.id, { version: 1, title: 'Velkommen', content, durationMinutes: 12 });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ title: 'Velkommen', version: 2, durationMinutes: 12, content });
    expect(JSON.parse((await storedLesson(lesson.id)).content)).toEqual(content);
    const after = (await call(t, a.instructor, 'GET', `/api/courses/${course.id}`)).json();
    expect(after.version).toBe(course.version);
    expect(after.modules[0].lessons[0]).toMatchObject({ title: 'Velkommen', version: 2, durationMinutes: 12 });
  });

  it('refuses content outside the fixed node set with clear field errors, and saves nothing', async () => {
    const { course, lesson } = await courseWithLesson(t, a.instructor);
    const otherCourse = await courseWithLesson(t, a.instructor);
    const foreignImage = await insertUpload(t, a.admin.organisationId, otherCourse.course.id, 'image');
    const otherCompanyImage = await insertUpload(t, b.admin.organisationId, null, 'image');
    const video = await insertUpload(t, a.admin.organisationId, course.id, 'video');
    const cases: [unknown, string, string][] = [
      [
        doc({ type: 'script', content: [{ type: 'text', text: 'alert(1)' }] }),
        'content.content.0.type',
        'The lesson content could not be saved: it is not in the right shape.',
      ],
      [
        doc({
          type: 'paragraph',
          content: [{ type: 'text', text: 'klik', marks: [{ type: 'link', attrs: { href: 'javascript:alert(1)' } }] }],
        }),
        'content.content.0.content.0.marks.0.attrs.href',
        'The address is not valid.',
      ],
      // A browser reads `\` as `/`: this is //evil.example/path, another site, not a path on ours.
      [
        doc({
          type: 'paragraph',
          content: [{ type: 'text', text: 'klik', marks: [{ type: 'link', attrs: { href: '/\\evil.example/path' } }] }],
        }),
        'content.content.0.content.0.marks.0.attrs.href',
        'The address is not valid.',
      ],
      [
        doc({ type: 'image', attrs: { src: 'https://evil.example/x.png' } }),
        'content.content.0.attrs.src',
        'Images must be uploaded to the course.',
      ],
      [
        doc({ type: 'image', attrs: { src: `/api/uploads/${foreignImage}` } }),
        'content.content.0.attrs.src',
        'The file is not part of this course.',
      ],
      [
        doc({ type: 'image', attrs: { src: `/api/uploads/${otherCompanyImage}` } }),
        'content.content.0.attrs.src',
        'The file is not part of this course.',
      ],
      [
        doc({ type: 'callout', attrs: { variant: 'info' }, content: [{ type: 'image', attrs: { src: `/api/uploads/${video}` } }] }),
        'content.content.0.content.0.attrs.src',
        'The file is not part of this course.',
      ],
      [
        doc({ type: 'paragraph', attrs: { onclick: 'x' } }),
        'content.content.0.attrs',
        'The lesson content could not be saved: it is not in the right shape.',
      ],
      [
        { type: 'doc', content: [{ type: 'text', text: 'x\u0000' }] },
        'content.content.0.text',
        'The field contains control characters, which are not allowed.',
      ],
      // Every string in the content, not only the text: a link's target, an ordered list's type.
      [
        doc({
          type: 'paragraph',
          content: [
            { type: 'text', text: 'klik', marks: [{ type: 'link', attrs: { href: 'https://example.com', target: '_blank\u0000' } }] },
          ],
        }),
        'content.content.0.content.0.marks.0.attrs.target',
        'The field contains control characters, which are not allowed.',
      ],
      [
        doc({ type: 'orderedList', attrs: { type: '1\u0007' }, content: [] }),
        'content.content.0.attrs.type',
        'The field contains control characters, which are not allowed.',
      ],
      ['<p>html</p>', 'content', 'The lesson content could not be saved: it is not in the right shape.'],
    ];
    for (const [content, field, message] of cases) {
      const res = await save(lesson.id, { version: 1, content });
      expect(res.statusCode, JSON.stringify(content)).toBe(400);
      const body = res.json();
      expect(Object.keys(body.errors), JSON.stringify(content)).toContain(field);
      expect(body.errors[field], JSON.stringify(content)).toBe(message);
      expect(body.code).toBe(message.includes('file') ? 'UPLOAD_NOT_FOUND' : 'VALIDATION');
    }
    expect(await storedLesson(lesson.id)).toMatchObject({
      version: 1,
      content: JSON.stringify({ type: 'doc', content: [{ type: 'paragraph' }] }),
    });
  });

  it('refuses a document nested absurdly deep with 400, not a crash', async () => {
    const { lesson } = await courseWithLesson(t, a.instructor);
    // Written as text: JSON.stringify itself would run out of stack on this.
    const deep = `${'{"type":"blockquote","content":['.repeat(10_000)}{"type":"paragraph"}${']}'.repeat(10_000)}`;
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/lessons/${lesson.id}`,
      headers: { cookie: a.instructor.cookie, 'accept-language': 'en', 'content-type': 'application/json' },
      payload: `{"version":1,"content":{"type":"doc","content":[${deep}]}}`,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ content: 'The lesson content could not be saved: it is not in the right shape.' });
    let nested: unknown = paragraph('ti lag');
    for (let i = 0; i < 10; i++) nested = { type: 'bulletList', content: [{ type: 'listItem', content: [nested] }] };
    expect((await save(lesson.id, { version: 1, content: doc(nested) })).statusCode).toBe(200);
  });

  it('takes videos from the course or YouTube/Vimeo, and downloads from the course, each of the right kind', async () => {
    const { course } = await courseWithLesson(t, a.instructor);
    const videoUpload = await insertUpload(t, a.admin.organisationId, course.id, 'video');
    const file = await insertUpload(t, a.admin.organisationId, course.id, 'download');
    const image = await insertUpload(t, a.admin.organisationId, course.id, 'image');

    const videoLesson = (
      await call(t, a.instructor, 'POST', `/api/modules/${course.modules[0]!.id}/lessons`, {
        title: 'Video',
        kind: 'video',
        version: course.version,
      })
    ).json();
    const v = videoLesson.modules[0].lessons[1].id;
    expect((await save(v, { version: 1, content: { video: { source: 'upload', uploadId: videoUpload } } })).statusCode).toBe(200);
    const embed = await save(v, {
      version: 2,
      content: { video: { source: 'embed', url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ' }, notes: doc(paragraph('Se videoen')) },
    });
    expect(embed.statusCode).toBe(200);
    expect((await save(v, { version: 3, content: { video: { source: 'embed', url: 'https://vimeo.com/76979871' } } })).statusCode).toBe(
      200,
    );
    const evil = await save(v, { version: 4, content: { video: { source: 'embed', url: 'https://evil.example/watch?v=dQw4w9WgXcQ' } } });
    expect(evil.statusCode).toBe(400);
    expect(evil.json().errors['content.video.url']).toBe('Paste a link to a video on YouTube or Vimeo.');
    const odd = await save(v, { version: 4, content: { video: { source: 'upload', uploadId: `${videoUpload}\u0000` } } });
    expect(odd.json()).toMatchObject({
      code: 'VALIDATION',
      errors: { 'content.video.uploadId': 'The field contains control characters, which are not allowed.' },
    });
    const wrongKind = await save(v, { version: 4, content: { video: { source: 'upload', uploadId: image } } });
    expect(wrongKind.json().errors).toEqual({ 'content.video.uploadId': 'The file is not part of this course.' });

    const downloadCourse = (
      await call(t, a.instructor, 'POST', `/api/modules/${course.modules[0]!.id}/lessons`, {
        title: 'Filer',
        kind: 'download',
        version: videoLesson.version,
      })
    ).json();
    const d = downloadCourse.modules[0].lessons[2].id;
    const ok = await save(d, { version: 1, content: { files: [{ uploadId: file, title: 'Skabelon' }] } });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().content).toEqual({ files: [{ uploadId: file, title: 'Skabelon' }] });
    const bad = await save(d, {
      version: 2,
      content: {
        files: [
          { uploadId: file, title: 'Ok' },
          { uploadId: image, title: 'Billede' },
        ],
      },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual({ 'content.files.1.uploadId': 'The file is not part of this course.' });
  });

  it('takes files uploaded through POST /api/uploads: the image as a thumbnail and in the text, the PDF as a download', async () => {
    const { course, lesson } = await courseWithLesson(t, a.instructor);
    const image = await upload(t.app, a.instructor.cookie, { courseId: course.id, kind: 'image' }, { filename: 'diagram.png', data: PNG });
    expect(image.statusCode, image.body).toBe(201);
    const file = await upload(
      t.app,
      a.instructor.cookie,
      { courseId: course.id, kind: 'download' },
      { filename: 'skabelon.pdf', data: pdf() },
    );
    expect(file.statusCode, file.body).toBe(201);
    const thumb = await call(t, a.instructor, 'PATCH', `/api/courses/${course.id}`, {
      version: course.version,
      thumbnailUploadId: image.json().id,
    });
    expect(thumb.json().thumbnailUrl).toBe(image.json().url);
    const text = await save(lesson.id, { version: 1, content: doc({ type: 'image', attrs: { src: image.json().url, alt: 'Diagram' } }) });
    expect(text.statusCode).toBe(200);
    // The PDF is a download, not an image.
    expect((await save(lesson.id, { version: 2, content: doc({ type: 'image', attrs: { src: file.json().url } }) })).statusCode).toBe(400);
    expect((await call(t, a.instructor, 'GET', image.json().url)).statusCode).toBe(200);
  });

  it("keeps a quiz's answer keys for the author and fills in the defaults", async () => {
    const { lesson } = await courseWithLesson(t, a.instructor, 'quiz');
    const res = await save(lesson.id, { version: 1, content: quiz });
    expect(res.statusCode).toBe(200);
    const got = (await call(t, a.instructor, 'GET', `/api/lessons/${lesson.id}`)).json();
    expect(got.content.passMark).toBe(80);
    expect(got.content.maxAttempts).toBeNull();
    expect(got.content.questions[0]).toMatchObject({
      explanation: 'To og to er fire.',
      options: [
        { id: 'a', correct: true, feedback: 'Rigtigt' },
        { id: 'b', correct: false },
      ],
    });
    expect(got.content.questions[1]).toEqual({
      id: 'q2',
      type: 'short_answer',
      prompt: 'Hovedstaden i Danmark?',
      hint: '',
      explanation: '',
      options: [],
      acceptedAnswers: ['København', 'Copenhagen'],
    });
    const bad = await save(lesson.id, { version: 2, content: { ...quiz, passMark: 101 } });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors)).toEqual(['content.passMark']);
  });

  it('changes the kind only together with content of the new kind', async () => {
    const { lesson } = await courseWithLesson(t, a.instructor);
    const without = await save(lesson.id, { version: 1, kind: 'quiz' });
    expect(without.statusCode).toBe(400);
    expect(without.json().errors).toHaveProperty('content');
    const mismatched = await save(lesson.id, { version: 1, kind: 'quiz', content: doc(paragraph('tekst')) });
    expect(mismatched.statusCode).toBe(400);
    const res = await save(lesson.id, { version: 1, kind: 'quiz', content: quiz });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ kind: 'quiz', version: 2 });
  });

  it('answers 409 to a stale version, lets one of two tabs win, and refuses unknown fields', async () => {
    const { lesson } = await courseWithLesson(t, a.instructor);
    const [one, two] = await Promise.all([
      save(lesson.id, { version: 1, content: doc(paragraph('Fane A')) }),
      save(lesson.id, { version: 1, content: doc(paragraph('Fane B')) }, a.admin),
    ]);
    expect([one!.statusCode, two!.statusCode].sort()).toEqual([200, 409]);
    const lost = one!.statusCode === 409 ? one! : two!;
    expect(lost.json()).toMatchObject({ code: 'VERSION_CONFLICT' });
    const won = one!.statusCode === 200 ? 'Fane A' : 'Fane B';
    const row = await storedLesson(lesson.id);
    expect(row.version).toBe(2);
    expect(JSON.parse(row.content)).toEqual(doc(paragraph(won)));
    expect((await save(lesson.id, { version: 1, title: 'Forældet' })).statusCode).toBe(409);
    expect((await save(lesson.id, { version: 2 ** 40, title: 'Fremtiden' })).statusCode).toBe(409);
    expect((await call(t, a.instructor, 'DELETE', `/api/lessons/${lesson.id}?version=${2 ** 40}`)).statusCode).toBe(409);
    expect((await save(lesson.id, { version: 2, moduleId: 'x' })).statusCode).toBe(400);
    expect((await save(lesson.id, { title: 'Uden version' })).statusCode).toBe(400);
    expect((await storedLesson(lesson.id)).title).toBe('Første lektion');
  });

  it('is refused while the course is archived', async () => {
    const { course, lesson } = await courseWithLesson(t, a.instructor);
    await call(t, a.instructor, 'DELETE', `/api/courses/${course.id}`);
    const res = await save(lesson.id, { version: 1, title: 'Arkiveret' });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('COURSE_ARCHIVED');
    expect((await storedLesson(lesson.id)).title).toBe('Første lektion');
  });
});
