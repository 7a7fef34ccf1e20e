import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REGISTRATION_THROTTLE } from '../../src/shared/constants.ts';
import { createTestApp, registerCompany, registration, type TestApp } from '../helpers/app.ts';

// Registration answers 409 EMAIL_TAKEN for a known e-mail (kept: it helps honest users),
// so it is throttled per IP — 20 attempts an hour — and the answer cannot be harvested at scale.
let t: TestApp;
let known: { body: { email: string } };
beforeAll(async () => {
  t = await createTestApp();
  known = await registerCompany(t.app);
});
afterAll(async () => t.close());

async function attempt(remoteAddress: string, overrides: Record<string, unknown> = {}) {
  return t.app.inject({
    method: 'POST',
    url: '/api/register',
    payload: registration(overrides),
    remoteAddress,
    headers: { 'accept-language': 'en' },
  });
}

async function stored(email: string) {
  return t.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst();
}

describe('registration throttle', () => {
  it('answers the 21st attempt from one IP within the hour with 429 and Retry-After, and stores nothing', async () => {
    expect(REGISTRATION_THROTTLE.maxPerIp).toBe(20);
    // A harvester probing known e-mails: each probe is an attempt.
    for (let i = 0; i < REGISTRATION_THROTTLE.maxPerIp; i++) {
      const res = await attempt('198.51.100.7', { email: known.body.email });
      expect(res.statusCode).toBe(409);
      expect(res.json().code).toBe('EMAIL_TAKEN');
    }
    const fresh = registration();
    const limited = await t.app.inject({
      method: 'POST',
      url: '/api/register',
      payload: fresh,
      remoteAddress: '198.51.100.7',
      headers: { 'accept-language': 'en' },
    });
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({
      code: 'REGISTRATION_THROTTLED',
      message: 'Too many registration attempts from your address. Try again in 60 min.',
    });
    const retryAfter = Number(limited.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    expect(await stored(fresh.email)).toBeUndefined();
    expect(await t.db.selectFrom('organisations').select('id').where('cvr', '=', fresh.cvrNumber).executeTakeFirst()).toBeUndefined();
    // The known e-mail is not confirmed to a throttled client either.
    const probe = await attempt('198.51.100.7', { email: known.body.email });
    expect(probe.statusCode).toBe(429);
  });

  it('leaves another IP alone', async () => {
    const other = registration();
    const res = await t.app.inject({ method: 'POST', url: '/api/register', payload: other, remoteAddress: '203.0.113.9' });
    expect(res.statusCode).toBe(201);
    expect(await stored(other.email)).toBeDefined();
  });

  it('counts an IPv6 /64 as one address', async () => {
    for (let i = 0; i < REGISTRATION_THROTTLE.maxPerIp; i++) {
      const res = await attempt(`2001:db8:1:2::${(i + 1).toString(16)}`, { email: known.body.email });
      expect(res.statusCode).toBe(409);
    }
    expect((await attempt('2001:db8:1:2:ffff::1')).statusCode).toBe(429);
    expect((await attempt('2001:db8:1:3::1', { email: known.body.email })).statusCode).toBe(409);
  });

  it('does not count requests refused as invalid', async () => {
    for (let i = 0; i < 30; i++) {
      const res = await attempt('192.0.2.44', { email: 'not-an-email' });
      expect(res.statusCode).toBe(400);
    }
    expect((await attempt('192.0.2.44')).statusCode).toBe(201);
  });

  it('holds under a parallel burst: at most 20 attempts get through', async () => {
    const responses = await Promise.all(Array.from({ length: 30 }, () => attempt('192.0.2.99', { email: known.body.email })));
    const codes = responses.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 409).length).toBeLessThanOrEqual(REGISTRATION_THROTTLE.maxPerIp);
    expect(codes.filter((c) => c !== 409 && c !== 429)).toEqual([]);
  });

  it('takes its limit from REGISTRATIONS_PER_IP_HOUR', async () => {
    const strict = await createTestApp({ env: { REGISTRATIONS_PER_IP_HOUR: '2' } });
    try {
      const send = () =>
        strict.app.inject({
          method: 'POST',
          url: '/api/register',
          payload: registration(),
          remoteAddress: '198.51.100.44',
          headers: { 'accept-language': 'en' },
        });
      expect((await send()).statusCode).toBe(201);
      expect((await send()).statusCode).toBe(201);
      expect((await send()).json().code).toBe('REGISTRATION_THROTTLED');
    } finally {
      await strict.close();
    }
  });
});
