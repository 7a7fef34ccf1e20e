import { Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from '@/lib/use-translation';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import History from 'lucide-react/icons/history';
import type { TLesson } from '@shared/schemas/courses.ts';
import type { LessonContent } from '@shared/schemas/lesson-content.ts';
import { Button } from '@/components/ui/button';
import { ConfirmDialog, Dialog } from '@/components/ui/dialog';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { serverMessage } from '@/lib/form-errors';
import { formatDateTime } from '@/lib/format';
import { getRevision, listRevisions, restoreRevision, type TRevisionList } from '../api/courses';
import { LessonView } from './lesson-views';

type Revision = TRevisionList['revisions'][number];

/** The lesson's last 20 saved versions: who saved each and when its content was saved; view one; restore one. */
export function Revisions({
  lesson,
  disabled,
  onRestored,
  openRequest = 0,
}: {
  lesson: TLesson;
  disabled: boolean;
  onRestored: (lesson: TLesson) => void;
  openRequest?: number;
}) {
  const { t } = useTranslation('builder');
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  // Asked to show them (after AI rewrote the lesson): the list opens and its heading gets the focus.
  const [seenRequest, setSeenRequest] = useState(openRequest);
  if (seenRequest !== openRequest) {
    setSeenRequest(openRequest);
    setOpen(true);
  }
  useEffect(() => {
    if (openRequest === 0) return;
    heading.current?.focus();
    heading.current?.scrollIntoView({ block: 'start', behavior: 'smooth' });
  }, [openRequest]);
  const [viewing, setViewing] = useState<Revision | null>(null);
  const [restoring, setRestoring] = useState<Revision | null>(null);
  const [error, setError] = useState<string | undefined>();
  const list = useQuery({
    queryKey: ['lesson-revisions', lesson.id, lesson.version],
    queryFn: ({ signal }) => listRevisions(lesson.id, signal),
    enabled: open,
  });
  const shown = useQuery({
    queryKey: ['lesson-revision', lesson.id, viewing?.id],
    queryFn: ({ signal }) => getRevision(lesson.id, viewing?.id ?? '', signal),
    enabled: viewing !== null,
  });

  const restoration = useMutation({
    mutationFn: (revision: Revision) => restoreRevision(lesson.id, revision.id, lesson.version),
    onSuccess: (restored) => {
      setError(undefined);
      setViewing(null);
      onRestored(restored);
      void queryClient.invalidateQueries({ queryKey: ['lesson-revisions', lesson.id] });
    },
    onError: (failure) => setError(serverMessage(failure) ?? t('revisions.failed')),
  });
  const busy = restoration.isPending;
  const restore = () => {
    const revision = restoring;
    setRestoring(null);
    if (revision) restoration.mutate(revision);
  };

  return (
    <section aria-labelledby="revisions-title" className="flex flex-col gap-3 border-t border-border pt-4">
      <div className="flex flex-wrap items-center gap-3">
        <h3 id="revisions-title" ref={heading} tabIndex={-1} className="flex items-center gap-2 font-semibold">
          <History aria-hidden="true" className="size-4" />
          {t('revisions.title')}
        </h3>
        <Button
          size="sm"
          variant="secondary"
          aria-expanded={open}
          aria-controls="revisions-list"
          onClick={() => setOpen((value) => !value)}
        >
          {open ? t('revisions.hide') : t('revisions.show')}
        </Button>
        {busy && <Spinner />}
      </div>
      {error && (
        <p role="alert" className="text-sm text-danger">
          {error}
        </p>
      )}
      {open && (
        <div id="revisions-list">
          {list.isPending && <Skeleton variant="text" lines={3} />}
          {list.isError && <p className="text-sm text-danger">{serverMessage(list.error) ?? t('revisions.failed')}</p>}
          {list.data && list.data.revisions.length === 0 && <p className="text-sm text-muted-foreground">{t('revisions.empty')}</p>}
          {list.data && list.data.revisions.length > 0 && (
            <ol className="flex flex-col divide-y divide-border rounded-xl border border-border" data-testid="revisions">
              {list.data.revisions.map((revision) => (
                <li key={revision.id} className="flex flex-wrap items-center gap-3 px-3 py-2 text-sm">
                  <span className="min-w-0 flex-1">
                    <span className="font-medium">{revision.title}</span>
                    <span className="block text-muted-foreground">
                      {t('revisions.by', {
                        author: revision.author?.name ?? t('revisions.unknownAuthor'),
                        time: formatDateTime(revision.savedAt),
                        version: revision.version,
                      })}
                    </span>
                  </span>
                  <Button size="sm" variant="ghost" onClick={() => setViewing(revision)}>
                    {t('revisions.view')}
                  </Button>
                  <Button size="sm" variant="secondary" disabled={disabled} onClick={() => setRestoring(revision)}>
                    {t('revisions.restore')}
                  </Button>
                </li>
              ))}
            </ol>
          )}
          {disabled && <p className="mt-2 text-sm text-muted-foreground">{t('revisions.saveFirst')}</p>}
        </div>
      )}
      <Dialog
        open={viewing !== null}
        onOpenChange={(value) => !value && setViewing(null)}
        title={viewing ? t('revisions.viewTitle', { time: formatDateTime(viewing.savedAt) }) : ''}
        className="w-[min(94vw,48rem)]"
      >
        {shown.isPending && <Skeleton className="h-40 w-full" />}
        {shown.isError && <p className="text-sm text-danger">{serverMessage(shown.error) ?? t('revisions.failed')}</p>}
        {shown.data && (
          <Suspense fallback={<Skeleton className="h-40 w-full" />}>
            <h3 className="font-semibold">{shown.data.title}</h3>
            <LessonView kind={shown.data.kind} title={shown.data.title} content={shown.data.content as LessonContent} mode="learner" />
          </Suspense>
        )}
        <div className="flex justify-end gap-3">
          <Button variant="secondary" onClick={() => setViewing(null)}>
            {t('common.close')}
          </Button>
          {viewing && (
            <Button disabled={disabled} onClick={() => setRestoring(viewing)}>
              {t('revisions.restore')}
            </Button>
          )}
        </div>
      </Dialog>
      <ConfirmDialog
        open={restoring !== null}
        onOpenChange={(value) => !value && setRestoring(null)}
        title={t('revisions.confirmTitle')}
        description={restoring ? t('revisions.confirmText', { time: formatDateTime(restoring.savedAt) }) : ''}
        confirmLabel={t('revisions.restore')}
        cancelLabel={t('common.cancel')}
        onConfirm={restore}
      />
    </section>
  );
}
