import { lazy, Suspense, useRef, useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from '@/lib/use-translation';
import ExternalLink from 'lucide-react/icons/external-link';
import type { TCourse } from '@shared/schemas/courses.ts';
import { Button } from '@/components/ui/button';
import { LazyConfirmDialog } from '@/components/ui/lazy-confirm-dialog';
import { LoadingPart } from '@/components/ui/loading-part';
import { Spinner } from '@/components/ui/spinner';
import { isApiError } from '@/lib/api-client';
import { serverMessage } from '@/lib/form-errors';
import { changeStatus, type StatusAction } from '../api/courses';
import { useBuilder } from './builder-context';
import { emptyLessonsOf } from '../lib/empty-lessons';

// The empty lessons' question loads (with Radix's alert dialog) when the server first asks it.
const EmptyLessonsDialog = lazy(() => import('./empty-lessons-dialog').then((m) => ({ default: m.EmptyLessonsDialog })));

/** Publish, unpublish, archive (and back to draft); what is missing before publishing, as a list; empty lessons asked about first. */
export function PublishBar({ course }: { course: TCourse }) {
  const { t } = useTranslation('builder');
  const { courseId, writer, registry } = useBuilder();
  const [problem, setProblem] = useState<{ message: string; missing: string[] } | null>(null);
  const [confirmArchive, setConfirmArchive] = useState(false);
  const [emptyLessons, setEmptyLessons] = useState<string[] | null>(null);
  // Mounted from its first opening on, so that closing it keeps its closing animation.
  const [emptyAsked, setEmptyAsked] = useState(false);
  const publishButton = useRef<HTMLButtonElement>(null);

  const statusChange = useMutation({
    mutationFn: async ({ action, confirmEmptyLessons }: { action: StatusAction; confirmEmptyLessons: boolean }) => {
      // The server judges the course as saved: everything typed goes out first.
      await registry.flushAll();
      if (registry.hasUnsaved()) return 'unsaved' as const;
      await writer.run((version) => changeStatus(courseId, action, version, confirmEmptyLessons));
      return 'changed' as const;
    },
    onMutate: () => setProblem(null),
    onSuccess: (result) => {
      if (result === 'unsaved') setProblem({ message: t('publish.saveFirst'), missing: [] });
    },
    onError: (failure) => {
      const empty = emptyLessonsOf(failure);
      if (empty) {
        setEmptyLessons(empty);
        setEmptyAsked(true);
        return;
      }
      const body = isApiError(failure) ? failure.body : null;
      setProblem({
        message: serverMessage(failure) ?? t('publish.failed'),
        missing: body?.code === 'COURSE_INCOMPLETE' ? Object.values(body.errors ?? {}) : [],
      });
    },
  });
  const busy = statusChange.isPending ? statusChange.variables.action : null;
  const run = (action: StatusAction, confirmEmptyLessons = false) => statusChange.mutate({ action, confirmEmptyLessons });

  const action = (name: StatusAction, label: string, variant: 'primary' | 'secondary' = 'secondary') => (
    <Button
      ref={name === 'publish' ? publishButton : undefined}
      size="sm"
      variant={variant}
      disabled={busy !== null}
      onClick={() => (name === 'archive' ? setConfirmArchive(true) : run(name))}
    >
      {busy === name && <Spinner />}
      {label}
    </Button>
  );

  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center gap-2">
        {course.status === 'draft' && action('publish', t('publish.publish'), 'primary')}
        {course.status === 'published' && action('unpublish', t('publish.unpublish'))}
        {course.status === 'archived' && action('unpublish', t('publish.restore'), 'primary')}
        {course.status !== 'archived' && action('archive', t('publish.archive'))}
      </div>
      {course.status === 'published' && course.siteUrl && (
        <p className="text-sm">
          {t('publish.liveAt')}{' '}
          <a
            href={course.siteUrl}
            target="_blank"
            rel="noreferrer"
            className="inline-flex items-center gap-1 font-medium text-accent underline underline-offset-2"
            data-testid="site-url"
          >
            {course.siteUrl}
            <ExternalLink aria-hidden="true" className="size-3.5" />
            <span className="sr-only">{t('publish.newTab')}</span>
          </a>
        </p>
      )}
      {course.status === 'published' && !course.siteUrl && <p className="text-sm text-muted-foreground">{t('publish.noSubdomain')}</p>}
      {problem && (
        <div role="alert" data-testid="publish-problem" className="rounded-xl border border-danger/50 bg-card p-3 text-sm">
          <p className="font-medium text-danger">{problem.message}</p>
          {problem.missing.length > 0 && (
            <ul className="mt-2 list-disc pl-5" data-testid="publish-missing">
              {problem.missing.map((item) => (
                <li key={item}>{item}</li>
              ))}
            </ul>
          )}
        </div>
      )}
      <LazyConfirmDialog
        open={confirmArchive}
        onOpenChange={setConfirmArchive}
        title={t('publish.confirmArchive')}
        description={t('publish.confirmArchiveText')}
        confirmLabel={t('publish.archive')}
        cancelLabel={t('common.cancel')}
        destructive
        onConfirm={() => run('archive')}
      />
      {emptyAsked && (
        <Suspense fallback={<LoadingPart />}>
          <EmptyLessonsDialog
            lessons={emptyLessons}
            returnFocus={publishButton}
            onCancel={() => setEmptyLessons(null)}
            onConfirm={() => {
              setEmptyLessons(null);
              run('publish', true);
            }}
          />
        </Suspense>
      )}
    </div>
  );
}
