import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { exampleOf, type JsonSchema, type SchemaEdge } from './json-schema-example.ts';

/**
 * What the fake AI providers (fake-openai.ts, fake-openai-responses.ts, fake-anthropic.ts) share:
 * a local HTTP server on 127.0.0.1 that answers one `POST` route, records every request, and
 * answers from a script (`script`, in order) or a function (`answerWith`), after `delayMs` when an
 * answer asks for it. The answers every protocol knows (an HTTP error, a hang, a reset) are sent
 * here; the protocol sends the rest (its own wire format) with `send`.
 */

export interface FakeUsage {
  promptTokens: number;
  completionTokens: number;
}

export interface ChatMessage {
  role: string;
  /** The message's text (parts of a multi-part content joined). */
  content: string;
}

/** The answers every fake sends the same way: an HTTP error with a JSON body, no answer, a closed connection. */
type CommonAnswer =
  { kind: 'status'; status: number; body?: unknown; headers?: Record<string, string> } | { kind: 'hang' } | { kind: 'reset' };

/** What every fake records of a request (each protocol's request type says where `messages` and `schema` come from). */
export interface BaseRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  /** The JSON body as sent. */
  body: Record<string, unknown>;
  model: string;
  stream: boolean;
  messages: ChatMessage[];
  schema: JsonSchema | undefined;
  /** The content the fake answered with (undefined for an error, a hang or a reset). */
  answered?: string;
}

/** The fields of `BaseRequest` every protocol reads the same way from the request and its parsed body. */
export const baseOf = (req: IncomingMessage, body: Record<string, unknown>) => ({
  method: req.method ?? '',
  path: req.url ?? '',
  headers: req.headers,
  body,
  model: String(body.model ?? ''),
  stream: body.stream === true,
});

export interface ScriptedServer<Request, Answer> {
  /** The base URL (ends in /v1). */
  url: string;
  /** Every request to the route, in arrival order. */
  requests: Request[];
  /** Answers for the next calls, one each, in order; afterwards the default answers. */
  script(...answers: Answer[]): void;
  /** The default answer for calls the script does not cover. */
  answerWith(fn: (request: Request) => Answer): void;
  /** Forgets the script, the recorded requests and any `answerWith`. */
  reset(): void;
  close(): Promise<void>;
}

export interface Protocol<Request, Answer extends { kind: string; delayMs?: number; after?: Promise<unknown> }> {
  /** The one route answered (to `POST`), e.g. `/v1/messages`. */
  route: string;
  /** Other `POST` routes the API has, answered by their own handler (e.g. OpenAI's image generation). */
  otherRoutes?: Record<string, (req: IncomingMessage, res: ServerResponse, raw: string) => void>;
  /** The JSON error body for another method or path (sent as a 404). */
  notFound(req: IncomingMessage): unknown;
  /** The JSON error body for a body that is not JSON (sent as a 400). */
  badJson: unknown;
  /** The recorded request made from the body; throws when the body is not JSON. */
  record(req: IncomingMessage, raw: string): Request;
  /** An answer the API gives a recorded request before any scripted one (e.g. no key), or null. */
  refuse?(req: IncomingMessage, request: Request): { status: number; body: unknown } | null;
  /** The default answer, until `answerWith` sets another (and again after `reset`). */
  defaultAnswer(request: Request): Answer;
  /** Sends an answer other than status, hang and reset. */
  send(res: ServerResponse, request: Request, reply: Exclude<Answer, CommonAnswer>): void;
}

/** Text as the fakes count it: about four characters a token, so usage is plausible and grows with the text. */
export const tokens = (text: string) => Math.max(1, Math.ceil(text.length / 4));

/** A message content's text: the string, or the `text` of its parts joined. */
export const textOf = (content: unknown): string =>
  typeof content === 'string'
    ? content
    : Array.isArray(content)
      ? content.map((part: { text?: unknown }) => (typeof part?.text === 'string' ? part.text : '')).join('')
      : '';

/**
 * The content a json, text or schema answer sends (recorded as the request's `answered`): the JSON
 * value, the text, or JSON made by `example` from the request's schema ('Fake answer.' without one);
 * and its usage, counted from the prompt and the content unless the answer sets it.
 */
export function contentOf(
  request: BaseRequest,
  reply: { kind: string; value?: unknown; text?: string; usage?: FakeUsage; edge?: SchemaEdge },
  example: (schema: JsonSchema, edge?: SchemaEdge) => unknown = exampleOf,
): { content: string; usage: FakeUsage } {
  const content =
    reply.kind === 'json'
      ? JSON.stringify(reply.value)
      : reply.kind === 'text'
        ? reply.text!
        : request.schema
          ? JSON.stringify(example(request.schema, reply.edge))
          : 'Fake answer.';
  request.answered = content;
  const prompt = request.messages.map((m) => m.content).join('\n');
  return { content, usage: reply.usage ?? { promptTokens: tokens(prompt), completionTokens: tokens(content) } };
}

export async function startScriptedServer<Request, Answer extends { kind: string; delayMs?: number; after?: Promise<unknown> }>(
  protocol: Protocol<Request, Answer>,
): Promise<ScriptedServer<Request, Answer>> {
  const requests: Request[] = [];
  let queue: Answer[] = [];
  let fallback = protocol.defaultAnswer;
  const sockets = new Set<Socket>();
  const timers = new Set<NodeJS.Timeout>();

  const answerRequest = (req: IncomingMessage, res: ServerResponse, raw: string) => {
    const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
      void res.writeHead(status, { 'content-type': 'application/json', ...headers }).end(JSON.stringify(body ?? {}));
    const other = req.method === 'POST' && req.url ? protocol.otherRoutes?.[req.url] : undefined;
    if (other) return other(req, res, raw);
    if (req.method !== 'POST' || req.url !== protocol.route) return json(404, protocol.notFound(req));
    let request: Request;
    try {
      request = protocol.record(req, raw);
    } catch {
      return json(400, protocol.badJson);
    }
    requests.push(request);
    const refused = protocol.refuse?.(req, request);
    if (refused) return json(refused.status, refused.body);
    const reply = queue.shift() ?? fallback(request);
    const act = () => {
      const common = reply as unknown as CommonAnswer;
      if (common.kind === 'hang') return; // the socket is destroyed by the client's abort, or by close()
      if (common.kind === 'reset') return void req.socket.destroy();
      if (common.kind === 'status') return json(common.status, common.body, common.headers);
      protocol.send(res, request, reply as Exclude<Answer, CommonAnswer>);
    };
    const delayed = () => {
      if (!reply.delayMs) return act();
      const timer = setTimeout(() => {
        timers.delete(timer);
        if (!res.destroyed) act();
      }, reply.delayMs);
      timers.add(timer);
    };
    if (!reply.after) return delayed();
    void reply.after.then(() => {
      if (!res.destroyed) delayed();
    });
  };

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => answerRequest(req, res, Buffer.concat(chunks).toString('utf8')));
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    requests,
    script: (...answers) => void queue.push(...answers),
    answerWith: (fn) => void (fallback = fn),
    reset: () => {
      queue = [];
      requests.length = 0;
      fallback = protocol.defaultAnswer;
    },
    close: () =>
      new Promise((resolve) => {
        for (const timer of timers) clearTimeout(timer);
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
