import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FakeAnswer } from '../helpers/fake-openai.ts';

/**
 * The AI provider of the e2e server: scripts/e2e-server.mjs runs the fake OpenAI-compatible
 * server (tests/helpers/fake-openai.ts) and a control server whose address it leaves in a file.
 * Unscripted calls get JSON made from the schema they sent.
 */
const controlFile = path.join(tmpdir(), `kursa-e2e-ai-${process.env.E2E_PORT ?? '5055'}.json`);

async function control(method: 'GET' | 'POST', route: string, body?: unknown): Promise<{ requests: number }> {
  const { url } = JSON.parse(readFileSync(controlFile, 'utf8')) as { url: string };
  const response = await fetch(`${url}${route}`, {
    method,
    ...(body !== undefined && { body: JSON.stringify(body), headers: { 'content-type': 'application/json' } }),
  });
  if (!response.ok) throw new Error(`fake AI control ${route}: ${response.status}`);
  return (await response.json()) as { requests: number };
}

export const fakeAi = {
  /** The next calls' answers, in order (see `answer` in tests/helpers/fake-openai.ts). */
  script: (...answers: FakeAnswer[]) => control('POST', '/script', answers),
  reset: () => control('POST', '/reset'),
  /** Translation requests are answered with each segment "translated" to `<prefix><text>`; others from their schema. */
  translator: (prefix = 'EN:') => control('POST', '/translator', { prefix }),
  /** Translation requests are answered with no segments (invalid, so every translation step fails); others from their schema. */
  failingTranslator: () => control('POST', '/translator', { fail: true }),
  requestCount: async () => (await control('GET', '/requests')).requests,
};
