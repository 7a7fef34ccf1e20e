import type { IncomingMessage, ServerResponse } from 'node:http';
import {
  baseOf,
  contentOf,
  startScriptedServer,
  textOf,
  type BaseRequest,
  type ChatMessage,
  type FakeUsage,
  type ScriptedServer,
} from './fake-provider-server.ts';
import { fakeImages, withImages, type FakeImages } from './fake-images.ts';
import type { JsonSchema } from './json-schema-example.ts';

/**
 * A fake OpenAI (test doubles live at the HTTP edge) speaking the Responses API, which
 * `@ai-sdk/openai` uses for `createOpenAI(...)(modelId)`: `POST /v1/responses`, structured output
 * asked for with `text.format: { type: 'json_schema', schema, strict }`, answered as one response
 * object or as server-sent events (`response.created`, `response.in_progress`,
 * `response.output_item.added`, `response.content_part.added`, `response.output_text.delta` …,
 * `response.output_text.done`, `response.content_part.done`, `response.output_item.done`,
 * `response.completed` carrying the usage). Errors come in OpenAI's shape
 * (`{ error: { message, type, param, code } }`), a 429 with Retry-After.
 *
 * What it answers is scripted per call (`script`, in order) or by a function (`answerWith`); by
 * default a `json_schema` request gets JSON made from the very schema it sent. Every request is
 * recorded, with the headers (the Bearer key) and the model.
 *
 *   const openai = await startFakeOpenAiResponses();
 *   // env: { OPENAI_API_KEY: 'sk-…', OPENAI_RESPONSES_BASE_URL: openai.url }
 */

/** How one call is answered. `delayMs` waits before answering; `usage` overrides the counted tokens. */
export type ResponsesAnswer = (
  | { kind: 'schema' }
  | { kind: 'json'; value: unknown }
  | { kind: 'text'; text: string }
  | { kind: 'status'; status: number; body: unknown; headers: Record<string, string> }
  /** A stream that starts (200, response.created) and then fails: `response.failed` with this error. */
  | { kind: 'failed'; code: string; message: string }
  | { kind: 'hang' }
  | { kind: 'reset' }
) & { delayMs?: number; usage?: FakeUsage };

type Extra = { delayMs?: number; usage?: FakeUsage };

const ERROR_TYPES: Record<number, string> = {
  400: 'invalid_request_error',
  401: 'invalid_request_error',
  404: 'invalid_request_error',
  429: 'rate_limit_exceeded',
};
const ERROR_CODES: Record<number, string> = { 401: 'invalid_api_key', 429: 'rate_limit_exceeded' };

export const answer = {
  /** JSON generated from the schema the request sent (the default). */
  fromSchema: (extra: Extra = {}): ResponsesAnswer => ({ kind: 'schema', ...extra }),
  /** This value, as the JSON text of the output message. */
  json: (value: unknown, extra: Extra = {}): ResponsesAnswer => ({ kind: 'json', value, ...extra }),
  /** This exact text as the output (e.g. malformed JSON). */
  text: (text: string, extra: Extra = {}): ResponsesAnswer => ({ kind: 'text', text, ...extra }),
  /** An HTTP error in OpenAI's error shape; `retryAfterSeconds` sets Retry-After. */
  status: (status: number, options: { retryAfterSeconds?: number; message?: string } & Extra = {}): ResponsesAnswer => ({
    kind: 'status',
    status,
    body: {
      error: {
        message: options.message ?? `fake error ${status}`,
        type: ERROR_TYPES[status] ?? 'server_error',
        param: null,
        code: ERROR_CODES[status] ?? null,
      },
    },
    headers: options.retryAfterSeconds !== undefined ? { 'retry-after': String(options.retryAfterSeconds) } : {},
    ...(options.delayMs !== undefined && { delayMs: options.delayMs }),
  }),
  /** 200, then `response.failed` before any output (as OpenAI reports a server error mid-stream). */
  failed: (code = 'server_error', message = 'The server had an error while processing your request.'): ResponsesAnswer => ({
    kind: 'failed',
    code,
    message,
  }),
  /** Never answers: the client's timeout (or abort) must end the call. */
  hang: (): ResponsesAnswer => ({ kind: 'hang' }),
  /** Closes the connection without an answer. */
  reset: (): ResponsesAnswer => ({ kind: 'reset' }),
};

/** The request as recorded (see `BaseRequest` for the fields every fake records). */
export interface ResponsesRequest extends BaseRequest {
  /** `instructions` (as a system message) and the `input` messages, their text parts joined. */
  messages: ChatMessage[];
  /** `text.format.schema`, when the request asked for a json_schema. */
  schema: JsonSchema | undefined;
  /** The text the fake answered with (undefined for an error, a hang or a reset). */
  answered?: string;
}

export interface FakeOpenAiResponses extends ScriptedServer<ResponsesRequest, ResponsesAnswer> {
  /** The base URL for OPENAI_RESPONSES_BASE_URL (ends in /v1). */
  url: string;
  /** `POST /v1/images/generations` (a PNG by default). */
  images: FakeImages;
}

function record(req: IncomingMessage, raw: string): ResponsesRequest {
  const body = JSON.parse(raw) as Record<string, unknown>;
  const format = (body.text as { format?: { type?: string; schema?: JsonSchema } } | undefined)?.format;
  const input =
    typeof body.input === 'string'
      ? [{ role: 'user', content: body.input }]
      : ((body.input as { role?: string; content?: unknown }[] | undefined) ?? []);
  const messages: ChatMessage[] = [
    ...(typeof body.instructions === 'string' ? [{ role: 'system', content: body.instructions }] : []),
    // Items without a role (reasoning, function calls, item references) are not messages.
    ...input.filter((item) => typeof item.role === 'string').map((item) => ({ role: item.role!, content: textOf(item.content) })),
  ];
  return {
    ...baseOf(req, body),
    messages,
    schema: format?.type === 'json_schema' ? format.schema : undefined,
  };
}

let ids = 0;

/** The response as OpenAI sends it: one object, or the events of a streamed response. */
function sendResponse(res: ServerResponse, request: ResponsesRequest, text: string, usage: FakeUsage) {
  const n = ++ids;
  const responseId = `resp_fake${n}`;
  const messageId = `msg_fake${n}`;
  const createdAt = Math.floor(Date.now() / 1000);
  const usageBody = {
    input_tokens: usage.promptTokens,
    input_tokens_details: { cached_tokens: 0 },
    output_tokens: usage.completionTokens,
    output_tokens_details: { reasoning_tokens: 0 },
    total_tokens: usage.promptTokens + usage.completionTokens,
  };
  const part = { type: 'output_text', text, annotations: [], logprobs: [] };
  const message = { id: messageId, type: 'message', status: 'completed', role: 'assistant', content: [part] };
  const response = (status: string, extra: object = {}) => ({
    id: responseId,
    object: 'response',
    created_at: createdAt,
    status,
    error: null,
    incomplete_details: null,
    model: request.model,
    output: [] as unknown[],
    text: request.body.text ?? { format: { type: 'text' } },
    usage: null,
    ...extra,
  });
  if (!request.stream) {
    res
      .writeHead(200, { 'content-type': 'application/json' })
      .end(JSON.stringify(response('completed', { output: [message], usage: usageBody })));
    return;
  }
  res.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-cache', connection: 'keep-alive' });
  let sequence = 0;
  const send = (type: string, event: object) =>
    res.write(`event: ${type}\ndata: ${JSON.stringify({ type, sequence_number: sequence++, ...event })}\n\n`);
  send('response.created', { response: response('in_progress') });
  send('response.in_progress', { response: response('in_progress') });
  send('response.output_item.added', { output_index: 0, item: { ...message, status: 'in_progress', content: [] } });
  send('response.content_part.added', { item_id: messageId, output_index: 0, content_index: 0, part: { ...part, text: '' } });
  const pieces = Math.min(4, Math.max(1, text.length));
  const size = Math.ceil(text.length / pieces);
  for (let i = 0; i < text.length; i += size) {
    send('response.output_text.delta', {
      item_id: messageId,
      output_index: 0,
      content_index: 0,
      delta: text.slice(i, i + size),
      logprobs: [],
    });
  }
  send('response.output_text.done', { item_id: messageId, output_index: 0, content_index: 0, text, logprobs: [] });
  send('response.content_part.done', { item_id: messageId, output_index: 0, content_index: 0, part });
  send('response.output_item.done', { output_index: 0, item: message });
  send('response.completed', { response: response('completed', { output: [message], usage: usageBody }) });
  res.end();
}

/** A stream that fails before any output, as OpenAI reports an error it meets while answering. */
function sendFailed(res: ServerResponse, request: ResponsesRequest, code: string, message: string) {
  res.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-cache' });
  const base = {
    id: `resp_fake${++ids}`,
    object: 'response',
    created_at: Math.floor(Date.now() / 1000),
    model: request.model,
    output: [],
    usage: null,
  };
  res.write(
    `event: response.created\ndata: ${JSON.stringify({ type: 'response.created', sequence_number: 0, response: { ...base, status: 'in_progress', error: null } })}\n\n`,
  );
  res.end(
    `event: response.failed\ndata: ${JSON.stringify({ type: 'response.failed', sequence_number: 1, response: { ...base, status: 'failed', error: { code, message } } })}\n\n`,
  );
}

const openAiError = (message: string) => ({ error: { message, type: 'invalid_request_error', param: null, code: null } });

export async function startFakeOpenAiResponses(): Promise<FakeOpenAiResponses> {
  const images = fakeImages();
  const server = await startScriptedServer<ResponsesRequest, ResponsesAnswer>({
    route: '/v1/responses',
    otherRoutes: { '/v1/images/generations': images.handle },
    notFound: (req) => openAiError(`Invalid URL (${req.method} ${req.url})`),
    badJson: openAiError('We could not parse the JSON body of your request.'),
    record,
    // As OpenAI refuses a request without a key.
    refuse: (req) =>
      /^Bearer \S/.test(req.headers.authorization ?? '')
        ? null
        : {
            status: 401,
            body: openAiError(
              "You didn't provide an API key. You need to provide your API key in an Authorization header using Bearer auth.",
            ),
          },
    defaultAnswer: () => answer.fromSchema(),
    send: (res, request, reply) => {
      if (reply.kind === 'failed') return sendFailed(res, request, reply.code, reply.message);
      const { content, usage } = contentOf(request, reply);
      sendResponse(res, request, content, usage);
    },
  });
  return withImages(server, images);
}
