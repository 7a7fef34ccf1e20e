import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from '@/lib/use-translation';
import { formatFileSize } from '@/components/lesson-views/format-size';
import { CLIENT_SIZE_LIMITS, isAbortError, uploadFile, UploadError, type UploadedFile, type UploadKind } from './upload-file';

export type UploadState =
  { status: 'idle' } | { status: 'uploading'; fileName: string; loaded: number; total: number } | { status: 'error'; message: string };

/**
 * One upload at a time, with its progress, a cancel and a clear message when it fails. `start`
 * resolves to the uploaded file, or null when it was cancelled or failed (the state says which).
 */
export function useUpload(courseId: string, kind: UploadKind) {
  const { t } = useTranslation('lesson-editors');
  const [state, setState] = useState<UploadState>({ status: 'idle' });
  const controller = useRef<AbortController | null>(null);

  // Leaving the editor cancels an upload in flight.
  useEffect(() => () => controller.current?.abort(), []);

  const start = useCallback(
    async (file: File): Promise<UploadedFile | null> => {
      const limit = CLIENT_SIZE_LIMITS[kind];
      if (limit !== undefined && file.size > limit) {
        setState({ status: 'error', message: t('upload.tooLarge', { name: file.name, limit: formatFileSize(limit) }) });
        return null;
      }
      controller.current?.abort();
      const abort = new AbortController();
      controller.current = abort;
      setState({ status: 'uploading', fileName: file.name, loaded: 0, total: file.size });
      try {
        const uploaded = await uploadFile({
          courseId,
          kind,
          file,
          signal: abort.signal,
          onProgress: (loaded, total) => {
            if (!abort.signal.aborted) setState({ status: 'uploading', fileName: file.name, loaded, total });
          },
        });
        setState({ status: 'idle' });
        return uploaded;
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
    [courseId, kind, t],
  );

  const cancel = useCallback(() => {
    controller.current?.abort();
    controller.current = null;
    setState({ status: 'idle' });
  }, []);

  const clearError = useCallback(() => setState((s) => (s.status === 'error' ? { status: 'idle' } : s)), []);

  return { state, start, cancel, clearError };
}
