import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { parseEnv } from '../../src/server/env.ts';
import { buildTestApp, createTestApp, type TestApp } from '../helpers/app.ts';
import { danishConcepts, danishProfile, FAST_RETRY, usageRows } from '../helpers/ai.ts';
import { company, type Company, type Person } from '../helpers/courses.ts';
import { seededCourse } from '../helpers/insights.ts';
import { answer as claudeAnswer, startFakeAnthropic, type FakeAnthropic } from '../helpers/fake-anthropic.ts';
import { answer as openaiAnswer, startFakeOpenAiResponses, type FakeOpenAiResponses } from '../helpers/fake-openai-responses.ts';

// OpenAI itself (the Responses API, @ai-sdk/openai) and Anthropic (the Messages API,
// @ai-sdk/anthropic), each behind a local server that speaks its protocol, pointed at by
// OPENAI_RESPONSES_BASE_URL / ANTHROPIC_BASE_URL. The product's real SDK clients talk to them.

const CONCEPT = { industry: 'Logistik', target_audience: 'Nye lagermedarbejdere', title: '', description: '' };
const NEEDS = {
  answers: { subject: 'Sikkerhed på lageret', audience: 'Nye medarbejdere', goals: 'Færre ulykker' },
  course_context: { industry: 'Logistik' },
};
const UNAVAILABLE = { code: 'AI_PROVIDER_UNAVAILABLE', message: 'The AI service is not responding right now. Please try again shortly.' };

interface Event {
  event: string;
  data: Record<string, unknown>;
}

function post(t: TestApp, who: Person, path: string, payload: object, language = 'da') {
  return t.app.inject({
    method: 'POST',
    url: `/api/course-creator/${path}`,
    headers: { cookie: who.cookie, 'accept-language': language },
    payload,
  });
}

/** A creator call read as Server-Sent Events over a real HTTP server. */
async function streamed(base: string, who: Person, path: string, body: object): Promise<{ status: number; events: Event[] }> {
  const res = await fetch(`${base}/api/course-creator/${path}`, {
    method: 'POST',
    headers: { cookie: who.cookie, accept: 'text/event-stream', 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
  const events = (await res.text())
    .split('\n\n')
    .filter((block) => /^event: /m.test(block))
    .map((block) => ({
      event: /^event: (.*)$/m.exec(block)![1]!,
      data: JSON.parse(/^data: (.*)$/m.exec(block)![1]!) as Record<string, unknown>,
    }));
  return { status: res.status, events };
}

describe('OpenAI: the Responses API', () => {
  let openai: FakeOpenAiResponses;
  let t: TestApp;
  let a: Company;
  let base: string;
  beforeAll(async () => {
    openai = await startFakeOpenAiResponses();
    t = await createTestApp({
      // No AI_MODEL: the default model; one task on a model that is no reasoning model.
      env: {
        OPENAI_API_KEY: 'sk-test-openai',
        OPENAI_RESPONSES_BASE_URL: openai.url,
        AI_MODEL_ANALYZE_TEACHER_NEEDS: 'gpt-4.1-mini',
        AI_TIMEOUT_MS: '400',
      },
      aiRetry: FAST_RETRY,
    });
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    a = await company(t);
  });
  afterAll(async () => {
    await t.close();
    await openai.close();
  });
  beforeEach(() => openai.reset());

  it('generate-concept: POST /v1/responses with the Bearer key, the default model and a json_schema text format; the answer and its tokens are recorded as openai', async () => {
    openai.script(openaiAnswer.json(danishConcepts(), { usage: { promptTokens: 210, completionTokens: 95 } }));
    const res = await post(t, a.instructor, 'generate-concept', CONCEPT);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ ...danishConcepts(), language: 'da', source: { provider: 'openai', model: 'gpt-5-mini' } });

    expect(openai.requests).toHaveLength(1);
    const [request] = openai.requests;
    expect(request).toMatchObject({ method: 'POST', path: '/v1/responses', model: 'gpt-5-mini', stream: true });
    expect(request!.headers.authorization).toBe('Bearer sk-test-openai');
    expect(request!.body.text).toMatchObject({ format: { type: 'json_schema', name: 'generate_concept', strict: true } });
    expect(request!.schema?.properties?.concepts).toMatchObject({ type: 'array', minItems: 3, maxItems: 3 });
    // gpt-5-mini is a reasoning model: the instructions go as a developer message.
    expect(request!.messages.map((m) => m.role)).toEqual(['developer', 'user']);
    expect(request!.messages[1]!.content).toContain('Logistik');

    expect((await usageRows(t.db, a.admin.organisationId)).at(-1)).toMatchObject({
      task: 'generate-concept',
      provider: 'openai',
      model: 'gpt-5-mini',
      input_tokens: 210,
      output_tokens: 95,
      requests: 1,
      outcome: 'ok',
    });
  });

  it('analyze-teacher-needs on its own model (AI_MODEL_<TASK>): an answer made from the schema the request carried is accepted', async () => {
    const res = await post(t, a.admin, 'analyze-teacher-needs', NEEDS);
    expect(res.statusCode, res.body).toBe(200);
    const [request] = openai.requests;
    expect(request!.model).toBe('gpt-4.1-mini');
    expect(request!.messages.map((m) => m.role)).toEqual(['system', 'user']);
    expect(res.json()).toMatchObject({
      ...(JSON.parse(request!.answered!) as object),
      source: { provider: 'openai', model: 'gpt-4.1-mini' },
    });
    expect((await usageRows(t.db, a.admin.organisationId)).at(-1)).toMatchObject({
      task: 'analyze-teacher-needs',
      provider: 'openai',
      model: 'gpt-4.1-mini',
      outcome: 'ok',
    });
  });

  it('streamed (Accept: text/event-stream): the answer so far as delta events, then the result', async () => {
    openai.script(openaiAnswer.json(danishConcepts()));
    const res = await streamed(base, a.instructor, 'generate-concept', CONCEPT);
    expect(res.status).toBe(200);
    const deltas = res.events.filter((e) => e.event === 'delta');
    expect(deltas.length).toBeGreaterThan(0);
    expect(res.events.findIndex((e) => e.event === 'delta')).toBeLessThan(res.events.findIndex((e) => e.event === 'result'));
    expect(res.events.at(-1)).toEqual({
      event: 'result',
      data: { ...danishConcepts(), language: 'da', source: { provider: 'openai', model: 'gpt-5-mini' } },
    });
  });

  it('429 with Retry-After, then success: retried, 200, both requests metered on the run', async () => {
    openai.script(openaiAnswer.status(429, { retryAfterSeconds: 1 }), openaiAnswer.json(danishConcepts()));
    const res = await post(t, a.instructor, 'generate-concept', CONCEPT);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().concepts).toEqual(danishConcepts().concepts);
    expect(openai.requests).toHaveLength(2);
    expect((await usageRows(t.db, a.admin.organisationId)).at(-1)).toMatchObject({ provider: 'openai', outcome: 'ok', requests: 2 });
  });

  it('a stream that fails before any output (response.failed, a server error) is retried', async () => {
    openai.script(openaiAnswer.failed(), openaiAnswer.json(danishConcepts()));
    const res = await post(t, a.instructor, 'generate-concept', CONCEPT);
    expect(res.statusCode, res.body).toBe(200);
    expect(openai.requests).toHaveLength(2);
  });

  it('500 on every try: 503 AI_PROVIDER_UNAVAILABLE after the retries, never a 500; metered as unavailable', async () => {
    openai.answerWith(() => openaiAnswer.status(500));
    const res = await post(t, a.instructor, 'generate-concept', CONCEPT, 'en');
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual(UNAVAILABLE);
    expect(openai.requests).toHaveLength(1 + FAST_RETRY.retries);
    expect((await usageRows(t.db, a.admin.organisationId)).at(-1)).toMatchObject({
      provider: 'openai',
      outcome: 'unavailable',
      requests: 3,
      input_tokens: 0,
      output_tokens: 0,
    });
  });

  it('a refused key (401 invalid_api_key) is not retried: 503', async () => {
    openai.script(openaiAnswer.status(401, { message: 'Incorrect API key provided: sk-test-****' }));
    const res = await post(t, a.instructor, 'generate-concept', CONCEPT, 'en');
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual(UNAVAILABLE);
    expect(openai.requests).toHaveLength(1);
  });

  it('a course cover: gpt-image-1 by default draws what the model described, at POST /v1/images/generations with the Bearer key', async () => {
    const course = await seededCourse(t, a.instructor);
    openai.script(
      openaiAnswer.json({ prompt: 'A calm warehouse with stacked pallets, flat illustration', alt_text: 'Et roligt lager med paller.' }),
    );
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/course-creator/courses/${course.id}/images`,
      headers: { cookie: a.instructor.cookie },
      payload: { target: 'cover' },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ altText: 'Et roligt lager med paller.', source: { provider: 'openai', model: 'gpt-image-1' } });
    expect(openai.images.requests).toEqual([
      expect.objectContaining({
        model: 'gpt-image-1',
        prompt: 'A calm warehouse with stacked pallets, flat illustration',
        size: '1536x1024',
      }),
    ]);
    expect(openai.images.requests[0]!.authorization).toBe('Bearer sk-test-openai');
  });
});

describe('Anthropic: the Messages API', () => {
  let claude: FakeAnthropic;
  let t: TestApp;
  let a: Company;
  let base: string;
  beforeAll(async () => {
    claude = await startFakeAnthropic();
    t = await createTestApp({
      // No AI_MODEL: claude-sonnet-4-5, which has structured outputs; one task on an older model, which has not.
      env: {
        ANTHROPIC_API_KEY: 'sk-ant-test',
        ANTHROPIC_BASE_URL: claude.url,
        AI_MODEL_ANALYZE_TEACHER_NEEDS: 'claude-sonnet-4-20250514',
        AI_TIMEOUT_MS: '400',
      },
      aiRetry: FAST_RETRY,
    });
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    a = await company(t);
  });
  afterAll(async () => {
    await t.close();
    await claude.close();
  });
  beforeEach(() => claude.reset());

  it('has no image model: the media step says so, and drawing asks nothing (503 AI_IMAGE_NOT_CONFIGURED)', async () => {
    const course = await seededCourse(t, a.admin);
    const media = await t.app.inject({ url: `/api/course-creator/courses/${course.id}/media`, headers: { cookie: a.admin.cookie } });
    expect(media.json().imageModel).toEqual({ available: false, missing: 'provider-has-none' });
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/course-creator/courses/${course.id}/images`,
      headers: { cookie: a.admin.cookie, 'accept-language': 'en' },
      payload: { target: 'cover' },
    });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ code: 'AI_IMAGE_NOT_CONFIGURED', message: expect.stringContaining('Anthropic has no image model') });
    expect(claude.requests).toHaveLength(0);
  });

  it('generate-concept: POST /v1/messages with x-api-key and anthropic-version, the default model, output_config.format json_schema; the answer and its tokens are recorded as anthropic', async () => {
    claude.script(claudeAnswer.json(danishConcepts(), { usage: { promptTokens: 180, completionTokens: 70 } }));
    const res = await post(t, a.instructor, 'generate-concept', CONCEPT);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ ...danishConcepts(), language: 'da', source: { provider: 'anthropic', model: 'claude-sonnet-4-5' } });

    expect(claude.requests).toHaveLength(1);
    const [request] = claude.requests;
    expect(request).toMatchObject({
      method: 'POST',
      path: '/v1/messages',
      model: 'claude-sonnet-4-5',
      stream: true,
      mode: 'output_format',
    });
    expect(request!.headers['x-api-key']).toBe('sk-ant-test');
    expect(request!.headers['anthropic-version']).toBe('2023-06-01');
    expect(request!.body.max_tokens).toEqual(expect.any(Number));
    expect(request!.body.tools).toBeUndefined();
    // Constrained decoding takes no counts: the SDK writes them into the description.
    expect(request!.schema?.properties?.concepts).not.toHaveProperty('minItems');
    expect(request!.schema?.properties?.concepts?.description).toContain('min items: 3; max items: 3.');
    expect(request!.messages.map((m) => m.role)).toEqual(['system', 'user']);

    expect((await usageRows(t.db, a.admin.organisationId)).at(-1)).toMatchObject({
      task: 'generate-concept',
      provider: 'anthropic',
      model: 'claude-sonnet-4-5',
      input_tokens: 180,
      output_tokens: 70,
      requests: 1,
      outcome: 'ok',
    });
  });

  it('an answer made from the schema as Anthropic receives it (the counts moved into descriptions) is accepted', async () => {
    const res = await post(t, a.admin, 'generate-concept', CONCEPT, 'en');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().concepts).toEqual((JSON.parse(claude.requests[0]!.answered!) as { concepts: unknown[] }).concepts);
    expect(res.json().concepts).toHaveLength(3);
  });

  it('a model without structured outputs (AI_MODEL_<TASK>) answers through the forced json tool, streamed as input_json_delta', async () => {
    claude.script(claudeAnswer.json(danishProfile()));
    const res = await post(t, a.instructor, 'analyze-teacher-needs', NEEDS);
    expect(res.statusCode, res.body).toBe(200);
    const { missingFeatures, ...profile } = danishProfile();
    expect(res.json()).toMatchObject({ ...profile, source: { provider: 'anthropic', model: 'claude-sonnet-4-20250514' } });
    expect(missingFeatures).toEqual([]);
    const [request] = claude.requests;
    expect(request).toMatchObject({ model: 'claude-sonnet-4-20250514', mode: 'json_tool' });
    expect(request!.body.output_config).toBeUndefined();
    expect((await usageRows(t.db, a.admin.organisationId)).at(-1)).toMatchObject({
      task: 'analyze-teacher-needs',
      provider: 'anthropic',
      model: 'claude-sonnet-4-20250514',
      outcome: 'ok',
    });
  });

  it('streamed (Accept: text/event-stream): the answer so far as delta events, then the result', async () => {
    claude.script(claudeAnswer.json(danishConcepts()));
    const res = await streamed(base, a.instructor, 'generate-concept', CONCEPT);
    expect(res.status).toBe(200);
    expect(res.events.filter((e) => e.event === 'delta').length).toBeGreaterThan(0);
    expect(res.events.findIndex((e) => e.event === 'delta')).toBeLessThan(res.events.findIndex((e) => e.event === 'result'));
    expect(res.events.at(-1)).toEqual({
      event: 'result',
      data: { ...danishConcepts(), language: 'da', source: { provider: 'anthropic', model: 'claude-sonnet-4-5' } },
    });
  });

  it('429 rate_limit_error with retry-after, then success: retried, 200', async () => {
    claude.script(claudeAnswer.status(429, { retryAfterSeconds: 1 }), claudeAnswer.json(danishConcepts()));
    const res = await post(t, a.instructor, 'generate-concept', CONCEPT);
    expect(res.statusCode, res.body).toBe(200);
    expect(claude.requests).toHaveLength(2);
    expect((await usageRows(t.db, a.admin.organisationId)).at(-1)).toMatchObject({ provider: 'anthropic', outcome: 'ok', requests: 2 });
  });

  it('overloaded_error in a stream that already began is retried', async () => {
    claude.script(claudeAnswer.streamError('overloaded_error', 'Overloaded'), claudeAnswer.json(danishConcepts()));
    const res = await post(t, a.instructor, 'generate-concept', CONCEPT);
    expect(res.statusCode, res.body).toBe(200);
    expect(claude.requests).toHaveLength(2);
  });

  it('529 overloaded on every try: 503 AI_PROVIDER_UNAVAILABLE after the retries, never a 500; metered as unavailable', async () => {
    claude.answerWith(() => claudeAnswer.status(529));
    const res = await post(t, a.instructor, 'generate-concept', CONCEPT, 'en');
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual(UNAVAILABLE);
    expect(claude.requests).toHaveLength(1 + FAST_RETRY.retries);
    expect((await usageRows(t.db, a.admin.organisationId)).at(-1)).toMatchObject({
      provider: 'anthropic',
      outcome: 'unavailable',
      requests: 3,
    });
  });

  it('streamed, with the provider down: an ordinary 503 before anything is written', async () => {
    claude.answerWith(() => claudeAnswer.status(500));
    const res = await fetch(`${base}/api/course-creator/generate-concept`, {
      method: 'POST',
      headers: { cookie: a.instructor.cookie, accept: 'text/event-stream', 'content-type': 'application/json', 'accept-language': 'en' },
      body: JSON.stringify(CONCEPT),
    });
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual(UNAVAILABLE);
  });

  it('a refused key (401 authentication_error) is not retried: 503', async () => {
    claude.script(claudeAnswer.status(401, { message: 'invalid x-api-key' }));
    const res = await post(t, a.instructor, 'generate-concept', CONCEPT, 'en');
    expect(res.statusCode).toBe(503);
    expect(claude.requests).toHaveLength(1);
  });
});

describe('base URLs: Kursa’s own variables, never the SDKs’ reading of process.env', () => {
  let openai: FakeOpenAiResponses;
  let t: TestApp;
  beforeAll(async () => {
    openai = await startFakeOpenAiResponses();
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
    await openai.close();
  });
  afterEach(() => vi.unstubAllEnvs());

  it('a .env copied from .env.example (OPENAI_BASE_URL= and ANTHROPIC_BASE_URL= empty) starts with OpenAI and reaches it, and with Anthropic', async () => {
    vi.stubEnv('OPENAI_BASE_URL', '');
    vi.stubEnv('ANTHROPIC_BASE_URL', '');
    const withOpenAi = await buildTestApp(t.database, {
      env: { OPENAI_API_KEY: 'sk-test-openai', OPENAI_RESPONSES_BASE_URL: openai.url, OPENAI_BASE_URL: '', AI_TIMEOUT_MS: '400' },
    });
    try {
      const a = await company({ ...t, app: withOpenAi });
      const res = await post({ ...t, app: withOpenAi }, a.instructor, 'generate-concept', CONCEPT);
      expect(res.statusCode, res.body).toBe(200);
      expect(openai.requests).toHaveLength(1);
    } finally {
      await withOpenAi.close();
    }
    const withAnthropic = await buildTestApp(t.database, { env: { ANTHROPIC_API_KEY: 'sk-ant-test', ANTHROPIC_BASE_URL: '' } });
    try {
      const { admin } = await company({ ...t, app: withAnthropic });
      const status = await withAnthropic.inject({ method: 'GET', url: '/api/ai/status', headers: { cookie: admin.cookie } });
      expect(status.json()).toMatchObject({ configured: true, admin: { provider: 'anthropic', defaultModel: 'claude-sonnet-4-5' } });
    } finally {
      await withAnthropic.close();
    }
  });

  it('OPENAI_BASE_URL in the process environment does not divert OpenAI: it goes where OPENAI_RESPONSES_BASE_URL says', async () => {
    openai.reset();
    vi.stubEnv('OPENAI_BASE_URL', 'http://127.0.0.1:9/v1');
    const app = await buildTestApp(t.database, {
      env: { OPENAI_API_KEY: 'sk-test-openai', OPENAI_RESPONSES_BASE_URL: openai.url, AI_TIMEOUT_MS: '400' },
    });
    try {
      const a = await company({ ...t, app });
      const res = await post({ ...t, app }, a.instructor, 'generate-concept', CONCEPT);
      expect(res.statusCode, res.body).toBe(200);
      expect(openai.requests).toHaveLength(1);
    } finally {
      await app.close();
    }
  });

  it('OPENAI_RESPONSES_BASE_URL with OPENAI_BASE_URL stops start-up, naming the variable: the one would silently lose to the other', () => {
    expect(() =>
      parseEnv({
        OPENAI_BASE_URL: 'http://localhost:11434/v1',
        AI_MODEL: 'llama3.1',
        OPENAI_RESPONSES_BASE_URL: 'https://eu.api.openai.com/v1',
      }),
    ).toThrow(/OPENAI_RESPONSES_BASE_URL=.*cannot be used with OPENAI_BASE_URL/);
  });
});
