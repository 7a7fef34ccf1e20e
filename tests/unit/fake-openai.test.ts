import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answer, startFakeOpenAi, type FakeOpenAi } from '../helpers/fake-openai.ts';

// The fake OpenAI-compatible server that the AI tests (and later the job tests and benchmarks)
// use: its protocol as a plain client sees it.

let ai: FakeOpenAi;
beforeAll(async () => {
  ai = await startFakeOpenAi();
});
afterAll(async () => ai.close());

const SCHEMA = {
  type: 'object',
  properties: {
    items: {
      type: 'array',
      minItems: 2,
      items: {
        type: 'object',
        properties: { name: { type: 'string', minLength: 3 }, level: { enum: ['a', 'b'] }, n: { type: 'integer', minimum: 5 } },
        required: ['name', 'level', 'n'],
      },
    },
  },
  required: ['items'],
};

const chat = (body: object) =>
  fetch(`${ai.url}/chat/completions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ model: 'm', messages: [{ role: 'user', content: 'Hej' }], ...body }),
  });

describe('fake OpenAI-compatible server', () => {
  it('answers a json_schema request, not streamed, with JSON valid for the schema and its usage', async () => {
    const res = await chat({ response_format: { type: 'json_schema', json_schema: { name: 'x', schema: SCHEMA } } });
    const body = await res.json();
    expect(body.object).toBe('chat.completion');
    const content = JSON.parse(body.choices[0].message.content);
    expect(content.items).toHaveLength(2);
    expect(content.items[0]).toMatchObject({ level: expect.stringMatching(/^[ab]$/), n: 5 });
    expect(content.items[0].name).not.toBe(content.items[1].name);
    expect(body.usage.prompt_tokens).toBeGreaterThan(0);
    expect(ai.requests.at(-1)).toMatchObject({ model: 'm', stream: false, schema: SCHEMA, messages: [{ role: 'user', content: 'Hej' }] });
  });

  it('streams server-sent chunks, a usage chunk when asked, then [DONE]', async () => {
    ai.script(answer.json({ ok: true }, { usage: { promptTokens: 7, completionTokens: 3 } }));
    const text = await (await chat({ stream: true, stream_options: { include_usage: true } })).text();
    const events = text.trim().split('\n\n');
    expect(events.at(-1)).toBe('data: [DONE]');
    const chunks = events.slice(0, -1).map((e) => JSON.parse(e.replace(/^data: /, '')));
    expect(chunks.map((c) => c.choices[0]?.delta?.content ?? '').join('')).toBe('{"ok":true}');
    expect(chunks.at(-1).usage).toEqual({ prompt_tokens: 7, completion_tokens: 3, total_tokens: 10 });
  });

  it('answers scripted errors in order, with Retry-After', async () => {
    ai.script(answer.status(429, { retryAfterSeconds: 2 }), answer.status(500));
    const limited = await chat({});
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('2');
    expect((await chat({})).status).toBe(500);
    expect((await chat({})).status).toBe(200);
  });
});
