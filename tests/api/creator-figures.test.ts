import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../src/server/security/tokens.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { danishConcepts, FAST_RETRY, fakeAiEnv } from '../helpers/ai.ts';
import { call, company, type Company } from '../helpers/courses.ts';
import { answer, startFakeOpenAi, type FakeOpenAi } from '../helpers/fake-openai.ts';

// The creator hero's figures are this installation's, counted from ai_usage and ai_jobs.

const CONCEPT = { industry: 'Logistik', target_audience: 'Nye lagermedarbejdere' };

/** A finished job row, as the job engine leaves it. */
async function finishedJob(t: TestApp, organisationId: string, courseId: string | null, status: string) {
  const now = new Date().toISOString();
  await t.db
    .insertInto('ai_jobs')
    .values({
      id: newId(),
      organisation_id: organisationId,
      user_id: null,
      course_id: courseId,
      kind: 'test-kind',
      status,
      phase: null,
      progress: 100,
      input: '{}',
      result: null,
      error: null,
      attempts: 1,
      lease_expiries: 0,
      lock_owner: null,
      lease_until: null,
      cancel_requested: 0,
      input_tokens: 0,
      output_tokens: 0,
      created_at: now,
      started_at: now,
      finished_at: now,
      updated_at: now,
    })
    .execute();
}

describe('with a provider', () => {
  let ai: FakeOpenAi;
  let t: TestApp;
  let a: Company;
  beforeAll(async () => {
    ai = await startFakeOpenAi();
    t = await createTestApp({ env: fakeAiEnv(ai.url), aiRetry: FAST_RETRY });
    a = await company(t);
  });
  afterAll(async () => {
    await t.close();
    await ai.close();
  });

  it('starts with no runs and no rate, and names the provider, the model and the two languages to anyone', async () => {
    const res = await call(t, null, 'GET', '/api/course-creator/figures');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json()).toEqual({
      aiCourses: 0,
      aiRuns: 0,
      successRate: null,
      provider: 'openai-compatible',
      model: 'test-model',
      languages: ['da', 'en'],
    });
  });

  it('counts every run, the share that answered, and the distinct courses finished jobs worked on', async () => {
    ai.script(answer.json(danishConcepts()), answer.json(danishConcepts()), answer.json(danishConcepts()));
    for (let i = 0; i < 3; i++)
      expect((await call(t, a.instructor, 'POST', '/api/course-creator/generate-concept', CONCEPT)).statusCode).toBe(200);
    // Broken JSON twice (the answer and the re-ask): a bad_output run.
    ai.script(answer.text('{ not json'), answer.text('{ still not json'));
    expect((await call(t, a.instructor, 'POST', '/api/course-creator/generate-concept', CONCEPT)).statusCode).toBe(502);

    const course = (await call(t, a.instructor, 'POST', '/api/courses', { title: 'Sikkerhed på lageret' })).json<{ id: string }>();
    await finishedJob(t, a.admin.organisationId, course.id, 'succeeded');
    await finishedJob(t, a.admin.organisationId, course.id, 'succeeded');
    await finishedJob(t, a.admin.organisationId, course.id, 'failed');
    await finishedJob(t, a.admin.organisationId, null, 'succeeded');

    const figures = (await call(t, a.learner, 'GET', '/api/course-creator/figures')).json();
    expect(figures).toMatchObject({ aiCourses: 1, aiRuns: 4, successRate: 75 });
  });
});

describe('without a provider', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('says no provider answers', async () => {
    const res = await call(t, null, 'GET', '/api/course-creator/figures');
    expect(res.json()).toEqual({ aiCourses: 0, aiRuns: 0, successRate: null, provider: null, model: null, languages: ['da', 'en'] });
  });
});
