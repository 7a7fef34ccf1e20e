import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AiMeter } from '../../src/server/ai/metering.ts';
import { createAiProviders } from '../../src/server/ai/providers.ts';
import { AiRunner } from '../../src/server/ai/run-task.ts';
import { generateConcept } from '../../src/server/ai/tasks/generate-concept/prompt.ts';
import { parseEnv } from '../../src/server/env.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { danishConcepts, FAST_RETRY, fakeAiEnv, usageRows } from '../helpers/ai.ts';
import { company, type Company } from '../helpers/courses.ts';
import { answer, startFakeOpenAi, type FakeOpenAi } from '../helpers/fake-openai.ts';

// The runner as a durable job step calls it: its own signal, streamed partial output, and the
// usage it hands back (and has metered).

const INPUT = { industry: 'Logistik', target_audience: 'Nye lagermedarbejdere' };

let ai: FakeOpenAi;
let t: TestApp;
let a: Company;
let runner: AiRunner;
beforeAll(async () => {
  ai = await startFakeOpenAi();
  t = await createTestApp();
  a = await company(t);
  const env = parseEnv(fakeAiEnv(ai.url, { AI_TIMEOUT_MS: '10000' }));
  runner = new AiRunner(createAiProviders(env), new AiMeter(t.db, env.AI_MONTHLY_TOKENS_PER_COMPANY), {
    timeoutMs: env.AI_TIMEOUT_MS,
    retry: FAST_RETRY,
    log: t.app.log,
  });
});
afterAll(async () => {
  await t.close();
  await ai.close();
});
beforeEach(() => ai.reset());

const context = (extra: object = {}) => ({
  organisationId: a.admin.organisationId,
  userId: a.instructor.id,
  isAdmin: false,
  language: 'da' as const,
  ...extra,
});

describe('AiRunner.run', () => {
  it('streams the answer as it grows, then returns it with its usage, model and duration', async () => {
    ai.script(answer.json(danishConcepts(), { usage: { promptTokens: 40, completionTokens: 60 } }));
    const partials: unknown[] = [];
    const result = await runner.run(
      generateConcept,
      INPUT,
      context({ onDelta: (partial: unknown, info: { ask: number }) => partials.push({ partial, ...info }) }),
    );
    expect(result).toMatchObject({
      output: danishConcepts(),
      usage: { inputTokens: 40, outputTokens: 60 },
      provider: 'openai-compatible',
      model: 'test-model',
      requests: 1,
    });
    expect(result.durationMs).toBeGreaterThanOrEqual(0);
    // The fake streams the JSON in pieces: the caller saw it grow, and the last piece is the whole.
    expect(partials.length).toBeGreaterThan(1);
    expect(partials.at(-1)).toEqual({ partial: danishConcepts(), ask: 0 });
  });

  it("ends when the caller's signal aborts, with the signal's reason, and meters the run as aborted", async () => {
    ai.script(answer.hang());
    const controller = new AbortController();
    const reason = new Error('job cancelled');
    const run = runner.run(generateConcept, INPUT, context({ signal: controller.signal }));
    await expect.poll(() => ai.requests.length).toBe(1);
    controller.abort(reason);
    await expect(run).rejects.toBe(reason);
    expect(ai.requests).toHaveLength(1);
    expect((await usageRows(t.db, a.admin.organisationId)).at(-1)).toMatchObject({ outcome: 'aborted', requests: 1 });
  });
});

describe('AiRunner.assertAvailable', () => {
  it('refuses before any work, as a job would check before it is queued: no provider 503, a spent quota 429', async () => {
    const log = t.app.log;
    const none = new AiRunner(createAiProviders(parseEnv({})), new AiMeter(t.db, 1000), { timeoutMs: 1000, retry: FAST_RETRY, log });
    await expect(none.assertAvailable(a.admin.organisationId, true)).rejects.toMatchObject({
      code: 'AI_NOT_CONFIGURED',
      status: 503,
      messageKey: 'ai.notConfiguredAdmin',
    });
    const spent = new AiRunner(createAiProviders(parseEnv(fakeAiEnv(ai.url))), new AiMeter(t.db, 0), {
      timeoutMs: 1000,
      retry: FAST_RETRY,
      log,
    });
    await expect(spent.assertAvailable(a.admin.organisationId, false)).rejects.toMatchObject({ code: 'AI_QUOTA_EXCEEDED', status: 429 });
    await expect(runner.assertAvailable(a.admin.organisationId, false)).resolves.toBeUndefined();
    expect(ai.requests).toHaveLength(0);
  });
});
