import { ApiError, parseErrorBody } from './api-client';
import { currentLanguage } from './i18n';

/** One Server-Sent Event: its name ('message' when it has none) and its data lines joined. */
export interface StreamEvent {
  event: string;
  data: string;
}

/**
 * Splits a text/event-stream into events as its text arrives, in pieces cut anywhere (mid-line,
 * mid-CRLF). Events without data (comments, heartbeats) are skipped.
 */
export class EventStreamParser {
  private buffer = '';

  /** The events completed by `text`, in order. */
  push(text: string): StreamEvent[] {
    // Normalised on the whole buffer, so a CRLF cut between two pieces is still one line end.
    this.buffer = (this.buffer + text).replaceAll('\r\n', '\n');
    const events: StreamEvent[] = [];
    for (let end = this.buffer.indexOf('\n\n'); end >= 0; end = this.buffer.indexOf('\n\n')) {
      const block = this.buffer.slice(0, end);
      this.buffer = this.buffer.slice(end + 2);
      let event = 'message';
      const data: string[] = [];
      for (const line of block.split('\n')) {
        if (line.startsWith('event:')) event = line.slice(6).trim();
        else if (line.startsWith('data:')) data.push(line.slice(5).replace(/^ /, ''));
      }
      if (data.length > 0) events.push({ event, data: data.join('\n') });
    }
    return events;
  }
}

/** The `error` event of our AI streams (src/server/ai/event-stream-answer.ts, the assistants' chat). */
interface StreamFailure {
  status: number;
  code?: string;
  message: string;
}

/** An `error` event as the ApiError every other failed call of the app is. */
export function streamError(payload: unknown): ApiError {
  const failure = payload as StreamFailure;
  return new ApiError(failure.status, `${failure.status}: ${failure.message}`, {
    message: failure.message,
    ...(failure.code && { code: failure.code }),
  });
}

/** A stream that ended without its `result`: the connection dropped while the answer was written. */
export const unfinishedStream = () => new ApiError(502, '502: the answer ended before it was complete', null);

/**
 * POSTs `body` asking for the answer as it is written (Accept: text/event-stream), in the UI
 * language. A refusal before the answer begins is an ordinary HTTP error, thrown as ApiError.
 */
export async function openEventStream(path: string, body: unknown, signal?: AbortSignal): Promise<Response> {
  const response = await fetch(path, {
    method: 'POST',
    credentials: 'include',
    headers: { Accept: 'text/event-stream', 'Accept-Language': currentLanguage(), 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
    ...(signal && { signal }),
  });
  if (!response.ok) {
    const text = await response.text();
    throw new ApiError(response.status, `${response.status}: ${text || response.statusText}`, parseErrorBody(text));
  }
  return response;
}

/** Whether the server answered with a stream (otherwise the body is the JSON answer). */
export const isEventStream = (response: Response) =>
  (response.headers.get('content-type') ?? '').includes('text/event-stream') && response.body !== null;

/** The events of a streamed answer with their JSON data, as they arrive; leaving the loop early closes the stream. */
export async function* streamEvents(response: Response): AsyncGenerator<{ event: string; data: unknown }> {
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  const parser = new EventStreamParser();
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return;
      for (const event of parser.push(value)) yield { event: event.event, data: JSON.parse(event.data) as unknown };
    }
  } finally {
    void reader.cancel().catch(() => undefined);
  }
}

/** What a creator endpoint's `delta` event says (src/server/ai/event-stream-answer.ts). */
interface DeltaEvent {
  partial: unknown;
  /** 1 after a re-ask: the answer starts over. */
  ask: number;
}

/**
 * POSTs to one of the creator's AI endpoints asking for the answer as it is written (Accept:
 * text/event-stream): `onPartial` gets the answer so far with each `delta`, and the promise the
 * `result` — exactly what the JSON answer would have been. A refusal before the model writes is an
 * ordinary HTTP error, and an `error` event after it one with the server's status and message, both
 * as ApiError, like every other call of the app.
 */
export async function postStreamed<T>(
  path: string,
  body: unknown,
  onPartial: (partial: unknown, ask: number) => void,
  signal?: AbortSignal,
): Promise<T> {
  const response = await openEventStream(path, body, signal);
  if (!isEventStream(response)) {
    const text = await response.text();
    return (text ? JSON.parse(text) : undefined) as T;
  }
  for await (const { event, data } of streamEvents(response)) {
    if (event === 'delta') {
      const delta = data as DeltaEvent;
      onPartial(delta.partial, delta.ask);
    } else if (event === 'result') {
      return data as T;
    } else if (event === 'error') {
      throw streamError(data);
    }
  }
  throw unfinishedStream();
}

/** The words of a partly written structured answer, in the order written: a preview of what is coming. */
export function partialText(partial: unknown): string {
  const lines: string[] = [];
  const walk = (value: unknown) => {
    if (typeof value === 'string') {
      if (value.trim()) lines.push(value.trim());
    } else if (Array.isArray(value)) {
      for (const item of value) walk(item);
    } else if (value && typeof value === 'object') {
      for (const item of Object.values(value)) walk(item);
    }
  };
  walk(partial);
  return lines.join('\n');
}
