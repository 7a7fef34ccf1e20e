import { useId, useState } from 'react';
import { useTranslation } from '@/lib/use-translation';
import { EMPTY_DOC, embedUrl, type TVideoContent } from '@shared/schemas/lesson-content.ts';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { cn } from '@/lib/cn';
import { TextEditor } from '../text/text-editor';
import { UPLOAD_ACCEPT } from '../upload/upload-file';
import { UploadField } from '../upload/upload-field';
import { useUpload } from '../upload/use-upload';
import { VideoPlayer } from '@/components/lesson-views/video-view';

type Source = 'upload' | 'embed';

export interface VideoEditorProps {
  content: TVideoContent;
  onChange: (content: TVideoContent) => void;
  courseId: string;
  disabled?: boolean;
}

/**
 * A video lesson: a file uploaded to the course (mp4, webm; progress and cancel) or a YouTube /
 * Vimeo address played through youtube-nocookie / player.vimeo.com, plus optional notes.
 */
export function VideoEditor({ content, onChange, courseId, disabled = false }: VideoEditorProps) {
  const { t } = useTranslation('lesson-editors');
  const id = useId();
  const [source, setSource] = useState<Source>(content.video?.source ?? 'upload');
  const [url, setUrl] = useState(content.video?.source === 'embed' ? content.video.url : '');
  const [urlError, setUrlError] = useState<string | undefined>();
  const upload = useUpload(courseId, 'video');

  const setVideo = (video: TVideoContent['video']) => onChange({ ...content, video });

  const pickFile = async (file: File | undefined) => {
    if (!file) return;
    const uploaded = await upload.start(file);
    if (uploaded) setVideo({ source: 'upload', uploadId: uploaded.id });
  };

  const applyUrl = () => {
    const value = url.trim();
    if (!value) {
      setUrlError(undefined);
      if (content.video?.source === 'embed') setVideo(null);
      return;
    }
    if (value.length > 500 || embedUrl(value) === null) {
      setUrlError(t('video.urlInvalid'));
      return;
    }
    setUrlError(undefined);
    if (content.video?.source !== 'embed' || content.video.url !== value) setVideo({ source: 'embed', url: value });
  };

  const sources: { value: Source; label: string }[] = [
    { value: 'upload', label: t('video.sourceUpload') },
    { value: 'embed', label: t('video.sourceEmbed') },
  ];

  return (
    <div className="flex flex-col gap-6">
      <fieldset className="flex flex-col gap-3" disabled={disabled}>
        <legend className="mb-2 text-sm font-medium">{t('video.source')}</legend>
        <div className="flex flex-wrap gap-2">
          {sources.map((option) => (
            <label
              key={option.value}
              className={cn(
                'flex cursor-pointer items-center gap-2 rounded-lg border px-3 py-2 text-sm has-focus-visible:outline-2 has-focus-visible:outline-ring',
                source === option.value ? 'border-primary bg-accent-soft text-accent' : 'border-border bg-card text-foreground',
              )}
            >
              <input
                type="radio"
                name={`${id}-source`}
                value={option.value}
                checked={source === option.value}
                onChange={() => setSource(option.value)}
                className="accent-[var(--primary)]"
              />
              {option.label}
            </label>
          ))}
        </div>

        {source === 'upload' ? (
          <div className="flex flex-col gap-3">
            <UploadField
              id={`${id}-file`}
              label={content.video?.source === 'upload' ? t('video.replaceFile') : t('video.file')}
              hint={t('video.fileHint')}
              accept={UPLOAD_ACCEPT.video}
              disabled={disabled}
              state={upload.state}
              onCancel={upload.cancel}
              onFiles={(files) => void pickFile(files[0])}
            />
          </div>
        ) : (
          <Field id={`${id}-url`} label={t('video.url')} error={urlError} hint={t('video.urlHint')}>
            {(control) => (
              <div className="flex gap-2">
                <Input
                  {...control}
                  type="url"
                  inputMode="url"
                  autoComplete="off"
                  spellCheck={false}
                  placeholder="https://www.youtube.com/watch?v=…"
                  value={url}
                  onChange={(event) => {
                    setUrl(event.target.value);
                    setUrlError(undefined);
                  }}
                  onBlur={applyUrl}
                  onKeyDown={(event) => {
                    if (event.key === 'Enter') {
                      event.preventDefault();
                      applyUrl();
                    }
                  }}
                />
                <Button variant="secondary" onClick={applyUrl}>
                  {t('video.useUrl')}
                </Button>
              </div>
            )}
          </Field>
        )}
      </fieldset>

      <section aria-labelledby={`${id}-preview`} className="flex flex-col gap-3">
        <h3 id={`${id}-preview`} className="text-sm font-medium">
          {t('video.preview')}
        </h3>
        {content.video ? (
          <>
            <VideoPlayer video={content.video} />
            <div>
              <Button
                variant="ghost"
                size="sm"
                disabled={disabled}
                onClick={() => {
                  setVideo(null);
                  setUrl('');
                }}
              >
                {t('video.remove')}
              </Button>
            </div>
          </>
        ) : (
          <p className="rounded-lg border border-dashed border-border p-6 text-center text-sm text-muted-foreground">{t('video.none')}</p>
        )}
      </section>

      <div className="flex flex-col gap-2">
        <h3 className="text-sm font-medium">{t('notes.title')}</h3>
        <TextEditor
          label={t('notes.label')}
          value={content.notes ?? EMPTY_DOC}
          onChange={(notes) => onChange({ ...content, notes })}
          courseId={courseId}
          disabled={disabled}
        />
      </div>
    </div>
  );
}
