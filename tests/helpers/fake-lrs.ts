import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Statement {
  id: string;
  timestamp: string;
  actor: { objectType: string; mbox: string; name: string };
  verb: { id: string; display: Record<string, string> };
  object: { objectType: string; id: string; definition: { type: string; name: Record<string, string> } };
  result?: {
    score?: { scaled: number; raw: number; min: number; max: number };
    success?: boolean;
    completion?: boolean;
    extensions?: Record<string, unknown>;
  };
  context?: { contextActivities?: { parent?: { id: string }[] }; extensions?: Record<string, unknown> };
}

/**
 * A learning record store on this machine speaking the part of xAPI 1.0.3 Kursa uses: POST
 * `<endpoint>/statements` with Basic credentials and the version header. It stores each statement
 * id once (a statement sent again under a stored id is answered 204 and not stored twice) and
 * answers each request with the next status queued by `answerNext` (200 when none is).
 */
export async function startFakeLrs(credentials = { username: 'lrs-key', password: 'lrs-secret' }) {
  const stored = new Map<string, Statement>();
  const requests: {
    headers: IncomingHttpHeaders;
    statement: Statement;
    authorised: boolean;
    version: string | undefined;
    id: string;
    answered: number;
  }[] = [];
  const answers: number[] = [];
  const expected = `Basic ${Buffer.from(`${credentials.username}:${credentials.password}`).toString('base64')}`;
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const version = request.headers['x-experience-api-version'] as string | undefined;
      const authorised = request.headers.authorization === expected;
      if (request.method !== 'POST' || !new URL(request.url ?? '/', 'http://lrs').pathname.endsWith('/xapi/statements'))
        return void response.writeHead(404).end();
      const statement = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Statement;
      let answered = answers.shift() ?? 200;
      if (!authorised) answered = 401;
      else if (!version?.startsWith('1.0.')) answered = 400;
      else if (answered === 200 && stored.has(statement.id)) answered = 204;
      else if (answered === 200) stored.set(statement.id, statement);
      requests.push({ headers: request.headers, statement, authorised, version, id: statement.id, answered });
      response
        .writeHead(answered, { 'content-type': 'application/json' })
        .end(answered === 200 ? JSON.stringify([statement.id]) : answered === 204 ? undefined : '{"error":"not now"}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}/xapi/`,
    credentials,
    stored,
    requests,
    /** The stored statements naming `email`, oldest first. */
    of: (email: string) => [...stored.values()].filter((s) => s.actor.mbox === `mailto:${email}`),
    answerNext: (...statuses: number[]) => void answers.push(...statuses),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
