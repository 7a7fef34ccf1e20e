import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.ts';

// Runs where a Redis server is named (CI sets TEST_REDIS_URL); the embedded default needs none.
const redisUrl = process.env.TEST_REDIS_URL;

describe.skipIf(!redisUrl)('with REDIS_URL, instances share their rate-limit counters', () => {
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    a = await createTestApp({ env: { REDIS_URL: redisUrl! } });
    b = await createTestApp({ env: { REDIS_URL: redisUrl! } });
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
  });

  it('counts a request to one instance against the other', async () => {
    const remoteAddress = `10.77.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
    const first = await a.app.inject({ url: '/api/health', remoteAddress });
    const second = await b.app.inject({ url: '/api/health', remoteAddress });
    expect(first.statusCode).toBe(200);
    expect(Number(second.headers['x-ratelimit-remaining'])).toBe(Number(first.headers['x-ratelimit-remaining']) - 1);
  });
});
