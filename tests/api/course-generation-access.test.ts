import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, createTestApp, type TestApp } from '../helpers/app.ts';
import { FAST_RETRY, fakeAiEnv } from '../helpers/ai.ts';
import { courseAnswer } from '../helpers/course-answers.ts';
import { finishedJob, GEN_ENV, startGeneration } from '../helpers/course-generation.ts';
import { addLesson, addModule, call, company, createCourse, type Company } from '../helpers/courses.ts';
import { startFakeOpenAi, type FakeOpenAi } from '../helpers/fake-openai.ts';

// Starting generation is refused before any job or call — a job already running
// (409), other companies and colleagues (404), bad input (400), no provider (503), the quota (429).
let t: TestApp;
let ai: FakeOpenAi;
let a: Company;

const COURSE = { title: 'Sikkerhed på lageret', description: 'Et kursus om at arbejde sikkert.', language: 'da' };

beforeAll(async () => {
  ai = await startFakeOpenAi();
  ai.answerWith((request) => courseAnswer(request, { delayMs: 20 }));
  t = await createTestApp({
    env: { ...fakeAiEnv(ai.url, { AI_TIMEOUT_MS: '2000', AI_MONTHLY_TOKENS_PER_COMPANY: '50000000' }), ...GEN_ENV },
    aiRetry: FAST_RETRY,
  });
  a = await company(t);
});

afterAll(async () => {
  await t.close();
  await ai.close();
});

describe('starting a job is refused before anything is created', () => {
  it('409 while the course has a generation job running', async () => {
    const created = await createCourse(t, a.admin, COURSE);
    ai.answerWith((request) => courseAnswer(request, { delayMs: 150 }));
    const first = await startGeneration(t, a.admin, created.id, { moduleCount: 1, lessonsPerModule: 1, quizPerModule: false });
    const again = await call(t, a.admin, 'POST', `/api/course-generation/courses/${created.id}/generate`, { options: {} });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'GENERATION_RUNNING' });
    expect((await finishedJob(t, a.admin, first)).status).toBe('succeeded');
    ai.answerWith((request) => courseAnswer(request, { delayMs: 20 }));
  });

  it('409 for the second of two requests at the same instant: one job runs', async () => {
    const created = await createCourse(t, a.admin, COURSE);
    const url = `/api/course-generation/courses/${created.id}/generate`;
    const answers = await Promise.all(
      [1, 2].map(() => call(t, a.admin, 'POST', url, { options: { moduleCount: 1, lessonsPerModule: 1 } })),
    );
    expect(answers.map((r) => r.statusCode).sort()).toEqual([202, 409]);
    const started = answers.find((r) => r.statusCode === 202)!.json().jobId as string;
    expect((await finishedJob(t, a.admin, started)).status).toBe('succeeded');
    const course = (await call(t, a.admin, 'GET', `/api/courses/${created.id}`)).json() as { modules: unknown[] };
    expect(course.modules).toHaveLength(1);
  });

  it('400 for a lesson AI cannot write (a download) or a question of a text lesson', async () => {
    let built = await addModule(t, a.admin, await createCourse(t, a.admin, COURSE), 'Modul');
    built = await addLesson(t, a.admin, built, built.modules[0]!.id, 'Filer', 'download');
    const files = built.modules[0]!.lessons[0]!;
    const res = await call(t, a.admin, 'POST', `/api/course-generation/lessons/${files.id}/regenerate`, { version: files.version });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe("Only text and quiz lessons, and a video lesson's script, can be generated with AI.");
  });

  it('404 for another company’s course, module or lesson, a learner, and a colleague’s course for an instructor', async () => {
    const b = await company(t);
    const created = await createCourse(t, a.admin, COURSE);
    const requests = ai.requests.length;
    for (const who of [b.admin, b.instructor, a.learner, a.instructor]) {
      expect((await call(t, who, 'POST', `/api/course-generation/courses/${created.id}/generate`, { options: {} })).statusCode).toBe(404);
      expect(
        (await call(t, who, 'POST', `/api/course-generation/courses/${created.id}/generate-quizzes`, { options: {} })).statusCode,
      ).toBe(404);
      expect((await call(t, who, 'GET', `/api/course-generation/courses/${created.id}/jobs`)).statusCode).toBe(404);
    }
    let built = await addModule(t, a.admin, created, 'Modul');
    built = await addLesson(t, a.admin, built, built.modules[0]!.id, 'Tekst');
    built = await addLesson(t, a.admin, built, built.modules[0]!.id, 'Quiz', 'quiz');
    const moduleId = built.modules[0]!.id;
    const lessonId = built.modules[0]!.lessons[0]!.id;
    const quizId = built.modules[0]!.lessons[1]!.id;
    expect((await call(t, b.admin, 'POST', `/api/course-generation/modules/${moduleId}/regenerate`, { options: {} })).statusCode).toBe(404);
    expect((await call(t, b.admin, 'POST', `/api/course-generation/lessons/${lessonId}/regenerate`, { version: 1 })).statusCode).toBe(404);
    expect(
      (await call(t, b.admin, 'POST', `/api/course-generation/lessons/${quizId}/regenerate-question`, { version: 1, questionIndex: 0 }))
        .statusCode,
    ).toBe(404);
    expect(ai.requests.length).toBe(requests);
    expect(await t.db.selectFrom('ai_jobs').select('id').where('course_id', '=', created.id).execute()).toEqual([]);
  });

  it('400 for bad input, changing nothing', async () => {
    const created = await createCourse(t, a.admin, COURSE);
    for (const body of [
      { options: { quizPerModule: 'yes' } },
      { options: { moduleCount: 0 } },
      { options: { surprise: true } },
      { extra: 1 },
    ]) {
      expect((await call(t, a.admin, 'POST', `/api/course-generation/courses/${created.id}/generate`, body)).statusCode).toBe(400);
    }
    expect(await t.db.selectFrom('ai_jobs').select('id').where('course_id', '=', created.id).execute()).toEqual([]);
  });

  it('503 AI_NOT_CONFIGURED without a provider and 429 AI_QUOTA_EXCEEDED past the quota, no job created', async () => {
    const created = await createCourse(t, a.admin, COURSE);
    const bare = await buildTestApp(t.database, { env: GEN_ENV });
    try {
      const res = await bare.inject({
        method: 'POST',
        url: `/api/course-generation/courses/${created.id}/generate`,
        headers: { cookie: a.admin.cookie, 'accept-language': 'en' },
        payload: { options: {} },
      });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ code: 'AI_NOT_CONFIGURED' });
    } finally {
      await bare.close();
    }
    const c = await company(t);
    const theirs = await createCourse(t, c.admin, COURSE);
    await t.db
      .insertInto('ai_usage')
      .values({
        id: `u-${Date.now()}`,
        organisation_id: c.admin.organisationId,
        user_id: null,
        task: 'generate-lesson',
        provider: 'openai-compatible',
        model: 'test-model',
        input_tokens: 60_000_000,
        output_tokens: 0,
        requests: 1,
        duration_ms: 1,
        outcome: 'ok',
        created_at: new Date().toISOString(),
      })
      .execute();
    const refused = await call(t, c.admin, 'POST', `/api/course-generation/courses/${theirs.id}/generate`, { options: {} });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: 'AI_QUOTA_EXCEEDED' });
    const ids = [created.id, theirs.id];
    expect(await t.db.selectFrom('ai_jobs').select('id').where('course_id', 'in', ids).execute()).toEqual([]);
  });
});

describe('the API document', () => {
  it('describes the course-generation routes with their payloads, 202 job answers and AI errors', async () => {
    const doc = (await t.app.inject({ url: '/api/docs/json' })).json();
    const started = [
      '/api/course-generation/courses/{id}/generate',
      '/api/course-generation/courses/{id}/generate-quizzes',
      '/api/course-generation/modules/{id}/regenerate',
    ];
    for (const path of started) {
      const post = doc.paths[path].post;
      expect(post.tags).toEqual(['course-generation']);
      expect(Object.keys(post.responses)).toEqual(expect.arrayContaining(['202', '404', '409', '429', '503']));
      expect(Object.keys(post.responses['202'].content['application/json'].schema.properties)).toEqual(['jobId', 'job']);
    }
    const options = doc.paths[started[0]!].post.requestBody.content['application/json'].schema.properties.options;
    expect(Object.keys(options.properties)).toEqual(['quizPerModule', 'moduleCount', 'lessonsPerModule', 'questionsPerQuiz', 'sourceId']);
    const lesson = doc.paths['/api/course-generation/lessons/{id}/regenerate'].post;
    expect(Object.keys(lesson.requestBody.content['application/json'].schema.properties)).toEqual(['version', 'instructions', 'format']);
    expect(Object.keys(lesson.responses)).toEqual(expect.arrayContaining(['200', '409', '502', '503']));
    const question = doc.paths['/api/course-generation/lessons/{id}/regenerate-question'].post;
    expect(Object.keys(question.requestBody.content['application/json'].schema.properties)).toEqual(['questionIndex', 'version']);
    expect(doc.paths['/api/course-generation/courses/{id}/jobs'].get.responses['200']).toBeDefined();
    const step = doc.paths['/api/jobs/{id}'].get.responses['200'].content['application/json'].schema.properties.steps.items;
    expect(step.properties).toHaveProperty('label');
    expect(step.properties).toHaveProperty('note');
  });
});
