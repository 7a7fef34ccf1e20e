import { currentLanguage } from './i18n';

/** The error body every failing API answer has (shared ZErrorResponse). */
export interface ApiErrorBody {
  message: string;
  code?: string;
  errors?: Record<string, string>;
}

/**
 * A non-OK answer. Its message is "STATUS: body text" (or the status text when the body is
 * empty), the same for every call; `body` carries the parsed JSON so forms can show the server's
 * translated message and put field errors onto their fields.
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    readonly status: number,
    message: string,
    readonly body: ApiErrorBody | null,
  ) {
    super(message);
  }
}

export function parseErrorBody(text: string): ApiErrorBody | null {
  try {
    const value: unknown = JSON.parse(text);
    if (typeof value !== 'object' || value === null) return null;
    const { message, code, errors } = value as Record<string, unknown>;
    if (typeof message !== 'string') return null;
    const body: ApiErrorBody = { message };
    if (typeof code === 'string') body.code = code;
    if (typeof errors === 'object' && errors !== null) {
      body.errors = Object.fromEntries(Object.entries(errors).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
    }
    return body;
  } catch {
    return null;
  }
}

export type HttpMethod = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

export interface RequestOptions {
  /** JSON, or a FormData sent as multipart (the browser sets its boundary). */
  body?: unknown;
  signal?: AbortSignal | undefined;
  /** Sent even as the page goes away (the browser allows 64 KB such bodies in flight). */
  keepalive?: boolean;
}

export async function apiRequest<T>(method: HttpMethod, path: string, options: RequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json', 'Accept-Language': currentLanguage() };
  const init: RequestInit = { method, headers, credentials: 'include' };
  if (options.body instanceof FormData) {
    init.body = options.body;
  } else if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    init.body = JSON.stringify(options.body);
  }
  if (options.signal) init.signal = options.signal;
  if (options.keepalive) init.keepalive = true;

  const response = await fetch(path, init);
  const text = await response.text();
  if (!response.ok) {
    throw new ApiError(response.status, `${response.status}: ${text || response.statusText}`, parseErrorBody(text));
  }
  return (text ? JSON.parse(text) : undefined) as T;
}

export const api = {
  get: <T>(path: string, signal?: AbortSignal) => apiRequest<T>('GET', path, { signal }),
  post: <T>(path: string, body?: unknown) => apiRequest<T>('POST', path, { body }),
  patch: <T>(path: string, body: unknown) => apiRequest<T>('PATCH', path, { body }),
};

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}
