import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TCourse, TLesson } from '../../src/shared/schemas/courses.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { FAST_RETRY, fakeAiEnv } from '../helpers/ai.ts';
import { courseAnswer, subjectOf, taskOf } from '../helpers/course-answers.ts';
import { finishedJob, GEN_ENV, startGeneration, step } from '../helpers/course-generation.ts';
import { addLesson, addModule, call, company, createCourse, doc, paragraph, type Company } from '../helpers/courses.ts';
import { answer, startFakeOpenAi, type FakeOpenAi, type RecordedRequest } from '../helpers/fake-openai.ts';
import { until } from '../helpers/jobs.ts';

// A generation job's failures, retries, cancel and a user's edit while it runs, and a
// course that already has an outline (from a template).
let t: TestApp;
let ai: FakeOpenAi;
let a: Company;

const COURSE = {
  title: 'Sikkerhed på lageret',
  description: 'Et kursus om at arbejde sikkert.',
  learningObjectives: ['Kende reglerne'],
  targetAudience: 'Nye medarbejdere',
  language: 'da',
};
const normal = (request: RecordedRequest) => courseAnswer(request, { delayMs: 20 });

beforeAll(async () => {
  ai = await startFakeOpenAi();
  ai.answerWith(normal);
  t = await createTestApp({ env: { ...fakeAiEnv(ai.url, { AI_TIMEOUT_MS: '3000' }), ...GEN_ENV }, aiRetry: FAST_RETRY });
  a = await company(t);
});

afterAll(async () => {
  await t.close();
  await ai.close();
});

const lesson = async (id: string): Promise<TLesson> => (await call(t, a.admin, 'GET', `/api/lessons/${id}`)).json();
const course = async (id: string): Promise<TCourse> => (await call(t, a.admin, 'GET', `/api/courses/${id}`)).json();
const callsFor = (subject: string) => ai.requests.filter((r) => subjectOf(r) === subject).length;
const SMALL = { moduleCount: 2, lessonsPerModule: 3 };

describe('a generation job', () => {
  it('with one lesson failing ends failed, the others done; retrying that step alone succeeds', async () => {
    ai.reset();
    ai.answerWith((request) => (subjectOf(request) === 'Risikovurdering: del 2' ? answer.status(500) : normal(request)));
    const created = await createCourse(t, a.admin, COURSE);
    const jobId = await startGeneration(t, a.admin, created.id, SMALL);
    const failed = await finishedJob(t, a.admin, jobId);
    expect(failed.status).toBe('failed');
    const generated = await course(created.id);
    const broken = generated.modules[1]!.lessons[1]!;
    expect(broken.title).toBe('Risikovurdering: del 2');
    expect(step(failed, `lesson:${broken.id}`)).toMatchObject({ status: 'failed' });
    expect(step(failed, `quiz:${generated.modules[1]!.id}`)).toMatchObject({ status: 'pending' });
    expect(failed.steps.filter((s) => s.status === 'done')).toHaveLength(1 + 5 + 1);
    // Three tries (two retries), each a 500.
    expect(callsFor('Risikovurdering: del 2')).toBe(3);

    ai.answerWith(normal);
    const retried = await call(t, a.admin, 'POST', `/api/jobs/${jobId}/steps/${encodeURIComponent(`lesson:${broken.id}`)}/retry`);
    expect(retried.statusCode).toBe(200);
    const done = await finishedJob(t, a.admin, jobId);
    expect(done.status).toBe('succeeded');
    expect(callsFor('Risikovurdering: del 2')).toBe(4);
    for (const l of generated.modules.flatMap((m) => m.lessons).filter((l) => l.kind === 'text' && l.id !== broken.id))
      expect(callsFor(l.title), l.title).toBe(1);
    expect(ai.requests.filter((r) => taskOf(r) === 'generate-outline')).toHaveLength(1);
    expect(ai.requests.filter((r) => taskOf(r) === 'generate-quiz')).toHaveLength(2);
    expect((await lesson(broken.id)).source.kind).toBe('ai');
  });

  it('never clobbers a lesson its user edits while the job runs', async () => {
    ai.reset();
    ai.answerWith((request) =>
      subjectOf(request) === 'Sikkerhed på lageret: del 1' ? courseAnswer(request, { delayMs: 700 }) : normal(request),
    );
    const created = await createCourse(t, a.admin, COURSE);
    const jobId = await startGeneration(t, a.admin, created.id, SMALL);
    await until(() => ai.requests.some((r) => subjectOf(r) === 'Sikkerhed på lageret: del 1'), 'the slow lesson to be asked for');
    const target = (await course(created.id)).modules[0]!.lessons[0]!;
    const edit = await call(t, a.admin, 'PATCH', `/api/lessons/${target.id}`, {
      version: target.version,
      content: doc(paragraph('Skrevet af mig')),
    });
    expect(edit.statusCode).toBe(200);
    const done = await finishedJob(t, a.admin, jobId);
    expect(done.status).toBe('succeeded');
    expect(step(done, `lesson:${target.id}`)).toMatchObject({ status: 'done', note: 'Skipped: the lesson was edited while the job ran.' });
    expect(done.result).toMatchObject({ lessonsWritten: 5, quizzesWritten: 2, skipped: 1 });
    const kept = await lesson(target.id);
    expect(JSON.stringify(kept.content)).toContain('Skrevet af mig');
    expect(kept.version).toBe(target.version + 1);
  });

  it('is cancelled: running calls end, nothing more is asked, the job ends cancelled', async () => {
    ai.reset();
    ai.answerWith((request) => courseAnswer(request, { delayMs: taskOf(request) === 'generate-outline' ? 20 : 1500 }));
    const created = await createCourse(t, a.admin, COURSE);
    const jobId = await startGeneration(t, a.admin, created.id, SMALL);
    await until(() => ai.requests.filter((r) => taskOf(r) === 'generate-lesson').length === 3, 'three lessons under way');
    const cancelled = await call(t, a.admin, 'POST', `/api/jobs/${jobId}/cancel`);
    expect(cancelled.statusCode).toBe(200);
    const done = await finishedJob(t, a.admin, jobId);
    expect(done.status).toBe('cancelled');
    expect(done.steps.filter((s) => s.key.startsWith('lesson:') && s.status === 'done')).toHaveLength(0);
    await new Promise((r) => setTimeout(r, 300));
    expect(ai.requests.filter((r) => taskOf(r) === 'generate-lesson')).toHaveLength(3);
    const untouched = await course(created.id);
    expect(untouched.modules.flatMap((m) => m.lessons).every((l) => l.version === 1)).toBe(true);
  });

  it('writes a course that has an outline from it: no outline call, empty lessons filled, a quiz added per module', async () => {
    ai.reset();
    ai.answerWith(normal);
    let built = await createCourse(t, a.admin, COURSE);
    built = await addModule(t, a.admin, built, 'Skabelonmodul');
    const moduleId = built.modules[0]!.id;
    built = await addLesson(t, a.admin, built, moduleId, 'Første skabelonlektion');
    built = await addLesson(t, a.admin, built, moduleId, 'Anden skabelonlektion');
    const written = built.modules[0]!.lessons[1]!;
    await call(t, a.admin, 'PATCH', `/api/lessons/${written.id}`, {
      version: written.version,
      content: doc(paragraph('Allerede skrevet')),
    });
    const jobId = await startGeneration(t, a.admin, built.id);
    const done = await finishedJob(t, a.admin, jobId);
    expect(done.status).toBe('succeeded');
    expect(step(done, 'outline')).toMatchObject({
      status: 'done',
      note: 'The course already had an outline; the lessons are written from it.',
    });
    expect(ai.requests.map(taskOf).sort()).toEqual(['generate-lesson', 'generate-quiz']);
    const after = await course(built.id);
    expect(after.modules).toHaveLength(1);
    expect(after.modules[0]!.lessons.map((l) => [l.title, l.kind])).toEqual([
      ['Første skabelonlektion', 'text'],
      ['Anden skabelonlektion', 'text'],
      ['Quiz: Skabelonmodul', 'quiz'],
    ]);
    expect(JSON.stringify((await lesson(written.id)).content)).toContain('Allerede skrevet');
  });
});
