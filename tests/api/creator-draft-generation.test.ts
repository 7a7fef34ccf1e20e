import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TCourse, TLesson } from '../../src/shared/schemas/courses.ts';
import type { TDownloadContent, TVideoContent } from '../../src/shared/schemas/lesson-content.ts';
import type { TJob } from '../../src/shared/schemas/jobs.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { danishConcepts, FAST_RETRY, fakeAiEnv } from '../helpers/ai.ts';
import { pdfText } from '../helpers/certificates.ts';
import { finishedJob, GEN_ENV } from '../helpers/course-generation.ts';
import { call, company, type Company, type Person } from '../helpers/courses.ts';
import { exercisePrompt, featureAnswer, featureTaskOf } from '../helpers/feature-answers.ts';
import { startFakeOpenAi, type FakeOpenAi } from '../helpers/fake-openai.ts';
import { until } from '../helpers/jobs.ts';

// A creator draft's features (ADR 022) switched on for real when its course is
// generated, end to end through the API against a fake provider at the HTTP edge.
let t: TestApp;
let ai: FakeOpenAi;
let a: Company;
const base = '/api/course-creator/drafts';
const ALL = ['module-quizzes', 'video-scripts', 'downloadable-workbook', 'second-language'];

beforeAll(async () => {
  ai = await startFakeOpenAi();
  ai.answerWith((request) => featureAnswer(request));
  t = await createTestApp({
    env: { ...fakeAiEnv(ai.url, { AI_TIMEOUT_MS: '5000', AI_MONTHLY_TOKENS_PER_COMPANY: '50000000' }), ...GEN_ENV },
    aiRetry: FAST_RETRY,
    jobs: { worker: { pollMs: 50 }, streamPollMs: 50 },
  });
  a = await company(t);
});
afterAll(async () => {
  await t.close();
  await ai.close();
});

/** A draft with these features whose concept has become its (empty) course; answers the draft at version 2. */
async function draftWithCourse(who: Person, features: string[]) {
  const draft = (
    await call(t, who, 'POST', base, { language: 'da', features, course_context: { target_audience: 'Nye lagermedarbejdere' } })
  ).json();
  const concept = {
    ...danishConcepts().concepts[0],
    learning_objectives: ['Arbejde sikkert', 'Bruge værnemidler'],
    complexity_level: 'beginner',
  };
  const res = await call(t, who, 'POST', `${base}/${draft.id}/choose-concept`, { version: 1, concept });
  expect(res.statusCode, res.body).toBe(200);
  return { id: draft.id as string, courseId: res.json().course_id as string, version: res.json().draft.version as number };
}

const generate = (who: Person | null, draftId: string, version: number, options = { moduleCount: 2, lessonsPerModule: 2 }) =>
  call(t, who, 'POST', `${base}/${draftId}/generate`, { version, options });
const courseOf = async (id: string): Promise<TCourse> => (await call(t, a.admin, 'GET', `/api/courses/${id}`)).json();
const lessonOf = async (id: string): Promise<TLesson> => (await call(t, a.admin, 'GET', `/api/lessons/${id}`)).json();
const text = (value: unknown) => JSON.stringify(value);

describe('generating a draft with every feature', () => {
  let draft: Awaited<ReturnType<typeof draftWithCourse>>;
  let job: TJob;

  it('writes quizzes, a scripted video lesson per module, a workbook PDF and starts a linked translation', async () => {
    draft = await draftWithCourse(a.instructor, ALL);
    ai.reset();
    ai.answerWith((request) => featureAnswer(request));
    const res = await generate(a.instructor, draft.id, draft.version);
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json()).toMatchObject({
      courseId: draft.courseId,
      features: { quizPerModule: true, videoScripts: true, workbook: true, secondLanguage: true },
    });
    job = await finishedJob(t, a.instructor, res.json().jobId, 60_000);
    expect(job.status, text(job)).toBe('succeeded');
    expect(job.steps.map((s) => s.key).filter((k) => !k.startsWith('lesson:'))).toEqual(
      expect.arrayContaining(['outline', 'workbook', 'translate']),
    );

    const course = await courseOf(draft.courseId);
    expect(course.modules).toHaveLength(2);
    for (const module of course.modules) {
      const kinds = module.lessons.map((l) => l.kind);
      expect(kinds).toEqual(
        module === course.modules.at(-1) ? ['text', 'text', 'quiz', 'video', 'download'] : ['text', 'text', 'quiz', 'video'],
      );
      const quiz = await lessonOf(module.lessons[2]!.id);
      expect((quiz.content as { questions: unknown[] }).questions.length).toBeGreaterThan(0);
      const video = await lessonOf(module.lessons[3]!.id);
      expect(video).toMatchObject({ kind: 'video', format: 'video-script', source: { kind: 'ai' }, title: `Video: ${module.title}` });
      const content = video.content as TVideoContent;
      expect(content.video).toBeNull();
      expect(text(content.notes)).toContain(`Velkommen til ${module.title}.`);
      expect(step(job, `script:${module.id}`)?.status).toBe('done');
    }

    const workbook = await lessonOf(course.modules.at(-1)!.lessons.at(-1)!.id);
    expect(workbook).toMatchObject({ kind: 'download', source: { kind: 'ai' }, title: 'Arbejdshæfte' });
    const file = (workbook.content as TDownloadContent).files[0]!;
    const download = await t.app.inject({ method: 'GET', url: `/api/uploads/${file.uploadId}`, headers: { cookie: a.instructor.cookie } });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toContain('application/pdf');
    const pdf = await pdfText(new Uint8Array(download.rawPayload));
    for (const module of course.modules) {
      expect(pdf).toContain(module.title);
      expect(pdf).toContain(exercisePrompt(module.title, 2));
    }
    expect(pdf).toContain('Refleksionsøvelser');
    // Another company cannot fetch it.
    const other = await company(t);
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/uploads/${file.uploadId}`, headers: { cookie: other.admin.cookie } })).statusCode,
    ).toBe(404);

    const result = job.result as { translation: { courseId: string; jobId: string }; scriptsWritten: number; workbookLessonId: string };
    expect(result).toMatchObject({ scriptsWritten: 2, workbookLessonId: workbook.id });
    const translated = await finishedJob(t, a.instructor, result.translation.jobId, 60_000);
    expect(translated.status).toBe('succeeded');
    const english = (await call(t, a.instructor, 'GET', `/api/courses/${result.translation.courseId}`)).json() as TCourse;
    expect(english).toMatchObject({ language: 'en', title: `EN:${course.title}` });
    expect(english.modules.flatMap((m) => m.lessons.map((l) => l.kind))).toEqual(
      course.modules.flatMap((m) => m.lessons.map((l) => l.kind)),
    );
    const links = (await call(t, a.instructor, 'GET', `/api/course-translation/courses/${draft.courseId}/translations`)).json();
    expect(text(links)).toContain(result.translation.courseId);
  });

  it('run again after its feature steps committed (a resume), it adds no second script, workbook or translation and asks the provider nothing', async () => {
    const before = await courseOf(draft.courseId);
    const translations = await t.db.selectFrom('courses').select('id').where('translation_of', '=', draft.courseId).execute();
    const uploads = await t.db.selectFrom('uploads').select('id').where('course_id', '=', draft.courseId).execute();
    ai.reset();
    ai.answerWith((request) => featureAnswer(request));
    // As if the server died after the steps' writes but before their outputs were recorded.
    const again = ['workbook', 'translate', ...before.modules.map((m) => `script:${m.id}`)];
    await t.db
      .updateTable('ai_job_steps')
      .set({ status: 'pending', output: null, finished_at: null, lock_owner: null })
      .where('job_id', '=', job.id)
      .where('key', 'in', again)
      .execute();
    await t.db
      .updateTable('ai_jobs')
      .set({ status: 'queued', result: null, finished_at: null, lock_owner: null, lease_until: null })
      .where('id', '=', job.id)
      .execute();
    const resumed = await until(
      async () => {
        const current: TJob = (await call(t, a.instructor, 'GET', `/api/jobs/${job.id}`)).json();
        return current.status === 'succeeded' && current.steps.every((s) => s.status === 'done') && current;
      },
      'the resumed job',
      30_000,
    );
    expect(ai.requests.map((r) => featureTaskOf(r)).filter((task) => task !== 'course')).toEqual([]);
    expect(await courseOf(draft.courseId)).toMatchObject({
      modules: before.modules.map((m) => ({ id: m.id, lessons: m.lessons.map((l) => ({ id: l.id })) })),
    });
    expect(await t.db.selectFrom('courses').select('id').where('translation_of', '=', draft.courseId).execute()).toEqual(translations);
    expect(await t.db.selectFrom('uploads').select('id').where('course_id', '=', draft.courseId).execute()).toEqual(uploads);
    expect(resumed.result).toMatchObject({
      translation: (job.result as { translation: unknown }).translation,
      workbookLessonId: (job.result as { workbookLessonId: string }).workbookLessonId,
    });
  });

  it('generated again, it finds every feature in place: the teacher’s edit kept, nothing added, the translation linked, not started twice', async () => {
    const video = await lessonOf((await courseOf(draft.courseId)).modules[0]!.lessons[3]!.id);
    const edited = {
      video: null,
      notes: { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Mit eget manuskript.' }] }] },
    };
    expect((await call(t, a.instructor, 'PATCH', `/api/lessons/${video.id}`, { version: video.version, content: edited })).statusCode).toBe(
      200,
    );
    const before = await courseOf(draft.courseId);
    const current = (await call(t, a.instructor, 'GET', `${base}/${draft.id}`)).json();
    ai.reset();
    ai.answerWith((request) => featureAnswer(request));
    const res = await generate(a.instructor, draft.id, current.version);
    expect(res.statusCode, res.body).toBe(202);
    const second = await finishedJob(t, a.instructor, res.json().jobId, 30_000);
    expect(second.status).toBe('succeeded');
    expect(ai.requests).toHaveLength(0);
    for (const module of before.modules) expect(step(second, `script:${module.id}`)?.note).toBeTruthy();
    expect(step(second, 'workbook')?.note).toBeTruthy();
    expect((second.result as { translation: unknown }).translation).toEqual((job.result as { translation: unknown }).translation);
    expect(await courseOf(draft.courseId)).toMatchObject({
      modules: before.modules.map((m) => ({ lessons: m.lessons.map((l) => ({ id: l.id, version: l.version })) })),
    });
    expect(await t.db.selectFrom('courses').select('id').where('translation_of', '=', draft.courseId).execute()).toHaveLength(1);
    expect((await lessonOf(video.id)).content).toEqual(edited);
  });
});

const step = (job: TJob, key: string) => job.steps.find((s) => s.key === key);

describe('generating a draft without the features', () => {
  it('writes lessons only: no quiz, no video, no workbook, no translation', async () => {
    const draft = await draftWithCourse(a.admin, ['completion-certificate', 'due-dates']);
    const res = await generate(a.admin, draft.id, draft.version);
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json().features).toEqual({ quizPerModule: false, videoScripts: false, workbook: false, secondLanguage: false });
    const job = await finishedJob(t, a.admin, res.json().jobId, 60_000);
    expect(job.status).toBe('succeeded');
    const course = await courseOf(draft.courseId);
    expect(course.modules.flatMap((m) => m.lessons.map((l) => l.kind))).toEqual(['text', 'text', 'text', 'text']);
    expect(job.result).not.toHaveProperty('translation');
    expect(await t.db.selectFrom('courses').select('id').where('translation_of', '=', draft.courseId).execute()).toEqual([]);
  });
});

describe('who may generate a draft, and when', () => {
  it('answers 404 for another company’s draft and a colleague’s, 409 for a stale version or a draft without a course, 400 for bad input', async () => {
    const draft = await draftWithCourse(a.instructor, ['video-scripts']);
    const other = await company(t);
    for (const who of [other.admin, other.instructor, a.otherInstructor])
      expect((await generate(who, draft.id, draft.version)).statusCode).toBe(404);
    expect([403, 404]).toContain((await generate(a.learner, draft.id, draft.version)).statusCode);
    expect((await generate(null, draft.id, draft.version)).statusCode).toBe(401);
    const stale = await generate(a.instructor, draft.id, draft.version - 1);
    expect(stale.statusCode).toBe(409);
    expect(stale.json().code).toBe('VERSION_CONFLICT');
    const bare = (await call(t, a.instructor, 'POST', base, { features: ['video-scripts'] })).json();
    const none = await generate(a.instructor, bare.id, bare.version);
    expect(none.statusCode).toBe(409);
    expect(none.json().code).toBe('CREATOR_NO_COURSE');
    expect(
      (await call(t, a.instructor, 'POST', `${base}/${draft.id}/generate`, { version: draft.version, options: { videoScripts: true } }))
        .statusCode,
    ).toBe(400);
    expect((await call(t, a.instructor, 'POST', `${base}/${draft.id}/generate`, {})).statusCode).toBe(400);
    expect(await t.db.selectFrom('ai_jobs').select('id').where('course_id', '=', draft.courseId).execute()).toEqual([]);
    expect((await courseOf(draft.courseId)).modules).toEqual([]);
  });

  it('answers 503 when no AI provider is configured, starting nothing', async () => {
    const bare = await createTestApp();
    try {
      const b = await company(bare);
      const draft = (await call(bare, b.instructor, 'POST', base, { features: ALL })).json();
      const concept = { ...danishConcepts().concepts[0], learning_objectives: ['Arbejde sikkert'], complexity_level: 'beginner' };
      const chosen = await call(bare, b.instructor, 'POST', `${base}/${draft.id}/choose-concept`, { version: 1, concept });
      const res = await call(bare, b.instructor, 'POST', `${base}/${draft.id}/generate`, { version: chosen.json().draft.version });
      expect(res.statusCode).toBe(503);
      expect(res.json().code).toBe('AI_NOT_CONFIGURED');
      expect(await bare.db.selectFrom('ai_jobs').select('id').execute()).toEqual([]);
    } finally {
      await bare.close();
    }
  });
});
