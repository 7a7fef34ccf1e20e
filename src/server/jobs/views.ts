import type { MessageKey } from '../../shared/i18n/messages.ts';
import { isMessageKey, translate } from '../../shared/i18n/messages.ts';
import type { TJobStatus, TJobStep, TJobStepStatus, TJobSummary } from '../../shared/schemas/jobs.ts';
import type { Database } from '../db/schema.ts';

export type JobRow = Database['ai_jobs'];
export type StepRow = Database['ai_job_steps'];
type Language = 'da' | 'en' | undefined;

/**
 * Why a job or step failed, as stored: the engine's own reasons as message keys (translated when
 * shown), anything else (a provider's error) as its message.
 */
export type StoredError = { key: MessageKey; params?: Record<string, string | number> } | { message: string };

export function storeError(error: StoredError): string {
  return JSON.stringify(error);
}

/** A stored error in the reader's language. */
export function describeError(stored: string | null, lang: Language): string | null {
  if (stored === null) return null;
  try {
    const error = JSON.parse(stored) as Partial<{ key: string; params: Record<string, string | number>; message: string }>;
    if (error.key && isMessageKey(error.key)) return translate(error.key, lang, error.params);
    // An AppError's message is its message key (ai.providerUnavailable …): said in the reader's words.
    if (typeof error.message === 'string')
      return translate('jobs.stepError', lang, { message: isMessageKey(error.message) ? translate(error.message, lang) : error.message });
  } catch {
    // Not JSON: shown as it is.
  }
  return stored;
}

/** What scheduling needs of a stored step. */
export function stepState(row: StepRow): { key: string; phase: string; status: TJobStepStatus; dependsOn: string[] } {
  return { key: row.key, phase: row.phase, status: row.status as TJobStepStatus, dependsOn: JSON.parse(row.depends_on) as string[] };
}

const parse = (text: string | null): unknown => (text === null ? null : JSON.parse(text));

/** A job as the API and its `job` events show it; `error` stays as stored until `lang` is known. */
export function jobView(row: JobRow, lang: Language | 'stored'): TJobSummary {
  return {
    id: row.id,
    kind: row.kind,
    courseId: row.course_id,
    status: row.status as TJobStatus,
    phase: row.phase,
    progress: Number(row.progress),
    error: lang === 'stored' ? row.error : describeError(row.error, lang),
    attempts: Number(row.attempts),
    cancelRequested: Number(row.cancel_requested) === 1,
    inputTokens: Number(row.input_tokens),
    outputTokens: Number(row.output_tokens),
    createdAt: row.created_at,
    startedAt: row.started_at,
    finishedAt: row.finished_at,
    updatedAt: row.updated_at,
    result: parse(row.result),
  };
}

export function stepView(row: StepRow, lang: Language | 'stored'): TJobStep {
  return {
    key: row.key,
    phase: row.phase,
    label: row.label ?? null,
    status: row.status as TJobStepStatus,
    note: lang === 'stored' || !row.note || !isMessageKey(row.note) ? (row.note ?? null) : translate(row.note, lang),
    dependsOn: JSON.parse(row.depends_on) as string[],
    attempts: Number(row.attempts),
    progress: Number(row.progress),
    error: lang === 'stored' ? row.error : describeError(row.error, lang),
    inputTokens: Number(row.input_tokens),
    outputTokens: Number(row.output_tokens),
    startedAt: row.started_at,
    finishedAt: row.finished_at,
  };
}
