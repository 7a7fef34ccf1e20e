import { describe, expect, it } from 'vitest';
import { mergeRanges, parseRanges, watchedSeconds } from '../../src/server/domains/learning/learning/watched.ts';

// A video's played ranges: each second counts once, and nothing outside the video counts.
describe('watched ranges', () => {
  it('joins overlapping and touching ranges, in order', () => {
    expect(
      mergeRanges(
        [
          [50, 60],
          [0, 10],
          [5, 20],
          [20, 30],
        ],
        100,
      ),
    ).toEqual([
      [0, 30],
      [50, 60],
    ]);
  });

  it('counts a part played twice once', () => {
    expect(
      watchedSeconds(
        mergeRanges(
          [
            [0, 60],
            [0, 60],
            [30, 90],
          ],
          100,
        ),
      ),
    ).toBe(90);
  });

  it('cuts ranges to the video and drops empty ones', () => {
    expect(
      mergeRanges(
        [
          [-5, 10],
          [95, 120],
          [40, 40],
          [130, 140],
        ],
        100,
      ),
    ).toEqual([
      [0, 10],
      [95, 100],
    ]);
  });

  it('reads stored ranges, and anything unreadable as nothing watched', () => {
    expect(parseRanges('[[0,1.5],[3,4]]')).toEqual([
      [0, 1.5],
      [3, 4],
    ]);
    expect(parseRanges('[[0,"x"],[1],[2,3]]')).toEqual([[2, 3]]);
    for (const bad of [null, '', 'nope', '{"a":1}']) expect(parseRanges(bad)).toEqual([]);
  });
});
