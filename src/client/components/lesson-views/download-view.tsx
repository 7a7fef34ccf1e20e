import { useEffect, useState } from 'react';
import { useTranslation } from '@/lib/use-translation';
import Download from 'lucide-react/icons/download';
import type { TDownloadContent } from '@shared/schemas/lesson-content.ts';
import { formatFileSize } from './format-size';
import { RichTextView } from './rich-text-view';

/** The size of a file the content does not record (older content): the server's Content-Length. */
function useFileSize(url: string, known: number | undefined): number | undefined {
  const [size, setSize] = useState<number | undefined>(known);
  useEffect(() => {
    if (known !== undefined) return;
    const controller = new AbortController();
    fetch(url, { method: 'HEAD', credentials: 'include', signal: controller.signal })
      .then((response) => {
        const length = Number(response.headers.get('content-length'));
        if (response.ok && Number.isFinite(length) && length > 0) setSize(length);
      })
      .catch(() => {
        // No size is shown; the link still works.
      });
    return () => controller.abort();
  }, [url, known]);
  return known ?? size;
}

function DownloadItem({ file }: { file: TDownloadContent['files'][number] }) {
  const { t } = useTranslation('lesson-editors');
  const url = `/api/uploads/${encodeURIComponent(file.uploadId)}`;
  const size = useFileSize(url, file.size);
  const title = file.title || t('download.untitled');
  return (
    <li>
      <a
        href={url}
        download
        className="flex items-center gap-3 rounded-lg border border-border bg-card p-3 text-foreground transition-colors hover:bg-muted focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
      >
        <Download aria-hidden="true" className="size-5 shrink-0 text-accent" />
        <span className="min-w-0 flex-1 truncate font-medium">{title}</span>
        {size !== undefined && <span className="shrink-0 text-sm text-muted-foreground tabular-nums">{formatFileSize(size)}</span>}
      </a>
    </li>
  );
}

/** A download lesson as a learner sees it: the files to download with their sizes, then the notes. */
export function DownloadLessonView({ content }: { content: TDownloadContent }) {
  const { t } = useTranslation('lesson-editors');
  return (
    <div className="flex flex-col gap-6">
      {content.files.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t('download.noneForLearner')}</p>
      ) : (
        <ul aria-label={t('download.listLabel')} className="flex flex-col gap-2">
          {content.files.map((file) => (
            <DownloadItem key={file.uploadId} file={file} />
          ))}
        </ul>
      )}
      {content.notes && <RichTextView doc={content.notes} />}
    </div>
  );
}
