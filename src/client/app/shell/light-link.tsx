import type { MouseEvent } from 'react';
import { useShell, type ShellLinkProps } from '@/lib/shell-context';
import { preloadNavigation } from './boot';

/** Clicks the browser should handle itself: new tab or window, download, another button. */
function isPlainClick(event: MouseEvent<HTMLAnchorElement>, target: string | undefined): boolean {
  const modified = event.metaKey || event.altKey || event.ctrlKey || event.shiftKey;
  return !event.defaultPrevented && event.button === 0 && !modified && (!target || target === '_self');
}

/**
 * The light shell's link: a plain <a href>, so it works before and without the app. Showing
 * intent (pointer over it, focus, touch) starts downloading the full app; a plain click (or Enter)
 * starts it instead of loading a new document. Modified clicks keep the browser's behaviour.
 */
export function LightLink({ to, target, download, onClick, onPointerEnter, onFocus, onTouchStart, ...props }: ShellLinkProps) {
  const { navigate } = useShell();
  return (
    <a
      href={to}
      target={target}
      download={download}
      {...props}
      onPointerEnter={(event) => {
        onPointerEnter?.(event);
        preloadNavigation(to);
      }}
      onFocus={(event) => {
        onFocus?.(event);
        preloadNavigation(to);
      }}
      onTouchStart={(event) => {
        onTouchStart?.(event);
        preloadNavigation(to);
      }}
      onClick={(event) => {
        onClick?.(event);
        if (!isPlainClick(event, target) || download !== undefined) return;
        event.preventDefault();
        navigate(to);
      }}
    />
  );
}
