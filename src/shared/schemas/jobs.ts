import { z } from 'zod';
import { FINISHED_JOB_STATUSES, JOB_STATUSES, type TJobStatus } from '../course-limits.ts';
import { safeString } from './common.ts';

/** Durable generation jobs (a whole course, all quizzes, a translation …). */

// The statuses live apart from zod: a job's progress on the builder's page reads them without a schema.
export { FINISHED_JOB_STATUSES, type TJobStatus };
export const JOB_STEP_STATUSES = ['pending', 'running', 'done', 'failed', 'cancelled'] as const;
export type TJobStepStatus = (typeof JOB_STEP_STATUSES)[number];

export const ZJobParams = z.object({ id: safeString().min(1).max(64) });
export const ZJobStepParams = ZJobParams.extend({ key: safeString().min(1).max(200) });

/** Where an event stream resumes: `?lastEventId=` when the client cannot send the `Last-Event-ID` header. */
export const ZJobEventsQuery = z.object({ lastEventId: z.coerce.number({ error: 'jobs.badLastEventId' }).int().min(0).optional() });

/**
 * Why a job or step failed as a message key and its parameters, so a client can say it in the
 * page's language; `messageKey` names a message that fills the `message` parameter.
 */
export const ZJobErrorReason = z.object({
  key: z.string(),
  params: z.record(z.string(), z.union([z.string(), z.number()])),
  messageKey: z.string().optional(),
});
export type TJobErrorReason = z.infer<typeof ZJobErrorReason>;

/** One step of a job: its state as it happens (the output stays on the server). */
export const ZJobStep = z.object({
  key: z.string(),
  phase: z.string(),
  /** What the UI shows for it: the lesson's or module's title (null for the outline and the engine's own steps). */
  label: z.string().nullable(),
  status: z.enum(JOB_STEP_STATUSES),
  /** Why a done step changed nothing (e.g. the lesson was edited by its user meanwhile), in the request's language. */
  note: z.string().nullable(),
  /** The note's message key, when it is one. */
  noteKey: z.string().nullable(),
  dependsOn: z.array(z.string()),
  attempts: z.number().int(),
  /** 0–100 while it runs, as the step reports it. */
  progress: z.number().int(),
  /** Why it failed, in the request's language. */
  error: z.string().nullable(),
  errorReason: ZJobErrorReason.nullable(),
  inputTokens: z.number().int(),
  outputTokens: z.number().int(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
});
export type TJobStep = z.infer<typeof ZJobStep>;

/** A job without its steps: what a `job` event carries. */
export const ZJobSummary = z.object({
  id: z.string(),
  kind: z.string(),
  courseId: z.string().nullable(),
  status: z.enum(JOB_STATUSES),
  /** The phase of the first unfinished step ('outline', 'lessons' …). */
  phase: z.string().nullable(),
  progress: z.number().int().min(0).max(100),
  error: z.string().nullable(),
  errorReason: ZJobErrorReason.nullable(),
  attempts: z.number().int(),
  cancelRequested: z.boolean(),
  inputTokens: z.number().int(),
  outputTokens: z.number().int(),
  createdAt: z.string(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
  updatedAt: z.string(),
  result: z.unknown().nullable(),
});
export type TJobSummary = z.infer<typeof ZJobSummary>;

/** GET /api/jobs/:id: the job with its steps in plan order. */
export const ZJob = ZJobSummary.extend({ steps: z.array(ZJobStep) });
export type TJob = z.infer<typeof ZJob>;

/** The stream of GET /api/jobs/:id/events (text/event-stream): `id:` is the event's seq. */
export const ZJobEventStream = z
  .unknown()
  .describe(
    'Server-Sent Events. Each event has `id:` (its sequence number in the job), `event:` `job` (data: a job without steps) or `step` (data: one step), and `data:` JSON. ' +
      'Events after `Last-Event-ID` (header, or `?lastEventId=`) are replayed first, then live ones follow; a comment line is sent every 15 s as a heartbeat; ' +
      'the stream ends once the job has finished and everything has been sent.',
  );
