import { useState } from 'react';
import { Navigate } from 'react-router';
import Pencil from 'lucide-react/icons/pencil';
import Plus from 'lucide-react/icons/plus';
import Route from 'lucide-react/icons/route';
import Trash2 from 'lucide-react/icons/trash-2';
import type { TPathSummary } from '@shared/schemas/paths.ts';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Container } from '@/components/ui/container';
import { EmptyState } from '@/components/ui/empty-state';
import { LazyConfirmDialog } from '@/components/ui/lazy-confirm-dialog';
import { Loading, LoadFailed } from '@/components/ui/load-state';
import { StageItem } from '@/components/ui/stage-item';
import { serverMessage } from '@/lib/form-errors';
import { useMe } from '@/lib/me';
import { usePageMeta } from '@/lib/i18n';
import { useTranslation } from '@/lib/use-translation';
import { toast } from '@/lib/use-toast';
import { useDeletePath, usePaths } from '@/features/learning/paths/api/paths';
import { PathFormDialog } from './components/path-form-dialog';
import { PathPeopleDialog } from './components/path-people-dialog';

function PathCard({
  path,
  onEdit,
  onPeople,
  onRemove,
}: {
  path: TPathSummary;
  onEdit: () => void;
  onPeople: () => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation('paths');
  return (
    <Card className="flex h-full flex-col gap-4 p-5" data-testid="path-card">
      <div className="min-w-0">
        <h2 className="text-lg font-semibold break-words">{path.title}</h2>
        {path.description && <p className="mt-1 text-sm break-words text-muted-foreground">{path.description}</p>}
        <p className="mt-2 text-sm text-muted-foreground">
          {t('card.courses', { count: path.courses.length })} · {t('card.people', { count: path.people })} ·{' '}
          {t('card.completed', { count: path.completed })}
        </p>
      </div>
      {path.courses.length > 0 && (
        <ol className="flex list-decimal flex-col gap-1 pl-5 text-sm">
          {path.courses.map((course) => (
            <li key={course.id} className="break-words">
              {course.title}
              {!course.published && <span className="text-danger"> ({t('card.unpublished')})</span>}
            </li>
          ))}
        </ol>
      )}
      <div className="mt-auto flex flex-wrap items-center gap-2">
        <Button variant="secondary" size="sm" onClick={onPeople} aria-label={t('card.peopleOf', { title: path.title })}>
          {t('card.peopleButton')}
        </Button>
        {path.canEdit && (
          <>
            <Button variant="ghost" size="icon" aria-label={t('card.edit', { title: path.title })} onClick={onEdit}>
              <Pencil aria-hidden="true" className="size-4" />
            </Button>
            <Button variant="ghost" size="icon" aria-label={t('card.remove', { title: path.title })} onClick={onRemove}>
              <Trash2 aria-hidden="true" className="size-4" />
            </Button>
          </>
        )}
      </div>
    </Card>
  );
}

/**
 * /paths: the company's learning paths for the people who make courses (admins and instructors):
 * made and changed in a dialog, assigned to members, with who is on each and how far they are.
 */
export function PathsPage() {
  const { t } = useTranslation('paths');
  usePageMeta(t('page.title'));
  const { data: me } = useMe();
  const paths = usePaths(Boolean(me) && me?.role !== 'learner');
  const remove = useDeletePath();
  const [editing, setEditing] = useState<TPathSummary | 'new' | null>(null);
  const [people, setPeople] = useState<TPathSummary | null>(null);
  const [removing, setRemoving] = useState<TPathSummary | null>(null);
  // A learner finds their paths on /learn.
  if (me?.role === 'learner') return <Navigate to="/learn" replace />;

  return (
    <Container className="flex max-w-6xl flex-col gap-8 py-8 sm:py-10">
      <StageItem className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{t('page.title')}</h1>
          <p className="mt-2 max-w-2xl text-muted-foreground">{t('page.description')}</p>
        </div>
        <Button onClick={() => setEditing('new')}>
          <Plus aria-hidden="true" className="size-4" />
          {t('page.new')}
        </Button>
      </StageItem>
      {paths.isPending ? (
        <Loading />
      ) : paths.isError ? (
        <LoadFailed message={serverMessage(paths.error) ?? t('page.failed')} onRetry={paths.refetch} />
      ) : paths.data.paths.length === 0 ? (
        <EmptyState icon={Route} level={2} title={t('page.none')} description={t('page.noneHint')} />
      ) : (
        <ul className="grid gap-5 md:grid-cols-2" aria-label={t('page.list')}>
          {paths.data.paths.map((path) => (
            <li key={path.id}>
              <PathCard path={path} onEdit={() => setEditing(path)} onPeople={() => setPeople(path)} onRemove={() => setRemoving(path)} />
            </li>
          ))}
        </ul>
      )}
      {editing && <PathFormDialog path={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
      {people && <PathPeopleDialog path={people} onClose={() => setPeople(null)} />}
      <LazyConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => !open && setRemoving(null)}
        title={t('card.removeTitle', { title: removing?.title ?? '' })}
        description={t('card.removeDescription')}
        confirmLabel={t('card.removeConfirm')}
        cancelLabel={t('cancel')}
        destructive
        onConfirm={() =>
          removing &&
          remove.mutate(removing.id, {
            onSuccess: () => {
              toast({ title: t('card.removed', { title: removing.title }) });
              setRemoving(null);
            },
            onError: (failure) => toast({ title: serverMessage(failure) ?? t('page.failed') }),
          })
        }
      />
    </Container>
  );
}
