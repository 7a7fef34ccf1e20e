import { useEffect, useRef, useState } from 'react';
import Ban from 'lucide-react/icons/ban';
import CircleCheck from 'lucide-react/icons/circle-check';
import CircleDashed from 'lucide-react/icons/circle-dashed';
import CircleX from 'lucide-react/icons/circle-x';
import RotateCcw from 'lucide-react/icons/rotate-ccw';
import type { TJobStep } from '@shared/schemas/jobs.ts';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { serverMessage } from '@/lib/form-errors';
import { useTranslation } from '@/lib/use-translation';
import { cancelJob, retryStep } from '../api/generation';
import { isFinished, useJobStream } from '../lib/use-job-stream';
import { useOptionalBuilder } from './builder-context';

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
  const [busy, setBusy] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const finished = isFinished(job);
  const announced = useRef<string | null>(null);

  // Once, when the job ends while it is watched here: a toast says how it went.
  useEffect(() => {
    if (!job || !finished) return;
    if (announced.current === null) announced.current = job.status;
    else if (announced.current !== job.status) {
      announced.current = job.status;
      toast({ title: t(`ai.finished.${job.status as 'succeeded' | 'failed' | 'cancelled'}`), variant: job.status === 'failed' ? 'destructive' : 'default' });
    }
  }, [job, finished, t]);
  useEffect(() => {
    if (job && !finished) announced.current = 'open';
  }, [job, finished]);

  const act = async (key: string, action: () => Promise<unknown>) => {
    setBusy(key);
    setProblem(null);
    try {
      await action();
      setEpoch((n) => n + 1);
    } catch (failure) {
      setProblem(serverMessage(failure) ?? t('ai.actionFailed'));
    } finally {
      setBusy(null);
    }
  };

  const lessonSteps = steps.filter((step) => step.phase !== 'outline' || step.status !== 'done' || step.label !== null);
  const kind = job?.kind ?? 'whole-course';
  return (
    <section aria-labelledby="ai-job-heading" className="flex flex-col gap-3 rounded-xl border border-border p-4" data-testid="ai-job">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id="ai-job-heading" className="font-semibold">
          {t(`ai.kind.${kind}`, { defaultValue: t('ai.kind.whole-course') })}
        </h3>
        {!finished ? (
          <Button variant="secondary" size="sm" disabled={!job || job.cancelRequested || busy !== null} onClick={() => void act('cancel', () => cancelJob(jobId))}>
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
        <progress className="h-2 w-full accent-primary" max={100} value={job?.progress ?? 0} aria-label={t('ai.progressLabel')} />
        <span className="text-sm tabular-nums">{job?.progress ?? 0} %</span>
      </div>
      <p role="status" className="text-sm text-muted-foreground" data-testid="ai-job-status">
        {job ? t(`ai.status.${job.cancelRequested && !finished ? 'cancelling' : job.status}`) : t('ai.status.queued')}
        {job?.error && finished ? ` ${job.error}` : ''}
      </p>
      {lessonSteps.length > 0 && (
        <ol className="flex flex-col divide-y divide-border rounded-lg border border-border" data-testid="ai-steps">
          {lessonSteps.map((step) => (
            <StepRow key={step.key} step={step} busy={busy === step.key} onRetry={() => void act(step.key, () => retryStep(jobId, step.key))} />
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

function StepRow({ step, busy, onRetry }: { step: TJobStep; busy: boolean; onRetry: () => void }) {
  const { t } = useTranslation('builder');
  const label = step.label ?? t(`ai.phase.${step.phase}`, { defaultValue: step.phase });
  const Icon = step.status === 'running' ? null : STEP_ICONS[step.status];
  return (
    <li className="flex flex-col gap-1 px-3 py-2 text-sm" data-testid="ai-step" data-status={step.status}>
      <div className="flex items-center gap-2">
        {Icon ? (
          <Icon aria-hidden="true" className={step.status === 'done' ? 'size-4 text-success' : step.status === 'failed' ? 'size-4 text-danger' : 'size-4 text-muted-foreground'} />
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
