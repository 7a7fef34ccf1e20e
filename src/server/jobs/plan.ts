import { createHash } from 'node:crypto';
import type { StepStatus } from './kinds.ts';

/** What the engine needs to know of a step to schedule it. */
export interface StepState {
  key: string;
  phase: string;
  status: StepStatus;
  dependsOn: readonly string[];
}

/** Pending steps whose dependencies are all done, in plan order. */
export function readySteps<S extends StepState>(steps: readonly S[]): S[] {
  const done = new Set(steps.filter((s) => s.status === 'done').map((s) => s.key));
  return steps.filter((s) => s.status === 'pending' && s.dependsOn.every((key) => done.has(key)));
}

/**
 * The job's progress: the share of its steps that are done (whole per cent; 100 only when every
 * step is), and its phase: that of the first step, in plan order, that is not done yet.
 */
export function jobProgress(steps: readonly StepState[]): { progress: number; phase: string | null } {
  const done = steps.filter((s) => s.status === 'done').length;
  const progress = steps.length === 0 ? 0 : done === steps.length ? 100 : Math.floor((done / steps.length) * 100);
  return { progress, phase: steps.find((s) => s.status !== 'done')?.phase ?? steps.at(-1)?.phase ?? null };
}

/** JSON with object keys sorted, so equal inputs hash alike whatever order they were built in. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined);
    entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

/** The step's input hash: its kind, key and input. */
export function inputHash(kind: string, key: string, input: unknown): string {
  return createHash('sha256')
    .update(`${kind}\n${key}\n${canonical(input)}`)
    .digest('hex');
}
