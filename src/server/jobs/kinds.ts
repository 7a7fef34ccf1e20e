import type { z } from 'zod';

/**
 * What a kind of job is. The engine knows nothing of AI: a kind plans its steps and
 * runs one step at a time; the engine stores them, runs the ready ones with bounded parallelism,
 * survives restarts and reports progress. Kinds are registered by code at start (the course
 * creator's whole-course kind, a translation …); a job is created by code, never by a model.
 */

/** A step a kind wants to exist. Adding a key that exists is a no-op, so re-planning is safe. */
export interface StepPlan {
  /** Unique within the job: 'outline', 'lesson:<id>', 'quiz:<module>' … */
  key: string;
  /** What the UI groups it under ('outline', 'lessons', 'quizzes' …); the job's phase is the first unfinished one. */
  phase: string;
  /** JSON-serialisable; hashed with the key, so a done step is never run again. */
  input: unknown;
  /** Keys of the steps whose outputs this one needs; it starts once they are all done. */
  dependsOn?: string[];
  /** What the UI shows for the step (a lesson's title); stored with it, not hashed. */
  label?: string;
}

/** A step as planning sees it. */
export interface PlannedStep {
  key: string;
  status: StepStatus;
  output: unknown;
}

export type StepStatus = 'pending' | 'running' | 'done' | 'failed' | 'cancelled';

export interface JobRef {
  id: string;
  organisationId: string;
  userId: string | null;
  courseId: string | null;
}

/** What a step's run is handed. */
export interface StepContext<Input> {
  job: JobRef & { input: Input };
  step: { key: string; phase: string; input: unknown; attempt: number };
  /** The outputs of the steps it depends on, by key. */
  dependencies: Record<string, unknown>;
  /** Aborted on cancel, on the watchdog, when the worker loses its lease and when the app stops. */
  signal: AbortSignal;
  /** Adds tokens spent (summed on the step and the job, also when the step fails). */
  reportTokens(tokens: { input?: number; output?: number }): void;
  /** Partial progress of this step, 0–100, sent live to the UI. */
  reportProgress(percent: number): Promise<void>;
}

export interface JobKind<Input = unknown> {
  name: string;
  /** Validates the input when a job is created. */
  input: z.ZodType<Input>;
  /**
   * The steps that should exist given those that do: called when the job starts and again each
   * time a step finishes, so later steps can appear once earlier outputs are known.
   */
  plan(input: Input, steps: ReadonlyMap<string, PlannedStep>): StepPlan[];
  /** Runs one step; its answer (JSON-serialisable) is stored as the step's output. Throwing fails the step. */
  runStep(context: StepContext<Input>): Promise<unknown>;
  /** A message key saying why a done step changed nothing (e.g. edited by the user), from its output; shown with the step. */
  note?(output: unknown): string | null;
  /** The job's result once every step is done (default: none). */
  result?(input: Input, outputs: ReadonlyMap<string, unknown>): unknown;
}

/** Types a kind by its input; the registry holds kinds of any input (each validates its own). */
export function defineJobKind<Input>(kind: JobKind<Input>): JobKind {
  return kind as unknown as JobKind;
}

/** The kinds this app knows, by name. A job of an unknown kind (its code removed) fails with a reason. */
export class JobKinds {
  private readonly kinds = new Map<string, JobKind>();

  constructor(kinds: readonly JobKind[] = []) {
    for (const kind of kinds) this.register(kind);
  }

  register(kind: JobKind): void {
    if (this.kinds.has(kind.name)) throw new Error(`job kind ${kind.name} is registered twice`);
    this.kinds.set(kind.name, kind);
  }

  names(): string[] {
    return [...this.kinds.keys()];
  }

  get(name: string): JobKind | undefined {
    return this.kinds.get(name);
  }
}
