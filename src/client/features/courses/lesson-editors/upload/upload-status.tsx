import { useTranslation } from '@/lib/use-translation';
import { Button } from '@/components/ui/button';
import { formatFileSize } from '@/components/lesson-views/format-size';
import type { UploadState } from './use-upload';

/** Progress of the upload in flight with a cancel button, or why the last one failed. */
export function UploadStatus({ state, onCancel }: { state: UploadState; onCancel: () => void }) {
  const { t } = useTranslation('lesson-editors');
  if (state.status === 'error') {
    return (
      <p role="alert" className="text-sm text-danger">
        {state.message}
      </p>
    );
  }
  if (state.status !== 'uploading') return null;
  const percent = state.total > 0 ? Math.min(100, Math.round((state.loaded / state.total) * 100)) : 0;
  const label = t('upload.uploading', { name: state.fileName });
  return (
    <div className="flex flex-col gap-2 rounded-lg border border-border bg-muted/50 p-3">
      <div className="flex items-center justify-between gap-3 text-sm">
        <span className="min-w-0 truncate font-medium">{label}</span>
        <span className="shrink-0 text-muted-foreground tabular-nums" aria-hidden="true">
          {t('upload.progress', { percent, loaded: formatFileSize(state.loaded), total: formatFileSize(state.total) })}
        </span>
      </div>
      <progress className="h-2 w-full accent-[var(--primary)]" max={100} value={percent} aria-label={label}>
        {percent}%
      </progress>
      <div>
        <Button variant="secondary" size="sm" onClick={onCancel}>
          {t('upload.cancel')}
        </Button>
      </div>
    </div>
  );
}
