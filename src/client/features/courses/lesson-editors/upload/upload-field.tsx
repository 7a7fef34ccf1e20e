import { useId, useState, type DragEvent, type ReactNode, type Ref } from 'react';
import CircleCheck from 'lucide-react/icons/circle-check';
import Upload from 'lucide-react/icons/upload';
import { Button } from '@/components/ui/button';
import { formatFileSize } from '@/components/lesson-views/format-size';
import { cn } from '@/lib/cn';
import { useTranslation } from '@/lib/use-translation';
import type { UploadState } from './use-upload';

export interface UploadFieldProps {
  id?: string | undefined;
  label: string;
  hint?: ReactNode;
  /** The file picker's filter, also applied to dropped files (the server still checks the bytes). */
  accept: string;
  multiple?: boolean;
  disabled?: boolean;
  required?: boolean;
  /** The upload in flight, the one just done or why it failed (useUpload / useFileSender). */
  state: UploadState;
  onCancel?: (() => void) | undefined;
  /** The form's own complaint, such as a file that must be chosen. */
  error?: string | undefined;
  /** A file chosen to be sent later (with the form), named under the field. */
  chosen?: string | null | undefined;
  onFiles: (files: File[]) => void;
  inputRef?: Ref<HTMLInputElement> | undefined;
  className?: string | undefined;
}

/** Whether a file matches an accept list of extensions (.pdf), types (image/png) and families (image/*). */
export function accepts(file: File, accept: string): boolean {
  const name = file.name.toLowerCase();
  const type = file.type.toLowerCase();
  return accept
    .split(',')
    .map((entry) => entry.trim().toLowerCase())
    .filter(Boolean)
    .some((entry) =>
      entry.startsWith('.') ? name.endsWith(entry) : entry.endsWith('/*') ? type.startsWith(entry.slice(0, -1)) : type === entry,
    );
}

/**
 * A file field in the page's language: a labelled zone to click, drop files on or reach with Tab
 * (the real file input is in it, visually hidden, so keyboards and screen readers use it as ever),
 * the upload's progress as a progress bar with a cancel, what was uploaded, and any failure in words.
 */
export function UploadField({
  id: given,
  label,
  hint,
  accept,
  multiple = false,
  disabled = false,
  required = false,
  state,
  onCancel,
  error,
  chosen,
  onFiles,
  inputRef,
  className,
}: UploadFieldProps) {
  const { t } = useTranslation('lesson-editors');
  const generated = useId();
  const id = given ?? generated;
  const [over, setOver] = useState(false);
  const [refused, setRefused] = useState<string | null>(null);
  const uploading = state.status === 'uploading';
  const off = disabled || uploading;
  const problem = refused ?? error ?? (state.status === 'error' ? state.message : undefined);
  const describedBy = [`${id}-zone`, problem && `${id}-error`, hint && `${id}-hint`].filter(Boolean).join(' ');

  const take = (list: FileList | null) => {
    const files = [...(list ?? [])];
    if (files.length === 0) return;
    const wrong = files.find((file) => !accepts(file, accept));
    if (wrong) {
      setRefused(t('upload.wrongType', { name: wrong.name }));
      return;
    }
    setRefused(null);
    onFiles(multiple ? files : files.slice(0, 1));
  };

  const dragging = (event: DragEvent<HTMLDivElement>) => {
    if (off || !event.dataTransfer.types.includes('Files')) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = 'copy';
    setOver(true);
  };

  const percent = uploading && state.total > 0 ? Math.min(100, Math.round((state.loaded / state.total) * 100)) : 0;

  return (
    <div className={cn('flex flex-col gap-1.5', className)}>
      <div className="flex items-baseline gap-0.5">
        <label id={`${id}-label`} htmlFor={id} className="text-sm font-medium text-foreground">
          {label}
        </label>
        {required && (
          <span aria-hidden="true" className="text-sm text-danger">
            *
          </span>
        )}
      </div>
      <div
        onDragEnter={dragging}
        onDragOver={dragging}
        onDragLeave={(event) => {
          if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setOver(false);
        }}
        onDrop={(event) => {
          if (off) return;
          event.preventDefault();
          setOver(false);
          take(event.dataTransfer.files);
        }}
        className={cn(
          'relative rounded-xl border-2 border-dashed transition-colors has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-ring',
          over ? 'border-primary bg-accent-soft' : 'border-border bg-card hover:border-primary hover:bg-muted/50',
          problem && !over && 'border-danger',
          off && 'cursor-not-allowed opacity-60 hover:border-border hover:bg-card',
        )}
        data-testid="upload-zone"
        data-over={over || undefined}
      >
        <input
          ref={inputRef}
          id={id}
          type="file"
          accept={accept}
          multiple={multiple}
          disabled={off}
          aria-labelledby={`${id}-label`}
          aria-describedby={describedBy}
          aria-invalid={problem ? true : undefined}
          onChange={(event) => {
            take(event.target.files);
            // Cleared at once, so the same file can be chosen again after a failure.
            event.target.value = '';
          }}
          className="sr-only"
        />
        <label
          htmlFor={id}
          className={cn('flex flex-col items-center gap-1 px-4 py-5 text-center text-sm', off ? 'cursor-not-allowed' : 'cursor-pointer')}
        >
          <Upload aria-hidden="true" className="size-6 text-muted-foreground" />
          <span id={`${id}-zone`}>
            {over ? (
              <span className="font-semibold text-foreground">{t('upload.dropNow')}</span>
            ) : (
              <>
                <span className="font-semibold text-foreground underline decoration-primary decoration-2 underline-offset-4">
                  {multiple ? t('upload.chooseMany') : t('upload.choose')}
                </span>{' '}
                <span className="text-muted-foreground">{multiple ? t('upload.dropMany') : t('upload.drop')}</span>
              </>
            )}
          </span>
        </label>
      </div>
      {problem && (
        <p id={`${id}-error`} role="alert" className="text-sm text-danger">
          {problem}
        </p>
      )}
      {hint && (
        <p id={`${id}-hint`} className="text-sm text-muted-foreground">
          {hint}
        </p>
      )}
      {chosen && !uploading && (
        <p className="text-sm" data-testid="upload-chosen">
          {t('upload.chosen', { name: chosen })}
        </p>
      )}
      <div role="status" className="text-sm">
        {state.status === 'done' && (
          <span className="flex items-center gap-2" data-testid="upload-done">
            <CircleCheck aria-hidden="true" className="size-4 shrink-0 text-success" />
            {t('upload.done', { name: state.fileName })}
          </span>
        )}
      </div>
      {uploading && (
        <div className="flex flex-col gap-2 rounded-lg border border-border bg-muted/50 p-3" data-testid="upload-progress">
          <div className="flex items-center justify-between gap-3 text-sm">
            <span className="min-w-0 truncate font-medium">{t('upload.uploading', { name: state.fileName })}</span>
            <span className="shrink-0 text-muted-foreground tabular-nums" aria-hidden="true">
              {t('upload.progress', { percent, loaded: formatFileSize(state.loaded), total: formatFileSize(state.total) })}
            </span>
          </div>
          <div
            role="progressbar"
            aria-label={t('upload.uploading', { name: state.fileName })}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={percent}
            aria-valuetext={t('upload.progress', { percent, loaded: formatFileSize(state.loaded), total: formatFileSize(state.total) })}
            className="h-2 w-full overflow-hidden rounded-full bg-border"
          >
            <div className="h-full rounded-full bg-primary transition-[width]" style={{ width: `${percent}%` }} />
          </div>
          {onCancel && (
            <div>
              <Button variant="secondary" size="sm" onClick={onCancel}>
                {t('upload.cancel')}
              </Button>
            </div>
          )}
        </div>
      )}
    </div>
  );
}
