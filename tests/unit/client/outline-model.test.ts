import { describe, expect, it } from 'vitest';
import { projectDrop, type Arrangement } from '../../../src/client/features/courses/builder/lib/outline-model.ts';

// Where a dragged module or lesson lands in the builder's outline, for the drop and for what the
// screen reader is told while it moves.
const outline: Arrangement = [
  { id: 'm1', lessonIds: ['a', 'b'] },
  { id: 'm2', lessonIds: ['c'] },
  { id: 'm3', lessonIds: [] },
];

describe('projectDrop', () => {
  it('moves a module to the place of the module it is over, or of the module of the lesson it is over', () => {
    expect(projectDrop(outline, 'module:m1', 'module:m3').map((m) => m.id)).toEqual(['m2', 'm3', 'm1']);
    expect(projectDrop(outline, 'module:m3', 'lesson:a').map((m) => m.id)).toEqual(['m3', 'm1', 'm2']);
  });

  it('places a lesson where the lesson it is over stands, in that lesson’s module', () => {
    expect(projectDrop(outline, 'lesson:b', 'lesson:a')).toEqual([
      { id: 'm1', lessonIds: ['b', 'a'] },
      { id: 'm2', lessonIds: ['c'] },
      { id: 'm3', lessonIds: [] },
    ]);
    expect(projectDrop(outline, 'lesson:a', 'lesson:c')).toEqual([
      { id: 'm1', lessonIds: ['b'] },
      { id: 'm2', lessonIds: ['a', 'c'] },
      { id: 'm3', lessonIds: [] },
    ]);
  });

  it('moves nothing over nothing, over itself, or with a lesson over a module (it entered that module while passing over it)', () => {
    expect(projectDrop(outline, 'lesson:a', undefined)).toBe(outline);
    expect(projectDrop(outline, 'lesson:a', 'lesson:a')).toBe(outline);
    expect(projectDrop(outline, 'lesson:a', 'module:m3')).toBe(outline);
  });
});
