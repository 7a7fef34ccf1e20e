import { useId, useState, type RefObject } from 'react';
import { Dialog } from 'radix-ui';
import { useMutation } from '@tanstack/react-query';
import FileText from 'lucide-react/icons/file-text';
import Sparkles from 'lucide-react/icons/sparkles';
import X from 'lucide-react/icons/x';
import type { TCourseSourceDetail } from '@shared/schemas/course-sources.ts';
import { SOURCE_ACCEPT } from '@shared/course-limits.ts';
import type { TCourse } from '@shared/schemas/courses.ts';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { useTranslation } from '@/lib/use-translation';
import { UploadField } from '@/features/courses/lesson-editors/upload/upload-field';
import { useFileSender } from '@/features/courses/lesson-editors/upload/use-upload';
import { generateCourse, generateQuizzes, uploadSource, type GenerateOptions } from '../api/generation';
import { refusalOf, RefusalNotice, type AiRefusal } from './ai-refusal';
import { useBuilder } from './builder-context';

/** A wish for a count: empty lets the AI decide; otherwise a whole number in range. */
function count(text: string, max: number): number | undefined | 'invalid' {
  if (text.trim() === '') return undefined;
  if (!/^\d{1,2}$/.test(text.trim())) return 'invalid';
  const n = Number(text);
  return n >= 1 && n <= max ? n : 'invalid';
}

/**
 * The builder's "Generate with AI", a panel from the side that the outline's button opens: the whole
 * course or all its quizzes as a job, optionally based on material the user uploads. A started job
 * closes the panel; its progress shows on the page beside the outline it fills.
 */
export function AiPanel({
  course,
  open,
  onOpenChange,
  running,
  returnFocusTo,
}: {
  course: TCourse;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  running: boolean;
  returnFocusTo: RefObject<HTMLButtonElement | null>;
}) {
  const { t } = useTranslation('builder');
  const { readOnly, followJob } = useBuilder();
  const ids = useId();
  const [quizPerModule, setQuizPerModule] = useState(true);
  const [modules, setModules] = useState('');
  const [lessons, setLessons] = useState('');
  const [questions, setQuestions] = useState('');
  const [refusal, setRefusal] = useState<AiRefusal | null>(null);
  const moduleCount = count(modules, 12);
  const lessonsPerModule = count(lessons, 8);
  const questionsPerQuiz = count(questions, 12);
  const invalid = moduleCount === 'invalid' || lessonsPerModule === 'invalid' || questionsPerQuiz === 'invalid';
  const [source, setSource] = useState<TCourseSourceDetail | null>(null);

  const generation = useMutation({
    mutationFn: ({ what, options }: { what: 'course' | 'quizzes'; options: GenerateOptions }) =>
      what === 'course' ? generateCourse(course.id, options) : generateQuizzes(course.id, options.questionsPerQuiz),
    onMutate: () => setRefusal(null),
    onSuccess: (created) => {
      followJob(created.jobId);
      onOpenChange(false);
    },
    onError: (failure) => setRefusal(refusalOf(failure, t('ai.startFailed'))),
  });
  const busy = generation.isPending ? generation.variables.what : null;
  const start = (what: 'course' | 'quizzes') => {
    if (invalid) return;
    generation.mutate({
      what,
      options: {
        quizPerModule,
        ...(moduleCount !== undefined && { moduleCount }),
        ...(lessonsPerModule !== undefined && { lessonsPerModule }),
        ...(questionsPerQuiz !== undefined && { questionsPerQuiz }),
        ...(source && { sourceId: source.id }),
      },
    });
  };

  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/50 backdrop-blur-[2px]" />
        <Dialog.Content
          aria-describedby={`${ids}-intro`}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            returnFocusTo.current?.focus();
          }}
          className="fixed inset-y-0 right-0 z-50 flex w-[min(100vw,34rem)] flex-col gap-4 overflow-y-auto border-l border-border bg-card p-5 text-foreground shadow-2xl focus-visible:outline-none sm:p-6"
          data-testid="ai-panel"
        >
          <div className="flex items-center gap-2">
            <Sparkles aria-hidden="true" className="size-5 text-primary" />
            <Dialog.Title className="flex-1 text-lg font-semibold">{t('ai.title')}</Dialog.Title>
            <Dialog.Close
              aria-label={t('ai.closePanel')}
              className="flex size-10 items-center justify-center rounded-lg hover:bg-muted focus-visible:outline-2 focus-visible:outline-ring"
            >
              <X aria-hidden="true" className="size-5" />
            </Dialog.Close>
          </div>
          <p id={`${ids}-intro`} className="text-sm text-muted-foreground">
            {t('ai.intro')}
          </p>
          {running && (
            <p className="rounded-xl border border-border bg-muted p-3 text-sm" data-testid="ai-running-note">
              {t('ai.runningNote')}
            </p>
          )}
          <div className="grid gap-4 sm:grid-cols-3">
            <Field
              id={`${ids}-modules`}
              label={t('ai.moduleCount')}
              hint={t('ai.countHint')}
              error={moduleCount === 'invalid' ? t('ai.countInvalid', { max: 12 }) : undefined}
            >
              {(control) => <Input {...control} inputMode="numeric" value={modules} onChange={(event) => setModules(event.target.value)} />}
            </Field>
            <Field
              id={`${ids}-lessons`}
              label={t('ai.lessonsPerModule')}
              hint={t('ai.countHint')}
              error={lessonsPerModule === 'invalid' ? t('ai.countInvalid', { max: 8 }) : undefined}
            >
              {(control) => <Input {...control} inputMode="numeric" value={lessons} onChange={(event) => setLessons(event.target.value)} />}
            </Field>
            <Field
              id={`${ids}-questions`}
              label={t('ai.questionsPerQuiz')}
              hint={t('ai.countHint')}
              error={questionsPerQuiz === 'invalid' ? t('ai.countInvalid', { max: 12 }) : undefined}
            >
              {(control) => (
                <Input {...control} inputMode="numeric" value={questions} onChange={(event) => setQuestions(event.target.value)} />
              )}
            </Field>
          </div>
          <div className="flex items-center gap-2">
            <Checkbox id={`${ids}-quiz`} checked={quizPerModule} onCheckedChange={(value) => setQuizPerModule(value === true)} />
            <label htmlFor={`${ids}-quiz`} className="text-sm">
              {t('ai.quizPerModule')}
            </label>
          </div>
          <MaterialField source={source} onSource={setSource} disabled={readOnly || running} />
          <div className="flex flex-wrap gap-3">
            <Button onClick={() => start('course')} disabled={readOnly || running || busy !== null || invalid}>
              {busy === 'course' ? <Spinner /> : <Sparkles aria-hidden="true" className="size-4" />}
              {t('ai.generateCourse')}
            </Button>
            <Button
              variant="secondary"
              onClick={() => start('quizzes')}
              disabled={readOnly || running || busy !== null || questionsPerQuiz === 'invalid'}
            >
              {busy === 'quizzes' && <Spinner />}
              {t('ai.generateQuizzes')}
            </Button>
          </div>
          {refusal && <RefusalNotice refusal={refusal} />}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/** "Base it on my material": the file is read at once; its title and sections show here. */
function MaterialField({
  source,
  onSource,
  disabled,
}: {
  source: TCourseSourceDetail | null;
  onSource: (source: TCourseSourceDetail | null) => void;
  disabled: boolean;
}) {
  const { t } = useTranslation('builder');
  // Where a section sits in the file: 'page:3' → "page 3", 'slide:2' → "slide 2", a heading as it is;
  // nothing for 'document' (a file without pages or headings above the section).
  const locatorText = (locator: string) => {
    const match = /^(page|slide):(\d+)$/.exec(locator);
    if (match)
      return match[1] === 'page' ? t('ai.material.page', { n: Number(match[2]) }) : t('ai.material.slide', { n: Number(match[2]) });
    return locator === 'document' ? '' : locator;
  };

  const sending = useFileSender(uploadSource);
  // Once the bytes are sent the server reads the file, which takes a moment of its own.
  const reading = sending.state.status === 'uploading' && sending.state.total > 0 && sending.state.loaded >= sending.state.total;
  const upload = async (file: File | undefined) => {
    if (!file) return;
    const uploaded = await sending.start(file);
    if (uploaded) onSource(uploaded);
  };

  return (
    <div className="flex flex-col gap-2">
      <UploadField
        id="ai-material"
        label={t('ai.material.label')}
        hint={t('ai.material.hint')}
        accept={SOURCE_ACCEPT}
        disabled={disabled}
        state={sending.state}
        onCancel={sending.cancel}
        onFiles={(files) => void upload(files[0])}
      />
      {reading && (
        <p role="status" className="flex items-center gap-2 text-sm">
          <Spinner /> {t('ai.material.reading')}
        </p>
      )}
      {source && (
        <div className="flex flex-col gap-2 rounded-xl border border-border p-3" data-testid="ai-material">
          <div className="flex items-start gap-2">
            <FileText aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-primary" />
            <div className="min-w-0 flex-1">
              <p className="font-medium break-words">{source.title}</p>
              <p className="text-sm text-muted-foreground">
                {t('ai.material.summary', { filename: source.filename, count: source.sections.length })}
              </p>
            </div>
            <Button
              variant="ghost"
              size="icon"
              className="size-8"
              aria-label={t('ai.material.remove', { title: source.title })}
              onClick={() => onSource(null)}
            >
              <X aria-hidden="true" className="size-4" />
            </Button>
          </div>
          <ol className="flex max-h-64 flex-col gap-1 overflow-y-auto text-sm" aria-label={t('ai.material.sections')}>
            {source.sections.map((section) => (
              <li key={section.number} className="flex gap-2">
                <span className="text-muted-foreground tabular-nums">{section.number}.</span>
                <span className="min-w-0 flex-1 break-words">{section.heading}</span>
                <span className="shrink-0 text-muted-foreground">{locatorText(section.locator)}</span>
              </li>
            ))}
          </ol>
          <p className="text-sm text-muted-foreground">{t('ai.material.basedOn')}</p>
        </div>
      )}
    </div>
  );
}
