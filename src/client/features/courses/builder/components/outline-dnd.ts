import { closestCenter, KeyboardSensor, PointerSensor, useSensor, useSensors, type CollisionDetection } from '@dnd-kit/core';
import { sortableKeyboardCoordinates } from '@dnd-kit/sortable';
import { idOf, typeOf, type Arrangement } from '../lib/outline-model';

/** The outline's drag inputs: the pointer after 5 px (a click stays a click), and the keyboard. */
export function useOutlineSensors() {
  return useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 5 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
}

/** While a module moves only modules are targets; while a lesson moves, lessons and empty modules are. */
export function outlineCollision(arrangement: Arrangement): CollisionDetection {
  return (args) =>
    closestCenter({
      ...args,
      droppableContainers: args.droppableContainers.filter((container) =>
        typeOf(args.active.id) === 'module'
          ? typeOf(container.id) === 'module'
          : typeOf(container.id) === 'lesson' ||
            (arrangement.find((entry) => entry.id === idOf(container.id))?.lessonIds.length ?? 0) === 0,
      ),
    });
}
