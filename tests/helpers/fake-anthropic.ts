import type { IncomingMessage, ServerResponse } from 'node:http';
import {
  baseOf,
  contentOf,
  startScriptedServer,
  type BaseRequest,
  type ChatMessage,
  type FakeUsage,
  type ScriptedServer,
} from './fake-provider-server.ts';
import { exampleOf, type JsonSchema } from './json-schema-example.ts';

/**
 * A fake Anthropic (test doubles live at the HTTP edge) speaking the Messages API as
 * `@ai-sdk/anthropic` uses it: `POST /v1/messages` with `x-api-key` and `anthropic-version`,
 * answered as one message or as server-sent events (`message_start`, `content_block_start`,
 * `ping`, `content_block_delta` …, `content_block_stop`, `message_delta` with the stop reason and
 * output tokens, `message_stop`). Structured output comes either way the SDK asks for it:
 * `output_config.format: { type: 'json_schema', schema }` (models with structured outputs, e.g.
 * claude-sonnet-4-5) is answered with the JSON as text; a forced tool named `json` (older models) is
 * answered with a `tool_use` block whose input streams as `input_json_delta`. Errors come in
 * Anthropic's shape (`{ type: 'error', error: { type, message } }`): 429 with retry-after, 529
 * overloaded, and an `error` event in a stream that already began.
 *
 * Anthropic's constrained decoding takes no minItems, maxLength, minimum …: the SDK moves them into
 * the description ("min items: 3; max items: 3."), where the model reads them. The fake reads them
 * back too, so its default answer meets the schema the product validates against.
 *
 *   const claude = await startFakeAnthropic();
 *   // env: { ANTHROPIC_API_KEY: 'sk-ant-…', ANTHROPIC_BASE_URL: claude.url }
 */

/** How one call is answered. `delayMs` waits before answering; `usage` overrides the counted tokens. */
export type AnthropicAnswer = (
  | { kind: 'schema' }
  | { kind: 'json'; value: unknown }
  | { kind: 'text'; text: string }
  | { kind: 'status'; status: number; body: unknown; headers: Record<string, string> }
  /** 200 and message_start, then an `error` event of this type (e.g. overloaded_error). */
  | { kind: 'streamError'; type: string; message: string }
  | { kind: 'hang' }
  | { kind: 'reset' }
) & { delayMs?: number; usage?: FakeUsage };

type Extra = { delayMs?: number; usage?: FakeUsage };

const ERROR_TYPES: Record<number, string> = {
  400: 'invalid_request_error',
  401: 'authentication_error',
  403: 'permission_error',
  404: 'not_found_error',
  413: 'request_too_large',
  429: 'rate_limit_error',
  500: 'api_error',
  529: 'overloaded_error',
};

const errorBody = (type: string, message: string) => ({ type: 'error', error: { type, message } });

export const answer = {
  /** JSON generated from the schema the request sent (the default). */
  fromSchema: (extra: Extra = {}): AnthropicAnswer => ({ kind: 'schema', ...extra }),
  /** This value as the answer: the text, or the json tool's input. */
  json: (value: unknown, extra: Extra = {}): AnthropicAnswer => ({ kind: 'json', value, ...extra }),
  /** This exact text (e.g. malformed JSON). */
  text: (text: string, extra: Extra = {}): AnthropicAnswer => ({ kind: 'text', text, ...extra }),
  /** An HTTP error in Anthropic's shape (529 is overloaded_error); `retryAfterSeconds` sets retry-after. */
  status: (status: number, options: { retryAfterSeconds?: number; message?: string } & Extra = {}): AnthropicAnswer => ({
    kind: 'status',
    status,
    body: errorBody(ERROR_TYPES[status] ?? 'api_error', options.message ?? (status === 529 ? 'Overloaded' : `fake error ${status}`)),
    headers: options.retryAfterSeconds !== undefined ? { 'retry-after': String(options.retryAfterSeconds) } : {},
    ...(options.delayMs !== undefined && { delayMs: options.delayMs }),
  }),
  /** 200 and message_start, then an `error` event, as Anthropic reports overload mid-stream. */
  streamError: (type = 'overloaded_error', message = 'Overloaded'): AnthropicAnswer => ({ kind: 'streamError', type, message }),
  /** Never answers: the client's timeout (or abort) must end the call. */
  hang: (): AnthropicAnswer => ({ kind: 'hang' }),
  /** Closes the connection without an answer. */
  reset: (): AnthropicAnswer => ({ kind: 'reset' }),
};

/** How the request asked for structured output. */
export type StructuredMode = 'output_format' | 'json_tool' | 'none';

/** The request as recorded (see `BaseRequest` for the fields every fake records). */
export interface AnthropicRequest extends BaseRequest {
  /** `system` (as a system message) and the messages, their text blocks joined. */
  messages: ChatMessage[];
  mode: StructuredMode;
  /** The schema of `output_config.format` or of the json tool, as sent. */
  schema: JsonSchema | undefined;
  /** The JSON or text the fake answered with (undefined for an error, a hang or a reset). */
  answered?: string;
}

export interface FakeAnthropic extends ScriptedServer<AnthropicRequest, AnthropicAnswer> {
  /** The base URL for ANTHROPIC_BASE_URL (ends in /v1). */
  url: string;
}

const textOf = (content: unknown): string =>
  typeof content === 'string'
    ? content
    : Array.isArray(content)
      ? content
          .map((block: { type?: string; text?: unknown; input?: unknown }) =>
            typeof block?.text === 'string' ? block.text : block?.type === 'tool_use' ? JSON.stringify(block.input) : '',
          )
          .join('')
      : '';

const CONSTRAINTS: Record<string, string> = {
  minimum: 'minimum',
  maximum: 'maximum',
  'exclusive minimum': 'exclusiveMinimum',
  'exclusive maximum': 'exclusiveMaximum',
  'min length': 'minLength',
  'max length': 'maxLength',
  'min items': 'minItems',
  'max items': 'maxItems',
};

/** The schema with the constraints the SDK wrote into descriptions ("min items: 3; max items: 3.") put back. */
function withConstraints(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(withConstraints);
  if (!node || typeof node !== 'object') return node;
  const result: Record<string, unknown> = Object.fromEntries(Object.entries(node).map(([key, value]) => [key, withConstraints(value)]));
  const lastLine = typeof result.description === 'string' ? result.description.split('\n').at(-1)! : '';
  if (lastLine.endsWith('.')) {
    for (const pair of lastLine.slice(0, -1).split('; ')) {
      const [name, value] = pair.split(': ');
      const key = CONSTRAINTS[name ?? ''];
      if (key && value !== undefined && Number.isFinite(Number(value))) result[key] = Number(value);
    }
  }
  return result;
}

function record(req: IncomingMessage, raw: string): AnthropicRequest {
  const body = JSON.parse(raw) as Record<string, unknown>;
  const format = (body.output_config as { format?: { type?: string; schema?: JsonSchema } } | undefined)?.format;
  const tools = (body.tools as { name?: string; input_schema?: JsonSchema }[] | undefined) ?? [];
  const choice = body.tool_choice as { type?: string; name?: string } | undefined;
  const jsonTool = tools.find((tool) => tool.name === 'json');
  const forced = jsonTool && (choice?.type === 'any' || (choice?.type === 'tool' && choice.name === 'json'));
  const mode: StructuredMode = format?.type === 'json_schema' ? 'output_format' : forced ? 'json_tool' : 'none';
  return {
    ...baseOf(req, body),
    messages: [
      ...(body.system !== undefined ? [{ role: 'system', content: textOf(body.system) }] : []),
      ...((body.messages as { role: string; content: unknown }[] | undefined) ?? []).map((m) => ({
        role: m.role,
        content: textOf(m.content),
      })),
    ],
    mode,
    schema: mode === 'output_format' ? format!.schema : mode === 'json_tool' ? jsonTool!.input_schema : undefined,
  };
}

/** What the real API refuses before answering: a missing key or version header, a body without its required fields. */
function refusal(req: IncomingMessage, { body }: AnthropicRequest): { status: number; body: unknown } | null {
  if (!req.headers['x-api-key'] && !req.headers.authorization)
    return { status: 401, body: errorBody('authentication_error', 'x-api-key header is required') };
  if (!req.headers['anthropic-version'])
    return { status: 400, body: errorBody('invalid_request_error', 'anthropic-version: header is required') };
  for (const field of ['model', 'max_tokens', 'messages']) {
    if (body[field] === undefined) return { status: 400, body: errorBody('invalid_request_error', `${field}: Field required`) };
  }
  return null;
}

let ids = 0;

function sendMessage(res: ServerResponse, request: AnthropicRequest, content: string, usage: FakeUsage) {
  const n = ++ids;
  const viaTool = request.mode === 'json_tool';
  const toolId = `toolu_fake${n}`;
  const stopReason = viaTool ? 'tool_use' : 'end_turn';
  const message = { id: `msg_fake${n}`, type: 'message', role: 'assistant', model: request.model, stop_sequence: null };
  if (!request.stream) {
    let block: unknown = { type: 'text', text: content };
    if (viaTool) {
      try {
        block = { type: 'tool_use', id: toolId, name: 'json', input: JSON.parse(content) as unknown };
      } catch {
        // Not JSON: the text as it is, as a model that ignored the tool would answer.
      }
    }
    res.writeHead(200, { 'content-type': 'application/json', 'request-id': `req_fake${n}` }).end(
      JSON.stringify({
        ...message,
        content: [block],
        stop_reason: stopReason,
        usage: {
          input_tokens: usage.promptTokens,
          cache_creation_input_tokens: 0,
          cache_read_input_tokens: 0,
          output_tokens: usage.completionTokens,
        },
      }),
    );
    return;
  }
  res.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-cache', 'request-id': `req_fake${n}` });
  const send = (type: string, event: object) => res.write(`event: ${type}\ndata: ${JSON.stringify({ type, ...event })}\n\n`);
  send('message_start', {
    message: {
      ...message,
      content: [],
      stop_reason: null,
      usage: { input_tokens: usage.promptTokens, cache_creation_input_tokens: 0, cache_read_input_tokens: 0, output_tokens: 1 },
    },
  });
  send('content_block_start', {
    index: 0,
    content_block: viaTool ? { type: 'tool_use', id: toolId, name: 'json', input: {} } : { type: 'text', text: '' },
  });
  send('ping', {});
  const pieces = Math.min(4, Math.max(1, content.length));
  const size = Math.ceil(content.length / pieces);
  if (viaTool) send('content_block_delta', { index: 0, delta: { type: 'input_json_delta', partial_json: '' } });
  for (let i = 0; i < content.length; i += size) {
    const piece = content.slice(i, i + size);
    send('content_block_delta', {
      index: 0,
      delta: viaTool ? { type: 'input_json_delta', partial_json: piece } : { type: 'text_delta', text: piece },
    });
  }
  send('content_block_stop', { index: 0 });
  send('message_delta', { delta: { stop_reason: stopReason, stop_sequence: null }, usage: { output_tokens: usage.completionTokens } });
  send('message_stop', {});
  res.end();
}

function sendStreamError(res: ServerResponse, request: AnthropicRequest, type: string, text: string) {
  res.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-cache' });
  const start = {
    type: 'message_start',
    message: {
      id: `msg_fake${++ids}`,
      type: 'message',
      role: 'assistant',
      model: request.model,
      content: [],
      stop_reason: null,
      stop_sequence: null,
      usage: { input_tokens: 1, output_tokens: 1 },
    },
  };
  res.write(`event: message_start\ndata: ${JSON.stringify(start)}\n\n`);
  res.end(`event: error\ndata: ${JSON.stringify(errorBody(type, text))}\n\n`);
}

export function startFakeAnthropic(): Promise<FakeAnthropic> {
  return startScriptedServer<AnthropicRequest, AnthropicAnswer>({
    route: '/v1/messages',
    notFound: (req) => errorBody('not_found_error', `Not Found: ${req.method} ${req.url}`),
    badJson: errorBody('invalid_request_error', 'The request body is not valid JSON.'),
    record,
    refuse: refusal,
    defaultAnswer: () => answer.fromSchema(),
    send: (res, request, reply) => {
      if (reply.kind === 'streamError') return sendStreamError(res, request, reply.type, reply.message);
      // The schema with the constraints the SDK moved into descriptions put back.
      const { content, usage } = contentOf(request, reply, (schema) => exampleOf(withConstraints(schema) as JsonSchema));
      sendMessage(res, request, content, usage);
    },
  });
}
