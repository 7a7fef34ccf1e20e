import type { TCourse, TLessonSummary, TModule } from '@shared/schemas/courses.ts';

/** The order of modules and of the lessons in each: what PUT /api/courses/:id/outline takes. */
export type Arrangement = { id: string; lessonIds: string[] }[];

export function arrangementOf(course: TCourse): Arrangement {
  return course.modules.map((module) => ({ id: module.id, lessonIds: module.lessons.map((lesson) => lesson.id) }));
}

/**
 * An arrangement made earlier, fitted to the course as it is now: modules and lessons deleted
 * since are dropped, ones added since keep their place at the end of their module (or the course).
 */
export function reconcile(arrangement: Arrangement, course: TCourse): Arrangement {
  const modules = new Map(course.modules.map((module) => [module.id, module]));
  const lessonModule = new Map(course.modules.flatMap((module) => module.lessons.map((lesson) => [lesson.id, module.id] as const)));
  const placed = new Set<string>();
  const result: Arrangement = [];
  for (const entry of arrangement) {
    if (!modules.has(entry.id)) continue;
    const lessonIds = entry.lessonIds.filter((id) => lessonModule.has(id) && !placed.has(id));
    lessonIds.forEach((id) => placed.add(id));
    result.push({ id: entry.id, lessonIds });
  }
  for (const module of course.modules) {
    if (!result.some((entry) => entry.id === module.id)) result.push({ id: module.id, lessonIds: [] });
  }
  for (const module of course.modules) {
    const entry = result.find((candidate) => candidate.id === module.id);
    for (const lesson of module.lessons) {
      if (placed.has(lesson.id) || !entry) continue;
      placed.add(lesson.id);
      entry.lessonIds.push(lesson.id);
    }
  }
  return result;
}

export function sameArrangement(a: Arrangement, b: Arrangement): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** The course's modules and lessons in the order of `arrangement` (which must be reconciled). */
export function arrangedModules(course: TCourse, arrangement: Arrangement): TModule[] {
  const modules = new Map(course.modules.map((module) => [module.id, module]));
  const lessons = new Map<string, TLessonSummary>(
    course.modules.flatMap((module) => module.lessons.map((lesson) => [lesson.id, lesson] as const)),
  );
  return arrangement.flatMap((entry) => {
    const module = modules.get(entry.id);
    if (!module) return [];
    return [{ ...module, lessons: entry.lessonIds.flatMap((id) => lessons.get(id) ?? []) }];
  });
}

export function moduleOfLesson(arrangement: Arrangement, lessonId: string): number {
  return arrangement.findIndex((entry) => entry.lessonIds.includes(lessonId));
}

export function moveModule(arrangement: Arrangement, from: number, to: number): Arrangement {
  if (from === to || to < 0 || to >= arrangement.length) return arrangement;
  const next = arrangement.slice();
  const [moved] = next.splice(from, 1);
  if (moved) next.splice(to, 0, moved);
  return next;
}

/** Puts a lesson into module `toModule` at `toIndex` (clamped), from wherever it is. */
export function placeLesson(arrangement: Arrangement, lessonId: string, toModule: number, toIndex: number): Arrangement {
  const next = arrangement.map((entry) => ({ ...entry, lessonIds: entry.lessonIds.filter((id) => id !== lessonId) }));
  const target = next[toModule];
  if (!target) return arrangement;
  const index = Math.max(0, Math.min(toIndex, target.lessonIds.length));
  target.lessonIds.splice(index, 0, lessonId);
  return next;
}

/**
 * One step up or down: within its module, or across into the neighbouring module (at its end when
 * going up, at its start when going down). Returns the arrangement unchanged at the very ends.
 */
export function stepLesson(arrangement: Arrangement, lessonId: string, direction: -1 | 1): Arrangement {
  const moduleIndex = moduleOfLesson(arrangement, lessonId);
  const module = arrangement[moduleIndex];
  if (!module) return arrangement;
  const index = module.lessonIds.indexOf(lessonId);
  const target = index + direction;
  if (target >= 0 && target < module.lessonIds.length) return placeLesson(arrangement, lessonId, moduleIndex, target);
  const neighbour = arrangement[moduleIndex + direction];
  if (!neighbour) return arrangement;
  return placeLesson(arrangement, lessonId, moduleIndex + direction, direction === -1 ? neighbour.lessonIds.length : 0);
}

/** A dragged or targeted item's id in the outline: `module:<id>` or `lesson:<id>`. */
export const idOf = (dragId: string | number) => String(dragId).replace(/^(module|lesson):/, '');
export const typeOf = (dragId: string | number) => (String(dragId).startsWith('module:') ? 'module' : 'lesson');

/**
 * Where the dragged item lands if dropped over `overId`: a module among the modules (over a lesson,
 * at that lesson's module), a lesson at the place of the lesson it is over. Over nothing, itself,
 * or (for a lesson) a module, nothing moves: a lesson enters another module while it passes over it.
 */
export function projectDrop(base: Arrangement, activeId: string | number, overId: string | number | undefined): Arrangement {
  if (overId === undefined || overId === activeId) return base;
  if (typeOf(activeId) === 'module') {
    const target = typeOf(overId) === 'module' ? idOf(overId) : base[moduleOfLesson(base, idOf(overId))]?.id;
    return moveModule(
      base,
      base.findIndex((entry) => entry.id === idOf(activeId)),
      base.findIndex((entry) => entry.id === target),
    );
  }
  if (typeOf(overId) !== 'lesson') return base;
  const to = moduleOfLesson(base, idOf(overId));
  return placeLesson(base, idOf(activeId), to, base[to]?.lessonIds.indexOf(idOf(overId)) ?? 0);
}
