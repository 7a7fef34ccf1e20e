import type { MessageKey } from '../../shared/i18n/messages.ts';
import { isMessageKey, translate } from '../../shared/i18n/messages.ts';
import type { TJobErrorReason, TJobStatus, TJobStep, TJobStepStatus, TJobSummary } from '../../shared/schemas/jobs.ts';
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

/**
 * A stored error as a message key and its parameters, for a reader that translates it itself (the
 * browser, in the page's language). A provider's own text is the step error's `message`; an
 * AppError's message key is named as `messageKey`, to be translated into that place.
 */
export function errorReason(stored: string | null): TJobErrorReason | null {
  if (stored === null) return null;
  try {
    const error = JSON.parse(stored) as Partial<{ key: string; params: Record<string, string | number>; message: string }>;
    if (error.key && isMessageKey(error.key)) return { key: error.key, params: error.params ?? {} };
    if (typeof error.message === 'string')
      return isMessageKey(error.message)
        ? { key: 'jobs.stepError', params: {}, messageKey: error.message }
        : { key: 'jobs.stepError', params: { message: error.message } };
  } catch {
    // Not JSON: said as it is, inside the step error's words.
  }
  return { key: 'jobs.stepError', params: { message: stored } };
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
    errorReason: errorReason(row.error),
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
    noteKey: row.note && isMessageKey(row.note) ? row.note : null,
    dependsOn: JSON.parse(row.depends_on) as string[],
    attempts: Number(row.attempts),
    progress: Number(row.progress),
    error: lang === 'stored' ? row.error : describeError(row.error, lang),
    errorReason: errorReason(row.error),
    inputTokens: Number(row.input_tokens),
    outputTokens: Number(row.output_tokens),
    startedAt: row.started_at,
    finishedAt: row.finished_at,
  };
}
