import {
  createContext,
  useContext,
  useSyncExternalStore,
  type CSSProperties,
  type KeyboardEvent as ReactKeyboardEvent,
  type PointerEvent as ReactPointerEvent,
} from 'react';
import type { DraggableAttributes, DraggableSyntheticListeners } from '@dnd-kit/core';

/**
 * What dnd-kit's useSortable gives one module or lesson. The outline renders without dnd-kit and
 * never remounts for it: the drag layer, loaded when someone means to use the outline, calls
 * useSortable in components of its own and hands each item its result through this store.
 */
export interface DragBinding {
  setNodeRef: (node: HTMLElement | null) => void;
  attributes: DraggableAttributes;
  listeners: DraggableSyntheticListeners;
  style: CSSProperties;
  isDragging: boolean;
}

/** The bindings by drag id: the drag layer writes them, each item reads its own. */
export class DragBindings {
  readonly #bindings = new Map<string, DragBinding>();
  readonly #listeners = new Set<() => void>();
  #over: string | null = null;

  /**
   * What the item being dragged is over: known once dnd-kit has measured the outline for the drag
   * (arrow keys work from then on), and changed by an arrow key once dnd-kit has carried it out.
   */
  get over() {
    return this.#over;
  }

  setOver(over: string | null) {
    this.#over = over;
  }

  get = (dragId: string): DragBinding | undefined => this.#bindings.get(dragId);

  subscribe = (listener: () => void) => {
    this.#listeners.add(listener);
    return () => {
      this.#listeners.delete(listener);
    };
  };

  set(dragId: string, binding: DragBinding) {
    if (this.#bindings.get(dragId) === binding) return;
    this.#bindings.set(dragId, binding);
    this.#notify();
  }

  /** Only `binding` itself: a lesson moved into another module is bound anew there before the old one goes. */
  delete(dragId: string, binding: DragBinding) {
    if (this.#bindings.get(dragId) !== binding) return;
    this.#bindings.delete(dragId);
    this.#notify();
  }

  #notify() {
    for (const listener of this.#listeners) listener();
  }
}

/** What a drag handle does with its events; until dnd-kit is bound, they start loading it and keep the keys. */
export interface DragHandles {
  bindings: DragBindings;
  keyDown: (event: ReactKeyboardEvent<HTMLElement>, dragId: string, binding: DragBinding | undefined) => void;
  pointerDown: (event: ReactPointerEvent<HTMLElement>, binding: DragBinding | undefined) => void;
}

const inert: DragHandles = { bindings: new DragBindings(), keyDown: () => {}, pointerDown: () => {} };
export const DragHandlesContext = createContext<DragHandles>(inert);

/**
 * An item's binding, and the props of its drag handle. The handle has the attributes useSortable
 * gives it from the start, so its markup is the same before and after dnd-kit arrives.
 */
export function useDragHandle(dragId: string, readOnly: boolean) {
  const handles = useContext(DragHandlesContext);
  const binding = useSyncExternalStore(handles.bindings.subscribe, () => handles.bindings.get(dragId));
  const handleProps = {
    role: 'button',
    tabIndex: 0,
    'aria-disabled': readOnly,
    'aria-roledescription': 'sortable',
    ...binding?.attributes,
    onKeyDown: (event: ReactKeyboardEvent<HTMLElement>) => handles.keyDown(event, dragId, binding),
    onPointerDown: (event: ReactPointerEvent<HTMLElement>) => handles.pointerDown(event, binding),
  };
  return { binding, handleProps };
}
