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
