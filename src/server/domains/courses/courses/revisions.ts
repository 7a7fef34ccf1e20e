import { COURSE_LIMITS } from '../../../../shared/schemas/courses.ts';
import { newId } from '../../../security/tokens.ts';
import type { Executor, RevisionState } from './repository.ts';
import * as repo from './repository.ts';
import { parseJson } from './serialise.ts';

/** Autosave sends a save every few seconds: one author's saves within this window make one revision. */
export const COALESCE_MS = 10 * 60 * 1000;

/** A save that loses more than this share of the lesson's words and media is a large change. */
const LARGE_LOSS_SHARE = 1 / 3;
/** …and at least this many characters of them: rewording a short line is an ordinary edit. */
const LARGE_LOSS_MIN_CHARS = 20;

/** The lesson's words and media references, in document order: what a save can lose. */
function substance(content: string): string {
  const parts: string[] = [];
  const walk = (value: unknown, key: string) => {
    if (typeof value === 'string') {
      // Node and mark names, ids and enum values are structure, not what the author wrote.
      if (key !== 'type' && key !== 'id' && key !== 'source' && key !== 'variant') parts.push(value);
    } else if (Array.isArray(value)) {
      for (const item of value) walk(item, key);
    } else if (value !== null && typeof value === 'object') {
      for (const [k, v] of Object.entries(value)) walk(v, k);
    }
  };
  walk(parseJson(content, null), '');
  return parts.join('\n');
}

/**
 * Whether a save replaces much of a lesson: its kind changes, or what the old text and the new
 * share at their start and end is less than two thirds of the old text (a wipe, a large cut, a
 * document replaced). Autosave sends each edit within a second, so one save rarely holds edits
 * far apart; when it does, it counts as large, which costs a revision, never the old text.
 */
export function isLargeChange(before: Pick<RevisionState, 'kind' | 'content'>, after: Pick<RevisionState, 'kind' | 'content'>): boolean {
  if (before.kind !== after.kind) return true;
  const old = substance(before.content);
  const next = substance(after.content);
  const limit = Math.min(old.length, next.length);
  let prefix = 0;
  while (prefix < limit && old[prefix] === next[prefix]) prefix++;
  let suffix = 0;
  while (suffix < limit - prefix && old[old.length - 1 - suffix] === next[next.length - 1 - suffix]) suffix++;
  const lost = old.length - prefix - suffix;
  return lost >= LARGE_LOSS_MIN_CHARS && lost > old.length * LARGE_LOSS_SHARE;
}

/**
 * Records a lesson's new state after a save that changed its title, kind or content. A save by
 * the author of the latest revision within ten minutes of when that revision began updates it
 * instead, so autosave does not flood the history; but a large change (isLargeChange against
 * `previous`, the state the save replaced) never does: the state before it stays a revision of
 * its own (recorded now if no revision holds it), so a wipe or a replaced document can be undone
 * at once. A restore always adds one, so the state it replaced stays restorable. Each revision
 * keeps when its content was saved. Only the newest COURSE_LIMITS.revisionsKept are kept.
 */
export async function recordRevision(
  db: Executor,
  lessonId: string,
  state: RevisionState,
  authorId: string,
  now: Date,
  options: { coalesce: boolean; previous?: RevisionState & { savedAt: string } },
): Promise<void> {
  const at = now.toISOString();
  const latest = await repo.latestRevision(db, lessonId);
  const previous = options.previous;
  if (previous && isLargeChange(previous, state)) {
    if (!latest || Number(latest.version) !== previous.version) {
      await repo.insertRevision(db, { ...previous, id: newId(), lessonId, authorId, now: previous.savedAt });
    }
  } else if (options.coalesce && latest && latest.author_id === authorId && now.getTime() - Date.parse(latest.created_at) < COALESCE_MS) {
    await repo.overwriteRevision(db, latest.id, state, at);
    return;
  }
  await repo.insertRevision(db, { ...state, id: newId(), lessonId, authorId, now: at });
  await repo.pruneRevisions(db, lessonId, COURSE_LIMITS.revisionsKept);
}
