import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allowedOrigins } from '../../src/server/http/origin-check.ts';
import { createTestApp, registerCompany, type TestApp } from '../helpers/app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp(); // PUBLIC_URL http://localhost:5000
});
afterAll(async () => t.close());

function login(body: { email: string; password: string }, origin: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/login',
    payload: { email: body.email, password: body.password },
    headers: { origin, 'sec-fetch-site': 'same-origin' },
  });
}

describe('a loopback PUBLIC_URL accepts its loopback aliases', () => {
  it('logs in from http://127.0.0.1 and http://[::1] on the same port', async () => {
    const { body } = await registerCompany(t.app);
    for (const origin of ['http://localhost:5000', 'http://127.0.0.1:5000', 'http://[::1]:5000']) {
      const res = await login(body, origin);
      expect(res.statusCode, origin).toBe(200);
    }
  });

  it('still refuses another port or another host', async () => {
    const { body } = await registerCompany(t.app);
    for (const origin of ['http://127.0.0.1:5001', 'http://localhost:8080', 'http://127.0.0.2:5000', 'https://localhost:5000']) {
      const res = await login(body, origin);
      expect(res.statusCode, origin).toBe(403);
      expect(res.json().code).toBe('FOREIGN_ORIGIN');
    }
  });

  it('adds no aliases to a public origin', () => {
    expect([...allowedOrigins('https://kursa.dk')]).toEqual(['https://kursa.dk']);
    expect([...allowedOrigins('http://127.0.0.1:7000')].sort()).toEqual(
      ['http://127.0.0.1:7000', 'http://[::1]:7000', 'http://localhost:7000'].sort(),
    );
  });
});
