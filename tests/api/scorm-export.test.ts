import { rmSync } from 'node:fs';
import path from 'node:path';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TCourse } from '../../src/shared/schemas/courses.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
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
import { mp4, multipart, PNG, pdf, upload } from '../helpers/media.ts';
import { manifestErrors } from '../helpers/scorm-manifest-schema.ts';
import { scorm12Package } from '../helpers/scorm-packages.ts';

// Any course leaves as a SCORM package: a manifest that validates against ADL's schemas, the
// lessons as static HTML with their media, quizzes graded in the package; and the package comes
// back into Kursa as a course of one SCORM lesson.

let t: TestApp;
let c: Company;
let course: TCourse;
const video = mp4(5000);
const handout = pdf(3000);

beforeAll(async () => {
  t = await createTestApp();
  c = await company(t);
  course = await createCourse(t, c.instructor, { title: 'Brand & <sikkerhed>' });
  course = await addModule(t, c.instructor, course, 'Grundlag');
  const moduleId = course.modules[0]!.id;
  for (const [title, kind] of [
    ['Velkommen', 'text'],
    ['Slukkeren i brug', 'video'],
    ['Materialer', 'download'],
    ['Test dig selv', 'quiz'],
  ] as const)
    course = await addLesson(t, c.instructor, course, moduleId, title, kind);
  const ids = course.modules[0]!.lessons.map((l) => l.id);
  const uploaded = async (kind: string, filename: string, data: Buffer) => {
    const res = await upload(t.app, c.instructor.cookie, { courseId: course.id, kind }, { filename, data });
    expect(res.statusCode, res.body).toBe(201);
    return (res.json() as { id: string }).id;
  };
  const image = await uploaded('image', 'skilt.png', PNG);
  const film = await uploaded('video', 'slukker.mp4', video);
  const file = await uploaded('download', 'tjekliste.pdf', handout);
  const contents = [
    doc(
      paragraph('Hvad gør du, når det brænder? <script>alert(1)</script>'),
      { type: 'image', attrs: { src: `/api/uploads/${image}`, alt: 'Flugtvejsskilt' } },
      {
        type: 'paragraph',
        content: [{ type: 'text', text: 'Læs mere', marks: [{ type: 'link', attrs: { href: 'https://brandogsikring.dk/' } }] }],
      },
    ),
    { video: { source: 'upload', uploadId: film }, notes: doc(paragraph('Se hele filmen.')) },
    { files: [{ uploadId: file, title: 'Tjekliste' }] },
    {
      passMark: 50,
      maxAttempts: 2,
      revealAnswers: 'finished',
      questions: [
        {
          id: 'q1',
          type: 'single',
          prompt: 'Hvad gør du først?',
          options: [
            { id: 'a', text: 'Slår alarm', correct: true },
            { id: 'b', text: 'Går hjem', correct: false },
          ],
        },
        { id: 'q2', type: 'short_answer', prompt: 'Hvad hedder nummeret?', acceptedAnswers: ['112'] },
      ],
    },
  ];
  for (const [i, content] of contents.entries()) {
    const res = await call(t, c.instructor, 'PATCH', `/api/lessons/${ids[i]}`, { version: 1, content });
    expect(res.statusCode, res.body).toBe(200);
  }
});
afterAll(() => t.close());

async function exported(format: 'scorm12' | 'scorm2004', who: Person = c.instructor) {
  const res = await call(t, who, 'GET', `/api/courses/${course.id}/export?format=${format}`);
  expect(res.statusCode, res.body).toBe(200);
  return { res, files: unzipSync(res.rawPayload) };
}

describe('exporting a course as a SCORM package', () => {
  it('writes a SCORM 1.2 package whose manifest validates and lists every file, with the lessons and their media', async () => {
    const { res, files } = await exported('scorm12');
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="[\w-]+-scorm12\.zip"/);
    const manifest = strFromU8(files['imsmanifest.xml']!);
    expect(await manifestErrors(manifest, 'scorm12')).toEqual([]);
    expect(manifest).toContain('<schemaversion>1.2</schemaversion>');
    expect(manifest).toContain('adlcp:scormtype="sco" href="index.html"');
    const listed = [...manifest.matchAll(/<file href="([^"]+)"\/>/g)].map((m) => decodeURI(m[1]!)).sort();
    expect(listed).toEqual(
      Object.keys(files)
        .filter((f) => f !== 'imsmanifest.xml')
        .sort(),
    );

    const html = strFromU8(files['index.html']!);
    expect(html).toContain('<title>Brand &amp; &lt;sikkerhed&gt;</title>');
    expect(html).toContain('Hvad gør du, når det brænder? &lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).not.toContain('<script>alert(1)');
    expect(html).toContain('<a href="https://brandogsikring.dk/" target="_blank" rel="noopener noreferrer">Læs mere</a>');
    for (const title of ['Velkommen', 'Slukkeren i brug', 'Materialer', 'Test dig selv']) expect(html).toContain(`>${title}</h1>`);
    // The media are the uploads' own bytes, where the page points.
    const media = Object.keys(files).filter((f) => f.startsWith('media/'));
    expect(media).toHaveLength(3);
    const png = media.find((f) => f.endsWith('.png'))!;
    const film = media.find((f) => f.endsWith('.mp4'))!;
    const sheet = media.find((f) => f.endsWith('.pdf'))!;
    expect(Buffer.from(files[png]!)).toEqual(PNG);
    expect(Buffer.from(files[film]!)).toEqual(video);
    expect(Buffer.from(files[sheet]!)).toEqual(handout);
    expect(html).toContain(`<img src="${png}" alt="Flugtvejsskilt">`);
    expect(html).toContain(`<video controls preload="metadata" src="${film}"></video>`);
    expect(html).toContain(`<a href="${sheet}" download="tjekliste.pdf">Hent: Tjekliste</a>`);
    // The quiz carries its key and rules for the package's script to grade with.
    const data = JSON.parse(/<script type="application\/json" id="kursa-course">(.*?)<\/script>/s.exec(html)![1]!);
    expect(data.lessons[3].quiz).toMatchObject({
      passMark: 50,
      maxAttempts: 2,
      questions: [
        { id: 'q1', type: 'single', correct: ['a'] },
        { id: 'q2', type: 'short_answer', accepted: ['112'] },
      ],
    });
    expect(data.words.next).toBe('Næste lektion');
    expect(strFromU8(files['kursa.js']!)).toContain('LMSInitialize');
  });

  it('writes a SCORM 2004 4th edition package whose manifest validates', async () => {
    const { files } = await exported('scorm2004');
    const manifest = strFromU8(files['imsmanifest.xml']!);
    expect(await manifestErrors(manifest, 'scorm2004')).toEqual([]);
    expect(manifest).toContain('<schemaversion>2004 4th Edition</schemaversion>');
    expect(manifest).toContain('adlcp:scormType="sco"');
  });

  it('the schemas refuse a manifest that breaks them, so the checks above mean something', async () => {
    const { files } = await exported('scorm12');
    const broken = strFromU8(files['imsmanifest.xml']!).replace('identifier="course-item"', 'identifier="1 item"');
    expect(await manifestErrors(broken, 'scorm12')).not.toEqual([]);
  });

  it('is for the course’s builders: an admin may, a learner, a colleague and another company get 404, no session 401', async () => {
    await exported('scorm12', c.admin);
    const colleague = await addPerson(t, c.admin.organisationId, 'instructor');
    const learner = await addPerson(t, c.admin.organisationId, 'learner');
    const other = await company(t);
    for (const who of [colleague, learner, other.admin])
      expect((await call(t, who, 'GET', `/api/courses/${course.id}/export?format=scorm12`)).statusCode).toBe(404);
    expect((await call(t, null, 'GET', `/api/courses/${course.id}/export?format=scorm12`)).statusCode).toBe(401);
  });

  it('refuses a format it does not write with 400', async () => {
    for (const query of ['format=cmi5', '']) {
      const res = await call(t, c.instructor, 'GET', `/api/courses/${course.id}/export?${query}`);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION' });
    }
  });

  it('comes back into Kursa: the package imports as a course of one SCORM lesson whose files are the export’s', async () => {
    for (const format of ['scorm12', 'scorm2004'] as const) {
      const { res } = await exported(format);
      const { body, contentType } = multipart({}, [{ filename: 'kurs.zip', contentType: 'application/zip', data: res.rawPayload }]);
      const imported = await t.app.inject({
        method: 'POST',
        url: '/api/courses/import-scorm',
        payload: body,
        headers: { 'content-type': contentType, cookie: c.instructor.cookie },
      });
      expect(imported.statusCode, imported.body).toBe(201);
      const copy = imported.json() as TCourse;
      expect(copy.title).toBe('Brand & <sikkerhed>');
      const lessons = copy.modules.flatMap((m) => m.lessons);
      expect(lessons.map((l) => [l.title, l.kind])).toEqual([['Brand & <sikkerhed>', 'scorm']]);
      const lesson = (await call(t, c.instructor, 'GET', `/api/lessons/${lessons[0]!.id}`)).json();
      expect(lesson.content).toMatchObject({ launch: 'index.html', version: format === 'scorm12' ? '1.2' : '2004', masteryScore: null });
      const page = await call(t, c.instructor, 'GET', `/api/scorm/${lesson.content.packageId}/index.html`);
      expect(page.body).toContain('>Slukkeren i brug</h1>');
    }
  });

  it('leaves out a file gone from storage and still writes a whole package that validates', async () => {
    let own = await createCourse(t, c.instructor, { title: 'Håndbog' });
    own = await addModule(t, c.instructor, own, 'Filer');
    own = await addLesson(t, c.instructor, own, own.modules[0]!.id, 'Materialer', 'download');
    const ids: string[] = [];
    for (const [filename, data] of [
      ['kept.pdf', handout],
      ['gone.pdf', pdf(2000)],
    ] as const) {
      const res = await upload(t.app, c.instructor.cookie, { courseId: own.id, kind: 'download' }, { filename, data });
      ids.push((res.json() as { id: string }).id);
    }
    const content = { files: ids.map((uploadId, i) => ({ uploadId, title: i ? 'Væk' : 'Tilbage' })) };
    const lessonId = own.modules[0]!.lessons[0]!.id;
    expect((await call(t, c.instructor, 'PATCH', `/api/lessons/${lessonId}`, { version: 1, content })).statusCode).toBe(200);
    const row = await t.db.selectFrom('uploads').select(['storage_key']).where('id', '=', ids[1]!).executeTakeFirstOrThrow();
    rmSync(path.join(t.database.dataDir, 'uploads', row.storage_key));

    const out = await call(t, c.instructor, 'GET', `/api/courses/${own.id}/export?format=scorm12`);
    expect(out.statusCode).toBe(200);
    const files = unzipSync(out.rawPayload);
    expect(Object.keys(files).filter((f) => f.startsWith('media/'))).toEqual([`media/${ids[0]}.pdf`]);
    expect(await manifestErrors(strFromU8(files['imsmanifest.xml']!), 'scorm12')).toEqual([]);
    const html = strFromU8(files['index.html']!);
    expect(html).toContain('Hent: Tilbage');
    expect(html).not.toContain('Hent: Væk');
  });

  it('leaves out what cannot travel: an imported SCORM lesson is named, not copied', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/courses/import-scorm',
      ...(() => {
        const { body, contentType } = multipart({}, [
          { filename: 'p.zip', contentType: 'application/zip', data: Buffer.from(scorm12Package()) },
        ]);
        return { payload: body, headers: { 'content-type': contentType, cookie: c.instructor.cookie } };
      })(),
    });
    const scormCourse = res.json() as TCourse;
    const out = await call(t, c.instructor, 'GET', `/api/courses/${scormCourse.id}/export?format=scorm12`);
    const html = strFromU8(unzipSync(out.rawPayload)['index.html']!);
    expect(html).toContain('Denne lektion er en SCORM-pakke i Kursa og er ikke med i eksporten.');
  });
});
