import { useSyncExternalStore } from 'react';
import { STORAGE_KEYS } from '@shared/constants.ts';

const listeners = new Set<() => void>();

function read(): boolean {
  try {
    return localStorage.getItem(STORAGE_KEYS.sidebarCollapsed) === 'true';
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
    if (next) localStorage.setItem(STORAGE_KEYS.sidebarCollapsed, 'true');
    else localStorage.removeItem(STORAGE_KEYS.sidebarCollapsed);
  } catch {
    // Storage may be unavailable (private mode); the choice then lasts for this visit.
  }
  for (const listener of listeners) listener();
}
