import { lazy, Suspense, useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import Plus from 'lucide-react/icons/plus';
import { COURSE_LIMITS, LESSON_KINDS, type LessonKind } from '@shared/course-limits.ts';
import { Button } from '@/components/ui/button';
import { Input, inputClasses } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { cn } from '@/lib/cn';
import { useTranslation } from '@/lib/use-translation';

/** The SCORM package's form is loaded when that kind is chosen. */
const ScormLessonForm = lazy(() => import('./scorm-lesson-form'));

/** What the lesson is made from: a title (text, video, quiz, download), or a SCORM package's file. */
export type NewLesson = { kind: Exclude<LessonKind, 'scorm'>; title: string } | { kind: 'scorm'; file: File };

/**
 * Adds a lesson to a module: its title and its kind (text, video, quiz, download), or a SCORM
 * package (a ZIP), whose SCOs become lessons of their own.
 */
export function AddLessonForm({
  moduleId,
  moduleName,
  initialKind,
  onAdd,
}: {
  moduleId: string;
  moduleName: string;
  initialKind?: LessonKind | undefined;
  onAdd: (lesson: NewLesson) => Promise<boolean>;
}) {
  const { t } = useTranslation('builder');
  const [title, setTitle] = useState('');
  const [kind, setKind] = useState<LessonKind>(initialKind ?? 'text');
  const [error, setError] = useState(false);
  // onAdd reports its own failures and answers whether the lesson was added.
  const adding = useMutation({
    mutationFn: onAdd,
    onSuccess: (ok) => {
      if (ok) setTitle('');
    },
  });
  const busy = adding.isPending;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (kind === 'scorm') return;
    if (!title.trim()) {
      setError(true);
      return;
    }
    setError(false);
    adding.mutate({ kind, title: title.trim() });
  };
  const kindField = (
    <div className="flex flex-col gap-1">
      <label htmlFor={`new-lesson-kind-${moduleId}`} className="text-xs font-medium text-muted-foreground">
        {t('outline.newLessonKind')}
      </label>
      <select
        id={`new-lesson-kind-${moduleId}`}
        value={kind}
        onChange={(event) => setKind(event.target.value as LessonKind)}
        className={cn(inputClasses, 'h-9 w-auto')}
      >
        {LESSON_KINDS.map((value) => (
          <option key={value} value={value}>
            {value === 'scorm' ? t('outline.scormKind') : t(`kinds.${value}`)}
          </option>
        ))}
      </select>
    </div>
  );
  if (kind === 'scorm')
    return (
      <Suspense fallback={null}>
        <ScormLessonForm
          moduleId={moduleId}
          moduleName={moduleName}
          kindField={kindField}
          focus={initialKind === 'scorm'}
          onImport={(file) => onAdd({ kind: 'scorm', file })}
        />
      </Suspense>
    );
  return (
    <form
      noValidate
      onSubmit={submit}
      className="flex flex-wrap items-end gap-2 border-t border-border pt-2"
      aria-label={t('outline.addLessonTo', { name: moduleName })}
    >
      <div className="flex min-w-40 flex-1 flex-col gap-1">
        <label htmlFor={`new-lesson-${moduleId}`} className="text-xs font-medium text-muted-foreground">
          {t('outline.newLessonTitle')}
        </label>
        <Input
          id={`new-lesson-${moduleId}`}
          value={title}
          maxLength={COURSE_LIMITS.lessonTitle}
          onChange={(event) => setTitle(event.target.value)}
          className="h-9"
          aria-invalid={error || undefined}
          aria-describedby={error ? `new-lesson-${moduleId}-error` : undefined}
          data-media-target={initialKind ? 'lesson' : undefined}
        />
      </div>
      {kindField}
      <Button type="submit" size="sm" variant="secondary" disabled={busy}>
        {busy ? <Spinner /> : <Plus aria-hidden="true" className="size-4" />}
        {t('outline.addLesson')}
      </Button>
      {error && (
        <p id={`new-lesson-${moduleId}-error`} className="w-full text-sm text-danger">
          {t('outline.lessonTitleRequired')}
        </p>
      )}
    </form>
  );
}
