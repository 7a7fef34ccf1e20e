import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useMutation } from '@tanstack/react-query';
import Plus from 'lucide-react/icons/plus';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useTranslation } from '@/lib/use-translation';

/**
 * Adds a SCORM package's SCOs to a module as lessons: the package's file (a ZIP), then import.
 * `focus`: the builder was opened to add one (the dashboard's "upload content"), so the file field
 * takes the focus (the last module's, mounted last).
 */
export default function ScormLessonForm({
  moduleId,
  moduleName,
  kindField,
  focus,
  onImport,
}: {
  moduleId: string;
  moduleName: string;
  kindField: ReactNode;
  focus: boolean;
  onImport: (file: File) => Promise<boolean>;
}) {
  const { t } = useTranslation('builder');
  const [file, setFile] = useState<File | null>(null);
  const [inputKey, setInputKey] = useState(0);
  const [error, setError] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (focus) input.current?.focus();
  }, [focus]);
  const importing = useMutation({
    mutationFn: onImport,
    onSuccess: (ok) => {
      if (!ok) return;
      setFile(null);
      setInputKey((k) => k + 1);
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setError(!file);
    if (file) importing.mutate(file);
  };
  const errorId = `new-lesson-${moduleId}-error`;
  return (
    <form
      noValidate
      onSubmit={submit}
      className="flex flex-wrap items-end gap-2 border-t border-border pt-2"
      aria-label={t('outline.addLessonTo', { name: moduleName })}
    >
      <div className="flex min-w-40 flex-1 flex-col gap-1">
        <label htmlFor={`new-lesson-${moduleId}`} className="text-xs font-medium text-muted-foreground">
          {t('outline.scormFile')}
        </label>
        <input
          key={inputKey}
          ref={input}
          id={`new-lesson-${moduleId}`}
          type="file"
          accept=".zip,application/zip"
          onChange={(event) => setFile(event.target.files?.[0] ?? null)}
          className="h-9 text-sm file:me-3 file:rounded-md file:border file:border-border file:bg-muted file:px-3 file:py-1.5"
          aria-invalid={error || undefined}
          aria-describedby={error ? errorId : undefined}
        />
      </div>
      {kindField}
      <Button type="submit" size="sm" variant="secondary" disabled={importing.isPending}>
        {importing.isPending ? <Spinner /> : <Plus aria-hidden="true" className="size-4" />}
        {t('outline.importScorm')}
      </Button>
      {error && (
        <p id={errorId} className="w-full text-sm text-danger">
          {t('outline.scormFileRequired')}
        </p>
      )}
    </form>
  );
}
