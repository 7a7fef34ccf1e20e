import { execFileSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
// @ts-expect-error -- a plain script, without types of its own
import { partition, reportTimes, specTimes } from '../../scripts/e2e-shards.mjs';

type Times = Record<string, number>;
const split = partition as (times: Times, shards: number, headStart?: number[]) => string[][];

describe('splitting the browser specs into shards by time', () => {
  it('spreads the long specs instead of cutting the alphabetical list', () => {
    const times = { 'a.spec.ts': 300, 'b.spec.ts': 280, 'c.spec.ts': 20, 'd.spec.ts': 10, 'e.spec.ts': 10 };
    expect(split(times, 2)).toEqual([
      ['a.spec.ts', 'd.spec.ts'],
      ['b.spec.ts', 'c.spec.ts', 'e.spec.ts'],
    ]);
  });

  it('counts what a shard runs afterwards as time it already has', () => {
    const times = { 'a.spec.ts': 100, 'b.spec.ts': 100, 'c.spec.ts': 100 };
    expect(split(times, 2, [0, 150])).toEqual([['a.spec.ts', 'b.spec.ts'], ['c.spec.ts']]);
  });

  it('gives a spec with no recorded time the median of the recorded ones', () => {
    expect((specTimes as (s: string[], r: Times) => Times)(['a', 'b', 'c', 'new'], { a: 10, b: 50, c: 30 })).toEqual({
      a: 10,
      b: 50,
      c: 30,
      new: 30,
    });
  });

  it('records seconds per spec file from Playwright reports, retries included', () => {
    const report = {
      suites: [
        {
          specs: [{ file: 'a.spec.ts', tests: [{ results: [{ duration: 1500 }, { duration: 500 }] }] }],
          suites: [{ specs: [{ file: 'a.spec.ts', tests: [{ results: [{ duration: 1000 }] }] }] }],
        },
        { specs: [{ file: 'b.spec.ts', tests: [{ results: [{ duration: 250 }] }] }] },
      ],
    };
    expect((reportTimes as (r: unknown[]) => Times)([report])).toEqual({ 'a.spec.ts': 3, 'b.spec.ts': 0.3 });
  });

  it('puts every spec in exactly one shard', () => {
    const shard = (k: number) =>
      execFileSync(process.execPath, ['scripts/e2e-shards.mjs', `${k}/2`, '--then', '2=learning-journey.spec.ts'], { encoding: 'utf8' })
        .split('\n')
        .filter(Boolean);
    const all = readdirSync('tests/e2e')
      .filter((f) => f.endsWith('.spec.ts'))
      .map((f) => `tests/e2e/${f}`);
    const [first, second] = [shard(1), shard(2)];
    expect(first.filter((f) => second.includes(f))).toEqual([]);
    expect([...first, ...second].sort()).toEqual(all.sort());
  });
});
