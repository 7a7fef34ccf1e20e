import { loadedAiSdk } from './sdk.ts';

/**
 * When a failed provider request is worth another try, and how long to wait first. Transient:
 * 408, 429 and 5xx answers, a connection that failed or was cut (the SDK marks those retryable),
 * the same errors reported inside a stream that already began (Anthropic's overloaded_error event,
 * which the SDK raises as a StreamProviderError with status 529), and our own timeout. Anything
 * else (a bad key, an unknown model, a refused request) will fail the same way again, so it is not
 * retried.
 */

export interface RetryPolicy {
  /** Tries after the first one. */
  retries: number;
  /** The first backoff; it doubles per try, with jitter. */
  baseDelayMs: number;
  /** The longest wait, also for a Retry-After: a provider asking for longer counts as down. */
  maxDelayMs: number;
}

export const DEFAULT_RETRY: RetryPolicy = { retries: 3, baseDelayMs: 1000, maxDelayMs: 20_000 };

/** Our per-request timeout fired: no byte from the provider for AI_TIMEOUT_MS. */
export class AiTimeoutError extends Error {
  constructor(ms: number) {
    super(`no answer from the AI provider within ${ms} ms`);
    this.name = 'AiTimeoutError';
  }
}

/**
 * The per-request timeout as idle time: `arm` (re)starts it, on every chunk the provider sends, so
 * a long answer that keeps coming is fine and a silent provider is cut with an AiTimeoutError.
 */
export function idleTimeout(ms: number): { signal: AbortSignal; arm: () => void; clear: () => void } {
  const controller = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  return {
    signal: controller.signal,
    arm: () => {
      clearTimeout(timer);
      timer = setTimeout(() => controller.abort(new AiTimeoutError(ms)), ms);
    },
    clear: () => clearTimeout(timer),
  };
}

/** The error as the SDK's failed request (an HTTP answer, or an error event in a stream), if it is one. */
function providerError(error: unknown) {
  const sdk = loadedAiSdk();
  if (!sdk) return undefined;
  return sdk.APICallError.isInstance(error) || sdk.StreamProviderError.isInstance(error) ? error : undefined;
}

export function isTransient(error: unknown): boolean {
  if (error instanceof AiTimeoutError) return true;
  const failed = providerError(error);
  if (!failed) return false;
  const status = failed.statusCode;
  if (status === undefined) return failed.isRetryable;
  return status === 408 || status === 429 || status >= 500;
}

/**
 * What a log line says of a failed request: the SDK's errors carry the whole request body (the
 * user's text) and the provider's answer, which have no place in a log.
 */
export function describeFailure(error: unknown): { error: string; status?: number } {
  const name = error instanceof Error ? error.name : typeof error;
  const message = error instanceof Error ? error.message.slice(0, 300) : '';
  const status = providerError(error)?.statusCode;
  return { error: `${name}: ${message}`, ...(status !== undefined && { status }) };
}

/** Retry-After (seconds or an HTTP date; also OpenAI's retry-after-ms) in ms, when the error carries one. */
export function retryAfterMs(error: unknown, now = Date.now()): number | undefined {
  const sdk = loadedAiSdk();
  if (!sdk?.APICallError.isInstance(error) || !error.responseHeaders) return undefined;
  const headers = error.responseHeaders;
  const ms = Number.parseFloat(headers['retry-after-ms'] ?? '');
  if (Number.isFinite(ms) && ms >= 0) return ms;
  const value = headers['retry-after'];
  if (!value) return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1000;
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

/** The wait before try `attempt` (1 = the first retry): the provider's Retry-After, else exponential backoff with jitter. */
export function backoffMs(policy: RetryPolicy, attempt: number, error: unknown): number {
  const asked = retryAfterMs(error);
  if (asked !== undefined) return asked;
  const exponential = policy.baseDelayMs * 2 ** (attempt - 1);
  return Math.min(policy.maxDelayMs, exponential / 2 + Math.random() * (exponential / 2));
}
