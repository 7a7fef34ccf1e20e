import { describe, expect, it } from 'vitest';
import { inputHash, jobProgress, readySteps, type StepState } from '../../src/server/jobs/plan.ts';
import { EnvError, parseEnv } from '../../src/server/env.ts';

const step = (key: string, status: StepState['status'], dependsOn: string[] = [], phase = 'lessons'): StepState => ({
  key,
  phase,
  status,
  dependsOn,
});

describe('job planning', () => {
  it('finds the pending steps whose dependencies are all done, in plan order', () => {
    const steps = [
      step('outline', 'done', [], 'outline'),
      step('a', 'pending', ['outline']),
      step('b', 'failed', ['outline']),
      step('q', 'pending', ['a', 'b']),
      step('c', 'running', ['outline']),
    ];
    expect(readySteps(steps).map((s) => s.key)).toEqual(['a']);
    // A dependency the plan does not (yet) have is not done.
    expect(readySteps([step('x', 'pending', ['missing'])])).toEqual([]);
  });

  it("reports the job's progress and the phase of its first unfinished step", () => {
    expect(jobProgress([])).toEqual({ progress: 0, phase: null });
    expect(
      jobProgress([step('outline', 'done', [], 'outline'), step('a', 'done'), step('b', 'running'), step('q', 'pending', [], 'quizzes')]),
    ).toEqual({ progress: 50, phase: 'lessons' });
    expect(jobProgress([step('outline', 'done', [], 'outline'), step('q', 'done', [], 'quizzes')])).toEqual({
      progress: 100,
      phase: 'quizzes',
    });
    // 2 of 3 is 66 %, never rounded up to look finished.
    expect(jobProgress([step('a', 'done'), step('b', 'done'), step('c', 'failed')]).progress).toBe(66);
  });

  it('hashes a step by kind, key and input, whatever the order of the input’s keys', () => {
    const a = inputHash('course', 'lesson:1', { title: 'Møder', module: { n: 1, goals: ['a', 'b'] } });
    expect(a).toMatch(/^[0-9a-f]{64}$/);
    expect(inputHash('course', 'lesson:1', { module: { goals: ['a', 'b'], n: 1 }, title: 'Møder' })).toBe(a);
    expect(inputHash('course', 'lesson:1', { title: 'Møder', module: { n: 1, goals: ['b', 'a'] } })).not.toBe(a);
    expect(inputHash('course', 'lesson:2', { title: 'Møder', module: { n: 1, goals: ['a', 'b'] } })).not.toBe(a);
    expect(inputHash('translation', 'lesson:1', { title: 'Møder', module: { n: 1, goals: ['a', 'b'] } })).not.toBe(a);
  });
});

describe('job settings', () => {
  it('default to sixteen steps per job, a fair share per company, 16 to 64 provider requests, a 30 s lease and an hour at most', () => {
    expect(parseEnv({})).toMatchObject({
      AI_JOB_CONCURRENCY: 16,
      AI_PROVIDER_CONCURRENCY: 16,
      AI_PROVIDER_CONCURRENCY_MAX: 64,
      AI_JOB_LEASE_MS: 30_000,
      AI_JOB_MAX_MINUTES: 60,
    });
    expect(parseEnv({}).AI_COMPANY_CONCURRENCY).toBeUndefined();
    expect(parseEnv({ AI_JOB_CONCURRENCY: '5', AI_COMPANY_CONCURRENCY: '20' })).toMatchObject({
      AI_JOB_CONCURRENCY: 5,
      AI_COMPANY_CONCURRENCY: 20,
    });
  });

  it('refuse values that cannot work, naming them', () => {
    expect(() => parseEnv({ AI_JOB_CONCURRENCY: '0' })).toThrow(EnvError);
    expect(() => parseEnv({ AI_JOB_LEASE_MS: '500' })).toThrow(/AI_JOB_LEASE_MS="500"/);
    expect(() => parseEnv({ AI_COMPANY_CONCURRENCY: 'many' })).toThrow(/AI_COMPANY_CONCURRENCY="many"/);
  });
});
