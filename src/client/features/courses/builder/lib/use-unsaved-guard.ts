import { useEffect } from 'react';
import { guardLeaving } from '@/lib/leave-guard';
import type { QueueRegistry } from './queue-registry';

/**
 * Leaving with unsaved edits asks first: the browser's own prompt when the tab closes or reloads,
 * a confirm when a link in the app would navigate away, and the same confirm on the browser's Back
 * and Forward buttons (lib/leave-guard.ts; answered No, the builder stays). Whatever the answer,
 * the edits stay in localStorage and are restored when the course opens again. A hidden tab sends
 * what is waiting.
 */
export function useUnsavedGuard(registry: QueueRegistry, message: string): void {
  useEffect(() => {
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (!registry.hasUnsaved()) return;
      event.preventDefault();
      // Older browsers need returnValue set to show the prompt.
      event.returnValue = '';
    };
    const onClick = (event: MouseEvent) => {
      if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const anchor = (event.target as Element | null)?.closest?.('a[href]');
      if (!(anchor instanceof HTMLAnchorElement) || anchor.target === '_blank' || anchor.hasAttribute('download')) return;
      const url = new URL(anchor.href, window.location.href);
      if (url.origin === window.location.origin && url.pathname === window.location.pathname) return;
      if (!registry.hasUnsaved()) return;
      if (!window.confirm(message)) {
        event.preventDefault();
        event.stopPropagation();
      }
    };
    const onHide = () => {
      if (document.visibilityState === 'hidden') void registry.flushAll();
    };
    const unguard = guardLeaving({ shouldAsk: () => registry.hasUnsaved(), message });
    window.addEventListener('beforeunload', onBeforeUnload);
    document.addEventListener('click', onClick, true);
    document.addEventListener('visibilitychange', onHide);
    return () => {
      unguard();
      window.removeEventListener('beforeunload', onBeforeUnload);
      document.removeEventListener('click', onClick, true);
      document.removeEventListener('visibilitychange', onHide);
    };
  }, [registry, message]);
}
