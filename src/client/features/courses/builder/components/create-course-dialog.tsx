import { useState, type FormEvent } from 'react';
import { useTranslation } from '@/lib/use-translation';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZCourseFields } from '@shared/schemas/courses.ts';
import { courseBuilderPath } from '@shared/routes.ts';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { serverMessage } from '@/lib/form-errors';
import { currentLanguage } from '@/lib/i18n';
import { queryKeys } from '@/lib/query-keys';
import { useShell } from '@/lib/shell-context';
import { createCourse } from '../api/courses';

export interface CreateCourseDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** Asks for a title, creates the course (a draft) and opens it in the builder. */
export function CreateCourseDialog({ open, onOpenChange }: CreateCourseDialogProps) {
  const { t } = useTranslation('builder');
  const { t: tm } = useTranslation('messages');
  const { navigate } = useShell();
  const queryClient = useQueryClient();
  const [title, setTitle] = useState('');
  const [error, setError] = useState<string | undefined>();
  const create = useMutation({
    mutationFn: (value: string) => createCourse({ title: value, language: currentLanguage() }),
    onSuccess: (course) => {
      queryClient.setQueryData(queryKeys.course(course.id), course);
      void queryClient.invalidateQueries({ queryKey: queryKeys.courses });
      // The page changes, which closes the dialog with it.
      navigate(courseBuilderPath(course.id));
    },
    onError: (failure) => setError(serverMessage(failure) ?? t('create.failed')),
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = ZCourseFields.shape.title.safeParse(title);
    if (!parsed.success) {
      setError(tm((parsed.error.issues[0]?.message ?? 'course.titleRequired') as 'course.titleRequired'));
      return;
    }
    setError(undefined);
    create.mutate(parsed.data);
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={t('create.title')} description={t('create.description')}>
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
        <Field id="new-course-title" label={t('create.label')} error={error} required>
          {(control) => <Input {...control} value={title} autoFocus maxLength={200} onChange={(event) => setTitle(event.target.value)} />}
        </Field>
        <div className="flex flex-wrap justify-end gap-3">
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" disabled={create.isPending}>
            {create.isPending && <Spinner />}
            {t('create.submit')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
