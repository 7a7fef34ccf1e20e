import { useSyncExternalStore } from 'react';
import { STORAGE_KEYS } from '@shared/constants.ts';

export type Theme = 'dark' | 'light';

const listeners = new Set<() => void>();

/** public/preferences.js has already applied the saved theme before the first paint. */
function readTheme(): Theme {
  return document.documentElement.classList.contains('dark') ? 'dark' : 'light';
}

export function setTheme(theme: Theme): void {
  document.documentElement.classList.toggle('dark', theme === 'dark');
  document.querySelector('meta[name="theme-color"]')?.setAttribute('content', theme === 'dark' ? '#0b1020' : '#f8fafc');
  try {
    localStorage.setItem(STORAGE_KEYS.theme, theme);
  } catch {
    // Storage may be unavailable (private mode); the theme then lasts for this visit.
  }
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useTheme(): { theme: Theme; toggleTheme: () => void } {
  const theme = useSyncExternalStore(subscribe, readTheme);
  return { theme, toggleTheme: () => setTheme(theme === 'dark' ? 'light' : 'dark') };
}
