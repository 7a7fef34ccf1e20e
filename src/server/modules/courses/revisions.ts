import { COURSE_LIMITS } from '../../../shared/schemas/courses.ts';
import { newId } from '../../security/tokens.ts';
import type { Executor, RevisionState } from './repository.ts';
import * as repo from './repository.ts';

/** Autosave sends a save every few seconds: one author's saves within this window make one revision. */
export const COALESCE_MS = 10 * 60 * 1000;

/**
 * Records a lesson's new state after a save that changed its title, kind or content. A save by
 * the author of the latest revision within ten minutes of when that revision began updates it
 * instead, so autosave does not flood the history; a restore always adds one, so the state it
 * replaced stays restorable. Only the newest COURSE_LIMITS.revisionsKept are kept.
 */
export async function recordRevision(
  db: Executor,
  lessonId: string,
  state: RevisionState,
  authorId: string,
  now: Date,
  options: { coalesce: boolean },
): Promise<void> {
  const latest = options.coalesce ? await repo.latestRevision(db, lessonId) : undefined;
  if (latest && latest.author_id === authorId && now.getTime() - Date.parse(latest.created_at) < COALESCE_MS) {
    await repo.overwriteRevision(db, latest.id, state);
    return;
  }
  await repo.insertRevision(db, { ...state, id: newId(), lessonId, authorId, now: now.toISOString() });
  await repo.pruneRevisions(db, lessonId, COURSE_LIMITS.revisionsKept);
}
