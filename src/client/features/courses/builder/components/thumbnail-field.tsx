import { useEffect, useId, useRef, useState, type ChangeEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from '@/lib/use-translation';
import ImageIcon from 'lucide-react/icons/image';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { serverMessage } from '@/lib/form-errors';
import { uploadFile } from '../api/courses';

export interface ThumbnailFieldProps {
  courseId: string;
  uploadId: string | null;
  /** The URL the server gave for the saved thumbnail, when `uploadId` is that one. */
  initialUrl: string | null;
  onChange: (uploadId: string | null) => void;
  /** Takes the focus on mount: the dashboard's "upload content" opened the builder to add a cover. */
  focusOnMount?: boolean | undefined;
}

/** The course's picture: uploaded as an image (POST /api/uploads), shown as a preview, removable. */
export function ThumbnailField({ courseId, uploadId, initialUrl, onChange, focusOnMount }: ThumbnailFieldProps) {
  const { t } = useTranslation('builder');
  const id = useId();
  const fileInput = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (focusOnMount) fileInput.current?.focus();
  }, [focusOnMount]);
  const [error, setError] = useState<string | undefined>();
  const preview = uploadId ? (initialUrl ?? `/api/uploads/${encodeURIComponent(uploadId)}`) : null;

  const upload = useMutation({
    mutationFn: (file: File) => uploadFile(courseId, 'image', file),
    onMutate: () => setError(undefined),
    onSuccess: (uploaded) => onChange(uploaded.id),
    onError: (failure) => setError(serverMessage(failure) ?? t('thumbnail.failed')),
  });
  const uploading = upload.isPending;
  const onFile = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // Cleared at once, so the same file can be chosen again.
    event.target.value = '';
    if (file) upload.mutate(file);
  };

  return (
    <div className="flex flex-wrap items-start gap-5">
      <div className="flex aspect-video w-56 items-center justify-center overflow-hidden rounded-xl border border-border bg-muted">
        {preview ? (
          <img src={preview} alt={t('thumbnail.alt')} className="size-full object-cover" data-testid="thumbnail-preview" />
        ) : (
          <ImageIcon aria-hidden="true" className="size-8 text-muted-foreground" />
        )}
      </div>
      <div className="flex flex-col gap-2">
        <label htmlFor={id} className="text-sm font-medium">
          {t('thumbnail.label')}
        </label>
        <input
          ref={fileInput}
          id={id}
          type="file"
          accept="image/png,image/jpeg,image/webp,image/gif"
          onChange={onFile}
          aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
          className="text-sm file:mr-3 file:rounded-lg file:border file:border-border file:bg-card file:px-3 file:py-2 file:text-sm file:font-medium"
        />
        <p id={`${id}-hint`} className="text-sm text-muted-foreground">
          {t('thumbnail.hint')}
        </p>
        <p role="status" className="text-sm">
          {uploading && (
            <span className="flex items-center gap-2">
              <Spinner /> {t('thumbnail.uploading')}
            </span>
          )}
        </p>
        {error && (
          <p id={`${id}-error`} className="text-sm text-danger">
            {error}
          </p>
        )}
        {uploadId && (
          <Button variant="secondary" size="sm" className="self-start" onClick={() => onChange(null)}>
            {t('thumbnail.remove')}
          </Button>
        )}
      </div>
    </div>
  );
}
