/**
 * What a SCO's committed CMI data means to Kursa, and what it is given to start from
 * (docs/decisions/065-scorm-player.md). The data is the runtime's JSON rendering, `{ cmi: { … } }`,
 * for SCORM 1.2 (`cmi.core.lesson_status`, `cmi.core.score`) or 2004 (`cmi.completion_status`,
 * `cmi.success_status`, `cmi.score`).
 */
type Json = Record<string, unknown>;

export interface ScormOutcome {
  /** completed | incomplete | not attempted | unknown */
  completion: string;
  /** passed | failed | unknown */
  success: string;
  /** In per cent, or null. */
  score: number | null;
  /** Whether the lesson counts as complete: passed, or completed and not failed. */
  done: boolean;
}

const object = (value: unknown): Json => (value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Json) : {});
const text = (value: unknown): string => (typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '');
function number(value: unknown): number | null {
  const s = text(value).trim();
  if (s === '') return null;
  const n = Number(s);
  return Number.isFinite(n) ? n : null;
}

/** The score in per cent: 2004's scaled score, else the raw score within min and max (0 and 100 unless said). */
function percent(score: Json, scaled: boolean): number | null {
  const value = scaled ? number(score.scaled) : null;
  if (value !== null) return Math.max(0, Math.min(100, value * 100));
  const raw = number(score.raw);
  if (raw === null) return null;
  const min = number(score.min) ?? 0;
  const max = number(score.max) ?? 100;
  return max > min ? Math.max(0, Math.min(100, ((raw - min) / (max - min)) * 100)) : null;
}

export function readOutcome(version: '1.2' | '2004', data: Json, masteryScore: number | null): ScormOutcome {
  const cmi = object(data.cmi);
  let completion: string;
  let success: string;
  let score: number | null;
  if (version === '1.2') {
    const core = object(cmi.core);
    const status = text(core.lesson_status);
    completion = ['completed', 'passed', 'failed'].includes(status)
      ? 'completed'
      : ['incomplete', 'browsed'].includes(status)
        ? 'incomplete'
        : 'not attempted';
    success = status === 'passed' || status === 'failed' ? status : 'unknown';
    score = percent(object(core.score), false);
  } else {
    completion = text(cmi.completion_status) || 'unknown';
    success = text(cmi.success_status) || 'unknown';
    score = percent(object(cmi.score), true);
  }
  // The mastery score decides what a SCO that reported a score but no verdict achieved.
  if (masteryScore !== null && score !== null && success === 'unknown' && (completion === 'completed' || version === '2004'))
    success = score >= masteryScore ? 'passed' : 'failed';
  const done = success === 'passed' || (completion === 'completed' && success !== 'failed');
  return { completion, success, score: score === null ? null : Math.round(score * 100) / 100, done };
}

/**
 * The CMI data a SCO starts from: who the learner is, the mastery score, and from their last run
 * its status, score, location, suspend data and total time, with `entry` saying whether it resumes.
 * Only elements the runtime may be given are passed on; what the SCO wrote freely (interactions,
 * comments) is kept on the server but not fed back.
 */
export function startingData(
  version: '1.2' | '2004',
  saved: Json | null,
  learner: { id: string; name: string },
  masteryScore: number | null,
): { cmi: Json } {
  const before = object(saved?.cmi);
  const keep = (target: Json, source: Json, keys: string[]) => {
    for (const key of keys) if (text(source[key]) !== '') target[key] = text(source[key]);
  };
  if (version === '1.2') {
    const core = object(before.core);
    const next: Json = {
      student_id: learner.id,
      student_name: learner.name,
      credit: 'credit',
      lesson_mode: 'normal',
      entry: saved === null ? 'ab-initio' : text(core.exit) === 'suspend' ? 'resume' : '',
    };
    keep(next, core, ['lesson_location', 'lesson_status', 'total_time']);
    const score: Json = {};
    keep(score, object(core.score), ['raw', 'min', 'max']);
    if (Object.keys(score).length > 0) next.score = score;
    const cmi: Json = { core: next };
    keep(cmi, before, ['suspend_data']);
    if (masteryScore !== null) cmi.student_data = { mastery_score: String(masteryScore) };
    return { cmi };
  }
  const exit = text(before.exit);
  const cmi: Json = {
    learner_id: learner.id,
    learner_name: learner.name,
    credit: 'credit',
    mode: 'normal',
    entry: saved === null ? 'ab-initio' : exit === 'suspend' || exit === 'logout' ? 'resume' : '',
  };
  keep(cmi, before, ['location', 'completion_status', 'success_status', 'total_time', 'suspend_data', 'progress_measure']);
  const score: Json = {};
  keep(score, object(before.score), ['scaled', 'raw', 'min', 'max']);
  if (Object.keys(score).length > 0) cmi.score = score;
  if (masteryScore !== null) cmi.scaled_passing_score = String(masteryScore / 100);
  return { cmi };
}
