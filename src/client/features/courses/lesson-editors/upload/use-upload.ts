import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from '@/lib/use-translation';
import { formatFileSize } from '@/components/lesson-views/format-size';
import { CLIENT_SIZE_LIMITS, isAbortError, uploadFile, UploadError, type UploadedFile, type UploadKind } from './upload-file';

export type UploadState =
  | { status: 'idle' }
  | { status: 'uploading'; fileName: string; loaded: number; total: number }
  | { status: 'done'; fileName: string }
  | { status: 'error'; message: string };

/** Sends one file, reporting bytes sent; rejects with an AbortError when the signal fires. */
export type FileSender<T> = (file: File, onProgress: (loaded: number, total: number) => void, signal: AbortSignal) => Promise<T>;

/**
 * One upload at a time, with its progress, a cancel and a clear message when it fails. `start`
 * resolves to the server's answer, or null when it was cancelled or failed (the state says which).
 * `limit` refuses a larger file before a byte is sent.
 */
export function useFileSender<T>(send: FileSender<T>, limit?: number) {
  const { t } = useTranslation('lesson-editors');
  const [state, setState] = useState<UploadState>({ status: 'idle' });
  const controller = useRef<AbortController | null>(null);
  const sender = useRef(send);
  useEffect(() => {
    sender.current = send;
  }, [send]);

  // Leaving the editor cancels an upload in flight.
  useEffect(() => () => controller.current?.abort(), []);

  const start = useCallback(
    async (file: File): Promise<T | null> => {
      if (limit !== undefined && file.size > limit) {
        setState({ status: 'error', message: t('upload.tooLarge', { name: file.name, limit: formatFileSize(limit) }) });
        return null;
      }
      controller.current?.abort();
      const abort = new AbortController();
      controller.current = abort;
      setState({ status: 'uploading', fileName: file.name, loaded: 0, total: file.size });
      try {
        const answer = await sender.current(
          file,
          (loaded, total) => {
            if (!abort.signal.aborted) setState({ status: 'uploading', fileName: file.name, loaded, total });
          },
          abort.signal,
        );
        setState({ status: 'done', fileName: file.name });
        return answer;
      } catch (error) {
        if (isAbortError(error)) {
          if (controller.current === abort) setState({ status: 'idle' });
          return null;
        }
        let message = t('upload.failed', { name: file.name });
        if (error instanceof UploadError) {
          if (error.serverMessage) message = error.serverMessage;
          else if (error.status === 413) message = t('upload.tooLargeServer', { name: file.name });
          else if (error.status === 0) message = t('upload.network');
        }
        setState({ status: 'error', message });
        return null;
      } finally {
        if (controller.current === abort) controller.current = null;
      }
    },
    [limit, t],
  );

  const cancel = useCallback(() => {
    controller.current?.abort();
    controller.current = null;
    setState({ status: 'idle' });
  }, []);

  const clearError = useCallback(() => setState((s) => (s.status === 'error' ? { status: 'idle' } : s)), []);
  /** A refusal found before sending (a file of the wrong kind), shown like a failed upload. */
  const refuse = useCallback((message: string) => setState({ status: 'error', message }), []);

  return { state, start, cancel, clearError, refuse };
}

/** A file uploaded to the course (POST /api/uploads) as an image, a video or a download. */
export function useUpload(courseId: string, kind: UploadKind) {
  const send = useCallback<FileSender<UploadedFile>>(
    (file, onProgress, signal) => uploadFile({ courseId, kind, file, onProgress, signal }),
    [courseId, kind],
  );
  return useFileSender(send, CLIENT_SIZE_LIMITS[kind]);
}
