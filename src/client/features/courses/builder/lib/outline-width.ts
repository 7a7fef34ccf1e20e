import { useSyncExternalStore } from 'react';

/**
 * The width the builder's outline column was given by its separator, kept for the next visit like
 * the sidebar's narrowing (app/workspace/sidebar-state.ts). Only the builder reads it.
 */
const KEY = 'builder-outline-width';

/** Room for a module's title and its buttons beside the lesson pane at 1280 px. */
export const OUTLINE_WIDTH = { min: 288, default: 448, max: 800 } as const;
/** The lesson pane keeps at least this much beside the outline, however far the separator goes. */
export const LESSON_PANE_MIN = 360;

const listeners = new Set<() => void>();

function read(): number {
  try {
    const stored = Number(localStorage.getItem(KEY));
    return Number.isFinite(stored) && stored >= OUTLINE_WIDTH.min && stored <= OUTLINE_WIDTH.max ? stored : OUTLINE_WIDTH.default;
  } catch {
    return OUTLINE_WIDTH.default;
  }
}

let width = read();

export function useOutlineWidth(): number {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => width,
  );
}

/** A new width on screen; `keep` also stores it (a pointer drag stores it once, when let go). */
export function setOutlineWidth(next: number, keep: boolean): void {
  width = Math.round(Math.min(OUTLINE_WIDTH.max, Math.max(OUTLINE_WIDTH.min, next)));
  if (keep) {
    try {
      if (width === OUTLINE_WIDTH.default) localStorage.removeItem(KEY);
      else localStorage.setItem(KEY, String(width));
    } catch {
      // Storage may be unavailable (private mode); the width then lasts for this visit.
    }
  }
  for (const listener of listeners) listener();
}
