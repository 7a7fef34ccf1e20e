import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RATE_LIMIT } from '../../src/shared/constants.ts';
import type { TResourceDetail, TResourceList } from '../../src/shared/schemas/resources.ts';
import { buildTestApp, createTestApp, type TestApp } from '../helpers/app.ts';

// Visitors rate the library's resources 1–5, one rating each: the server knows a visitor by a keyed
// hash of the address (an IPv6 address by its /64), never the address, and a repeat changes the
// rating. Both databases (PostgreSQL under TEST_DATABASE_URL).

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const rate = (slug: string, ip: string, payload: unknown, app = t.app) =>
  app.inject({ method: 'POST', url: `/api/resources/${slug}/rating`, remoteAddress: ip, payload: payload as object });

async function detail(slug: string, ip: string): Promise<TResourceDetail> {
  const res = await t.app.inject({ url: `/api/resources/${slug}?lang=da`, remoteAddress: ip });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

const stored = (slug: string) => t.db.selectFrom('resource_ratings').selectAll().where('slug', '=', slug).execute();

describe('rating a resource', () => {
  it('keeps one rating per visitor: a repeat changes it, another address adds one, the average follows', async () => {
    const slug = 'writing-good-quiz-questions';
    expect((await detail(slug, '198.51.100.1')).rating).toEqual({ average: null, count: 0 });

    const first = await rate(slug, '198.51.100.1', { rating: 5 });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ rating: { average: 5, count: 1 }, myRating: 5 });
    expect((await rate(slug, '198.51.100.1', { rating: 3 })).json()).toEqual({ rating: { average: 3, count: 1 }, myRating: 3 });
    expect((await rate(slug, '198.51.100.2', { rating: 4 })).json()).toEqual({ rating: { average: 3.5, count: 2 }, myRating: 4 });

    // Each visitor sees their own rating; one who has not rated sees none.
    expect((await detail(slug, '198.51.100.1')).myRating).toBe(3);
    expect((await detail(slug, '198.51.100.2')).myRating).toBe(4);
    expect((await detail(slug, '198.51.100.3')).myRating).toBeNull();
    const list = (await t.app.inject({ url: '/api/resources?lang=en' })).json() as TResourceList;
    expect(list.resources.find((r) => r.slug === slug)?.rating).toEqual({ average: 3.5, count: 2 });

    // Nothing stored names the address.
    const rows = await stored(slug);
    expect(rows).toHaveLength(2);
    expect(JSON.stringify(rows)).not.toContain('198.51.100');
  });

  it('counts an IPv6 /64 as one visitor and the next /64 as another', async () => {
    const slug = 'course-plan-template';
    await rate(slug, '2001:db8:5:6::1', { rating: 2 });
    expect((await rate(slug, '2001:db8:5:6:aaaa:bbbb:cccc:dddd', { rating: 4 })).json().rating).toEqual({ average: 4, count: 1 });
    expect((await rate(slug, '2001:db8:5:7::1', { rating: 5 })).json().rating).toEqual({ average: 4.5, count: 2 });
  });

  it('knows a visitor through every instance: the key is made once and kept in the database', async () => {
    const slug = 'course-plan-template';
    const other = await buildTestApp(t.database);
    try {
      const res = await rate(slug, '2001:db8:5:7::9', { rating: 1 }, other);
      expect(res.json()).toEqual({ rating: { average: 2.5, count: 2 }, myRating: 1 });
    } finally {
      await other.close();
    }
    expect(await t.db.selectFrom('resource_rating_key').select('id').execute()).toEqual([{ id: 1 }]);
  });

  it('refuses a rating that is not a whole number from 1 to 5 with 400, and an unknown resource with 404, storing nothing', async () => {
    const slug = 'measuring-completion';
    for (const payload of [{ rating: 0 }, { rating: 6 }, { rating: 2.5 }, { rating: '5' }, {}, { rating: 4, visitor: 'x' }]) {
      const res = await rate(slug, '198.51.100.20', payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().code).toBe('VALIDATION');
    }
    const unknown = await rate('no-such-resource', '198.51.100.20', { rating: 4 });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe('RESOURCE_NOT_FOUND');
    expect(await stored(slug)).toEqual([]);
    expect(await stored('no-such-resource')).toEqual([]);
  });

  it(`takes at most ${RATE_LIMIT.resourceRatingsPerHour} ratings an hour from one client`, async () => {
    const slug = 'measuring-completion';
    for (let i = 0; i < RATE_LIMIT.resourceRatingsPerHour; i++)
      expect((await rate(slug, '198.51.100.30', { rating: (i % 5) + 1 })).statusCode).toBe(200);
    const limited = await rate(slug, '198.51.100.30', { rating: 5 });
    expect(limited.statusCode).toBe(429);
    expect(limited.json().code).toBe('RATE_LIMITED');
    expect((await stored(slug)).map((r) => r.rating)).toEqual([((RATE_LIMIT.resourceRatingsPerHour - 1) % 5) + 1]);
  });
});
