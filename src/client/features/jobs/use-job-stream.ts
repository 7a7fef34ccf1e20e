import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { TJobErrorReason, TJobStep, TJobSummary } from '@shared/schemas/jobs.ts';
import { FINISHED_JOB_STATUSES } from '@shared/course-limits.ts';
import { i18n } from '@/lib/i18n';
import { queryKeys } from '@/lib/query-keys';
import { getCourse, type CourseWriter } from './course-host';
import { getJob } from './api';

export interface JobView {
  job: TJobSummary | null;
  steps: TJobStep[];
}

export const isFinished = (job: TJobSummary | null) => job !== null && FINISHED_JOB_STATUSES.includes(job.status);

const known = (key: string) => i18n.exists(key, { ns: 'messages' });
const said = (key: string, params: Record<string, string | number> = {}) =>
  (i18n.t as (k: string, o: object) => string)(key, { ns: 'messages', ...params });

/**
 * A failure's reason, and a done step's note, in the page's language: the stream sends their message
 * keys beside the text it wrote in the browser's Accept-Language (all an EventSource can send), so
 * they are said again here once the page's messages know the key; otherwise the server's text stays.
 */
export function inPageLanguage<
  T extends { error: string | null; errorReason?: TJobErrorReason | null; note?: string | null; noteKey?: string | null },
>(item: T): T {
  let out = item;
  const reason = item.errorReason;
  if (reason && known(reason.key) && (!reason.messageKey || known(reason.messageKey))) {
    const params = reason.messageKey ? { ...reason.params, message: said(reason.messageKey) } : reason.params;
    out = { ...out, error: said(reason.key, params) };
  }
  if (item.noteKey && known(item.noteKey)) out = { ...out, note: said(item.noteKey) };
  return out;
}

/**
 * A generation job as it happens: its steps in plan order (GET /api/jobs/:id), then every `job` and
 * `step` event of GET /api/jobs/:id/events. EventSource reconnects by itself with Last-Event-ID, so a
 * dropped connection resumes where it was; the stream is closed once the job has finished (the server
 * ends it then, and EventSource would otherwise reconnect). Each step that is done brings the course
 * (its outline) and that lesson up to date — in the builder; elsewhere (the creator wizard, no
 * `writer`) only the lessons' cached reads. A new `epoch` reads it again (after a step is retried).
 * A failed step is shown from its event alone, in the page's language (`inPageLanguage`).
 */
export function useJobStream(jobId: string | null, writer: CourseWriter | null, epoch = 0): JobView {
  const queryClient = useQueryClient();
  const [view, setView] = useState<JobView & { id: string | null }>({ id: null, job: null, steps: [] });

  useEffect(() => {
    if (!jobId) return;
    let closed = false;
    let source: EventSource | null = null;
    const refresh = (step: TJobStep) => {
      // The outline (and the course's version the builder's writes carry) comes from the server again.
      void writer?.run(() => getCourse(writer.courseId)).catch(() => undefined);
      const lessonId = /^lesson:(.+)$/.exec(step.key)?.[1];
      if (lessonId) void queryClient.invalidateQueries({ queryKey: queryKeys.lesson(lessonId) });
      else void queryClient.invalidateQueries({ queryKey: ['lesson'] });
    };
    // Events are replayed from the job's start: one that is older than what is shown is skipped (a
    // step only goes back from done or failed when it is retried, which passes through failed).
    const statuses = new Map<string, TJobStep['status']>();
    const putStep = (received: TJobStep) => {
      const step = inPageLanguage(received);
      const before = statuses.get(step.key);
      if (before === 'done' && step.status !== 'done') return;
      if (before === 'running' && step.status === 'pending') return;
      statuses.set(step.key, step.status);
      if (step.status === 'done' && before !== 'done') refresh(step);
      setView((current) => {
        const index = current.steps.findIndex((s) => s.key === step.key);
        return { ...current, steps: index >= 0 ? current.steps.map((s, i) => (i === index ? step : s)) : [...current.steps, step] };
      });
    };
    let latest = '';
    const putJob = (received: TJobSummary) => {
      const job = inPageLanguage(received);
      // A replayed event older than what is shown changes nothing (and does not end the stream).
      if (job.updatedAt < latest) return;
      latest = job.updatedAt;
      setView((current) => ({ ...current, job }));
      // Every step's last state came before the job's last event: nothing needs reading again but the course.
      if (FINISHED_JOB_STATUSES.includes(job.status)) {
        source?.close();
        void writer?.run(() => getCourse(writer.courseId)).catch(() => undefined);
      }
    };
    void getJob(jobId)
      .then(({ steps: read, ...received }) => {
        if (closed) return;
        const job = inPageLanguage(received);
        const steps = read.map(inPageLanguage);
        for (const step of steps) statuses.set(step.key, step.status);
        latest = job.updatedAt;
        setView({ id: jobId, job, steps });
        // Steps done before this first read (the outline, often, on a quick server) have written to
        // the course, and their replayed events will not say so again: read the course once now.
        if (steps.some((step) => step.status === 'done')) {
          void writer?.run(() => getCourse(writer.courseId)).catch(() => undefined);
          void queryClient.invalidateQueries({ queryKey: ['lesson'] });
        }
        if (FINISHED_JOB_STATUSES.includes(job.status)) return;
        source = new EventSource(`/api/jobs/${encodeURIComponent(jobId)}/events`, { withCredentials: true });
        source.addEventListener('job', (event) => putJob(JSON.parse((event as MessageEvent<string>).data) as TJobSummary));
        source.addEventListener('step', (event) => putStep(JSON.parse((event as MessageEvent<string>).data) as TJobStep));
      })
      .catch(() => undefined);
    return () => {
      closed = true;
      source?.close();
    };
  }, [jobId, writer, queryClient, epoch]);

  return view.id === jobId ? view : { job: null, steps: [] };
}
