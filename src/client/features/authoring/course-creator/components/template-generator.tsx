import { useEffect, useRef, useState } from 'react';
import Check from 'lucide-react/icons/check';
import { CREATOR_TIMINGS } from '@shared/creator-timings.ts';
import type { TCreatorDraft } from '@shared/schemas/creator-drafts.ts';
import type { TGeneratedTemplate } from '@shared/schemas/creator-template.ts';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/lib/use-toast';
import { cn } from '@/lib/cn';
import { currentLanguage } from '@/lib/i18n';
import { useTranslation } from '@/lib/use-translation';
import { applyTemplate, generateTemplate } from '../api/generate-template';
import { errorText, isSetupRequired } from '../lib/ai-errors';
import type { CourseDraft } from '../lib/wizard';
import { AiGate } from './ai-gate';
import { AiSource } from './ai-source';

const PROGRESS = ['analyse', 'modules', 'lessons', 'assessments', 'marketing', 'finish'] as const;

export interface TemplateGeneratorProps {
  draft: CourseDraft;
  ensureDraft: () => Promise<TCreatorDraft>;
  onDraft: (draft: TCreatorDraft) => void;
  onApplied: (courseId: string) => void;
  onSetupRequired: () => void;
}

/**
 * The template generator: six progress steps, at most one per 1.5 s, the last completing only
 * when the answer has arrived (the request goes out at once); the template can be downloaded as
 * JSON or made the course's outline.
 */
export function TemplateGenerator({ draft, ensureDraft, onDraft, onApplied, onSetupRequired }: TemplateGeneratorProps) {
  const { t } = useTranslation('creator-wizard');
  const [done, setDone] = useState(-1);
  const [template, setTemplate] = useState<TGeneratedTemplate | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [applying, setApplying] = useState(false);
  const answer = useRef<TGeneratedTemplate | null>(null);
  const timer = useRef<ReturnType<typeof setInterval> | undefined>(undefined);
  const running = done >= 0 && !template;
  const ready = draft.industry.trim() !== '' || draft.title.trim() !== '';

  useEffect(() => () => clearInterval(timer.current), []);

  const stop = () => {
    clearInterval(timer.current);
    timer.current = undefined;
  };

  const doneRef = useRef(-1);
  const show = (n: number) => {
    doneRef.current = n;
    setDone(n);
  };
  // The sixth step completes only once the answer is here, and not before the fifth has shown.
  const finishIfReady = () => {
    if (doneRef.current !== PROGRESS.length - 1 || !answer.current) return;
    stop();
    show(PROGRESS.length);
    setTemplate(answer.current);
    toast({ title: t('toast.templateTitle') });
  };

  const start = async () => {
    setFailure(null);
    setTemplate(null);
    answer.current = null;
    show(0);
    timer.current = setInterval(() => {
      if (doneRef.current < PROGRESS.length - 1) show(doneRef.current + 1);
      else finishIfReady();
    }, CREATOR_TIMINGS.templateStepMs);
    try {
      const saved = await ensureDraft();
      const context = Object.fromEntries(Object.entries(draft).filter(([, value]) => value.trim() !== ''));
      const result = await generateTemplate({
        course_data: context,
        draft_id: saved.id,
        uniqueness_seed: String(Date.now()),
        language: currentLanguage(),
      });
      if (result.draft) onDraft(result.draft);
      answer.current = result.template;
      finishIfReady();
    } catch (error) {
      stop();
      show(-1);
      if (isSetupRequired(error)) return onSetupRequired();
      setFailure(errorText(error));
      toast({ title: t('toast.generationFailed'), description: t('toast.templateFailed'), variant: 'destructive' });
    }
  };

  const download = (value: TGeneratedTemplate) => {
    const url = URL.createObjectURL(new Blob([JSON.stringify(value, null, 2)], { type: 'application/json' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = `${
      value.title
        .toLowerCase()
        .replace(/[^\p{L}\p{N}]+/gu, '-')
        .replace(/^-|-$/g, '') || 'template'
    }.json`;
    link.click();
    URL.revokeObjectURL(url);
  };

  const apply = async () => {
    setApplying(true);
    setFailure(null);
    try {
      const saved = await ensureDraft();
      const result = await applyTemplate(saved.id, saved.version);
      onDraft(result.draft);
      onApplied(result.course.id);
    } catch (error) {
      setFailure(errorText(error));
    } finally {
      setApplying(false);
    }
  };

  return (
    <div className="flex flex-col gap-5" data-testid="template-generator">
      <AiGate>
        <div>
          <Button onClick={() => void start()} disabled={!ready || running}>
            {running && <Spinner />}
            {t('template.generate')}
          </Button>
          {!ready && <p className="mt-2 text-sm text-muted-foreground">{t('template.needsSubject')}</p>}
        </div>
      </AiGate>
      {done >= 0 && (
        <ol className="flex flex-col gap-2" aria-label={t('template.progress')} data-testid="template-progress">
          {PROGRESS.map((step, index) => {
            const complete = index < done || done === PROGRESS.length;
            const current = index === done && done < PROGRESS.length;
            return (
              <li
                key={step}
                className={cn('flex items-center gap-2 text-sm', !complete && !current && 'text-muted-foreground')}
                aria-current={current ? 'step' : undefined}
              >
                {complete ? (
                  <Check aria-hidden="true" className="size-4 text-accent" />
                ) : current ? (
                  <Spinner />
                ) : (
                  <span aria-hidden="true" className="size-4" />
                )}
                {t(`template.steps.${step}`)}
                {complete && <span className="sr-only">{t('template.stepDone')}</span>}
              </li>
            );
          })}
        </ol>
      )}
      {failure && (
        <p role="alert" className="text-sm text-danger">
          {failure}
        </p>
      )}
      {template && (
        <Card className="flex flex-col gap-4" data-testid="template">
          <div>
            <h3 className="text-lg font-semibold">{template.title}</h3>
            <AiSource source={template.source} />
          </div>
          <p className="text-sm leading-relaxed text-muted-foreground">{template.description}</p>
          <p className="text-sm">
            {t('template.duration')}: {template.duration}
          </p>
          <ol className="flex flex-col gap-3">
            {template.modules.map((module, index) => (
              <li key={index} className="rounded-xl border border-border p-3">
                <p className="font-medium">{module.title}</p>
                <ul className="mt-1 list-disc pl-5 text-sm">
                  {module.lessons.map((lesson, i) => (
                    <li key={i}>{t('template.lesson', { title: lesson.title, minutes: lesson.duration_minutes })}</li>
                  ))}
                </ul>
                <p className="mt-1 text-sm text-muted-foreground">
                  {t('template.assessment', {
                    title: module.assessment.title,
                    questions: module.assessment.questions,
                    minutes: module.assessment.duration,
                  })}
                </p>
              </li>
            ))}
          </ol>
          <div className="flex flex-wrap gap-3">
            <Button variant="secondary" onClick={() => download(template)}>
              {t('template.download')}
            </Button>
            <Button onClick={() => void apply()} disabled={applying}>
              {applying && <Spinner />}
              {t('template.apply')}
            </Button>
          </div>
        </Card>
      )}
    </div>
  );
}
