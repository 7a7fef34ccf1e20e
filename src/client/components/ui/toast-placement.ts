/** Which edge of the screen a toast shows at (always on the right, where it is swiped away). */
export type ToastPlacement = 'top' | 'bottom';

interface Box {
  top: number;
  bottom: number;
  left: number;
  right: number;
}

/** The height a toast (two lines of text) and its viewport's padding take at either edge. */
export const TOAST_ZONE_PX = 200;
/** Below the field being filled comes the next one, which the toast should not cover either. */
export const NEXT_FIELD_PX = 160;
/** From Tailwind's sm breakpoint the viewport is a 420 px column at the right; below, full width. */
const NARROW_MAX_PX = 640;
const WIDE_ZONE_PX = 420;

/**
 * Where a toast may go without covering the field being filled (and the one after it): the
 * bottom edge as usual, the top edge when the bottom would cover more of them. On a phone the
 * toast is as wide as the screen, so a CVR look-up's toast used to sit on the form for 5 s.
 */
export function placementFor(field: Box | null, viewport: { width: number; height: number }): ToastPlacement {
  if (!field) return 'bottom';
  const zoneLeft = viewport.width < NARROW_MAX_PX ? 0 : viewport.width - WIDE_ZONE_PX;
  if (field.right <= zoneLeft) return 'bottom';
  const reachTop = field.top;
  const reachBottom = field.bottom + NEXT_FIELD_PX;
  const overlap = (from: number, to: number) => Math.max(0, Math.min(reachBottom, to) - Math.max(reachTop, from));
  const atBottom = overlap(viewport.height - TOAST_ZONE_PX, viewport.height);
  const atTop = overlap(0, TOAST_ZONE_PX);
  return atBottom > 0 && atTop < atBottom ? 'top' : 'bottom';
}

/** The placement for a toast shown now, from the form field that has focus (the one being filled). */
export function currentPlacement(): ToastPlacement {
  if (typeof document === 'undefined') return 'bottom'; // rendered outside a browser (unit tests)
  const element = document.activeElement;
  const field =
    element instanceof HTMLElement && element.matches('input, textarea, select, [contenteditable="true"]')
      ? element.getBoundingClientRect()
      : null;
  return placementFor(field, { width: window.innerWidth, height: window.innerHeight });
}
