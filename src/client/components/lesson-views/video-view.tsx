import { useTranslation } from '@/lib/use-translation';
import { embedUrl } from '@shared/lesson-display.ts';
import type { TVideoContent } from '@shared/schemas/lesson-content.ts';
import { RichTextView } from './rich-text-view';

type Video = NonNullable<TVideoContent['video']>;

/** The video itself: our upload in a <video> element, or the YouTube / Vimeo player in a titled frame. */
export function VideoPlayer({ video, title }: { video: Video; title?: string }) {
  const { t } = useTranslation('lesson-editors');
  if (video.source === 'upload') {
    return (
      <video
        controls
        preload="metadata"
        className="aspect-video w-full rounded-lg bg-black"
        src={`/api/uploads/${encodeURIComponent(video.uploadId)}`}
      >
        {t('video.unsupported')}
      </video>
    );
  }
  const src = embedUrl(video.url);
  if (!src) return <p className="text-sm text-muted-foreground">{t('video.unavailable')}</p>;
  return (
    <iframe
      src={src}
      title={title ?? t('video.frameTitle')}
      className="aspect-video w-full rounded-lg border-0 bg-black"
      allow="autoplay; fullscreen; picture-in-picture; encrypted-media"
      allowFullScreen
      referrerPolicy="strict-origin-when-cross-origin"
      loading="lazy"
    />
  );
}

/** A video lesson as a learner sees it: the video, then the notes. */
export function VideoLessonView({ content }: { content: TVideoContent }) {
  const { t } = useTranslation('lesson-editors');
  return (
    <div className="flex flex-col gap-6">
      {content.video ? <VideoPlayer video={content.video} /> : <p className="text-sm text-muted-foreground">{t('video.none')}</p>}
      {content.notes && <RichTextView doc={content.notes} />}
    </div>
  );
}
