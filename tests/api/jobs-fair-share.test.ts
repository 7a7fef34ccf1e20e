import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/server/db/database.ts';
import { registerCompany } from '../helpers/app.ts';
import { createCourseJob, finished, JobsBed, until } from '../helpers/jobs.ts';

// Without AI_COMPANY_CONCURRENCY, a company's steps are bounded by a fair share of what the
// provider takes (here a capacity of 4): all of it while the company is alone, half of it once a
// second company has steps running — never a fixed cap that idles a provider with room.
const bed = new JobsBed();

beforeAll(async () => {
  await bed.open();
  await bed.app({ AI_COMPANY_CONCURRENCY: '', AI_JOB_CONCURRENCY: '16' }, { capacity: () => 4 });
});
afterAll(() => bed.close());

interface Claim {
  /** The claim's time as the engine recorded it (taken before its transaction began). */
  at: number;
  /** The job's steps running once the claim committed, its own steps counted. */
  running: number;
}

/**
 * Every claim of the job's steps, from the engine's own record: its events. Each writer of a job
 * takes the job's row lock first, so the events' seqs follow the commits, and replaying them gives
 * exactly the steps running when each claim committed — whatever the clocks or the machine's speed.
 * A step's event with status running for a step not yet running is its claim.
 */
async function claims(db: Db, jobId: string): Promise<Claim[]> {
  const events = await db
    .selectFrom('ai_job_events')
    .select(['type', 'data', 'created_at'])
    .where('job_id', '=', jobId)
    .orderBy('seq')
    .execute();
  const running = new Set<string>();
  const found: Claim[] = [];
  for (const event of events) {
    if (event.type !== 'step') continue;
    const step = JSON.parse(event.data) as { key: string; status: string };
    if (step.status !== 'running') running.delete(step.key);
    else if (!running.has(step.key)) {
      running.add(step.key);
      found.push({ at: Date.parse(event.created_at), running: running.size });
    }
  }
  return found;
}

/** The job's steps that did not end done, with their errors: what a failed job's assertion says. */
async function unfinished(jobId: string): Promise<string> {
  const steps = await bed.db.selectFrom('ai_job_steps').select(['key', 'status', 'error']).where('job_id', '=', jobId).execute();
  return JSON.stringify(steps.filter((s) => s.status !== 'done'));
}

describe("a company's fair share of the provider", () => {
  it('is the whole capacity while it is alone, and half of it while another company has steps running', async () => {
    const web = await bed.app({ AI_COMPANY_CONCURRENCY: '' }, { runWorker: false });
    const first = await registerCompany(web);
    const second = await registerCompany(web);
    const fake = await bed.provider(100);
    // The first company's lessons wait at the fake until the second company has a step running,
    // and the second's calls until the first company's job has ended: whatever the machine's
    // speed, the first company fills the capacity alone, then runs the rest of its job (eight
    // lessons and its quiz) beside a running step of the second's.
    const big = await createCourseJob(bed.db, first.user, fake, { modules: 1, lessonsPerModule: 12 });
    const releaseBig = fake.hold((call) => call.job === big.id && call.key !== 'outline');
    await until(() => fake.running === 4, "the first company's lessons filling the capacity");
    const releaseSmall = fake.hold((call) => call.job !== big.id);
    const small = await createCourseJob(bed.db, second.user, fake, { modules: 1, lessonsPerModule: 2 });
    // The second company starts while the first fills the capacity: it does not wait behind it.
    await until(() => fake.count('outline', small.id) === 1, "the second company's first call");
    // Its step's claim committed before its call was made: a claim of the first company's that
    // began after this moment counted the second company among those running.
    const shared = Date.now();
    releaseBig();
    expect((await finished(bed.db, big.id)).status, await unfinished(big.id)).toBe('succeeded');
    releaseSmall();
    expect((await finished(bed.db, small.id)).status, await unfinished(small.id)).toBe('succeeded');
    expect(fake.calls.filter((c) => c.job === big.id)).toHaveLength(1 + 12 + 1);
    expect(fake.calls.filter((c) => c.job === small.id)).toHaveLength(1 + 2 + 1);

    const ofBig = await claims(bed.db, big.id);
    // Alone, the first company ran all four at once: more than the least share, never more than the capacity.
    expect(Math.max(...ofBig.map((c) => c.running))).toBe(4);
    // Once the second company had a step running, the first claimed only up to its half (2): its
    // eight other lessons and its quiz were all claimed then.
    const whileShared = ofBig.filter((c) => c.at >= shared);
    expect(whileShared).toHaveLength(8 + 1);
    for (const claim of whileShared) expect(claim.running, new Date(claim.at).toISOString()).toBeLessThanOrEqual(2);
  });
});
