import { useEffect, useId, useRef } from 'react';
import { useTranslation } from '@/lib/use-translation';
import ArrowDown from 'lucide-react/icons/arrow-down';
import ArrowUp from 'lucide-react/icons/arrow-up';
import FileText from 'lucide-react/icons/file-text';
import Trash2 from 'lucide-react/icons/trash-2';
import { EMPTY_DOC, type TDownloadContent } from '@shared/schemas/lesson-content.ts';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { formatFileSize } from '@/components/lesson-views/format-size';
import { moveItem } from '../components/move-item';
import { TextEditor } from '../text/text-editor';
import { UPLOAD_ACCEPT } from '../upload/upload-file';
import { UploadField } from '../upload/upload-field';
import { useUpload } from '../upload/use-upload';

export const MAX_DOWNLOADS = 20;

/** The title a new file starts with: its name without the extension. */
export function titleFromFileName(name: string): string {
  const base = name
    .replace(/\.[^.]+$/, '')
    .replace(/[_]+/g, ' ')
    .trim();
  return (base || name).slice(0, 200);
}

export interface DownloadEditorProps {
  content: TDownloadContent;
  onChange: (content: TDownloadContent) => void;
  courseId: string;
  disabled?: boolean;
}

/** Files for the learner to download (pdf, docx, pptx, xlsx, zip): upload, title, order, remove; plus notes. */
export function DownloadEditor({ content, onChange, courseId, disabled = false }: DownloadEditorProps) {
  const { t } = useTranslation('lesson-editors');
  const id = useId();
  const upload = useUpload(courseId, 'download');
  // The latest files, so files uploaded one after another all land in the list.
  const latest = useRef(content);
  useEffect(() => {
    latest.current = content;
  }, [content]);
  const full = content.files.length >= MAX_DOWNLOADS;

  const setFiles = (files: TDownloadContent['files']) => onChange({ ...latest.current, files });

  const pickFiles = async (picked: File[]) => {
    // The list grows here, one file at a time: a parent's re-render in between must not drop one.
    let files = latest.current.files;
    for (const file of picked) {
      if (files.length >= MAX_DOWNLOADS) break;
      const uploaded = await upload.start(file);
      if (!uploaded) break;
      // Titles edited meanwhile are taken from the latest content.
      const fresh = new Map(latest.current.files.map((f) => [f.uploadId, f]));
      files = [
        ...files.map((f) => fresh.get(f.uploadId) ?? f),
        { uploadId: uploaded.id, title: titleFromFileName(uploaded.originalName || file.name), size: uploaded.size },
      ];
      onChange({ ...latest.current, files });
    }
  };

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-3">
        <UploadField
          id={`${id}-file`}
          label={t('download.add')}
          hint={full ? t('download.full', { max: MAX_DOWNLOADS }) : t('download.fileHint', { max: MAX_DOWNLOADS })}
          accept={UPLOAD_ACCEPT.download}
          multiple
          disabled={disabled || full}
          state={upload.state}
          onCancel={upload.cancel}
          onFiles={(files) => void pickFiles(files)}
        />
      </div>

      <section aria-labelledby={`${id}-files`} className="flex flex-col gap-3">
        <h3 id={`${id}-files`} className="text-sm font-medium">
          {t('download.files', { count: content.files.length })}
        </h3>
        {content.files.length === 0 ? (
          <p className="rounded-lg border border-dashed border-border p-6 text-center text-sm text-muted-foreground">
            {t('download.empty')}
          </p>
        ) : (
          <ol className="flex flex-col gap-2">
            {content.files.map((file, index) => {
              const name = file.title || t('download.untitled');
              return (
                <li key={file.uploadId} className="flex flex-wrap items-end gap-3 rounded-lg border border-border bg-card p-3">
                  <FileText aria-hidden="true" className="mb-3 size-5 shrink-0 text-muted-foreground" />
                  <Field
                    id={`${id}-title-${file.uploadId}`}
                    label={t('download.title', { number: index + 1 })}
                    hint={file.size !== undefined ? formatFileSize(file.size) : undefined}
                    className="min-w-48 flex-1"
                  >
                    {(control) => (
                      <Input
                        {...control}
                        value={file.title}
                        maxLength={200}
                        disabled={disabled}
                        onChange={(event) => setFiles(content.files.map((f, i) => (i === index ? { ...f, title: event.target.value } : f)))}
                      />
                    )}
                  </Field>
                  <div className="mb-0.5 flex gap-1">
                    <Button
                      variant="ghost"
                      size="icon"
                      aria-label={t('download.moveUp', { name })}
                      disabled={disabled || index === 0}
                      onClick={() => setFiles(moveItem(content.files, index, index - 1))}
                    >
                      <ArrowUp aria-hidden="true" className="size-4" />
                    </Button>
                    <Button
                      variant="ghost"
                      size="icon"
                      aria-label={t('download.moveDown', { name })}
                      disabled={disabled || index === content.files.length - 1}
                      onClick={() => setFiles(moveItem(content.files, index, index + 1))}
                    >
                      <ArrowDown aria-hidden="true" className="size-4" />
                    </Button>
                    <Button
                      variant="ghost"
                      size="icon"
                      aria-label={t('download.remove', { name })}
                      disabled={disabled}
                      onClick={() => setFiles(content.files.filter((_, i) => i !== index))}
                    >
                      <Trash2 aria-hidden="true" className="size-4" />
                    </Button>
                  </div>
                </li>
              );
            })}
          </ol>
        )}
      </section>

      <div className="flex flex-col gap-2">
        <h3 className="text-sm font-medium">{t('notes.title')}</h3>
        <TextEditor
          label={t('notes.label')}
          value={content.notes ?? EMPTY_DOC}
          onChange={(notes) => onChange({ ...latest.current, notes })}
          courseId={courseId}
          disabled={disabled}
        />
      </div>
    </div>
  );
}
