import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { TCourse, TLesson } from '../../src/shared/schemas/courses.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { FAST_RETRY, fakeAiEnv, lastUserOf, systemOf } from '../helpers/ai.ts';
import { addLesson, addModule, call, company, createCourse, doc, type Company, type Person } from '../helpers/courses.ts';
import { pdf, PNG, upload } from '../helpers/media.ts';
import { answer, startFakeOpenAi, type FakeOpenAi, type RecordedRequest } from '../helpers/fake-openai.ts';
import { finished, until } from '../helpers/jobs.ts';

// A whole course translated da → en as a durable job into a new linked course, through
// the real AI SDK client against a fake OpenAI-compatible server that "translates" each segment to
// "EN:<text>" (read from the request's own data block), so every placed word can be checked.
let ai: FakeOpenAi;
let t: TestApp;
let a: Company;

/** The segments the request carries, as the prompt builder put them in its data block. */
function segmentsOf(request: RecordedRequest): Array<{ id: string; text: string }> {
  // The first user message carries the data (a re-ask adds the model's answer and a repair request).
  const first = request.messages.find((m) => m.role === 'user')?.content ?? '';
  const match = /<kursa-data name="segments">\n([\s\S]*?)\n<\/kursa-data>/.exec(first);
  return match ? JSON.parse(match[1]!) : [];
}
const translator = (request: RecordedRequest) =>
  answer.json({ segments: segmentsOf(request).map((s) => ({ id: s.id, text: `EN:${s.text.trim()}` })) });

beforeAll(async () => {
  ai = await startFakeOpenAi();
  t = await createTestApp({ env: fakeAiEnv(ai.url), aiRetry: FAST_RETRY, jobs: { worker: { pollMs: 50 }, streamPollMs: 50 } });
  a = await company(t);
});
afterAll(async () => {
  await t.close();
  await ai.close();
});
beforeEach(() => {
  ai.reset();
  ai.answerWith(translator);
});

const bold = (text: string) => ({ type: 'text', text, marks: [{ type: 'bold' }] });

/** A Danish course: a text lesson with bold words and an image, a quiz, and a download. */
async function danishCourse(who: Person) {
  let course = await createCourse(t, who, {
    title: 'Sikkerhed på lageret',
    description: 'Et kursus om sikker truckkørsel.',
    learningObjectives: ['Kør sikkert med truck', 'Brug værnemidler'],
    targetAudience: 'Nye lagermedarbejdere',
    language: 'da',
  });
  course = await addModule(t, who, course, 'Truckkørsel');
  const moduleId = course.modules[0]!.id;
  course = await addLesson(t, who, course, moduleId, 'Før du kører', 'text');
  course = await addLesson(t, who, course, moduleId, 'Test din viden', 'quiz');
  course = await addLesson(t, who, course, moduleId, 'Tjekliste', 'download');
  const [textId, quizId, downloadId] = course.modules[0]!.lessons.map((l) => l.id) as [string, string, string];
  const stored = async (kind: string, filename: string, data: Buffer) => {
    const res = await upload(t.app, who.cookie, { courseId: course.id, kind }, { filename, data });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().id as string;
  };
  const image = await stored('image', 'truck.png', PNG);
  const file = await stored('download', 'tjekliste.pdf', pdf());
  const save = async (id: string, content: unknown) => {
    const lesson: TLesson = (await call(t, who, 'GET', `/api/lessons/${id}`)).json();
    const res = await call(t, who, 'PATCH', `/api/lessons/${id}`, { version: lesson.version, content });
    expect(res.statusCode, res.body).toBe(200);
  };
  await save(
    textId,
    doc(
      { type: 'paragraph', content: [{ type: 'text', text: 'Tjek ' }, bold('altid'), { type: 'text', text: ' gaflerne.' }] },
      { type: 'image', attrs: { src: `/api/uploads/${image}`, alt: 'En truck' } },
    ),
  );
  await save(quizId, {
    passMark: 70,
    maxAttempts: 3,
    questions: [
      {
        id: 'q1',
        type: 'single',
        prompt: 'Hvornår tjekker du gaflerne?',
        hint: 'Tænk på skiftet',
        explanation: '',
        options: [
          { id: 'o1', text: 'Før hvert skift', correct: true, feedback: 'Rigtigt' },
          { id: 'o2', text: 'En gang om året', correct: false, feedback: 'For sjældent' },
        ],
        acceptedAnswers: [],
      },
    ],
  });
  await save(downloadId, { files: [{ uploadId: file, title: 'Tjekliste til truck' }] });
  return { course: (await call(t, who, 'GET', `/api/courses/${course.id}`)).json() as TCourse, textId, quizId, downloadId, image, file };
}

const translate = (who: Person | null, courseId: string, language = 'en') =>
  call(t, who, 'POST', `/api/course-translation/courses/${courseId}/translate`, { language });
const lesson = async (who: Person, id: string): Promise<TLesson> => (await call(t, who, 'GET', `/api/lessons/${id}`)).json();

describe('translating a course', () => {
  it('makes a linked English copy whose every word is translated and whose structure, answers and files are the original’s', async () => {
    const original = await danishCourse(a.instructor);
    // The text lesson's picture was drawn for it (the creator's media step).
    await t.db
      .updateTable('uploads')
      .set({
        origin: 'ai',
        ai_target: original.textId,
        alt_text: 'En truck',
        ai_prompt: 'A forklift',
        ai_provider: 'openai-compatible',
        ai_model: 'img',
      })
      .where('id', '=', original.image)
      .execute();
    const res = await translate(a.instructor, original.course.id);
    expect(res.statusCode, res.body).toBe(202);
    const { jobId, courseId } = res.json();
    expect((await finished(t.db, jobId)).status).toBe('succeeded');

    const copy: TCourse = (await call(t, a.instructor, 'GET', `/api/courses/${courseId}`)).json();
    expect(copy).toMatchObject({
      title: 'EN:Sikkerhed på lageret',
      description: 'EN:Et kursus om sikker truckkørsel.',
      language: 'en',
      status: 'draft',
      visibility: 'private',
    });
    expect(copy.learningObjectives).toEqual(['EN:Kør sikkert med truck', 'EN:Brug værnemidler']);
    expect(copy.targetAudience).toBe('EN:Nye lagermedarbejdere');
    expect(copy.modules.map((m) => m.title)).toEqual(['EN:Truckkørsel']);
    const [text, quiz, download] = copy.modules[0]!.lessons.map((l) => l.id) as [string, string, string];

    const textLesson = await lesson(a.instructor, text);
    expect(textLesson.title).toBe('EN:Før du kører');
    const [para, img] = (textLesson.content as { content: Array<{ content?: unknown[]; attrs?: Record<string, string> }> }).content;
    // Edge spaces kept, marks kept: "EN:Tjek " + bold "EN:altid" + " EN:gaflerne."
    expect(para!.content).toEqual([{ type: 'text', text: 'EN:Tjek ' }, bold('EN:altid'), { type: 'text', text: ' EN:gaflerne.' }]);
    expect(img!.attrs!.alt).toBe('EN:En truck');
    // The image is the copy's own upload of the same file.
    const imageId = img!.attrs!.src!.replace('/api/uploads/', '');
    expect(imageId).not.toBe(original.image);
    const uploadRow = await t.db.selectFrom('uploads').selectAll().where('id', '=', imageId).executeTakeFirstOrThrow();
    const originalRow = await t.db.selectFrom('uploads').selectAll().where('id', '=', original.image).executeTakeFirstOrThrow();
    expect(uploadRow).toMatchObject({ course_id: courseId, mime: 'image/png', original_name: originalRow.original_name });
    // Drawn for the original's lesson, it is for the copy's lesson in the copy.
    expect(uploadRow).toMatchObject({ origin: 'ai', ai_target: text });
    expect(uploadRow.storage_key).not.toBe(originalRow.storage_key);
    const served = await call(t, a.instructor, 'GET', `/api/uploads/${imageId}`);
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(PNG)).toBe(true);
    expect(textLesson.source).toEqual({ kind: 'ai', model: 'openai-compatible:test-model' });

    const quizLesson = await lesson(a.instructor, quiz);
    const q = (quizLesson.content as { questions: Array<Record<string, unknown>> }).questions[0]!;
    expect(q).toMatchObject({ id: 'q1', prompt: 'EN:Hvornår tjekker du gaflerne?', hint: 'EN:Tænk på skiftet', explanation: '' });
    expect(q.options).toEqual([
      { id: 'o1', text: 'EN:Før hvert skift', correct: true, feedback: 'EN:Rigtigt' },
      { id: 'o2', text: 'EN:En gang om året', correct: false, feedback: 'EN:For sjældent' },
    ]);
    const files = (await lesson(a.instructor, download)).content as { files: Array<{ uploadId: string; title: string }> };
    expect(files.files[0]!.title).toBe('EN:Tjekliste til truck');
    expect(files.files[0]!.uploadId).not.toBe(original.file);

    // The translation saved a revision; the copy as first made stays restorable.
    const { revisions } = (await call(t, a.instructor, 'GET', `/api/lessons/${text}/revisions`)).json();
    expect(revisions.length).toBeGreaterThanOrEqual(2);

    // The original is untouched, and each knows the other.
    expect((await lesson(a.instructor, original.textId)).title).toBe('Før du kører');
    const fromOriginal = (await call(t, a.instructor, 'GET', `/api/course-translation/courses/${original.course.id}/translations`)).json();
    expect(fromOriginal).toEqual([
      {
        id: courseId,
        title: 'EN:Sikkerhed på lageret',
        language: 'en',
        status: 'draft',
        relation: 'translation',
        job: { id: jobId, status: 'succeeded' },
      },
    ]);
    const fromCopy = (await call(t, a.instructor, 'GET', `/api/course-translation/courses/${courseId}/translations`)).json();
    expect(fromCopy).toMatchObject([{ id: original.course.id, relation: 'original', language: 'da' }]);

    // Instructions in English (the target), and the course's words sent as data, never as instructions.
    const request = ai.requests[0]!;
    expect(systemOf(request)).toMatch(/You translate an online course from Danish into English/);
    expect(systemOf(request)).not.toContain('Sikkerhed på lageret');
  });

  it('re-asks once when an answer loses a segment, and leaves what the owner edited meanwhile as they wrote it', async () => {
    const original = await danishCourse(a.instructor);
    let dropped = false;
    // Every translation waits for the owner's edit, so the edit lands while the job is under way.
    let edited!: () => void;
    const afterEdit = new Promise<void>((resolve) => (edited = resolve));
    ai.answerWith((request) => {
      const segments = segmentsOf(request);
      if (!dropped && segments.length > 2) {
        dropped = true;
        return answer.json({ segments: segments.slice(1).map((s) => ({ id: s.id, text: `EN:${s.text.trim()}` })) }, { after: afterEdit });
      }
      return answer.json({ segments: segments.map((s) => ({ id: s.id, text: `EN:${s.text.trim()}` })) }, { after: afterEdit });
    });
    const { jobId, courseId } = (await translate(a.instructor, original.course.id)).json();
    const copy: TCourse = (await call(t, a.instructor, 'GET', `/api/courses/${courseId}`)).json();
    const quizId = copy.modules[0]!.lessons[1]!.id;
    const before = await lesson(a.instructor, quizId);
    const edit = await call(t, a.instructor, 'PATCH', `/api/lessons/${quizId}`, { version: before.version, title: 'My own title' });
    edited();
    expect(edit.statusCode, edit.body).toBe(200);
    const job = await finished(t.db, jobId);
    expect(job.status, job.error ?? '').toBe('succeeded');
    expect((await lesson(a.instructor, quizId)).title).toBe('My own title');
    expect((await lesson(a.instructor, copy.modules[0]!.lessons[0]!.id)).title).toBe('EN:Før du kører');
    const repair = ai.requests.find((r) => r.messages.some((m) => m.role === 'assistant'));
    expect(repair && lastUserOf(repair)).toMatch(/segments missing/);
  });

  it('succeeds with a model that answers at the edges of the schema it is sent (the ids and the count are bounded there)', async () => {
    const original = await danishCourse(a.instructor);
    ai.answerWith(() => answer.atSchemaEdge('max'));
    const { jobId, courseId } = (await translate(a.instructor, original.course.id)).json();
    const job = await finished(t.db, jobId);
    expect(job.status, job.error ?? '').toBe('succeeded');
    expect(ai.requests.filter((r) => r.messages.some((m) => m.role === 'assistant'))).toEqual([]);
    // Every segment came back under its own id: the model's words are in place, none is the original.
    const copy: TCourse = (await call(t, a.instructor, 'GET', `/api/courses/${courseId}`)).json();
    expect(copy.title).not.toBe('Sikkerhed på lageret');
    expect(copy.modules[0]!.lessons.map((l) => l.title)).not.toContain('Før du kører');
  });

  it('fails a lesson the provider will not translate while the others finish; retrying that step alone completes the course', async () => {
    const original = await danishCourse(a.instructor);
    ai.answerWith((request) => (segmentsOf(request).some((s) => s.text === 'Test din viden') ? answer.status(500) : translator(request)));
    const { jobId, courseId } = (await translate(a.instructor, original.course.id)).json();
    expect((await finished(t.db, jobId)).status).toBe('failed');
    const copy: TCourse = (await call(t, a.instructor, 'GET', `/api/courses/${courseId}`)).json();
    const [text, quiz] = copy.modules[0]!.lessons;
    expect(text!.title).toBe('EN:Før du kører');
    // Nothing is missing: the failed lesson still reads as the original.
    expect(quiz!.title).toBe('Test din viden');
    ai.answerWith(translator);
    const retry = await call(t, a.instructor, 'POST', `/api/jobs/${jobId}/steps/lesson:${original.quizId}/retry`);
    expect(retry.statusCode, retry.body).toBe(200);
    await until(async () => (await finished(t.db, jobId)).status === 'succeeded', 'the retried job');
    expect((await lesson(a.instructor, quiz!.id)).title).toBe('EN:Test din viden');
  });
});

describe('refusals', () => {
  it('answers 400 for the course’s own language, 409 while a translation into it runs, 404 to other companies and 403 to learners', async () => {
    const original = await danishCourse(a.instructor);
    expect((await translate(a.instructor, original.course.id, 'da')).statusCode).toBe(400);
    ai.answerWith((request) => ({ ...translator(request), delayMs: 400 }));
    const first = await translate(a.instructor, original.course.id);
    expect(first.statusCode).toBe(202);
    const second = await translate(a.instructor, original.course.id);
    expect(second.statusCode).toBe(409);
    expect(second.json().code).toBe('TRANSLATION_RUNNING');
    await finished(t.db, first.json().jobId);

    const other = await company(t);
    expect((await translate(other.admin, original.course.id)).statusCode).toBe(404);
    expect((await translate(a.otherInstructor, original.course.id)).statusCode).toBe(404);
    expect([403, 404]).toContain((await translate(a.learner, original.course.id)).statusCode);
    expect((await call(t, other.admin, 'GET', `/api/course-translation/courses/${original.course.id}/translations`)).statusCode).toBe(404);
    expect((await translate(a.admin, original.course.id)).statusCode).toBe(202);
  });

  it('answers 409 for a course without lessons and creates nothing', async () => {
    const empty = await createCourse(t, a.instructor, { title: 'Tomt kursus', language: 'da' });
    const before = await t.db.selectFrom('courses').select('id').execute();
    const res = await translate(a.instructor, empty.id);
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('NOTHING_TO_TRANSLATE');
    expect(await t.db.selectFrom('courses').select('id').execute()).toHaveLength(before.length);
  });

  it('answers 503 AI_NOT_CONFIGURED without a provider and creates nothing', async () => {
    const bare = await createTestApp();
    try {
      const b = await company(bare);
      const course = await createCourse(bare, b.instructor, { title: 'Kursus', language: 'da' });
      const res = await bare.app.inject({
        method: 'POST',
        url: `/api/course-translation/courses/${course.id}/translate`,
        headers: { cookie: b.instructor.cookie },
        payload: { language: 'en' },
      });
      expect(res.statusCode).toBe(503);
      expect(res.json().code).toBe('AI_NOT_CONFIGURED');
      expect(await bare.db.selectFrom('courses').select('id').execute()).toHaveLength(1);
    } finally {
      await bare.close();
    }
  });
});
