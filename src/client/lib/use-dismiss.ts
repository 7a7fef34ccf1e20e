import { useEffect, type RefObject } from 'react';

/**
 * A disclosure's panel closes when the person is done with it: Escape (which gives the focus back
 * to its button, `close(true)`), or a press or the focus anywhere outside `root` (`close(false)`).
 * The top bar's account menu and bell use it; they load it with their panels, on the first press.
 */
export function useDismiss(root: RefObject<HTMLElement | null>, close: (focusButton: boolean) => void): void {
  useEffect(() => {
    const outside = (event: Event) => !root.current?.contains(event.target as Node);
    const onPointer = (event: PointerEvent) => outside(event) && close(false);
    const onFocus = (event: FocusEvent) => outside(event) && close(false);
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && close(true);
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('focusin', onFocus);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('focusin', onFocus);
      document.removeEventListener('keydown', onKey);
    };
  }, [root, close]);
}
