import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerCompany } from '../helpers/app.ts';
import { createCourseJob, finished, JobsBed, until } from '../helpers/jobs.ts';
import type { Call } from '../helpers/jobs-provider.ts';

// Without AI_COMPANY_CONCURRENCY, a company's steps are bounded by a fair share of what the
// provider takes (here a capacity of 4): all of it while the company is alone, half of it once a
// second company has steps running — never a fixed cap that idles a provider with room.
const bed = new JobsBed();

beforeAll(async () => {
  await bed.open();
  await bed.app({ AI_COMPANY_CONCURRENCY: '', AI_JOB_CONCURRENCY: '16' }, { capacity: () => 4 });
});
afterAll(() => bed.close());

/** The calls in flight at the fake when `call` started (itself not counted). */
const inFlightAt = (calls: Call[], call: Call) =>
  calls.filter((c) => c !== call && c.started <= call.started && (c.ended === undefined || c.ended > call.started)).length;

describe("a company's fair share of the provider", () => {
  it('is the whole capacity while it is alone, and half of it while another company has steps running', async () => {
    const web = await bed.app({ AI_COMPANY_CONCURRENCY: '' }, { runWorker: false });
    const first = await registerCompany(web);
    const second = await registerCompany(web);
    const fake = await bed.provider(400);
    const big = await createCourseJob(bed.db, first.user, fake, { modules: 1, lessonsPerModule: 12 });
    await until(() => fake.running === 4, "the first company's lessons filling the capacity");
    const small = await createCourseJob(bed.db, second.user, fake, { modules: 1, lessonsPerModule: 2 });
    expect((await finished(bed.db, big.id)).status).toBe('succeeded');
    expect((await finished(bed.db, small.id)).status).toBe('succeeded');

    const ofBig = fake.calls.filter((c) => c.job === big.id);
    const ofSmall = fake.calls.filter((c) => c.job === small.id);
    expect(ofBig).toHaveLength(1 + 12 + 1);
    expect(ofSmall).toHaveLength(1 + 2 + 1);
    // Alone, the first company used all four: more than the least share. (With the second one's
    // first step, five steps run: the shares bound each company, the provider's own queue the total.)
    const secondFrom = Math.min(...ofSmall.map((c) => c.started));
    const alone = ofBig.filter((c) => c.started < secondFrom);
    expect(Math.max(...alone.map((call) => inFlightAt(ofBig, call) + 1))).toBe(4);
    // While the second company had a call under way, the first started a call only with fewer
    // than its half (2) in flight: the rest of the capacity was the second's. A call counts only
    // when it started a quarter of a provider call (100 of 400 ms) after the second's: a step is
    // claimed before its call reaches the fake, so a call that arrives just after the second's may
    // have been claimed before the second company's step was running, when the first had it all.
    const whileShared = ofBig.filter((call) => ofSmall.some((s) => s.started + 100 < call.started && (s.ended ?? Infinity) > call.started));
    for (const call of whileShared) expect(inFlightAt(ofBig, call), call.key).toBeLessThan(2);
    // And the second company did not wait for the first one's lessons to end.
    expect(Math.min(...ofSmall.map((c) => c.started))).toBeLessThan(
      Math.max(...ofBig.filter((c) => c.key.startsWith('lesson')).map((c) => c.started)),
    );
  });
});
