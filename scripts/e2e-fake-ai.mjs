// The AI provider of the browser tests' servers: the fake OpenAI-compatible server the
// API tests use, a real local HTTP server the product's AI SDK client talks to unchanged. Specs
// script its answers through a small control server whose address they read from a file named by
// the e2e port (tests/e2e/fake-ai.ts).
import { rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** Starts the fake provider and its control server for the e2e server on `port`; answers the provider's URL and a close(). */
export async function startE2eFakeAi(port) {
  const { startFakeOpenAi } = await import('../tests/helpers/fake-openai.ts');
  const ai = await startFakeOpenAi();
  const controlFile = path.join(tmpdir(), `kursa-e2e-ai-${port}.json`);
  const translated = (request, prefix, fail) => {
    const first = request.messages.find((m) => m.role === 'user')?.content ?? '';
    const match = /<kursa-data name="segments">\n([\s\S]*?)\n<\/kursa-data>/.exec(first);
    if (!match) return { kind: 'schema' };
    // A translator that fails answers with no segments at all: invalid, re-asked once, then the step fails.
    if (fail) return { kind: 'json', value: { segments: [] } };
    return { kind: 'json', value: { segments: JSON.parse(match[1]).map((s) => ({ id: s.id, text: `${prefix}${s.text.trim()}` })) } };
  };
  const control = createServer((req, res) => {
    const chunks = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      const body = chunks.length ? JSON.parse(Buffer.concat(chunks).toString('utf8')) : null;
      if (req.method === 'POST' && req.url === '/script') ai.script(...body);
      else if (req.method === 'POST' && req.url === '/reset') ai.reset();
      // Translation requests answered by "translating" each segment of their data block to `<prefix><text>` (or failing).
      else if (req.method === 'POST' && req.url === '/translator')
        ai.answerWith((request) => translated(request, body?.prefix ?? 'EN:', body?.fail === true));
      else if (!(req.method === 'GET' && req.url === '/requests')) return void res.writeHead(404).end();
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ requests: ai.requests.length }));
    });
  });
  await new Promise((resolve) => control.listen(0, '127.0.0.1', resolve));
  writeFileSync(controlFile, JSON.stringify({ url: `http://127.0.0.1:${control.address().port}` }));
  return {
    url: ai.url,
    close: () => {
      control.close();
      void ai.close();
      rmSync(controlFile, { force: true });
    },
  };
}
