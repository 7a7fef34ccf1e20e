import { useEffect, useRef } from 'react';
import { useTranslation } from '@/lib/use-translation';
import ImageIcon from 'lucide-react/icons/image';
import { Button } from '@/components/ui/button';
import { UPLOAD_ACCEPT } from '@/features/courses/lesson-editors/upload/upload-file';
import { UploadField } from '@/features/courses/lesson-editors/upload/upload-field';
import { useUpload } from '@/features/courses/lesson-editors/upload/use-upload';

export interface ThumbnailFieldProps {
  courseId: string;
  uploadId: string | null;
  /** The URL the server gave for the saved thumbnail, when `uploadId` is that one. */
  initialUrl: string | null;
  onChange: (uploadId: string | null) => void;
  /** Takes the focus on mount: the dashboard's "upload content" opened the builder to add a cover. */
  focusOnMount?: boolean | undefined;
}

/** The course's picture: uploaded as an image (POST /api/uploads, with its progress), shown as a preview, removable. */
export function ThumbnailField({ courseId, uploadId, initialUrl, onChange, focusOnMount }: ThumbnailFieldProps) {
  const { t } = useTranslation('builder');
  const fileInput = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (focusOnMount) fileInput.current?.focus();
  }, [focusOnMount]);
  const upload = useUpload(courseId, 'image');
  const preview = uploadId ? (initialUrl ?? `/api/uploads/${encodeURIComponent(uploadId)}`) : null;

  const pick = async (file: File | undefined) => {
    if (!file) return;
    const uploaded = await upload.start(file);
    if (uploaded) onChange(uploaded.id);
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
      <div className="flex min-w-64 flex-1 flex-col gap-2">
        <UploadField
          inputRef={fileInput}
          label={t('thumbnail.label')}
          hint={t('thumbnail.hint')}
          accept={UPLOAD_ACCEPT.image}
          state={upload.state}
          onCancel={upload.cancel}
          onFiles={(files) => void pick(files[0])}
        />
        {uploadId && (
          <Button variant="secondary" size="sm" className="self-start" onClick={() => onChange(null)}>
            {t('thumbnail.remove')}
          </Button>
        )}
      </div>
    </div>
  );
}
