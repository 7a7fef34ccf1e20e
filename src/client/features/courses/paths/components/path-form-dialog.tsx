import { useState, type FormEvent } from 'react';
import ArrowDown from 'lucide-react/icons/arrow-down';
import ArrowUp from 'lucide-react/icons/arrow-up';
import X from 'lucide-react/icons/x';
import { PATH_DESCRIPTION_MAX, PATH_TITLE_MAX, type TPathSummary } from '@shared/schemas/paths.ts';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { DialogFormEnd } from '@/components/ui/dialog-form-end';
import { Field } from '@/components/ui/field';
import { Input, inputClasses, Textarea } from '@/components/ui/input';
import { Loading, LoadFailed } from '@/components/ui/load-state';
import { isApiError } from '@/lib/api-client';
import { serverMessage } from '@/lib/form-errors';
import { useTranslation } from '@/lib/use-translation';
import { toast } from '@/lib/use-toast';
import { usePathCourses, useSavePath } from '@/features/learning/paths/api/paths';

interface Chosen {
  id: string;
  title: string;
}

/**
 * A new learning path, or a change to one: its title, description and courses in the order they
 * are taken (moved with buttons, so the keyboard and screen readers order them as a mouse does).
 */
export function PathFormDialog({ path, onClose }: { path: TPathSummary | null; onClose: () => void }) {
  const { t } = useTranslation('paths');
  const offered = usePathCourses();
  const save = useSavePath(path?.id ?? null);
  const [title, setTitle] = useState(path?.title ?? '');
  const [description, setDescription] = useState(path?.description ?? '');
  const [courses, setCourses] = useState<Chosen[]>(path?.courses.map((c) => ({ id: c.id, title: c.title })) ?? []);
  const [adding, setAdding] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const available = (offered.data?.courses ?? []).filter((c) => !courses.some((chosen) => chosen.id === c.id));

  const move = (index: number, by: -1 | 1) =>
    setCourses((current) => {
      const next = [...current];
      const [item] = next.splice(index, 1);
      next.splice(index + by, 0, item!);
      return next;
    });

  const add = () => {
    const course = available.find((c) => c.id === adding);
    if (!course) return;
    setCourses((current) => [...current, course]);
    setAdding('');
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setErrors({});
    const courseIds = courses.map((c) => c.id);
    // The courses only when they changed: then the people on the path are enrolled in those added.
    const changed = !path || courseIds.join() !== path.courses.map((c) => c.id).join();
    save.mutate(
      { title, description, ...(changed && { courseIds }) },
      {
        onSuccess: (saved) => {
          toast({ title: t('form.saved', { title: saved.title }) });
          onClose();
        },
        onError: (failure) =>
          setErrors({ ...(isApiError(failure) ? (failure.body?.errors ?? {}) : {}), form: serverMessage(failure) ?? t('form.failed') }),
      },
    );
  };

  return (
    <Dialog
      open
      returnFocus
      onOpenChange={(open) => !open && onClose()}
      title={path ? t('form.editTitle', { title: path.title }) : t('form.newTitle')}
      description={t('form.description')}
    >
      <form noValidate onSubmit={submit} className="flex flex-col gap-5">
        <Field id="path-title" label={t('form.title')} required error={errors.title}>
          {(control) => <Input {...control} value={title} maxLength={PATH_TITLE_MAX} onChange={(e) => setTitle(e.target.value)} />}
        </Field>
        <Field id="path-description" label={t('form.summary')} error={errors.description}>
          {(control) => (
            <Textarea
              {...control}
              rows={3}
              value={description}
              maxLength={PATH_DESCRIPTION_MAX}
              onChange={(e) => setDescription(e.target.value)}
            />
          )}
        </Field>
        <fieldset className="flex flex-col gap-2" aria-describedby={errors.courseIds ? 'path-courses-error' : undefined}>
          <legend className="mb-2 text-sm font-medium">{t('form.courses')}</legend>
          {courses.length === 0 ? (
            <p className="text-sm text-muted-foreground">{t('form.noCourses')}</p>
          ) : (
            <ol className="flex flex-col gap-1" data-testid="path-courses">
              {courses.map((course, index) => (
                <li key={course.id} className="flex items-center gap-2 rounded-lg border border-border px-3 py-1.5 text-sm">
                  <span className="w-6 text-muted-foreground tabular-nums">{index + 1}.</span>
                  <span className="min-w-0 flex-1 break-words">{course.title}</span>
                  <Button
                    variant="ghost"
                    size="icon"
                    aria-label={t('form.up', { title: course.title })}
                    disabled={index === 0}
                    onClick={() => move(index, -1)}
                  >
                    <ArrowUp aria-hidden="true" className="size-4" />
                  </Button>
                  <Button
                    variant="ghost"
                    size="icon"
                    aria-label={t('form.down', { title: course.title })}
                    disabled={index === courses.length - 1}
                    onClick={() => move(index, 1)}
                  >
                    <ArrowDown aria-hidden="true" className="size-4" />
                  </Button>
                  <Button
                    variant="ghost"
                    size="icon"
                    aria-label={t('form.removeCourse', { title: course.title })}
                    onClick={() => setCourses((current) => current.filter((c) => c.id !== course.id))}
                  >
                    <X aria-hidden="true" className="size-4" />
                  </Button>
                </li>
              ))}
            </ol>
          )}
          {errors.courseIds && (
            <p id="path-courses-error" className="text-sm text-danger">
              {errors.courseIds}
            </p>
          )}
        </fieldset>
        {offered.isPending ? (
          <Loading />
        ) : offered.isError ? (
          <LoadFailed message={serverMessage(offered.error) ?? t('form.coursesFailed')} onRetry={offered.refetch} />
        ) : (
          available.length > 0 && (
            <div className="flex flex-wrap items-end gap-2">
              <Field id="path-add-course" label={t('form.addCourse')} className="min-w-0 flex-1">
                {(control) => (
                  <select {...control} className={inputClasses} value={adding} onChange={(e) => setAdding(e.target.value)}>
                    <option value="">{t('form.chooseCourse')}</option>
                    {available.map((c) => (
                      <option key={c.id} value={c.id}>
                        {c.title}
                      </option>
                    ))}
                  </select>
                )}
              </Field>
              <Button variant="secondary" onClick={add} disabled={!adding}>
                {t('form.add')}
              </Button>
            </div>
          )
        )}
        <DialogFormEnd
          error={errors.form}
          cancelLabel={t('cancel')}
          onCancel={onClose}
          submitLabel={t('form.save')}
          pending={save.isPending}
        />
      </form>
    </Dialog>
  );
}
