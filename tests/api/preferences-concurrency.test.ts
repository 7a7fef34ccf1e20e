import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_PREFERENCES, type TPreferences } from '../../src/shared/schemas/users.ts';
import { createTestApp, registerCompany, type TestApp } from '../helpers/app.ts';

// 60 parallel settings writes answered ~40 × 500 on PostgreSQL (a compare-and-set that
// gave up). The merge is now one statement, so every write succeeds and every change lands.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const KEYS = Object.keys(DEFAULT_PREFERENCES) as (keyof TPreferences)[];

describe('parallel settings writes', () => {
  it('60 parallel PATCHes of the same switch all answer 200', async () => {
    const { cookie, user } = await registerCompany(t.app);
    const responses = await Promise.all(
      Array.from({ length: 60 }, () =>
        t.app.inject({
          method: 'PATCH',
          url: `/api/users/${user.id}`,
          payload: { preferences: { publicProfile: false } },
          headers: { cookie },
        }),
      ),
    );
    expect(responses.map((r) => r.statusCode)).toEqual(Array(60).fill(200));
    const me = await t.app.inject({ url: '/api/me', headers: { cookie } });
    expect(me.json().preferences).toEqual({ ...DEFAULT_PREFERENCES, publicProfile: false });
  });

  it('60 parallel PATCHes of different switches all answer 200 and all land', async () => {
    const { cookie, user } = await registerCompany(t.app);
    const flipped = Object.fromEntries(KEYS.map((k) => [k, !DEFAULT_PREFERENCES[k]])) as TPreferences;
    const responses = await Promise.all(
      Array.from({ length: 60 }, (_, i) => {
        const key = KEYS[i % KEYS.length]!;
        // Some requests change two switches at once, so the merge must keep both.
        const other = KEYS[(i + 2) % KEYS.length]!;
        const preferences = i % 3 === 0 ? { [key]: flipped[key], [other]: flipped[other] } : { [key]: flipped[key] };
        return t.app.inject({ method: 'PATCH', url: `/api/users/${user.id}`, payload: { preferences }, headers: { cookie } });
      }),
    );
    expect(responses.map((r) => r.statusCode)).toEqual(Array(60).fill(200));
    const me = await t.app.inject({ url: '/api/me', headers: { cookie } });
    expect(me.json().preferences).toEqual(flipped);
    const row = await t.db.selectFrom('users').select('preferences').where('id', '=', user.id).executeTakeFirstOrThrow();
    expect(JSON.parse(row.preferences)).toEqual(flipped);
  });

  it('60 parallel PATCHes that keep flipping the switches all answer 200 and leave a value that was sent', async () => {
    const { cookie, user } = await registerCompany(t.app);
    const responses = await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        t.app.inject({
          method: 'PATCH',
          url: `/api/users/${user.id}`,
          payload: { preferences: { [KEYS[i % KEYS.length]!]: i % 2 === 0 } },
          headers: { cookie },
        }),
      ),
    );
    expect(responses.filter((r) => r.statusCode !== 200).map((r) => `${r.statusCode} ${r.body}`)).toEqual([]);
    const stored = JSON.parse(
      (await t.db.selectFrom('users').select('preferences').where('id', '=', user.id).executeTakeFirstOrThrow()).preferences,
    );
    expect(Object.keys(stored).sort()).toEqual([...KEYS].sort());
    for (const key of KEYS) expect(typeof stored[key]).toBe('boolean');
  });

  it('a profile edit and a settings write in one PATCH both land', async () => {
    const { cookie, user } = await registerCompany(t.app);
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/users/${user.id}`,
      payload: { bio: 'Kursusleder', preferences: { publicProfile: false } },
      headers: { cookie },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ bio: 'Kursusleder', preferences: { ...DEFAULT_PREFERENCES, publicProfile: false } });
  });
});
