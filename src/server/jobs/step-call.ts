import type { Db } from '../db/database.ts';
import type { JobKind } from './kinds.ts';
import { stepProgress, type StepOutcome } from './step-store.ts';
import type { JobRow, StepRow } from './views.ts';

/** Why a run stops before its job is finished. */
export type StopReason = 'cancel' | 'lost' | 'shutdown';

export function parseOutput(step: StepRow): unknown {
  return step.output === null ? null : JSON.parse(step.output);
}

const errorMessage = (error: unknown) => (error instanceof Error ? error.message : String(error)).slice(0, 1000);

export interface StepCall {
  db: Db;
  owner: string;
  /** The step's progress was written: its streams may send it. */
  changed: () => void;
  kind: JobKind;
  job: JobRow;
  input: unknown;
  step: StepRow;
  /** The job's steps as last read: the dependencies' outputs come from here. */
  steps: readonly StepRow[];
  signal: AbortSignal;
  stopReason: () => StopReason | undefined;
}

/**
 * Runs one claimed step through its kind and says how it ended: done with its output, failed with
 * its error, or — when the run was stopped — cancelled, or pending again (the app stops). Nothing
 * when the worker lost the job: the step is no longer its to record.
 */
export async function callStep(
  call: StepCall,
): Promise<(Pick<StepOutcome, 'status' | 'output' | 'error' | 'note'> & { tokens: StepOutcome['tokens'] }) | undefined> {
  const { db, owner, job, step } = call;
  const tokens = { input: 0, output: 0 };
  const dependencies: Record<string, unknown> = {};
  for (const key of JSON.parse(step.depends_on) as string[]) {
    const dependency = call.steps.find((s) => s.key === key);
    dependencies[key] = dependency ? parseOutput(dependency) : null;
  }
  try {
    const output = await call.kind.runStep({
      job: { id: job.id, organisationId: job.organisation_id, userId: job.user_id, courseId: job.course_id, input: call.input },
      step: { key: step.key, phase: step.phase, input: JSON.parse(step.input), attempt: Number(step.attempts) },
      dependencies,
      signal: call.signal,
      reportTokens: (t) => {
        tokens.input += Math.max(0, Math.round(t.input ?? 0));
        tokens.output += Math.max(0, Math.round(t.output ?? 0));
      },
      reportProgress: async (percent) => {
        await stepProgress(db, job.id, step.key, owner, Math.max(0, Math.min(100, Math.round(percent))), new Date().toISOString());
        call.changed();
      },
    });
    return { status: 'done', output: output ?? null, note: call.kind.note?.(output) ?? null, tokens };
  } catch (error) {
    const reason = call.stopReason();
    if (reason === 'lost') return undefined;
    if (reason === 'cancel') return { status: 'cancelled', tokens };
    if (reason === 'shutdown') return { status: 'pending', tokens };
    return { status: 'failed', error: { message: errorMessage(error) }, tokens };
  }
}
