import { lazy, Suspense, useState } from 'react';
import UserMinus from 'lucide-react/icons/user-minus';
import type { TPathSummary } from '@shared/schemas/paths.ts';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Loading, LoadFailed } from '@/components/ui/load-state';
import { LoadingPart } from '@/components/ui/loading-part';
import { currentLanguage } from '@/lib/i18n';
import { serverMessage } from '@/lib/form-errors';
import { useTranslation } from '@/lib/use-translation';
import { toast } from '@/lib/use-toast';
import { useAssignPath, usePath, useUnassignPath } from '@/features/learning/paths/api/paths';

// The member picker is the course assignment's, loaded when it is opened.
const AssignDialog = lazy(() => import('../../dashboard/components/assign-dialog').then((m) => ({ default: m.AssignDialog })));

const date = (iso: string) =>
  new Date(iso).toLocaleDateString(currentLanguage() === 'da' ? 'da-DK' : 'en-GB', { day: 'numeric', month: 'short', year: 'numeric' });

/** The people on a path and how far each is; who may change the path assigns it and takes people off it here. */
export function PathPeopleDialog({ path, onClose }: { path: TPathSummary; onClose: () => void }) {
  const { t } = useTranslation('paths');
  const detail = usePath(path.id);
  const assign = useAssignPath(path.id);
  const unassign = useUnassignPath(path.id);
  const [assigning, setAssigning] = useState(false);
  const count = detail.data?.courses.length ?? path.courses.length;

  return (
    <>
      <Dialog
        open
        returnFocus
        onOpenChange={(open) => !open && onClose()}
        title={t('people.title', { title: path.title })}
        description={t('people.description')}
        className="max-w-3xl"
      >
        {detail.isPending ? (
          <Loading />
        ) : detail.isError ? (
          <LoadFailed message={serverMessage(detail.error) ?? t('people.failed')} onRetry={detail.refetch} />
        ) : (
          <div className="flex flex-col gap-5">
            {detail.data.members.length === 0 ? (
              <p className="text-sm text-muted-foreground">{t('people.none')}</p>
            ) : (
              <div className="max-h-96 overflow-auto">
                <table className="w-full text-left text-sm" data-testid="path-people">
                  <thead className="text-muted-foreground">
                    <tr>
                      <th scope="col" className="py-2 pr-3 font-medium">
                        {t('people.name')}
                      </th>
                      <th scope="col" className="py-2 pr-3 font-medium">
                        {t('people.progress')}
                      </th>
                      <th scope="col" className="py-2 pr-3 font-medium">
                        {t('people.due')}
                      </th>
                      <th scope="col" className="py-2 pr-3 font-medium">
                        {t('people.completed')}
                      </th>
                      {path.canEdit && (
                        <th scope="col">
                          <span className="sr-only">{t('people.actions')}</span>
                        </th>
                      )}
                    </tr>
                  </thead>
                  <tbody>
                    {detail.data.members.map((member) => (
                      <tr key={member.userId} className="border-t border-border">
                        <th scope="row" className="py-2 pr-3 text-left font-normal">
                          <span className="block font-medium break-words">{member.name}</span>
                          <span className="block break-all text-muted-foreground">{member.email}</span>
                        </th>
                        <td className="py-2 pr-3 tabular-nums">{t('people.progressValue', { done: member.completedCourses, count })}</td>
                        <td className="py-2 pr-3">{member.dueAt ? date(member.dueAt) : t('people.noDue')}</td>
                        <td className="py-2 pr-3">{member.completedAt ? date(member.completedAt) : t('people.notYet')}</td>
                        {path.canEdit && (
                          <td className="py-2 text-right">
                            <Button
                              variant="ghost"
                              size="icon"
                              aria-label={t('people.unassign', { name: member.name })}
                              disabled={unassign.isPending}
                              onClick={() =>
                                unassign.mutate(member.userId, {
                                  onSuccess: () => toast({ title: t('people.unassigned', { name: member.name }) }),
                                  onError: (failure) => toast({ title: serverMessage(failure) ?? t('people.failed') }),
                                })
                              }
                            >
                              <UserMinus aria-hidden="true" className="size-4" />
                            </Button>
                          </td>
                        )}
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )}
            <div className="flex flex-wrap justify-end gap-3">
              <Button variant="secondary" onClick={onClose}>
                {t('people.close')}
              </Button>
              {path.canEdit && <Button onClick={() => setAssigning(true)}>{t('people.assign')}</Button>}
            </div>
          </div>
        )}
      </Dialog>
      {assigning && (
        // Over the list of learners: closed, focus goes back to the button that opened it.
        <Suspense fallback={<LoadingPart />}>
          <AssignDialog title={path.title} kind="path" assign={assign} onClose={() => setAssigning(false)} />
        </Suspense>
      )}
    </>
  );
}
