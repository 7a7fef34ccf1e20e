import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AiMeter } from '../../src/server/ai/metering.ts';
import { createAiProviders } from '../../src/server/ai/providers.ts';
import { AiRunner } from '../../src/server/ai/run-task.ts';
import { generateConcept } from '../../src/server/ai/tasks/generate-concept/prompt.ts';
import { parseEnv } from '../../src/server/env.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { danishConcepts, fakeAiEnv, lastUserOf } from '../helpers/ai.ts';
import { company, type Company } from '../helpers/courses.ts';
import { answer, startFakeOpenAi, type FakeAnswer, type FakeOpenAi, type RecordedRequest } from '../helpers/fake-openai.ts';

// The adaptive limit on requests in flight to a provider, through the real runner and the AI
// SDK against a fake OpenAI-compatible server: it halves when the provider answers 429 or stops
// answering, grows while it is used fully and the provider keeps up, and hands freed slots to the
// company with the fewest requests in flight. No retries here: each run is one request.

const NO_RETRY = { retries: 0, baseDelayMs: 10, maxDelayMs: 1000 };

let ai: FakeOpenAi;
let t: TestApp;
let a: Company;
let b: Company;
beforeAll(async () => {
  ai = await startFakeOpenAi();
  t = await createTestApp();
  a = await company(t);
  b = await company(t);
});
afterAll(async () => {
  await t.close();
  await ai.close();
});

/** The fake's requests as they arrived, with how many were in flight at the fake then (this one counted). */
let arrivals: { company: string; inFlight: number }[] = [];
let inFlight = 0;
beforeEach(() => {
  ai.reset();
  arrivals = [];
  inFlight = 0;
});

/** Answers every request with `reply`, counting requests in flight at the fake until its answer is sent. */
function answerAll(reply: (request: RecordedRequest) => FakeAnswer & { delayMs: number }) {
  ai.answerWith((request) => {
    const chosen = reply(request);
    inFlight++;
    arrivals.push({ company: lastUserOf(request).includes('Firma B') ? 'B' : 'A', inFlight });
    setTimeout(() => inFlight--, chosen.delayMs);
    return chosen;
  });
}

function runner(concurrency: { initial: number; max: number }, timeoutMs = 10_000) {
  const env = parseEnv(fakeAiEnv(ai.url, { AI_TIMEOUT_MS: String(timeoutMs) }));
  return new AiRunner(createAiProviders(env), new AiMeter(t.db, env.AI_MONTHLY_TOKENS_PER_COMPANY), {
    timeoutMs,
    retry: NO_RETRY,
    log: t.app.log,
    concurrency,
  });
}

const run = (r: AiRunner, who: Company, name = 'Firma A') =>
  r.run(
    generateConcept,
    { industry: `Logistik hos ${name}`, target_audience: 'Nye lagermedarbejdere' },
    { organisationId: who.admin.organisationId, userId: who.instructor.id, isAdmin: false, language: 'da' },
  );
const runs = (r: AiRunner, n: number, who: Company = a, name?: string) =>
  Promise.allSettled(Array.from({ length: n }, () => run(r, who, name)));

describe("a provider's adaptive limit", () => {
  it('halves once for a round of 429s, and again when the next round is refused too', async () => {
    // Slow enough refusals that all eight are sent before the first comes back (each run first
    // reserves its tokens, one after another on the company's row).
    answerAll(() => ({ ...answer.status(429), delayMs: 400 }));
    const r = runner({ initial: 8, max: 64 });
    const first = await runs(r, 8);
    expect(first.every((o) => o.status === 'rejected')).toBe(true);
    // Eight refusals of requests sent together say one thing: too many. One halving, not eight.
    expect(r.capacity()).toBe(4);
    arrivals = [];
    await runs(r, 8);
    expect(Math.max(...arrivals.map((x) => x.inFlight))).toBeLessThanOrEqual(4);
    // The first refusal under 4 halves again; requests already sent under 4 add nothing.
    expect(r.capacity()).toBeLessThanOrEqual(2);
    expect(r.capacity()).toBeGreaterThanOrEqual(1);
  });

  it('halves when the provider does not answer within the timeout', async () => {
    ai.answerWith(() => answer.hang());
    const r = runner({ initial: 4, max: 64 }, 500);
    const outcomes = await runs(r, 4);
    expect(outcomes.every((o) => o.status === 'rejected')).toBe(true);
    expect(r.capacity()).toBe(2);
  });

  it('grows by one per full round of successes while requests wait, up to its most, never past it', async () => {
    answerAll(() => ({ ...answer.json(danishConcepts()), delayMs: 150 }));
    const r = runner({ initial: 2, max: 5 });
    const outcomes = await runs(r, 40);
    expect(outcomes.every((o) => o.status === 'fulfilled')).toBe(true);
    // Growing to 3 takes two successes: until then, at most the first two were in flight.
    expect(Math.max(...arrivals.slice(0, 3).map((x) => x.inFlight))).toBeLessThanOrEqual(2);
    expect(Math.max(...arrivals.map((x) => x.inFlight))).toBe(5);
    expect(r.capacity()).toBe(5);
  });

  it('does not grow while nothing waits for it', async () => {
    answerAll(() => ({ ...answer.json(danishConcepts()), delayMs: 5 }));
    const r = runner({ initial: 2, max: 64 });
    for (let i = 0; i < 10; i++) await run(r, a);
    expect(r.capacity()).toBe(2);
  });

  it('gives a freed slot to the company with the fewest requests in flight, so a second company does not wait behind a large job', async () => {
    answerAll(() => ({ ...answer.json(danishConcepts()), delayMs: 200 }));
    const r = runner({ initial: 4, max: 4 });
    const first = runs(r, 12, a, 'Firma A');
    // Company A holds the four slots and has eight more waiting when company B asks for four.
    while (ai.requests.length < 4) await new Promise((resolve) => setTimeout(resolve, 5));
    const second = runs(r, 4, b, 'Firma B');
    const [ofA, ofB] = await Promise.all([first, second]);
    expect([...ofA, ...ofB].every((o) => o.status === 'fulfilled')).toBe(true);
    const order = arrivals.map((x) => x.company).join('');
    expect(order.slice(0, 4)).toBe('AAAA');
    // In order of asking, B's four would come after A's twelve (positions 12–15); shared fairly,
    // B takes the freed slots until it has as many in flight as A.
    const positionsOfB = [...order].flatMap((c, i) => (c === 'B' ? [i] : []));
    expect(positionsOfB).toHaveLength(4);
    expect(Math.max(...positionsOfB)).toBeLessThan(10);
    expect(Math.max(...arrivals.map((x) => x.inFlight))).toBeLessThanOrEqual(4);
  });
});
