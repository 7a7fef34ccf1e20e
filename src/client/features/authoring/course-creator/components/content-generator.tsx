import { useId, useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import Copy from 'lucide-react/icons/copy';
import Download from 'lucide-react/icons/download';
import FileInput from 'lucide-react/icons/file-input';
import type { TGenerateContentResponse } from '@shared/schemas/creator-content.ts';
import { CONTENT_HISTORY } from '@shared/creator-limits.ts';
import type { TDraftContentItem } from '@shared/schemas/creator-drafts.ts';
import { LESSON_FORMATS, type LessonFormat } from '@shared/schemas/lesson-content.ts';
import { COURSE_LEVELS } from '@shared/schemas/courses.ts';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { Input, inputClasses } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/lib/use-toast';
import { partialText } from '@/lib/ai-stream';
import { currentLanguage } from '@/lib/i18n';
import { useTranslation } from '@/lib/use-translation';
import { generateContent } from '../api/content';
import { errorText, isSetupRequired } from '../lib/ai-errors';
import { downloadText, fileSlug } from '../lib/files';
import type { CourseDraft } from '../lib/wizard';
import { AiGate } from './ai-gate';
import { AiSource } from './ai-source';
import { InsertIntoLesson } from './insert-into-lesson';

type Level = (typeof COURSE_LEVELS)[number];

export interface ContentGeneratorProps {
  draft: CourseDraft;
  /** The draft's course, if it has one: the lessons offered first for "Insert into a lesson". */
  courseId: string | null;
  /** What was generated, newest first: the wizard's, kept with its draft (the newest CONTENT_HISTORY.items). */
  history: readonly TDraftContentItem[];
  onGenerated: (item: TGenerateContentResponse) => void;
  onSetupRequired: () => void;
}

/** An item's key in the list: it is never edited, and two are never made in the same millisecond with the same title. */
const keyOf = (item: TDraftContentItem) => `${item.metadata.generated_at} ${item.type} ${item.title}`;

/**
 * The wizard's content step, the content generator: a lesson's title, module, objective, length and
 * difficulty, and one of the six content types; each result goes to the top of a history list, to
 * copy, download as .txt, expand or insert into a lesson.
 * The list is the wizard's and is saved with its draft, so a reload shows it again without a new
 * call. The form's fields are not saved: they are a few words to type, and the last item shows them.
 */
export function ContentGenerator({ draft, courseId, history, onGenerated, onSetupRequired }: ContentGeneratorProps) {
  const { t } = useTranslation('creator-wizard');
  const id = useId();
  const [moduleTitle, setModuleTitle] = useState('');
  const [lessonTitle, setLessonTitle] = useState('');
  const [objective, setObjective] = useState('');
  const [duration, setDuration] = useState('30');
  const [difficulty, setDifficulty] = useState<Level>('intermediate');
  const [contentType, setContentType] = useState<LessonFormat>('lesson');
  // The answer as the model writes it (streamed), until the finished item joins the history.
  const [preview, setPreview] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const minutes = Number(duration);
  const durationValid = Number.isInteger(minutes) && minutes >= 5 && minutes <= 240;

  const generation = useMutation({
    mutationFn: () => {
      const context = Object.fromEntries(Object.entries(draft).filter(([, value]) => value.trim() !== ''));
      return generateContent(
        {
          lesson_title: lessonTitle.trim(),
          ...(moduleTitle.trim() && { module_title: moduleTitle.trim() }),
          ...(objective.trim() && { learning_objective: objective.trim() }),
          duration: minutes,
          difficulty,
          content_type: contentType,
          ...(Object.keys(context).length > 0 && { course_context: context }),
          language: currentLanguage(),
        },
        (partial) => setPreview(partialText(partial)),
      );
    },
    onMutate: () => {
      setFailure(null);
      setPreview('');
    },
    onSuccess: (item) => {
      onGenerated(item);
      toast({ title: t('toast.contentTitle') });
    },
    onError: (error) => {
      if (isSetupRequired(error)) return onSetupRequired();
      setFailure(errorText(error));
      toast({ title: t('toast.generationFailed'), description: t('toast.contentFailed'), variant: 'destructive' });
    },
    onSettled: () => setPreview(''),
  });
  const pending = generation.isPending;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (pending || lessonTitle.trim() === '' || !durationValid) return;
    generation.mutate();
  };

  return (
    <div className="flex flex-col gap-6" data-testid="step-content">
      <p className="max-w-2xl leading-relaxed text-muted-foreground">{t('content.intro', { items: CONTENT_HISTORY.items })}</p>
      <AiGate>
        <form className="grid gap-4 sm:grid-cols-2" onSubmit={submit} aria-label={t('content.formLabel')}>
          <Field id={`${id}-module`} label={t('content.moduleTitle')}>
            {(control) => <Input {...control} value={moduleTitle} maxLength={200} onChange={(e) => setModuleTitle(e.target.value)} />}
          </Field>
          <Field id={`${id}-lesson`} label={t('content.lessonTitle')} required>
            {(control) => <Input {...control} value={lessonTitle} maxLength={200} onChange={(e) => setLessonTitle(e.target.value)} />}
          </Field>
          <Field id={`${id}-objective`} label={t('content.objective')} className="sm:col-span-2">
            {(control) => <Input {...control} value={objective} maxLength={300} onChange={(e) => setObjective(e.target.value)} />}
          </Field>
          <Field id={`${id}-duration`} label={t('content.duration')} error={durationValid ? undefined : t('content.durationInvalid')}>
            {(control) => (
              <Input
                {...control}
                type="number"
                inputMode="numeric"
                min={5}
                max={240}
                step={1}
                value={duration}
                onChange={(e) => setDuration(e.target.value)}
              />
            )}
          </Field>
          <Field id={`${id}-difficulty`} label={t('content.difficulty')}>
            {(control) => (
              <select {...control} className={inputClasses} value={difficulty} onChange={(e) => setDifficulty(e.target.value as Level)}>
                {COURSE_LEVELS.map((level) => (
                  <option key={level} value={level}>
                    {t(`levels.${level}`)}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <Field id={`${id}-type`} label={t('content.type')}>
            {(control) => (
              <select
                {...control}
                className={inputClasses}
                value={contentType}
                onChange={(e) => setContentType(e.target.value as LessonFormat)}
              >
                {LESSON_FORMATS.map((format) => (
                  <option key={format} value={format}>
                    {t(`content.types.${format}`)}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <div className="sm:col-span-2">
            <Button type="submit" disabled={pending || lessonTitle.trim() === '' || !durationValid}>
              {pending && <Spinner />}
              {pending ? t('content.generating') : t('content.generate')}
            </Button>
            {lessonTitle.trim() === '' && <p className="mt-2 text-sm text-muted-foreground">{t('content.needsTitle')}</p>}
          </div>
        </form>
      </AiGate>
      {failure && (
        <p role="alert" className="text-sm text-danger">
          {failure}
        </p>
      )}
      {pending && preview && (
        <Card className="flex flex-col gap-2" aria-busy="true" data-testid="content-preview">
          <p className="flex items-center gap-2 text-sm font-medium text-muted-foreground">
            <Spinner />
            {t('content.writing')}
          </p>
          <p className="max-h-72 overflow-y-auto whitespace-pre-wrap text-sm leading-relaxed">{preview}</p>
        </Card>
      )}
      {history.length > 0 && (
        <section aria-labelledby={`${id}-history`} className="flex flex-col gap-3">
          <h3 id={`${id}-history`} className="text-lg font-semibold">
            {t('content.history', { count: history.length })}
          </h3>
          <ol className="flex flex-col gap-4" data-testid="content-history">
            {history.map((item) => (
              <li key={keyOf(item)}>
                <GeneratedItem item={item} courseId={courseId} />
              </li>
            ))}
          </ol>
        </section>
      )}
    </div>
  );
}

function GeneratedItem({ item, courseId }: { item: TDraftContentItem; courseId: string | null }) {
  const { t } = useTranslation('creator-wizard');
  const bodyId = useId();
  const [expanded, setExpanded] = useState(false);
  const [inserting, setInserting] = useState(false);
  const generated = new Date(item.metadata.generated_at);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(item.content);
      toast({ title: t('toast.copied') });
    } catch {
      toast({ title: t('content.copyFailed'), variant: 'destructive' });
    }
  };

  return (
    <Card className="flex flex-col gap-3" data-testid="generated-item">
      <div>
        <h4 className="font-semibold">{item.title}</h4>
        <p className="text-sm text-muted-foreground">
          {t(`content.types.${item.type}`)} · {t(`levels.${item.metadata.difficulty}`)} ·{' '}
          {t('content.minutes', { count: item.metadata.duration })} ·{' '}
          <time dateTime={item.metadata.generated_at}>{generated.toLocaleString(currentLanguage())}</time>
        </p>
        <AiSource source={item.source} />
      </div>
      <div
        id={bodyId}
        className={expanded ? 'whitespace-pre-wrap text-sm leading-relaxed' : 'line-clamp-4 whitespace-pre-wrap text-sm leading-relaxed'}
        data-testid="generated-content"
      >
        {item.content}
      </div>
      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" size="sm" aria-expanded={expanded} aria-controls={bodyId} onClick={() => setExpanded((v) => !v)}>
          {expanded ? t('content.collapse') : t('content.expand')}
        </Button>
        <Button variant="secondary" size="sm" onClick={() => void copy()}>
          <Copy aria-hidden="true" className="size-4" />
          {t('content.copy')}
        </Button>
        <Button variant="secondary" size="sm" onClick={() => downloadText(item.content, `${fileSlug(item.title, 'content')}.txt`)}>
          <Download aria-hidden="true" className="size-4" />
          {t('content.download')}
        </Button>
        <Button variant="secondary" size="sm" aria-expanded={inserting} onClick={() => setInserting((v) => !v)}>
          <FileInput aria-hidden="true" className="size-4" />
          {t('content.insert')}
        </Button>
      </div>
      {inserting && <InsertIntoLesson item={item} courseId={courseId} />}
    </Card>
  );
}
