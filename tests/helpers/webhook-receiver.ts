import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A request the receiver got: its headers and body as sent. */
export interface Received {
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: string;
  json: { id: string; type: string; createdAt: string; companyId: string; data: Record<string, unknown> };
  /** What the receiver answered it. */
  answered: number;
}

/**
 * A company's system hearing webhooks, on this machine: it records every request and answers each
 * with the next status queued by `answerNext` (200 when none is).
 */
export async function startWebhookReceiver() {
  const received: Received[] = [];
  const answers: number[] = [];
  let beforeAnswer: (() => Promise<unknown>) | undefined;
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', async () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const answered = answers.shift() ?? 200;
      received.push({ path: request.url ?? '', headers: request.headers, body, json: JSON.parse(body) as Received['json'], answered });
      const before = beforeAnswer;
      beforeAnswer = undefined;
      await before?.();
      response.writeHead(answered, { 'content-type': 'text/plain' }).end(answered < 300 ? 'thanks' : 'not now');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: (path = '/hook') => `http://127.0.0.1:${port}${path}`,
    received,
    answerNext: (...statuses: number[]) => void answers.push(...statuses),
    /** Runs `action` once, after the next request arrives and before it is answered. */
    beforeNextAnswer: (action: () => Promise<unknown>) => void (beforeAnswer = action),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Checks a request's Kursa-Signature the way a receiver should: HMAC-SHA256 of `<t>.<body>` under the secret. */
export function signatureValid(received: Received, secret: string): boolean {
  const header = String(received.headers['kursa-signature'] ?? '');
  const parts = Object.fromEntries(header.split(',').map((p) => p.split('=') as [string, string]));
  if (!parts.t || !parts.v1 || !/^\d+$/.test(parts.t)) return false;
  const expected = createHmac('sha256', secret).update(`${parts.t}.${received.body}`).digest();
  const given = Buffer.from(parts.v1, 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}
