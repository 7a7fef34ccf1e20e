import type { IncomingMessage, ServerResponse } from 'node:http';
import {
  baseOf,
  contentOf,
  startScriptedServer,
  textOf,
  type BaseRequest,
  type FakeUsage,
  type ScriptedServer,
} from './fake-provider-server.ts';
import { fakeImages, withImages, type FakeImages } from './fake-images.ts';
import type { JsonSchema, SchemaEdge } from './json-schema-example.ts';

/**
 * A fake OpenAI-compatible server (test doubles live at the HTTP edge). It speaks
 * `POST /v1/chat/completions` as OpenAI, Ollama, vLLM and LM Studio do — streamed (server-sent
 * events, `data: {...}` chunks, a usage chunk when `stream_options.include_usage` asks for it,
 * `data: [DONE]`) or not — so the product's real AI SDK client talks to it unchanged.
 *
 * What it answers is scripted per call (`script`, in order) or by a function (`answerWith`); by
 * default a `json_schema` request gets JSON made from the very schema it sent (valid for it), and a
 * request without a schema a short text. Every request is recorded for assertions.
 *
 *   const ai = await startFakeOpenAi();
 *   ai.script(answer.status(429, { retryAfterSeconds: 1 }), answer.json({ ... }));
 *   // env: { OPENAI_BASE_URL: ai.url, AI_MODEL: 'test-model' }
 *   expect(ai.requests).toHaveLength(2);
 */

export type { ChatMessage, FakeUsage } from './fake-provider-server.ts';

/**
 * How one call is answered. `after` holds the answer until the promise settles (a test's own moment,
 * not a guess at how long the app takes); `delayMs` waits before answering; `usage` overrides the counted tokens;
 * `chunkDelayMs` (streamed calls) sends the content in small pieces this far apart, as a model
 * writing slowly does.
 */
export type FakeAnswer = (
  | { kind: 'schema'; edge?: SchemaEdge }
  | { kind: 'json'; value: unknown }
  | { kind: 'text'; text: string }
  | { kind: 'status'; status: number; body?: unknown; headers?: Record<string, string> }
  | { kind: 'hang' }
  | { kind: 'reset' }
) & { after?: Promise<unknown>; delayMs?: number; usage?: FakeUsage; chunkDelayMs?: number };

type Extra = { after?: Promise<unknown>; delayMs?: number; usage?: FakeUsage; chunkDelayMs?: number };

/** The answers a test scripts. */
export const answer = {
  /** JSON generated from the schema the request sent (the default). */
  fromSchema: (extra: Extra = {}): FakeAnswer => ({ kind: 'schema', ...extra }),
  /** JSON made from the schema at its edges (`min` or `max`: see `SchemaEdge`), as a model that follows only the schema may answer. */
  atSchemaEdge: (edge: 'min' | 'max', extra: Extra = {}): FakeAnswer => ({ kind: 'schema', edge, ...extra }),
  /** This value, as the JSON content of the assistant's message (valid for the schema or not: the test decides). */
  json: (value: unknown, extra: Extra = {}): FakeAnswer => ({ kind: 'json', value, ...extra }),
  /** This exact text as the content (e.g. malformed JSON). */
  text: (text: string, extra: Extra = {}): FakeAnswer => ({ kind: 'text', text, ...extra }),
  /** An HTTP error in OpenAI's error shape; `retryAfterSeconds` sets Retry-After. */
  status: (
    status: number,
    options: { retryAfterSeconds?: number; headers?: Record<string, string>; message?: string } & Extra = {},
  ): FakeAnswer => ({
    kind: 'status',
    status,
    body: {
      error: {
        message: options.message ?? `fake error ${status}`,
        type: status === 429 ? 'rate_limit_exceeded' : 'server_error',
        code: null,
      },
    },
    headers: { ...(options.retryAfterSeconds !== undefined && { 'retry-after': String(options.retryAfterSeconds) }), ...options.headers },
    ...(options.delayMs !== undefined && { delayMs: options.delayMs }),
  }),
  /** Never answers: the client's timeout (or abort) must end the call. */
  hang: (): FakeAnswer => ({ kind: 'hang' }),
  /** Closes the connection without an answer (the client sees ECONNRESET / a failed fetch). */
  reset: (): FakeAnswer => ({ kind: 'reset' }),
};

/** The request as recorded (see `BaseRequest` for the fields every fake records). */
export interface RecordedRequest extends BaseRequest {
  /** `response_format.json_schema.schema`, when the request asked for structured output. */
  schema: JsonSchema | undefined;
}

export interface FakeOpenAi extends ScriptedServer<RecordedRequest, FakeAnswer> {
  /** `POST /v1/images/generations`: what was asked to be drawn, and scripted answers (a PNG by default). */
  images: FakeImages;
  /** The base URL for OPENAI_BASE_URL (ends in /v1). */
  url: string;
  /** Every chat-completions request, in arrival order. */
  requests: RecordedRequest[];
  /** The default answer for calls the script does not cover (initially `answer.fromSchema()`). */
  answerWith(fn: (request: RecordedRequest) => FakeAnswer): void;
}

function record(req: IncomingMessage, raw: string): RecordedRequest {
  const body = JSON.parse(raw) as Record<string, unknown>;
  const format = body.response_format as { type?: string; json_schema?: { schema?: JsonSchema } } | undefined;
  return {
    ...baseOf(req, body),
    messages: ((body.messages as { role: string; content: unknown }[] | undefined) ?? []).map((m) => ({
      role: m.role,
      content: textOf(m.content),
    })),
    schema: format?.type === 'json_schema' ? format.json_schema?.schema : undefined,
  };
}

/** Sends content as OpenAI does: one completion, or SSE chunks in a few pieces. */
function sendCompletion(res: ServerResponse, request: RecordedRequest, content: string, usage: FakeUsage, chunkDelayMs = 0) {
  const base = { id: `chatcmpl-fake-${Date.now()}`, created: Math.floor(Date.now() / 1000), model: request.model };
  const usageBody = {
    prompt_tokens: usage.promptTokens,
    completion_tokens: usage.completionTokens,
    total_tokens: usage.promptTokens + usage.completionTokens,
  };
  if (!request.stream) {
    res.writeHead(200, { 'content-type': 'application/json' }).end(
      JSON.stringify({
        ...base,
        object: 'chat.completion',
        choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
        usage: usageBody,
      }),
    );
    return;
  }
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'keep-alive' });
  const send = (chunk: unknown) =>
    res.write(`data: ${JSON.stringify({ ...base, object: 'chat.completion.chunk', ...(chunk as object) })}\n\n`);
  // A slow writer sends pieces of about 40 characters; otherwise the content comes in four.
  const pieces = chunkDelayMs > 0 ? Math.max(1, Math.ceil(content.length / 40)) : Math.min(4, Math.max(1, content.length));
  const size = Math.ceil(content.length / pieces);
  send({ choices: [{ index: 0, delta: { role: 'assistant', content: '' }, finish_reason: null }] });
  const finish = () => {
    send({ choices: [{ index: 0, delta: {}, finish_reason: 'stop' }] });
    const options = request.body.stream_options as { include_usage?: boolean } | undefined;
    if (options?.include_usage) send({ choices: [], usage: usageBody });
    res.end('data: [DONE]\n\n');
  };
  if (chunkDelayMs === 0) {
    for (let i = 0; i < content.length; i += size)
      send({ choices: [{ index: 0, delta: { content: content.slice(i, i + size) }, finish_reason: null }] });
    finish();
    return;
  }
  let at = 0;
  const next = () => {
    if (res.destroyed) return;
    if (at >= content.length) return finish();
    send({ choices: [{ index: 0, delta: { content: content.slice(at, at + size) }, finish_reason: null }] });
    at += size;
    setTimeout(next, chunkDelayMs);
  };
  next();
}

export async function startFakeOpenAi(): Promise<FakeOpenAi> {
  const images = fakeImages();
  const server = await startScriptedServer<RecordedRequest, FakeAnswer>({
    route: '/v1/chat/completions',
    otherRoutes: { '/v1/images/generations': images.handle },
    notFound: (req) => ({ error: { message: `no route ${req.method} ${req.url}` } }),
    badJson: { error: { message: 'body is not JSON' } },
    record,
    defaultAnswer: () => answer.fromSchema(),
    send: (res, request, reply) => {
      const { content, usage } = contentOf(request, reply);
      sendCompletion(res, request, content, usage, reply.chunkDelayMs);
    },
  });
  return withImages(server, images);
}
