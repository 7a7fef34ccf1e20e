import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { monthStart } from '../../src/server/ai/metering.ts';
import { AI_TASKS } from '../../src/server/ai/task-names.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { danishConcepts, FAST_RETRY, fakeAiEnv, usageRows } from '../helpers/ai.ts';
import { call, company, type Company } from '../helpers/courses.ts';
import { answer, startFakeOpenAi, type FakeOpenAi } from '../helpers/fake-openai.ts';
import { newId } from '../../src/server/security/tokens.ts';

// Usage metering, the monthly quota per company, GET /api/ai/status, and no provider.

const CONCEPT = { industry: 'Logistik', target_audience: 'Nye lagermedarbejdere' };
const QUOTA = 1000;

describe('with a provider and a small quota', () => {
  let ai: FakeOpenAi;
  let t: TestApp;
  let a: Company;
  let b: Company;
  beforeAll(async () => {
    ai = await startFakeOpenAi();
    t = await createTestApp({ env: fakeAiEnv(ai.url, { AI_MONTHLY_TOKENS_PER_COMPANY: String(QUOTA) }), aiRetry: FAST_RETRY });
    a = await company(t);
    b = await company(t);
  });
  afterAll(async () => {
    await t.close();
    await ai.close();
  });

  it('GET /api/ai/status: configured for everyone; provider, models and this month’s usage only for an admin', async () => {
    for (const who of [null, a.instructor, a.learner]) {
      const res = await call(t, who, 'GET', '/api/ai/status');
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ configured: true, images: false, admin: null });
    }
    const admin = await call(t, a.admin, 'GET', '/api/ai/status');
    expect(admin.json()).toEqual({
      configured: true,
      images: false,
      admin: {
        provider: 'openai-compatible',
        defaultModel: 'test-model',
        imageModel: null,
        taskModels: Object.fromEntries(AI_TASKS.map((task) => [task, 'test-model'])),
        usage: {
          month: new Date().toISOString().slice(0, 7),
          calls: 0,
          inputTokens: 0,
          outputTokens: 0,
          totalTokens: 0,
          quotaTokens: QUOTA,
          remainingTokens: QUOTA,
        },
      },
    });
  });

  it('past the month’s quota AI actions answer 429 AI_QUOTA_EXCEEDED without calling the provider; other companies and last month’s runs do not count', async () => {
    // Last month's heavy use is history.
    const lastMonth = new Date(Date.parse(monthStart(new Date())) - 1000).toISOString();
    await t.db
      .insertInto('ai_usage')
      .values({
        id: newId(),
        organisation_id: a.admin.organisationId,
        user_id: null,
        task: 'generate-concept',
        provider: 'openai-compatible',
        model: 'test-model',
        input_tokens: 50_000,
        output_tokens: 50_000,
        requests: 1,
        duration_ms: 10,
        outcome: 'ok',
        created_at: lastMonth,
      })
      .execute();

    ai.script(answer.json(danishConcepts(), { usage: { promptTokens: 600, completionTokens: 500 } }));
    expect((await call(t, a.instructor, 'POST', '/api/course-creator/generate-concept', CONCEPT)).statusCode).toBe(200);
    const before = ai.requests.length;
    const refused = await call(t, a.instructor, 'POST', '/api/course-creator/generate-concept', CONCEPT);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({
      code: 'AI_QUOTA_EXCEEDED',
      message: `Your company has used this month's AI quota (${QUOTA} tokens). It resets on the 1st of next month.`,
    });
    expect(
      (await call(t, a.admin, 'POST', '/api/course-creator/analyze-teacher-needs', { answers: { goals: 'Færre ulykker' } })).statusCode,
    ).toBe(429);
    expect(ai.requests.length).toBe(before);

    const status = await call(t, a.admin, 'GET', '/api/ai/status');
    expect(status.json().admin.usage).toMatchObject({
      calls: 1,
      inputTokens: 600,
      outputTokens: 500,
      totalTokens: 1100,
      quotaTokens: QUOTA,
      remainingTokens: 0,
    });
    // The refused calls were not metered: nothing was asked.
    const rows = await usageRows(t.db, a.admin.organisationId);
    expect(rows.map((r) => r.outcome)).toEqual(['ok', 'ok']);

    // Another company has its own quota.
    expect((await call(t, b.instructor, 'POST', '/api/course-creator/generate-concept', CONCEPT)).statusCode).toBe(200);
  });
});

describe('with no provider configured', () => {
  let t: TestApp;
  let a: Company;
  beforeAll(async () => {
    t = await createTestApp();
    a = await company(t);
  });
  afterAll(async () => t.close());

  it('every AI endpoint answers 503 AI_NOT_CONFIGURED: an admin is told how to set it up, others to contact their administrator; nothing is metered', async () => {
    const admin = await call(t, a.admin, 'POST', '/api/course-creator/generate-concept', CONCEPT);
    expect(admin.statusCode).toBe(503);
    expect(admin.json().code).toBe('AI_NOT_CONFIGURED');
    expect(admin.json().message).toContain('OPENAI_BASE_URL');
    const instructor = await call(t, a.instructor, 'POST', '/api/course-creator/analyze-teacher-needs', {
      answers: { goals: 'Færre ulykker' },
    });
    expect(instructor.statusCode).toBe(503);
    expect(instructor.json()).toEqual({
      code: 'AI_NOT_CONFIGURED',
      message: 'Setup Required: AI has not been set up for Kursa yet. Please contact whoever runs your Kursa installation.',
    });
    const danish = await t.app.inject({
      method: 'POST',
      url: '/api/course-creator/generate-concept',
      headers: { cookie: a.instructor.cookie, 'accept-language': 'da' },
      payload: CONCEPT,
    });
    expect(danish.json().message).toBe(
      'Opsætning påkrævet: AI er ikke sat op for Kursa endnu. Kontakt den, der driver jeres Kursa-installation.',
    );
    expect(await usageRows(t.db, a.admin.organisationId)).toEqual([]);
  });

  it('GET /api/ai/status says so; the admin sees no provider and the usage', async () => {
    expect((await call(t, a.instructor, 'GET', '/api/ai/status')).json()).toEqual({ configured: false, images: false, admin: null });
    const admin = (await call(t, a.admin, 'GET', '/api/ai/status')).json();
    expect(admin).toMatchObject({
      configured: false,
      admin: { provider: null, defaultModel: null, taskModels: {}, usage: { totalTokens: 0, quotaTokens: 2_000_000 } },
    });
  });

  it('the manual path works in full: a course is built without AI', async () => {
    const created = await call(t, a.instructor, 'POST', '/api/courses', { title: 'Sikkerhed på lageret' });
    expect(created.statusCode).toBe(201);
    const module = await call(t, a.instructor, 'POST', `/api/courses/${created.json().id}/modules`, {
      title: 'Introduktion',
      version: created.json().version,
    });
    expect(module.statusCode).toBe(201);
  });
});

describe('the API document', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('describes the AI status and the two course-creator calls with their payloads and AI errors', async () => {
    const doc = (await t.app.inject({ url: '/api/docs/json' })).json();
    expect(doc.paths['/api/ai/status'].get.tags).toEqual(['ai']);
    for (const path of ['/api/course-creator/analyze-teacher-needs', '/api/course-creator/generate-concept']) {
      const post = doc.paths[path].post;
      expect(post.tags).toEqual(['course-creator']);
      expect(Object.keys(post.responses)).toEqual(expect.arrayContaining(['200', '429', '502', '503']));
    }
    const concept = doc.paths['/api/course-creator/generate-concept'].post.requestBody.content['application/json'].schema;
    expect(Object.keys(concept.properties)).toEqual(['industry', 'target_audience', 'title', 'description', 'language']);
    const needs = doc.paths['/api/course-creator/analyze-teacher-needs'].post.requestBody.content['application/json'].schema;
    expect(Object.keys(needs.properties)).toEqual(['answers', 'course_context']);
  });
});
