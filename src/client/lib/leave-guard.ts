/**
 * The browser's Back and Forward buttons for a page with unsaved work (the course builder): a
 * confirm before the app follows them, and, answered No, the page's own history entry restored.
 *
 * The popstate listener is installed when the full app starts (shell/full-app.tsx), before React
 * Router's: at the window, listeners run in the order they were added, and the router's unmounts
 * the page at once, so a listener the page itself added would never be reached. Stopping the event here keeps the
 * router from ever seeing a navigation the user declined.
 */
export interface LeaveGuard {
  /** True while leaving would lose something, so it should be asked about. */
  shouldAsk: () => boolean;
  message: string;
}

interface ActiveGuard extends LeaveGuard {
  path: string;
  /** React Router's position in the session history (history.state.idx) of the guarded entry. */
  index: number | null;
}

let active: ActiveGuard | null = null;
let restoring = false;
let installed = false;

function historyIndex(state: unknown): number | null {
  const idx = (state as { idx?: unknown } | null)?.idx;
  return typeof idx === 'number' ? idx : null;
}

function onPopState(event: PopStateEvent): void {
  if (restoring) {
    restoring = false;
    event.stopImmediatePropagation();
    return;
  }
  const guard = active;
  if (!guard) return;
  const target = historyIndex(event.state);
  // Moving between the page's own entries (its tabs) is not leaving.
  if (window.location.pathname === guard.path) {
    guard.index = target;
    return;
  }
  if (!guard.shouldAsk() || guard.index === null || target === null) return;
  if (window.confirm(guard.message)) return;
  event.stopImmediatePropagation();
  restoring = true;
  window.history.go(guard.index - target);
}

export function installLeaveGuard(): void {
  if (installed) return;
  installed = true;
  window.addEventListener('popstate', onPopState, true);
}

/** Guards the current page until the returned function is called (or another page is guarded). */
export function guardLeaving(guard: LeaveGuard): () => void {
  const entry: ActiveGuard = { ...guard, path: window.location.pathname, index: historyIndex(window.history.state) };
  active = entry;
  return () => {
    if (active === entry) active = null;
  };
}
