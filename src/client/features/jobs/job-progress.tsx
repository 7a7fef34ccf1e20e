import { useEffect, useRef, useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import Ban from 'lucide-react/icons/ban';
import CircleCheck from 'lucide-react/icons/circle-check';
import CircleDashed from 'lucide-react/icons/circle-dashed';
import CircleX from 'lucide-react/icons/circle-x';
import RotateCcw from 'lucide-react/icons/rotate-ccw';
import type { TJobStep, TJobSummary } from '@shared/schemas/jobs.ts';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/lib/use-toast';
import { serverMessage } from '@/lib/form-errors';
import { useTranslation } from '@/lib/use-translation';
import { cancelJob, retryStep } from './api';
import { isFinished, useJobStream } from './use-job-stream';
import { useOptionalBuilder } from './course-host';

const STEP_ICONS = { pending: CircleDashed, done: CircleCheck, failed: CircleX, cancelled: Ban } as const;

/**
 * A generation job's live progress (its SSE stream): each lesson's and quiz's state with its label as
 * it happens, Cancel while it runs, and Try again on a step that failed.
 */
export function JobProgress({ jobId, onDismiss }: { jobId: string; onDismiss: () => void }) {
  const { t } = useTranslation('builder');
  const writer = useOptionalBuilder()?.writer ?? null;
  const [epoch, setEpoch] = useState(0);
  const { job, steps } = useJobStream(jobId, writer, epoch);
  // The 'translate' step only starts the translation, a job of its own: that job's state is the step's.
  const translationId = translationJobOf(job);
  const linked = useJobStream(translationId, null, epoch);
  const view = withTranslation(job, steps, translationId, linked.job);
  const [problem, setProblem] = useState<string | null>(null);
  const finished = view.status !== 'queued' && view.status !== 'running';
  const announced = useRef<string | null>(null);

  // Once, when the job ends while it is watched here: a toast says how it went.
  useEffect(() => {
    if (!job || !finished) return;
    if (announced.current === null) announced.current = view.status;
    else if (announced.current !== view.status) {
      announced.current = view.status;
      toast({
        title: t(`ai.finished.${view.status as 'succeeded' | 'failed' | 'cancelled'}`),
        variant: view.status === 'failed' ? 'destructive' : 'default',
      });
    }
  }, [job, finished, view.status, t]);
  useEffect(() => {
    if (job && !finished) announced.current = 'open';
  }, [job, finished]);

  const acting = useMutation({
    mutationFn: ({ action }: { key: string; action: () => Promise<unknown> }) => action(),
    onMutate: () => setProblem(null),
    // The stream is opened again, so it replays the job as it now is.
    onSuccess: () => setEpoch((n) => n + 1),
    onError: (failure) => setProblem(serverMessage(failure) ?? t('ai.actionFailed')),
  });
  const busy = acting.isPending ? acting.variables.key : null;
  const act = (key: string, action: () => Promise<unknown>) => acting.mutate({ key, action });
  // A failed translation is tried again where it failed: its own failed steps.
  const retry = (step: TJobStep) =>
    step.key === TRANSLATE_STEP && view.translation && translationId
      ? act(step.key, () => Promise.all(linked.steps.filter((s) => s.status === 'failed').map((s) => retryStep(translationId, s.key))))
      : act(step.key, () => retryStep(jobId, step.key));
  // While the translation runs after the course itself is written, Cancel stops the translation.
  const cancel = () => act('cancel', () => cancelJob(translationId && isFinished(job) ? translationId : jobId));

  const lessonSteps = view.steps.filter((step) => step.phase !== 'outline' || step.status !== 'done' || step.label !== null);
  const kind = job?.kind ?? 'whole-course';
  const statusText = !job
    ? t('ai.status.queued')
    : view.translation
      ? t(`ai.status.translation.${view.status as 'running' | 'failed' | 'cancelled'}`)
      : t(`ai.status.${job.cancelRequested && !finished ? 'cancelling' : view.status}`);
  return (
    <section aria-labelledby="ai-job-heading" className="flex flex-col gap-3 rounded-xl border border-border p-4" data-testid="ai-job">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id="ai-job-heading" className="font-semibold">
          {t(`ai.kind.${kind}`, { defaultValue: t('ai.kind.whole-course') })}
        </h3>
        {!finished ? (
          <Button variant="secondary" size="sm" disabled={!job || view.cancelRequested || busy !== null} onClick={cancel}>
            {busy === 'cancel' && <Spinner />}
            {t('ai.cancel')}
          </Button>
        ) : (
          <Button variant="ghost" size="sm" onClick={onDismiss}>
            {t('ai.close')}
          </Button>
        )}
      </div>
      <div className="flex items-center gap-3">
        <progress className="h-2 w-full accent-primary" max={100} value={view.progress} aria-label={t('ai.progressLabel')} />
        <span className="text-sm tabular-nums" data-testid="ai-job-progress">
          {view.progress} %
        </span>
      </div>
      <p role="status" className="text-sm text-muted-foreground" data-testid="ai-job-status">
        {statusText}
        {view.error && finished ? ` ${view.error}` : ''}
      </p>
      {lessonSteps.length > 0 && (
        <ol className="flex flex-col divide-y divide-border rounded-lg border border-border" data-testid="ai-steps">
          {lessonSteps.map((step) => (
            <StepRow key={step.key} step={step} busy={busy === step.key} onRetry={() => retry(step)} />
          ))}
        </ol>
      )}
      {problem && (
        <p role="alert" className="text-sm text-danger">
          {problem}
        </p>
      )}
    </section>
  );
}

const TRANSLATE_STEP = 'translate';

/** The translation a whole-course job started (its result names it once the job has succeeded). */
function translationJobOf(job: TJobSummary | null): string | null {
  const result = job?.status === 'succeeded' ? (job.result as { translation?: { jobId?: string | null } } | null) : null;
  return result?.translation?.jobId ?? null;
}

interface ProgressView {
  status: TJobSummary['status'];
  progress: number;
  error: string | null;
  cancelRequested: boolean;
  steps: TJobStep[];
  /** The state shown is the started translation's (the course itself is written). */
  translation: boolean;
}

/**
 * The job as the teacher should read it: a 'translate' step is done only when the translation it
 * started is, it fails when that fails, and until then the whole is neither done nor at 100 %.
 */
function withTranslation(
  job: TJobSummary | null,
  steps: TJobStep[],
  translationId: string | null,
  translation: TJobSummary | null,
): ProgressView {
  const own: ProgressView = {
    status: job?.status ?? 'queued',
    progress: job?.progress ?? 0,
    error: job?.error ?? null,
    cancelRequested: job?.cancelRequested ?? false,
    steps,
    translation: false,
  };
  const step = steps.find((s) => s.key === TRANSLATE_STEP);
  if (!job || !step || step.status !== 'done') return own;
  // Started, but not yet known (the job's result, or the translation's first read, is on its way).
  const linked = translationId ? translation : null;
  if (!linked && (!isFinished(job) || translationId)) {
    return {
      ...own,
      status: 'running',
      progress: Math.min(own.progress, 99),
      steps: steps.map((s) => (s === step ? { ...s, status: 'running' } : s)),
    };
  }
  if (!linked || linked.status === 'succeeded') return own;
  const stepStatus: TJobStep['status'] = linked.status === 'queued' || linked.status === 'running' ? 'running' : linked.status;
  // The translation counts as one step of the job, at its own progress.
  const share = steps.length > 0 ? 1 / steps.length : 1;
  const progress = Math.min(99, Math.round(100 * (1 - share) + linked.progress * share));
  return {
    status: stepStatus === 'running' ? 'running' : stepStatus === 'cancelled' ? 'cancelled' : 'failed',
    progress,
    error: linked.error,
    cancelRequested: linked.cancelRequested,
    steps: steps.map((s) => (s === step ? { ...s, status: stepStatus, progress: linked.progress, error: linked.error } : s)),
    translation: true,
  };
}

function StepRow({ step, busy, onRetry }: { step: TJobStep; busy: boolean; onRetry: () => void }) {
  const { t } = useTranslation('builder');
  // A lesson by its title; a module's quiz and video script by what they are and the module's title.
  const label =
    step.label === null
      ? t(`ai.phase.${step.phase}`, { defaultValue: step.phase })
      : step.phase === 'quizzes' || step.phase === 'scripts'
        ? t(`ai.stepLabel.${step.phase}`, { title: step.label })
        : step.label;
  const Icon = step.status === 'running' ? null : STEP_ICONS[step.status];
  return (
    <li className="flex flex-col gap-1 px-3 py-2 text-sm" data-testid="ai-step" data-status={step.status}>
      <div className="flex items-center gap-2">
        {Icon ? (
          <Icon
            aria-hidden="true"
            className={
              step.status === 'done'
                ? 'size-4 text-success'
                : step.status === 'failed'
                  ? 'size-4 text-danger'
                  : 'size-4 text-muted-foreground'
            }
          />
        ) : (
          <Spinner className="text-primary" />
        )}
        <span className="min-w-0 flex-1 break-words">{label}</span>
        <span className="text-muted-foreground">{t(`ai.stepStatus.${step.status}`)}</span>
      </div>
      {step.note && step.status === 'done' && <p className="ps-6 text-muted-foreground">{step.note}</p>}
      {step.status === 'failed' && (
        <div className="flex flex-wrap items-center gap-2 ps-6">
          {step.error && <p className="text-danger">{step.error}</p>}
          <Button variant="secondary" size="sm" disabled={busy} onClick={onRetry} aria-label={t('ai.retryStep', { label })}>
            {busy ? <Spinner /> : <RotateCcw aria-hidden="true" className="size-4" />}
            {t('ai.retry')}
          </Button>
        </div>
      )}
    </li>
  );
}
