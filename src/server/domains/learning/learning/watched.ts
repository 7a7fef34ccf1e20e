/**
 * What a learner has watched of a video: the ranges of it their player actually played (the
 * media element's `played`), in seconds. Completion is decided on their merged length, so seeking
 * to the end, or a position alone, watches nothing, and playing a part twice counts it once.
 */

export type WatchedRange = readonly [start: number, end: number];

/** The ranges in order, overlapping or touching ones joined, each cut to [0, duration]; empty ones dropped. */
export function mergeRanges(ranges: readonly WatchedRange[], durationSeconds: number): WatchedRange[] {
  const cut = ranges
    .map(([start, end]) => [Math.max(0, start), Math.min(durationSeconds, end)] as const)
    .filter(([start, end]) => end > start)
    .sort((a, b) => a[0] - b[0]);
  const merged: [number, number][] = [];
  for (const [start, end] of cut) {
    const last = merged.at(-1);
    if (last && start <= last[1]) last[1] = Math.max(last[1], end);
    else merged.push([start, end]);
  }
  return merged;
}

/** The seconds covered by merged ranges. */
export function watchedSeconds(merged: readonly WatchedRange[]): number {
  return merged.reduce((sum, [start, end]) => sum + (end - start), 0);
}

/** Stored ranges as they were written; anything unreadable counts as nothing watched. */
export function parseRanges(json: string | null): WatchedRange[] {
  if (!json) return [];
  try {
    const value: unknown = JSON.parse(json);
    if (!Array.isArray(value)) return [];
    return value.filter(
      (r): r is [number, number] => Array.isArray(r) && r.length === 2 && r.every((n) => typeof n === 'number' && Number.isFinite(n)),
    );
  } catch {
    return [];
  }
}

/** A video counts as watched when 90 % of it has been played. */
const VIDEO_COMPLETE_SHARE = 0.9;
/**
 * The most separate played ranges kept per learner and video. Past it the shortest are dropped,
 * which can only lower what counts as watched, so a flood of tiny ranges gains nothing.
 */
const MAX_STORED_RANGES = 1000;
/** A duration this far from the one the ranges were played against is another video (the lesson's video was replaced). */
const OTHER_VIDEO_SECONDS = 1;

/**
 * Adds the ranges the player played now to those stored before (dropped when the stored ones were
 * played against another video: the lesson's video was replaced), cut to the video's duration with
 * each second counted once, and says whether they cover enough of it for the lesson to be complete.
 */
export function addPlayed(
  before: { watched_ranges: string | null; duration_seconds: number | null } | undefined,
  played: readonly WatchedRange[],
  duration: number,
): { watchedRanges: string; watched: boolean } {
  const sameVideo = before?.duration_seconds != null && Math.abs(before.duration_seconds - duration) <= OTHER_VIDEO_SECONDS;
  let merged = mergeRanges([...(sameVideo ? parseRanges(before.watched_ranges) : []), ...played], duration);
  if (merged.length > MAX_STORED_RANGES) {
    const kept = new Set([...merged].sort((a, b) => b[1] - b[0] - (a[1] - a[0])).slice(0, MAX_STORED_RANGES));
    merged = merged.filter((range) => kept.has(range));
  }
  return {
    watchedRanges: JSON.stringify(merged.map(([start, end]): WatchedRange => [round(start), round(end)])),
    watched: watchedSeconds(merged) >= VIDEO_COMPLETE_SHARE * duration,
  };
}

/** Milliseconds are plenty for what was watched, and keep the stored JSON short. */
function round(seconds: number): number {
  return Math.round(seconds * 1000) / 1000;
}
