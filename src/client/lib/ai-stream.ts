import { ApiError, parseErrorBody } from './api-client';
import { currentLanguage } from './i18n';

/** What an AI answer sent as Server-Sent Events says (src/server/ai/event-stream-answer.ts). */
interface DeltaEvent {
  partial: unknown;
  /** 1 after a re-ask: the answer starts over. */
  ask: number;
}
interface ErrorEvent {
  status: number;
  code?: string;
  message: string;
}

/**
 * POSTs to one of the creator's AI endpoints asking for the answer as it is written (Accept:
 * text/event-stream): `onPartial` gets the answer so far with each `delta`, and the promise the
 * `result` — exactly what the JSON answer would have been. A refusal before the model writes is an
 * ordinary HTTP error, and an `error` event after it one with the server's status and message, both
 * as ApiError, like every other call of the app.
 */
export async function postStreamed<T>(path: string, body: unknown, onPartial: (partial: unknown, ask: number) => void, signal?: AbortSignal): Promise<T> {
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
  if (!(response.headers.get('content-type') ?? '').includes('text/event-stream') || !response.body) {
    const text = await response.text();
    return (text ? JSON.parse(text) : undefined) as T;
  }
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      buffer += value.replaceAll('\r\n', '\n');
      for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        let event = 'message';
        const data: string[] = [];
        for (const line of block.split('\n')) {
          if (line.startsWith('event:')) event = line.slice(6).trim();
          else if (line.startsWith('data:')) data.push(line.slice(5).replace(/^ /, ''));
        }
        if (data.length === 0) continue;
        const payload: unknown = JSON.parse(data.join('\n'));
        if (event === 'delta') {
          const delta = payload as DeltaEvent;
          onPartial(delta.partial, delta.ask);
        } else if (event === 'result') {
          return payload as T;
        } else if (event === 'error') {
          const failure = payload as ErrorEvent;
          throw new ApiError(failure.status, `${failure.status}: ${failure.message}`, { message: failure.message, ...(failure.code && { code: failure.code }) });
        }
      }
    }
  } finally {
    void reader.cancel().catch(() => undefined);
  }
  throw new ApiError(502, '502: the answer ended before it was complete', null);
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
