import { useRef, type KeyboardEvent, type PointerEvent } from 'react';
import { useTranslation } from '@/lib/use-translation';
import { OUTLINE_WIDTH, setOutlineWidth } from '../lib/outline-width';

/**
 * The line between the outline and the lesson pane: dragged with the pointer, or focused and moved
 * with the arrow keys (Shift for bigger steps), Home and End; a double click gives the width it
 * started with. The width is kept for the next visit. Only beside each other (lg and up) is it there.
 */
export function OutlineResizer({ width, max, controls }: { width: number; max: number; controls: string }) {
  const { t } = useTranslation('builder');
  const drag = useRef<{ x: number; width: number } | null>(null);
  const clamp = (next: number) => Math.min(max, Math.max(OUTLINE_WIDTH.min, next));

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const step = event.shiftKey ? 64 : 16;
    const next = {
      ArrowLeft: width - step,
      ArrowDown: width - step,
      ArrowRight: width + step,
      ArrowUp: width + step,
      Home: OUTLINE_WIDTH.min,
      End: max,
    }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    setOutlineWidth(clamp(next), true);
  };

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (event.button !== 0) return;
    event.preventDefault();
    event.currentTarget.setPointerCapture(event.pointerId);
    event.currentTarget.focus({ preventScroll: true });
    drag.current = { x: event.clientX, width };
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    if (!drag.current) return;
    setOutlineWidth(clamp(drag.current.width + event.clientX - drag.current.x), false);
  };
  const onPointerEnd = (event: PointerEvent<HTMLDivElement>) => {
    if (!drag.current) return;
    drag.current = null;
    if (event.currentTarget.hasPointerCapture(event.pointerId)) event.currentTarget.releasePointerCapture(event.pointerId);
    setOutlineWidth(width, true);
  };

  return (
    <div
      role="separator"
      aria-orientation="vertical"
      aria-controls={controls}
      aria-label={t('outline.resize')}
      aria-valuenow={width}
      aria-valuemin={OUTLINE_WIDTH.min}
      aria-valuemax={max}
      aria-valuetext={t('outline.resizeValue', { width })}
      title={t('outline.resizeHint')}
      tabIndex={0}
      onKeyDown={onKeyDown}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerEnd}
      onPointerCancel={onPointerEnd}
      onDoubleClick={() => setOutlineWidth(clamp(OUTLINE_WIDTH.default), true)}
      className="group hidden w-6 shrink-0 cursor-col-resize touch-none justify-center rounded-md select-none focus-visible:outline-2 focus-visible:outline-ring lg:flex"
      data-testid="outline-resizer"
    >
      <span
        aria-hidden="true"
        className="w-0.5 rounded-full bg-border transition-colors group-hover:w-1 group-hover:bg-primary group-focus-visible:w-1 group-focus-visible:bg-primary"
      />
    </div>
  );
}
