import { useCallback, useEffect, useMemo, useRef, useState, type ComponentType } from 'react';
import { DragBindings, type DragHandles } from './drag-bindings';
import type { OutlineDragProps } from './outline-drag';

/** dnd-kit's keys: these pick an item up (and drop it); the rest move or cancel it while it is held. */
const PICK_UP = ['Space', 'Enter'];
const WHILE_HELD = [...PICK_UP, 'Escape', 'ArrowUp', 'ArrowDown', 'ArrowLeft', 'ArrowRight'];

/** Keys pressed on a drag handle before dnd-kit was there, to be pressed again once it is. */
interface HeldKeys {
  dragId: string;
  handle: HTMLElement;
  keys: { key: string; code: string }[];
  replaying: boolean;
}

const task = () => new Promise<void>((resolve) => setTimeout(resolve));
const frame = () => new Promise<void>((resolve) => requestAnimationFrame(() => resolve()));

/** Waits (two seconds at most) for `ready`, then a frame more for dnd-kit to measure what it just rendered. */
async function until(ready: () => boolean, most = 2000) {
  const deadline = performance.now() + most;
  while (!ready() && performance.now() < deadline) await frame();
  await frame();
  return ready();
}

const lifted = (handle: HTMLElement) => handle.getAttribute('aria-pressed') === 'true';

/**
 * The outline's dragging, loaded on intent: the pointer entering its lists, focus moving into them,
 * or a press on a drag handle. Never at once or on idle, so a first visit doesn't pay for dnd-kit.
 * Until it is there, the move buttons work as always, and a keyboard pick-up on a handle (with any
 * keys after it) is held and replayed on the same handle once dnd-kit listens to it.
 */
export function useOutlineDrag(enabled: boolean) {
  const [Layer, setLayer] = useState<ComponentType<OutlineDragProps> | null>(null);
  const [bindings] = useState(() => new DragBindings());
  const requested = useRef(false);
  const held = useRef<HeldKeys | null>(null);

  const load = useCallback(() => {
    if (!enabled || requested.current) return;
    requested.current = true;
    import('./outline-drag').then(
      (module) => setLayer(() => module.OutlineDrag),
      // Offline for a moment: the next intent asks again; the move buttons work meanwhile.
      () => {
        requested.current = false;
      },
    );
  }, [enabled]);

  // Each key waits for dnd-kit to have carried out the one before: a pick-up for the drag to be
  // measured, an arrow for the item to be over its new place, a drop or cancel for the drag to end.
  const replay = useCallback(
    async (keys: HeldKeys) => {
      keys.replaying = true;
      await frame();
      const { handle } = keys;
      while (held.current === keys) {
        const next = keys.keys.shift();
        // Focus went elsewhere (a click, another window): the keys were meant for this handle only.
        if (!next || document.activeElement !== handle) break;
        const press = () =>
          handle.dispatchEvent(new KeyboardEvent('keydown', { key: next.key, code: next.code, bubbles: true, cancelable: true }));
        if (!lifted(handle)) {
          if (!PICK_UP.includes(next.code)) continue;
          press();
          if (!(await until(() => lifted(handle) && bindings.over !== null))) break;
          // dnd-kit starts listening for the keys that move and drop in a task queued at the pick-up.
          await task();
        } else if (bindings.over === null) {
          // Picked up but not measured yet: dnd-kit would find no place to move to, and may not
          // listen for the drop yet. The key waits for the measuring.
          keys.keys.unshift(next);
          if (!(await until(() => bindings.over !== null))) break;
        } else if (PICK_UP.includes(next.code) || next.code === 'Escape') {
          press();
          if (!(await until(() => !lifted(handle)))) break;
        } else {
          const before = bindings.over;
          press();
          // dnd-kit may scroll the page smoothly first. At either end of the list the item stays
          // where it is, and `over` with it.
          await until(() => bindings.over !== before, 1000);
        }
      }
      if (held.current === keys) held.current = null;
    },
    [bindings],
  );

  useEffect(
    () =>
      bindings.subscribe(() => {
        const keys = held.current;
        if (keys && !keys.replaying && bindings.get(keys.dragId)) void replay(keys);
      }),
    [bindings, replay],
  );

  const handles = useMemo<DragHandles>(
    () => ({
      bindings,
      keyDown: (event, dragId, binding) => {
        const native = event.nativeEvent;
        // Replayed keys (untrusted) go to dnd-kit.
        if (!native.isTrusted) return binding?.listeners?.onKeyDown?.(event);
        let keys = held.current?.dragId === dragId ? held.current : null;
        const handle = event.currentTarget;
        // Once dnd-kit holds the item and has measured the outline, keys go straight to it. Before
        // that a key would be lost: dnd-kit not there yet, or a pick-up drawn but not measured (an
        // arrow finds no place to move to, a drop finds no one listening). Such keys are held and
        // replayed, each once the one before has been carried out; keys pressed meanwhile wait their turn.
        const measured = lifted(handle) && bindings.over !== null;
        if (!keys && binding && measured) return binding.listeners?.onKeyDown?.(event);
        load();
        if (!keys && !lifted(handle) && !PICK_UP.includes(native.code)) return;
        if (!WHILE_HELD.includes(native.code)) {
          // Tab and the like: the pick-up is given up and the key does what it always does.
          held.current = null;
          return;
        }
        event.preventDefault();
        event.stopPropagation();
        if (!keys) held.current = keys = { dragId, handle, keys: [], replaying: false };
        keys.keys.push({ key: native.key, code: native.code });
        // dnd-kit may have arrived between this handle's last render and the key.
        if (!keys.replaying && bindings.get(dragId)) void replay(keys);
      },
      pointerDown: (event, binding) => {
        if (binding) binding.listeners?.onPointerDown?.(event);
        else load();
      },
    }),
    [bindings, load, replay],
  );

  return { Layer, handles, intent: { onPointerEnter: load, onFocus: load } };
}
