import { useId, useRef, useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import Sparkles from 'lucide-react/icons/sparkles';
import type { TLesson } from '@shared/schemas/courses.ts';
import { LESSON_FORMATS, type LessonFormat } from '@shared/course-limits.ts';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { inputClasses } from '@/components/ui/input';
import { cn } from '@/lib/cn';
import { useTranslation } from '@/lib/use-translation';
import { regenerateLesson } from '../api/generation';
import { isVersionConflict } from '../lib/save-queue';
import { refusalOf, RefusalNotice, type AiRefusal } from './ai-refusal';

/**
 * "Regenerate with AI" for a text lesson — as a lesson text or in one of the six content formats — or
 * for a video lesson's script: optional wishes; it is written at once and the old content stays in
 * the lesson's revisions (the user is pointed there).
 */
export function RegenerateLesson({
  lesson,
  disabled,
  onRegenerated,
  onShowRevisions,
  onLoadLatest,
}: {
  lesson: TLesson;
  disabled: boolean;
  onRegenerated: (lesson: TLesson) => void;
  onShowRevisions: () => void;
  onLoadLatest: () => void;
}) {
  const { t } = useTranslation('builder');
  const ids = useId();
  const [open, setOpen] = useState(false);
  const [instructions, setInstructions] = useState('');
  // A text lesson may be written in another format; a video lesson's notes are always its script.
  const [format, setFormat] = useState<LessonFormat>('lesson');
  const video = lesson.kind === 'video';
  const [refusal, setRefusal] = useState<AiRefusal | null>(null);
  const [conflict, setConflict] = useState(false);
  const [done, setDone] = useState(false);
  const toggle = useRef<HTMLButtonElement>(null);
  const doneRef = useRef<HTMLParagraphElement>(null);

  const regeneration = useMutation({
    mutationFn: () =>
      regenerateLesson(
        lesson.id,
        lesson.version,
        instructions.trim() || undefined,
        video ? 'video-script' : format === 'lesson' ? undefined : format,
      ),
    onMutate: () => {
      setRefusal(null);
      setConflict(false);
      setDone(false);
    },
    onSuccess: (written) => {
      onRegenerated(written);
      setOpen(false);
      setInstructions('');
      setDone(true);
      requestAnimationFrame(() => doneRef.current?.focus());
    },
    onError: (failure) => {
      if (isVersionConflict(failure)) setConflict(true);
      else setRefusal(refusalOf(failure, t('ai.lesson.failed')));
    },
  });
  const busy = regeneration.isPending;

  return (
    <div className="flex flex-col gap-3 rounded-xl border border-border p-3" data-testid="regenerate-lesson">
      <div className="flex flex-wrap items-center gap-3">
        <Button
          ref={toggle}
          variant="secondary"
          size="sm"
          disabled={disabled}
          aria-expanded={open}
          aria-controls={`${ids}-form`}
          onClick={() => {
            setOpen((value) => !value);
            setDone(false);
          }}
        >
          <Sparkles aria-hidden="true" className="size-4" />
          {video ? t('ai.lesson.openScript') : t('ai.lesson.open')}
        </Button>
        <span className="text-sm text-muted-foreground">{video ? t('ai.lesson.hintScript') : t('ai.lesson.hint')}</span>
      </div>
      {open && (
        <div id={`${ids}-form`} className="flex flex-col gap-2">
          {!video && (
            <>
              <label htmlFor={`${ids}-format`} className="text-sm font-medium">
                {t('ai.lesson.format')}
              </label>
              <select
                id={`${ids}-format`}
                value={format}
                onChange={(event) => setFormat(event.target.value as LessonFormat)}
                className={inputClasses}
              >
                {LESSON_FORMATS.map((value) => (
                  <option key={value} value={value}>
                    {t(`ai.lesson.formats.${value}`)}
                  </option>
                ))}
              </select>
            </>
          )}
          <label htmlFor={`${ids}-instructions`} className="text-sm font-medium">
            {t('ai.lesson.instructions')}
          </label>
          <textarea
            id={`${ids}-instructions`}
            value={instructions}
            maxLength={2000}
            rows={3}
            aria-describedby={`${ids}-instructions-hint`}
            onChange={(event) => setInstructions(event.target.value)}
            className={cn(inputClasses, 'h-auto min-h-20 py-2')}
          />
          <p id={`${ids}-instructions-hint`} className="text-sm text-muted-foreground">
            {t('ai.lesson.instructionsHint')}
          </p>
          <div className="flex flex-wrap gap-2">
            <Button size="sm" disabled={busy || disabled} onClick={() => regeneration.mutate()}>
              {busy && <Spinner />}
              {t('ai.lesson.run')}
            </Button>
            <Button
              size="sm"
              variant="ghost"
              disabled={busy}
              onClick={() => {
                setOpen(false);
                toggle.current?.focus();
              }}
            >
              {t('ai.lesson.cancel')}
            </Button>
          </div>
        </div>
      )}
      {busy && (
        <p role="status" className="text-sm">
          {t('ai.lesson.writing')}
        </p>
      )}
      {done && (
        <div className="flex flex-wrap items-center gap-2 text-sm">
          <p ref={doneRef} tabIndex={-1} role="status" data-testid="regenerated">
            {t('ai.lesson.done')}
          </p>
          <Button size="sm" variant="ghost" onClick={onShowRevisions}>
            {t('ai.lesson.showRevisions')}
          </Button>
        </div>
      )}
      {conflict && (
        <div role="alert" className="flex flex-wrap items-center gap-2 text-sm text-danger">
          <p>{t('ai.lesson.conflict')}</p>
          <Button size="sm" variant="secondary" onClick={onLoadLatest}>
            {t('ai.lesson.loadLatest')}
          </Button>
        </div>
      )}
      {refusal && <RefusalNotice refusal={refusal} />}
    </div>
  );
}
