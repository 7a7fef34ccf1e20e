import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { monthOf } from '../../src/server/ai/metering.ts';
import { newId } from '../../src/server/security/tokens.ts';
import { buildTestApp, createTestApp, type TestApp } from '../helpers/app.ts';
import { danishConcepts, FAST_RETRY, fakeAiEnv } from '../helpers/ai.ts';
import { call, company, type Company, type Person } from '../helpers/courses.ts';
import { answer, startFakeOpenAi, type FakeOpenAi } from '../helpers/fake-openai.ts';

// The AI limits hold under parallel requests, on one instance and across two on one database: a
// chat message counts when it is accepted, and a run reserves its tokens before the provider is
// asked, settling to the metered figure when it ends.

const LIMIT = 5;
const QUOTA = 60_000;
const CONCEPT = { industry: 'Logistik', target_audience: 'Nye lagermedarbejdere' };
/** What one concept run costs at the fake provider. */
const RUN = { promptTokens: 3000, completionTokens: 291 };

let ai: FakeOpenAi;
let t: TestApp;
let second: FastifyInstance;
// A generous idle timeout: on a busy machine a request cut and retried would change what is metered.
const options = () => ({
  env: fakeAiEnv(ai.url, {
    AI_CHAT_MESSAGES_PER_USER_MONTH: String(LIMIT),
    AI_MONTHLY_TOKENS_PER_COMPANY: String(QUOTA),
    AI_TIMEOUT_MS: '20000',
  }),
  aiRetry: FAST_RETRY,
});
beforeAll(async () => {
  ai = await startFakeOpenAi();
  t = await createTestApp(options());
  // Another instance on the same database.
  second = await buildTestApp(t.database, options());
});
afterAll(async () => {
  await second.close();
  await t.close();
  await ai.close();
});
beforeEach(() => ai.reset());

const on = (app: FastifyInstance, who: Person, url: string, payload: unknown) =>
  app.inject({
    method: 'POST',
    url,
    headers: { cookie: who.cookie, 'accept-language': 'en' },
    payload: payload as Record<string, unknown>,
  });
const chat = (app: FastifyInstance, who: Person, message: string) => on(app, who, '/api/chat', { aiService: 'learning-coach', message });

const tokenMonth = (organisationId: string) =>
  t.db
    .selectFrom('ai_token_months')
    .selectAll()
    .where('organisation_id', '=', organisationId)
    .where('month', '=', monthOf(new Date()).month)
    .executeTakeFirst();
const reservations = (organisationId: string) =>
  t.db.selectFrom('ai_token_reservations').selectAll().where('organisation_id', '=', organisationId).execute();

/** The company has spent all but `left` of this month's tokens. */
async function spend(c: Company, left: number) {
  await t.db
    .insertInto('ai_usage')
    .values({
      id: newId(),
      organisation_id: c.admin.organisationId,
      user_id: null,
      task: 'generate-lesson',
      provider: 'openai-compatible',
      model: 'test-model',
      input_tokens: QUOTA - left,
      output_tokens: 0,
      requests: 1,
      duration_ms: 1,
      outcome: 'ok',
      created_at: new Date().toISOString(),
    })
    .execute();
}

const codes = (responses: { statusCode: number; json(): { code?: string } }[]) =>
  responses.map((r) => (r.statusCode === 200 ? 200 : `${r.statusCode} ${r.json().code}`));
const count = (list: unknown[], value: unknown) => list.filter((v) => v === value).length;

describe('the monthly chat limit', () => {
  beforeEach(() => ai.answerWith(() => answer.text('Et godt spørgsmål.', { delayMs: 50 })));

  it('20 parallel messages from one user with a limit of 5: exactly 5 are answered, 15 are refused 429 CHAT_LIMIT_REACHED', async () => {
    const c = await company(t);
    const results = codes(await Promise.all(Array.from({ length: 20 }, (_, i) => chat(t.app, c.learner, `Spørgsmål ${i}`))));
    expect(count(results, 200)).toBe(LIMIT);
    expect(count(results, '429 CHAT_LIMIT_REACHED')).toBe(20 - LIMIT);
    expect(ai.requests).toHaveLength(LIMIT);
    const month = await t.db.selectFrom('ai_chat_months').select('messages').where('user_id', '=', c.learner.id).executeTakeFirstOrThrow();
    expect(Number(month.messages)).toBe(LIMIT);
  });

  it('the same split across two app instances on one database: exactly 5', async () => {
    const c = await company(t);
    const results = codes(
      await Promise.all(Array.from({ length: 20 }, (_, i) => chat(i % 2 === 0 ? t.app : second, c.learner, `Spørgsmål ${i}`))),
    );
    expect(count(results, 200)).toBe(LIMIT);
    expect(count(results, '429 CHAT_LIMIT_REACHED')).toBe(20 - LIMIT);
    expect(ai.requests).toHaveLength(LIMIT);
  });

  it('a message refused for the company’s quota is not counted against the user', async () => {
    const c = await company(t);
    await spend(c, 0);
    const refused = await chat(t.app, c.learner, 'Hej');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().code).toBe('AI_QUOTA_EXCEEDED');
    const month = await t.db.selectFrom('ai_chat_months').select('messages').where('user_id', '=', c.learner.id).executeTakeFirst();
    expect(Number(month?.messages ?? 0)).toBe(0);
    expect(await reservations(c.admin.organisationId)).toEqual([]);
  });
});

describe('the company’s token quota', () => {
  it('20 parallel concept generations with 300 tokens left: only the run admitted while under the quota runs, the rest are refused 429 AI_QUOTA_EXCEEDED', async () => {
    const c = await company(t);
    await spend(c, 300);
    ai.answerWith(() => answer.json(danishConcepts(), { usage: RUN, delayMs: 50 }));
    const results = codes(
      await Promise.all(Array.from({ length: 20 }, () => on(t.app, c.instructor, '/api/course-creator/generate-concept', CONCEPT))),
    );
    // A run reserves more than 300 tokens, so the first one admitted takes the company past its quota.
    expect(count(results, 200)).toBe(1);
    expect(count(results, '429 AI_QUOTA_EXCEEDED')).toBe(19);
    expect(ai.requests).toHaveLength(1);
    // The overshoot is that one run's own tokens.
    const status = (await call(t, c.admin, 'GET', '/api/ai/status')).json();
    expect(status.admin.usage).toMatchObject({ totalTokens: QUOTA - 300 + RUN.promptTokens + RUN.completionTokens, remainingTokens: 0 });
    expect(await tokenMonth(c.admin.organisationId)).toMatchObject({
      used_tokens: QUOTA - 300 + RUN.promptTokens + RUN.completionTokens,
      reserved_tokens: 0,
    });
  });

  it('the same split across two app instances: still only one run', async () => {
    const c = await company(t);
    await spend(c, 300);
    ai.answerWith(() => answer.json(danishConcepts(), { usage: RUN, delayMs: 50 }));
    const results = codes(
      await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          on(i % 2 === 0 ? t.app : second, c.instructor, '/api/course-creator/generate-concept', CONCEPT),
        ),
      ),
    );
    expect(count(results, 200)).toBe(1);
    expect(count(results, '429 AI_QUOTA_EXCEEDED')).toBe(19);
    expect(ai.requests).toHaveLength(1);
  });

  it('a run the provider fails gives its reservation back: nothing was metered, and the next run is admitted', async () => {
    const c = await company(t);
    await spend(c, 300);
    ai.script(answer.status(500), answer.status(500), answer.status(500));
    const failed = await on(t.app, c.instructor, '/api/course-creator/generate-concept', CONCEPT);
    expect(failed.statusCode).toBe(503);
    expect(failed.json().code).toBe('AI_PROVIDER_UNAVAILABLE');
    expect(await tokenMonth(c.admin.organisationId)).toMatchObject({ used_tokens: QUOTA - 300, reserved_tokens: 0 });
    expect(await reservations(c.admin.organisationId)).toEqual([]);
    ai.answerWith(() => answer.json(danishConcepts(), { usage: RUN }));
    expect((await on(t.app, c.instructor, '/api/course-creator/generate-concept', CONCEPT)).statusCode).toBe(200);
  });

  it('a run that fails after the provider counted tokens keeps those, and only those', async () => {
    const c = await company(t);
    const bad = { usage: { promptTokens: 700, completionTokens: 50 } };
    ai.script(answer.json({ concepts: [] }, bad), answer.json({ concepts: [] }, bad));
    const failed = await on(t.app, c.instructor, '/api/course-creator/generate-concept', CONCEPT);
    expect(failed.statusCode).toBe(502);
    expect(failed.json().code).toBe('AI_BAD_OUTPUT');
    expect(await tokenMonth(c.admin.organisationId)).toMatchObject({ used_tokens: 1500, reserved_tokens: 0 });
    expect(await reservations(c.admin.organisationId)).toEqual([]);
  });

  it('a chat holds its estimate while the reply is written; the metered figure replaces it when it ends', async () => {
    const c = await company(t);
    const base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    ai.answerWith(() =>
      answer.text('Et svar, der skrives langsomt, stykke for stykke, så det tager lidt tid.', {
        usage: { promptTokens: 321, completionTokens: 45 },
        chunkDelayMs: 20,
      }),
    );
    const res = await fetch(`${base}/api/chat`, {
      method: 'POST',
      headers: { cookie: c.learner.cookie, accept: 'text/event-stream', 'content-type': 'application/json', connection: 'close' },
      body: JSON.stringify({ aiService: 'learning-coach', message: 'Hvad er vigtigst?' }),
    });
    expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
    let text = '';
    // The stream starts once the message is admitted: its reservation is in the database by then.
    while (!text.includes('event: start')) text += (await reader.read()).value ?? '';
    const held = await reservations(c.admin.organisationId);
    expect(held).toHaveLength(1);
    expect(Number(held[0]!.tokens)).toBeGreaterThanOrEqual(4000);
    expect(await tokenMonth(c.admin.organisationId)).toMatchObject({ used_tokens: 0, reserved_tokens: Number(held[0]!.tokens) });
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      text += value;
    }
    expect(text).toContain('event: result');
    expect(await reservations(c.admin.organisationId)).toEqual([]);
    expect(await tokenMonth(c.admin.organisationId)).toMatchObject({ used_tokens: 366, reserved_tokens: 0 });
  });

  it('a reservation left by an instance that died holds until it expires, then is given back', async () => {
    const c = await company(t);
    const organisationId = c.admin.organisationId;
    const { month } = monthOf(new Date());
    await t.db
      .insertInto('ai_token_months')
      .values({ organisation_id: organisationId, month, used_tokens: 0, reserved_tokens: QUOTA })
      .execute();
    const id = newId();
    await t.db
      .insertInto('ai_token_reservations')
      .values({ id, organisation_id: organisationId, month, tokens: QUOTA, expires_at: new Date(Date.now() + 60_000).toISOString() })
      .execute();
    ai.answerWith(() => answer.json(danishConcepts(), { usage: RUN }));
    const held = await on(t.app, c.instructor, '/api/course-creator/generate-concept', CONCEPT);
    expect(held.statusCode).toBe(429);
    expect(held.json().code).toBe('AI_QUOTA_EXCEEDED');
    await t.db
      .updateTable('ai_token_reservations')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('id', '=', id)
      .execute();
    expect((await on(t.app, c.instructor, '/api/course-creator/generate-concept', CONCEPT)).statusCode).toBe(200);
    expect(await reservations(organisationId)).toEqual([]);
    expect(await tokenMonth(organisationId)).toMatchObject({ used_tokens: RUN.promptTokens + RUN.completionTokens, reserved_tokens: 0 });
  });
});
