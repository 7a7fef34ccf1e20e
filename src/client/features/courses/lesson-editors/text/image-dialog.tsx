import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from '@/lib/use-translation';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { EditorDialog } from '../components/editor-dialog';
import { UPLOAD_ACCEPT } from '../upload/upload-file';
import { UploadField } from '../upload/upload-field';
import { useUpload } from '../upload/use-upload';

export interface ImageDialogProps {
  open: boolean;
  courseId: string;
  /** Editing the selected image's text alternative instead of adding a new image. */
  editAlt?: string | null;
  onOpenChange: (open: boolean) => void;
  onInsert: (src: string, alt: string) => void;
  onAltChange: (alt: string) => void;
  onClosed: () => void;
}

/**
 * Adds an image: the file is uploaded to the course (POST /api/uploads, kind image) and inserted
 * with the text alternative the author gives, or explicitly none for a decorative image.
 */
export function ImageDialog({ open, courseId, editAlt, onOpenChange, onInsert, onAltChange, onClosed }: ImageDialogProps) {
  const { t } = useTranslation('lesson-editors');
  const id = useId();
  const editing = editAlt !== undefined && editAlt !== null;
  const [file, setFile] = useState<File | null>(null);
  const [alt, setAlt] = useState(editAlt ?? '');
  const [decorative, setDecorative] = useState(editing && editAlt === '');
  const [errors, setErrors] = useState<{ file?: string; alt?: string }>({});
  const upload = useUpload(courseId, 'image');
  const busy = upload.state.status === 'uploading';

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const text = decorative ? '' : alt.trim();
    const next: typeof errors = {};
    if (!decorative && !text) next.alt = t('image.altRequired');
    if (text.length > 500) next.alt = t('image.altTooLong');
    if (!editing && !file) next.file = t('image.fileRequired');
    setErrors(next);
    if (next.alt || next.file) return;
    if (editing) {
      onAltChange(text);
      onOpenChange(false);
      return;
    }
    const uploaded = await upload.start(file!);
    if (!uploaded) return;
    onInsert(uploaded.url, text);
    onOpenChange(false);
  };

  return (
    <EditorDialog
      open={open}
      onOpenChange={(next) => {
        if (!next) upload.cancel();
        onOpenChange(next);
      }}
      title={editing ? t('image.editTitle') : t('image.title')}
      onCloseAutoFocus={(event) => {
        event.preventDefault();
        onClosed();
      }}
    >
      <form onSubmit={(event) => void submit(event)} noValidate className="flex flex-col gap-4">
        {!editing && (
          <UploadField
            id={`${id}-file`}
            label={t('image.file')}
            required
            error={errors.file}
            hint={t('image.fileHint')}
            accept={UPLOAD_ACCEPT.image}
            state={upload.state}
            onCancel={upload.cancel}
            chosen={file?.name}
            onFiles={(files) => {
              setFile(files[0] ?? null);
              setErrors((e) => ({ ...e, file: undefined }));
              upload.clearError();
            }}
          />
        )}
        <Field id={`${id}-alt`} label={t('image.alt')} required={!decorative} error={errors.alt} hint={t('image.altHint')}>
          {(control) => (
            <Input
              {...control}
              value={decorative ? '' : alt}
              disabled={decorative || busy}
              maxLength={500}
              onChange={(event) => {
                setAlt(event.target.value);
                setErrors((e) => ({ ...e, alt: undefined }));
              }}
            />
          )}
        </Field>
        <div className="flex items-center gap-2">
          <Checkbox
            id={`${id}-decorative`}
            checked={decorative}
            disabled={busy}
            onCheckedChange={(checked) => {
              setDecorative(checked === true);
              setErrors((e) => ({ ...e, alt: undefined }));
            }}
          />
          <label htmlFor={`${id}-decorative`} className="text-sm">
            {t('image.decorative')}
          </label>
        </div>
        <div className="flex flex-wrap justify-end gap-2">
          <Button
            variant="secondary"
            onClick={() => {
              upload.cancel();
              onOpenChange(false);
            }}
          >
            {t('dialog.cancel')}
          </Button>
          <Button type="submit" disabled={busy}>
            {editing ? t('image.saveAlt') : t('image.insert')}
          </Button>
        </div>
      </form>
    </EditorDialog>
  );
}
