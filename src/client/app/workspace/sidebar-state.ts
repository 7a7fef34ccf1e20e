import { useSyncExternalStore } from 'react';
import { cn } from '@/lib/cn';

/**
 * Set while the workspace's sidebar is narrowed to its icons. Not among STORAGE_KEYS (constants.ts),
 * which every public page's first load carries; only the full app reads it.
 */
const KEY = 'sidebar-collapsed';

const listeners = new Set<() => void>();

function read(): boolean {
  try {
    return localStorage.getItem(KEY) === 'true';
  } catch {
    return false;
  }
}

let collapsed = read();

/** Whether the sidebar shows only its icons; the choice is kept for the next visit. */
export function useSidebarCollapsed(): [boolean, (next: boolean) => void] {
  const value = useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => collapsed,
  );
  return [value, setSidebarCollapsed];
}

function setSidebarCollapsed(next: boolean): void {
  collapsed = next;
  try {
    if (next) localStorage.setItem(KEY, 'true');
    else localStorage.removeItem(KEY);
  } catch {
    // Storage may be unavailable (private mode); the choice then lasts for this visit.
  }
  for (const listener of listeners) listener();
}

/** The classes of the sidebar's column, shared with the empty column that holds its place while it loads. */
export const sidebarClasses = (collapsed: boolean) =>
  cn(
    'fixed top-14 bottom-0 left-0 z-30 hidden flex-col border-r border-border bg-background p-3 lg:flex print:hidden',
    collapsed ? 'w-16 px-2' : 'w-64',
  );
