import { useId, useState, type FormEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { courseBuilderPath } from '@shared/routes.ts';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { importScormCourse } from '@/features/courses/builder/api/scorm';
import { serverMessage } from '@/lib/form-errors';
import { queryKeys } from '@/lib/query-keys';
import { useShell } from '@/lib/shell-context';
import { useTranslation } from '@/lib/use-translation';

/** A new draft course from a SCORM package (a ZIP): the builder opens on it once it is imported. */
export function ScormCourseImport() {
  const { t } = useTranslation('account');
  const { navigate } = useShell();
  const queryClient = useQueryClient();
  const id = useId();
  const [file, setFile] = useState<File | null>(null);
  const [missing, setMissing] = useState(false);
  const importing = useMutation({
    mutationFn: importScormCourse,
    onSuccess: async (course) => {
      await queryClient.invalidateQueries({ queryKey: queryKeys.courses });
      navigate(courseBuilderPath(course.id));
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setMissing(!file);
    if (file) importing.mutate(file);
  };
  const problem = missing
    ? t('dashboard.upload.scormFileRequired')
    : importing.error
      ? (serverMessage(importing.error) ?? t('dashboard.upload.scormFailed'))
      : null;
  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-3 border-t border-border pt-5" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className="font-semibold">
        {t('dashboard.upload.scormCourse')}
      </h3>
      <p className="text-sm text-muted-foreground">{t('dashboard.upload.scormCourseHint')}</p>
      <label htmlFor={`${id}-file`} className="text-sm font-medium">
        {t('dashboard.upload.scormFile')}
      </label>
      <input
        id={`${id}-file`}
        type="file"
        accept=".zip,application/zip"
        onChange={(event) => setFile(event.target.files?.[0] ?? null)}
        className="text-sm file:me-3 file:rounded-md file:border file:border-border file:bg-muted file:px-3 file:py-1.5"
        aria-invalid={problem !== null || undefined}
        aria-describedby={problem ? `${id}-error` : undefined}
      />
      {problem && (
        <p id={`${id}-error`} role="alert" className="text-sm text-danger">
          {problem}
        </p>
      )}
      <Button type="submit" variant="secondary" className="self-start" disabled={importing.isPending}>
        {importing.isPending && <Spinner />}
        {importing.isPending ? t('dashboard.upload.scormImporting') : t('dashboard.upload.scormImport')}
      </Button>
    </form>
  );
}
