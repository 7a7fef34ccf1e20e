import { currentLanguage } from '@/lib/i18n';

/**
 * `POST /api/uploads` (multipart: courseId, kind, then the file) through XMLHttpRequest, which
 * reports upload progress; an AbortSignal cancels it. The server checks type and size from the
 * bytes; its translated message is what a refused upload shows.
 */

export type UploadKind = 'image' | 'video' | 'download';

/** What the server answers (src/shared/schemas/uploads.ts, ZUpload). */
export interface UploadedFile {
  id: string;
  url: string;
  kind: UploadKind;
  mime: string;
  size: number;
  originalName: string;
}

/** The file picker's hint per kind; the server decides from the file's bytes. */
export const UPLOAD_ACCEPT: Record<UploadKind, string> = {
  image: '.png,.jpg,.jpeg,.webp,.gif,image/png,image/jpeg,image/webp,image/gif',
  video: '.mp4,.webm,video/mp4,video/webm',
  download: '.pdf,.docx,.pptx,.xlsx,.zip',
};

/** Limits the server applies (video's is configurable there, so only the server checks it). */
export const CLIENT_SIZE_LIMITS: Partial<Record<UploadKind, number>> = {
  image: 10 * 1024 * 1024,
  download: 100 * 1024 * 1024,
};

export class UploadError extends Error {
  override readonly name = 'UploadError';
  constructor(
    /** 0 when the request never got an answer (offline, aborted by the network). */
    readonly status: number,
    /** The server's translated message, when it sent one. */
    readonly serverMessage: string | null,
  ) {
    super(serverMessage ?? `upload failed (${status})`);
  }
}

export function isAbortError(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}

export interface UploadOptions {
  courseId: string;
  kind: UploadKind;
  file: File;
  /** Bytes sent so far and the total, as the browser reports them. */
  onProgress?: (loaded: number, total: number) => void;
  signal?: AbortSignal;
}

function messageOf(text: string): string | null {
  try {
    const body: unknown = JSON.parse(text);
    return typeof body === 'object' && body !== null && typeof (body as { message?: unknown }).message === 'string'
      ? (body as { message: string }).message
      : null;
  } catch {
    return null;
  }
}

function isUploadedFile(value: unknown): value is UploadedFile {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return typeof v.id === 'string' && typeof v.url === 'string';
}

export function uploadFile({ courseId, kind, file, onProgress, signal }: UploadOptions): Promise<UploadedFile> {
  const form = new FormData();
  // The fields come before the file, so the server knows what it is receiving before the bytes.
  form.append('courseId', courseId);
  form.append('kind', kind);
  form.append('file', file, file.name);
  return sendForm<UploadedFile>('/api/uploads', form, { size: file.size, isAnswer: isUploadedFile, onProgress, signal });
}

export interface SendFormOptions<T> {
  /** The bytes to be sent, reported as the progress's total before the browser reports its own. */
  size: number;
  /** Whether the server's answer is what was asked for; anything else is a failed upload. */
  isAnswer: (body: unknown) => body is T;
  onProgress?: ((loaded: number, total: number) => void) | undefined;
  signal?: AbortSignal | undefined;
}

/**
 * A multipart POST through XMLHttpRequest, whose upload reports its progress (fetch's does not);
 * an AbortSignal cancels it. Used for every file the builder and the lesson editors send.
 */
export function sendForm<T>(url: string, form: FormData, { size, isAnswer, onProgress, signal }: SendFormOptions<T>): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    if (signal?.aborted) {
      reject(new DOMException('Upload cancelled', 'AbortError'));
      return;
    }
    const xhr = new XMLHttpRequest();
    const onAbort = () => xhr.abort();
    signal?.addEventListener('abort', onAbort, { once: true });
    const done = () => signal?.removeEventListener('abort', onAbort);

    xhr.open('POST', url);
    xhr.withCredentials = true;
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.setRequestHeader('Accept-Language', currentLanguage());
    xhr.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable) onProgress?.(event.loaded, event.total);
    });
    xhr.addEventListener('load', () => {
      done();
      if (xhr.status >= 200 && xhr.status < 300) {
        try {
          const body: unknown = JSON.parse(xhr.responseText);
          if (isAnswer(body)) {
            resolve(body);
            return;
          }
        } catch {
          // fall through: an answer we cannot read is a failed upload
        }
        reject(new UploadError(xhr.status, null));
        return;
      }
      reject(new UploadError(xhr.status, messageOf(xhr.responseText)));
    });
    xhr.addEventListener('error', () => {
      done();
      reject(new UploadError(0, null));
    });
    xhr.addEventListener('abort', () => {
      done();
      reject(new DOMException('Upload cancelled', 'AbortError'));
    });
    onProgress?.(0, size);
    xhr.send(form);
  });
}
