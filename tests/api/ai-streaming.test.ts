import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { danishConcepts, FAST_RETRY, fakeAiEnv } from '../helpers/ai.ts';
import { company, type Company } from '../helpers/courses.ts';
import { answer, startFakeOpenAi, type FakeOpenAi } from '../helpers/fake-openai.ts';

// An AI call read as it is written. With Accept: text/event-stream the course creator's
// calls answer Server-Sent Events — the answer so far, then the result — over a real HTTP server.
let ai: FakeOpenAi;
let t: TestApp;
let a: Company;
let base: string;
beforeAll(async () => {
  ai = await startFakeOpenAi();
  t = await createTestApp({ env: fakeAiEnv(ai.url), aiRetry: FAST_RETRY });
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  a = await company(t);
});
afterAll(async () => {
  await t.close();
  await ai.close();
});
beforeEach(() => ai.reset());

const CONCEPT = { industry: 'Logistik', target_audience: 'Nye lagermedarbejdere' };

interface Event {
  event: string;
  data: Record<string, unknown>;
}

async function streamed(
  cookie: string,
  body: unknown,
  language = 'da',
  path = '/api/course-creator/generate-concept',
): Promise<{ status: number; type: string | null; csp: string | null; events: Event[]; json?: unknown }> {
  const res = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: { cookie, accept: 'text/event-stream', 'content-type': 'application/json', 'accept-language': language },
    body: JSON.stringify(body),
  });
  const type = res.headers.get('content-type');
  const csp = res.headers.get('content-security-policy');
  if (!type?.startsWith('text/event-stream')) return { status: res.status, type, csp, events: [], json: await res.json() };
  const text = await res.text();
  const events = text
    .split('\n\n')
    .filter(Boolean)
    .map((block) => ({ event: /^event: (.*)$/m.exec(block)![1]!, data: JSON.parse(/^data: (.*)$/m.exec(block)![1]!) }));
  return { status: res.status, type, csp, events };
}

describe('an AI answer as it is written', () => {
  it('sends the answer so far, then the same result the JSON answer gives', async () => {
    ai.script(answer.json(danishConcepts()));
    const res = await streamed(a.instructor.cookie, CONCEPT);
    expect(res.status).toBe(200);
    // The stream writes its own headers; the security headers go out with them all the same.
    expect(res.csp).toContain("frame-ancestors 'none'");
    const deltas = res.events.filter((e) => e.event === 'delta');
    expect(deltas.length).toBeGreaterThan(0);
    // A delta is the answer so far: here it is not yet the whole answer.
    expect(JSON.stringify(deltas[0]!.data.partial).length).toBeLessThan(JSON.stringify(danishConcepts()).length);
    expect(deltas[0]!.data.ask).toBe(0);
    const last = res.events.at(-1)!;
    expect(last.event).toBe('result');
    expect(last.data).toEqual({ ...danishConcepts(), language: 'da', source: { provider: 'openai-compatible', model: 'test-model' } });
    expect(res.events.filter((e) => e.event === 'result')).toHaveLength(1);
  });

  it('starts over after a re-ask: its deltas say ask 1', async () => {
    ai.script(answer.text('{"concepts":[{"title":"Kun én"'), answer.json(danishConcepts()));
    const res = await streamed(a.instructor.cookie, CONCEPT);
    const asks = res.events.filter((e) => e.event === 'delta').map((e) => e.data.ask);
    expect(asks).toContain(0);
    expect(asks.at(-1)).toBe(1);
    expect(res.events.at(-1)!.event).toBe('result');
  });

  it('ends with an error event when the answer began but stayed invalid', async () => {
    ai.script(answer.text('{"concepts":[{"title":"Kun én"'), answer.text('{"concepts":[{"title":"Stadig kun én"'));
    const res = await streamed(a.instructor.cookie, CONCEPT, 'en');
    expect(res.events.some((e) => e.event === 'delta')).toBe(true);
    expect(res.events.at(-1)).toEqual({ event: 'error', data: { status: 502, code: 'AI_BAD_OUTPUT', message: expect.any(String) } });
    expect(res.events.some((e) => e.event === 'result')).toBe(false);
  });

  it('refuses with an ordinary HTTP error before anything is written', async () => {
    ai.script(answer.status(500), answer.status(500), answer.status(500));
    const down = await streamed(a.instructor.cookie, CONCEPT);
    expect(down).toMatchObject({ status: 503, json: { code: 'AI_PROVIDER_UNAVAILABLE' } });
    const learner = await streamed(a.learner.cookie, CONCEPT);
    expect(learner.status).toBe(403);
    const invalid = await streamed(a.instructor.cookie, { industry: '' });
    expect(invalid.status).toBe(400);
  });
});

describe('generated lesson content as it is written', () => {
  const lesson = {
    title: 'Sikre løft',
    introduction: 'De fleste rygskader på et lager kommer af forkerte løft.',
    sections: [
      { heading: 'Planlæg løftet', paragraphs: ['Se på byrden og ruten, før du løfter noget tungt.'], bullets: ['Ryd ruten'] },
      { heading: 'Løft med benene', paragraphs: ['Bøj knæene, hold ryggen ret og byrden tæt på kroppen.'], bullets: [] },
    ],
    key_points: ['Planlæg hvert løft', 'Bøj knæene', 'Bed om hjælp'],
    summary: 'Sikre løft er en vane.',
  };

  it('sends the lesson so far, then the same item the JSON answer gives: its text, document and source', async () => {
    const body = { lesson_title: 'Sikre løft', content_type: 'lesson', duration: 30, difficulty: 'beginner' };
    ai.script(answer.json(lesson));
    const res = await streamed(a.instructor.cookie, body, 'da', '/api/course-creator/generate-content');
    expect(res.status).toBe(200);
    const deltas = res.events.filter((e) => e.event === 'delta');
    expect(deltas.length).toBeGreaterThan(0);
    expect(JSON.stringify(deltas[0]!.data.partial).length).toBeLessThan(JSON.stringify(lesson).length);
    const last = res.events.at(-1)!;
    expect(last.event).toBe('result');
    expect(last.data).toMatchObject({
      type: 'lesson',
      title: 'Sikre løft',
      structured: lesson,
      source: { provider: 'openai-compatible', model: 'test-model' },
    });
    expect(last.data.content).toContain('Løft med benene');

    // The same call as JSON answers the same item.
    ai.script(answer.json(lesson));
    const json = await t.app.inject({
      method: 'POST',
      url: '/api/course-creator/generate-content',
      headers: { cookie: a.instructor.cookie },
      payload: body,
    });
    expect(json.statusCode).toBe(200);
    const { metadata: _jsonMeta, ...fromJson } = json.json<Record<string, unknown>>();
    const { metadata: _streamMeta, ...fromStream } = last.data;
    expect(fromStream).toEqual(fromJson);
  });
});
