import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { FINISHED_JOB_STATUSES, type TJobStep, type TJobSummary } from '@shared/schemas/jobs.ts';
import { queryKeys } from '@/lib/query-keys';
import { getCourse, type CourseWriter } from './course-host';
import { getJob } from './api';

export interface JobView {
  job: TJobSummary | null;
  steps: TJobStep[];
}

export const isFinished = (job: TJobSummary | null) => job !== null && FINISHED_JOB_STATUSES.includes(job.status);

/**
 * A generation job as it happens: its steps in plan order (GET /api/jobs/:id), then every `job` and
 * `step` event of GET /api/jobs/:id/events. EventSource reconnects by itself with Last-Event-ID, so a
 * dropped connection resumes where it was; the stream is closed once the job has finished (the server
 * ends it then, and EventSource would otherwise reconnect). Each step that is done brings the course
 * (its outline) and that lesson up to date — in the builder; elsewhere (the creator wizard, no
 * `writer`) only the lessons' cached reads. A new `epoch` reads it again (after a step is retried).
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
    const putStep = (step: TJobStep) => {
      const before = statuses.get(step.key);
      if (before === 'done' && step.status !== 'done') return;
      if (before === 'running' && step.status === 'pending') return;
      statuses.set(step.key, step.status);
      if (step.status === 'done' && before !== 'done') refresh(step);
      if (step.status === 'failed' && before !== 'failed') reread();
      setView((current) => {
        const index = current.steps.findIndex((s) => s.key === step.key);
        return { ...current, steps: index >= 0 ? current.steps.map((s, i) => (i === index ? step : s)) : [...current.steps, step] };
      });
    };
    let latest = '';
    // The stream speaks the browser's language (EventSource sends no other Accept-Language): a failed
    // step's reason and a finished job are read again from GET /api/jobs/:id, in the page's language.
    const reread = () =>
      void getJob(jobId)
        .then(({ steps, ...job }) => {
          if (closed) return;
          for (const step of steps) statuses.set(step.key, step.status);
          setView((current) => ({ id: jobId, job: current.job && current.job.updatedAt > job.updatedAt ? current.job : job, steps }));
        })
        .catch(() => undefined);
    const putJob = (job: TJobSummary) => {
      // A replayed event older than what is shown changes nothing (and does not end the stream).
      if (job.updatedAt < latest) return;
      latest = job.updatedAt;
      setView((current) => ({ ...current, job }));
      if (FINISHED_JOB_STATUSES.includes(job.status)) {
        source?.close();
        reread();
        void writer?.run(() => getCourse(writer.courseId)).catch(() => undefined);
      }
    };
    void getJob(jobId)
      .then(({ steps, ...job }) => {
        if (closed) return;
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
