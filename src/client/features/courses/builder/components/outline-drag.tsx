import { Fragment, useLayoutEffect, useMemo, useRef, useState, type Dispatch, type SetStateAction } from 'react';
import {
  DndContext,
  useDndContext,
  useDndMonitor,
  type Announcements,
  type DragEndEvent,
  type DragOverEvent,
  type DragStartEvent,
  type UniqueIdentifier,
} from '@dnd-kit/core';
import { SortableContext, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import type { TModule } from '@shared/schemas/courses.ts';
import { useTranslation } from '@/lib/use-translation';
import { idOf, moduleOfLesson, placeLesson, projectDrop, typeOf, type Arrangement } from '../lib/outline-model';
import type { DragBindings } from './drag-bindings';
import { outlineCollision, useOutlineSensors } from './outline-dnd';
import { lessonDragId, moduleDragId } from './outline-items';

export interface OutlineDragProps {
  bindings: DragBindings;
  /** The modules and lessons as the outline shows them. */
  modules: TModule[];
  /** The order shown: the draft while something is dragged, else the saved one. */
  arrangement: Arrangement;
  saved: Arrangement;
  draft: Arrangement | null;
  setDraft: Dispatch<SetStateAction<Arrangement | null>>;
  commit: (next: Arrangement) => void;
  /** Where the item `dragId` is in `next`, in words. */
  describe: (next: Arrangement, dragId: UniqueIdentifier) => string;
  nameOf: (dragId: UniqueIdentifier) => string;
  /** Says it in the outline's own live region, which is there before this code arrives. */
  announce: (text: string) => void;
  readOnly: boolean;
}

// dnd-kit's live region would be new in the page when the first pick-up is announced, and screen
// readers may miss a region's first words; its own announcements stay empty and the outline's say them.
const silent: Announcements = {
  onDragStart: () => undefined,
  onDragOver: () => undefined,
  onDragEnd: () => undefined,
  onDragCancel: () => undefined,
};

/**
 * The outline's dragging, loaded on demand: the DndContext with its sensors, and each module's and
 * lesson's useSortable, handed to the item already on screen (see drag-bindings).
 */
export function OutlineDrag({
  bindings,
  modules,
  arrangement,
  saved,
  draft,
  setDraft,
  commit,
  describe,
  nameOf,
  announce,
  readOnly,
}: OutlineDragProps) {
  const { t } = useTranslation('builder');
  const [activeType, setActiveType] = useState<'module' | 'lesson' | null>(null);

  // Dragging: modules among modules; lessons among lessons, into another module too (live, as they pass over it).
  const onDragStart = ({ active }: DragStartEvent) => {
    setDraft(arrangement);
    setActiveType(typeOf(active.id));
  };
  const onDragOver = ({ active, over }: DragOverEvent) => {
    if (!over || typeOf(active.id) !== 'lesson') return;
    setDraft((current) => {
      const base = current ?? arrangement;
      const lessonId = idOf(active.id);
      const from = moduleOfLesson(base, lessonId);
      const to = typeOf(over.id) === 'module' ? base.findIndex((entry) => entry.id === idOf(over.id)) : moduleOfLesson(base, idOf(over.id));
      if (to < 0 || from === to) return base;
      const target = base[to];
      const index =
        typeOf(over.id) === 'module' ? (from < to ? 0 : (target?.lessonIds.length ?? 0)) : (target?.lessonIds.indexOf(idOf(over.id)) ?? 0);
      return placeLesson(base, lessonId, to, index);
    });
  };
  const onDragEnd = ({ active, over, activatorEvent }: DragEndEvent) => {
    const base = draft ?? arrangement;
    setDraft(null);
    setActiveType(null);
    if (activatorEvent instanceof KeyboardEvent) keepFocusOn(active.id);
    if (!over) return;
    const next = projectDrop(base, active.id, over.id);
    if (JSON.stringify(next) !== JSON.stringify(saved)) commit(next);
  };
  const onDragCancel = () => {
    setDraft(null);
    setActiveType(null);
  };

  const sensors = useOutlineSensors();
  const collision = outlineCollision(arrangement);

  const lastProjection = useRef<Arrangement | null>(null);
  // Where the item would land if dropped over `over` now (lessons already moved across modules live in the draft).
  const projected = (activeId: UniqueIdentifier, overId: UniqueIdentifier | undefined) =>
    projectDrop(draft ?? arrangement, activeId, overId);
  const announcements: Announcements = {
    onDragStart: ({ active }) => {
      lastProjection.current = null;
      return t('announce.picked', { name: nameOf(active.id) });
    },
    onDragOver: ({ active, over }) => {
      lastProjection.current = projected(active.id, over?.id);
      return describe(lastProjection.current, active.id);
    },
    onDragEnd: ({ active, over }) =>
      over
        ? `${t('announce.dropped', { name: nameOf(active.id) })} ${describe(lastProjection.current ?? projected(active.id, over.id), active.id)}`
        : t('announce.cancelled', { name: nameOf(active.id) }),
    onDragCancel: ({ active }) => t('announce.cancelled', { name: nameOf(active.id) }),
  };

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={collision}
      onDragStart={onDragStart}
      onDragOver={onDragOver}
      onDragEnd={onDragEnd}
      onDragCancel={onDragCancel}
      accessibility={{ announcements: silent, screenReaderInstructions: { draggable: t('announce.instructions') } }}
    >
      <Announcer bindings={bindings} announcements={announcements} announce={announce} />
      <SortableContext items={modules.map((module) => moduleDragId(module.id))} strategy={verticalListSortingStrategy}>
        {modules.map((module) => (
          <Fragment key={module.id}>
            <Bind
              bindings={bindings}
              dragId={moduleDragId(module.id)}
              type="module"
              readOnly={readOnly}
              droppable={activeType !== 'lesson' || module.lessons.length === 0}
            />
            <SortableContext items={module.lessons.map((lesson) => lessonDragId(lesson.id))} strategy={verticalListSortingStrategy}>
              {module.lessons.map((lesson) => (
                <Bind
                  key={lesson.id}
                  bindings={bindings}
                  dragId={lessonDragId(lesson.id)}
                  type="lesson"
                  readOnly={readOnly}
                  droppable={activeType !== 'module'}
                />
              ))}
            </SortableContext>
          </Fragment>
        ))}
      </SortableContext>
    </DndContext>
  );
}

/** Says what dnd-kit reports in the outline's live region, and tells the bindings what the dragged item is over. */
function Announcer({
  bindings,
  announcements,
  announce,
}: {
  bindings: DragBindings;
  announcements: Announcements;
  announce: (text: string) => void;
}) {
  const { active, over } = useDndContext();
  useLayoutEffect(() => {
    bindings.setOver(active && over ? String(over.id) : null);
  }, [bindings, active, over]);
  useDndMonitor({
    onDragStart: (event) => announce(announcements.onDragStart(event) ?? ''),
    onDragOver: (event) => announce(announcements.onDragOver(event) ?? ''),
    onDragEnd: (event) => announce(announcements.onDragEnd(event) ?? ''),
    onDragCancel: (event) => announce(announcements.onDragCancel(event) ?? ''),
  });
  return null;
}

/**
 * A lesson moved into another module by keyboard is a new element there: the handle that had the
 * focus left the page with it during the drag, and dnd-kit, giving the focus back after the drop,
 * may still hold the old element. Once the drop is drawn, a focus left on nothing goes to the
 * handle in its new place.
 */
function keepFocusOn(dragId: UniqueIdentifier) {
  requestAnimationFrame(() => {
    const handle = document.querySelector<HTMLElement>(
      `[data-drag-id="${globalThis.CSS.escape(String(dragId))}"] [aria-roledescription="sortable"]`,
    );
    const lost = document.activeElement === null || document.activeElement === document.body;
    if (handle && lost) handle.focus();
  });
}

/** One item's useSortable, given to the item on screen; renders nothing itself. */
function Bind({
  bindings,
  dragId,
  type,
  readOnly,
  droppable,
}: {
  bindings: DragBindings;
  dragId: string;
  type: 'module' | 'lesson';
  readOnly: boolean;
  droppable: boolean;
}) {
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({
    id: dragId,
    data: { type },
    disabled: { draggable: readOnly, droppable: !droppable },
  });
  const translate = CSS.Translate.toString(transform);
  const binding = useMemo(
    () => ({ setNodeRef, attributes, listeners, style: { transform: translate, transition }, isDragging }),
    [setNodeRef, attributes, listeners, translate, transition, isDragging],
  );
  // The item's element, given to dnd-kit in the same commit that (re)mounts it: a lesson dragged
  // into another module is a new element there, and waiting for the binding to reach it left dnd-kit
  // a render without the lesson, in which the module it left (empty now) took the pointer, and
  // the lesson went back and forth between the two without end.
  useLayoutEffect(() => {
    const node = document.querySelector<HTMLElement>(`[data-drag-id="${globalThis.CSS.escape(dragId)}"]`);
    if (node) setNodeRef(node);
  }, [dragId, setNodeRef]);
  useLayoutEffect(() => {
    bindings.set(dragId, binding);
    return () => bindings.delete(dragId, binding);
  }, [bindings, dragId, binding]);
  return null;
}
