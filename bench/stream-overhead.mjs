// Budget for the AI creator and the assistants: streamed content reaches the browser within 25 ms of the
// provider's first token. A local OpenAI-compatible provider streams an answer (the role chunk,
// then the first content token after a pause, then the rest); the production build of Kursa,
// pointed at it, relays the answer to an HTTP client as Server-Sent Events (Accept:
// text/event-stream). Two calls are measured: the creator's course concepts (a structured answer)
// and an assistant's chat reply in a stored conversation (free text). The overhead is the time from
// the provider writing its first content token to the client reading the first `delta` event — the
// AI SDK's parsing, the runner, our event stream and two loopback hops. Both ends run in this
// process, so they share one clock.
// Usage: npm run build:server && npm run bench:stream   (BENCH_RUNS, default 60; BENCH_PORT, default 5097)
import http from 'node:http';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { startBuiltServer } from './built-server.mjs';

const root = path.resolve(import.meta.dirname, '..');
if (!existsSync(path.join(root, 'dist', 'server', 'server.js'))) {
  console.error('No server build: run `npm run build:server` first.');
  process.exit(1);
}
const RUNS = Number(process.env.BENCH_RUNS ?? 60);
const PORT = Number(process.env.BENCH_PORT ?? 5097);
const BUDGET_MS = 25;

const concept = (title) => ({
  title,
  description: `Et praktisk kursus om ${title.toLowerCase()} for nye medarbejdere på lageret.`,
  learning_objectives: ['Forklare reglerne', 'Anvende tjeklisten', 'Genkende farer'],
  complexity_level: 'beginner',
  duration: '3 uger',
  duration_minutes: 180,
  format: 'video',
  differentiator: `Det særlige ved ${title}`,
});
const CONCEPTS = JSON.stringify({
  concepts: [concept('Sikkerhed på lageret'), concept('Truckkørsel uden uheld'), concept('Ergonomi i hverdagen')],
});
// The first content chunk carries a whole field, so the first partial answer has something in it.
const FIRST = CONCEPTS.indexOf('"description"');
const conceptPieces = [CONCEPTS.slice(0, FIRST), ...(CONCEPTS.slice(FIRST).match(/.{1,24}/gs) ?? [])];
const REPLY = 'Gode læringsmål beskriver, hvad kursisten kan bagefter, med et aktivt udsagnsord: *forklare*, *anvende*, *vurdere*. '.repeat(
  4,
);
const replyPieces = REPLY.match(/.{1,12}/gs) ?? [];

let firstTokenAt = 0;
const provider = http.createServer((req, res) => {
  let body = '';
  req.on('data', (c) => (body += c));
  req.on('end', () => {
    const request = JSON.parse(body);
    const model = request.model;
    // A structured call (the creator) asks for a JSON schema; a chat reply is free text.
    const pieces = request.response_format ? conceptPieces : replyPieces;
    const base = { id: 'chatcmpl-bench', created: Math.floor(Date.now() / 1000), model, object: 'chat.completion.chunk' };
    const send = (chunk) => res.write(`data: ${JSON.stringify({ ...base, ...chunk })}\n\n`);
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
    send({ choices: [{ index: 0, delta: { role: 'assistant', content: '' }, finish_reason: null }] });
    setTimeout(() => {
      firstTokenAt = performance.now();
      send({ choices: [{ index: 0, delta: { content: pieces[0] }, finish_reason: null }] });
      let i = 1;
      const next = setInterval(() => {
        if (i < pieces.length) {
          send({ choices: [{ index: 0, delta: { content: pieces[i++] }, finish_reason: null }] });
          return;
        }
        clearInterval(next);
        send({ choices: [{ index: 0, delta: {}, finish_reason: 'stop' }] });
        send({ choices: [], usage: { prompt_tokens: 200, completion_tokens: 300, total_tokens: 500 } });
        res.end('data: [DONE]\n\n');
      }, 2);
    }, 40);
  });
});
await new Promise((r) => provider.listen(0, '127.0.0.1', r));
const providerUrl = `http://127.0.0.1:${provider.address().port}/v1`;

const server = await startBuiltServer(PORT, {
  OPENAI_BASE_URL: providerUrl,
  AI_MODEL: 'bench-model',
  AI_MONTHLY_TOKENS_PER_COMPANY: '100000000',
  AI_CHAT_MESSAGES_PER_USER_MONTH: '100000',
});
const calls = {
  'the creator (generate-concept)': {
    path: '/api/course-creator/generate-concept',
    body: () => ({ industry: 'Logistik', target_audience: 'Nye lagermedarbejdere' }),
  },
  'an assistant (chat, stored conversation)': {
    path: '/api/chat',
    body: (conversationId) => ({
      aiService: 'learning-coach',
      message: 'Hvordan skriver jeg gode læringsmål?',
      ...(conversationId ? { conversationId } : { save: true }),
    }),
  },
};
let over = false;
try {
  const login = await fetch(`${server.url}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'demo@kursa.example', password: 'kursa-demo-2026' }),
  });
  if (!login.ok) throw new Error(`login ${login.status}`);
  const cookie = login.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  for (const [label, call] of Object.entries(calls)) {
    const overheads = [];
    let conversationId = null;
    for (let run = 0; run < RUNS + 5; run++) {
      const res = await fetch(`${server.url}${call.path}`, {
        method: 'POST',
        headers: { cookie, accept: 'text/event-stream', 'content-type': 'application/json' },
        body: JSON.stringify(call.body(conversationId)),
      });
      if (!res.headers.get('content-type')?.startsWith('text/event-stream'))
        throw new Error(`not a stream: ${res.status} ${await res.text()}`);
      const reader = res.body.getReader();
      const decoder = new TextDecoder();
      let text = '';
      let firstDeltaAt = 0;
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        text += decoder.decode(value, { stream: true });
        if (!firstDeltaAt && text.includes('event: delta')) firstDeltaAt = performance.now();
      }
      if (!text.includes('event: result')) throw new Error(`no result: ${text.slice(-300)}`);
      conversationId ??= /"conversationId":"([^"]+)"/.exec(text)?.[1] ?? null;
      // The first five warm the server up (JIT, connections) and are not counted.
      if (run >= 5) overheads.push(firstDeltaAt - firstTokenAt);
    }
    overheads.sort((x, y) => x - y);
    const at = (q) => overheads[Math.min(overheads.length - 1, Math.ceil(q * overheads.length) - 1)];
    console.log(`${label}: provider's first token → client's first delta, ${RUNS} runs:`);
    console.log(
      `  p50 ${at(0.5).toFixed(1)} ms   p95 ${at(0.95).toFixed(1)} ms   max ${overheads.at(-1).toFixed(1)} ms   (budget ${BUDGET_MS} ms)`,
    );
    console.log(
      at(0.95) <= BUDGET_MS ? `  OK: p95 within ${BUDGET_MS} ms` : `  OVER BUDGET: p95 ${at(0.95).toFixed(1)} ms > ${BUDGET_MS} ms`,
    );
    if (at(0.95) > BUDGET_MS) over = true;
  }
  if (over) process.exitCode = 1;
} finally {
  server.stop();
  provider.close();
}
