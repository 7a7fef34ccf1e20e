import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeCvrApi {
  url: string;
  requests: { path: string; userAgent: string | undefined }[];
  close(): Promise<void>;
}

/** An answer, optionally after a pause (a registry that is slow but healthy), or none at all. */
type Answer = { status: number; body: string; contentType?: string; delayMs?: number } | 'hang';

/**
 * A local HTTP server that answers as cvrapi.dk does: a company as JSON, or {"error": CODE}.
 * The CVR number decides the answer; unknown numbers are NOT_FOUND.
 */
export async function startFakeCvrApi(answers: Record<string, Answer>): Promise<FakeCvrApi> {
  const requests: FakeCvrApi['requests'] = [];
  const hanging = new Set<IncomingMessage>();
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    requests.push({ path: `${url.pathname}${url.search}`, userAgent: req.headers['user-agent'] });
    const cvr = url.searchParams.get('search') ?? '';
    if (url.pathname !== '/api' || url.searchParams.get('country') !== 'dk') {
      res.writeHead(400, { 'content-type': 'application/json' }).end(JSON.stringify({ error: 'INVALID_REQUEST' }));
      return;
    }
    const answer = answers[cvr] ?? { status: 404, body: JSON.stringify({ error: 'NOT_FOUND' }) };
    if (answer === 'hang') {
      hanging.add(req);
      return;
    }
    const send = () => res.writeHead(answer.status, { 'content-type': answer.contentType ?? 'application/json' }).end(answer.body);
    if (answer.delayMs) setTimeout(send, answer.delayMs);
    else send();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise((resolve) => {
        for (const req of hanging) req.socket.destroy();
        server.close(() => resolve());
      }),
  };
}

export const company = (fields: Record<string, unknown>) => ({ status: 200, body: JSON.stringify(fields) });
export const error = (code: string, status = 200) => ({ status, body: JSON.stringify({ error: code }) });
