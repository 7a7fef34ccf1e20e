import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, PUBLIC_URL, registerCompany, registration, type TestApp } from '../helpers/app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  t.app.get('/api/test-crash', async () => {
    throw new Error('secret internal detail: connection string postgres://x');
  });
});
afterAll(async () => t.close());

describe('origin check on state-changing requests', () => {
  it('refuses a foreign Origin with 403 and changes nothing', async () => {
    const body = registration();
    const res = await t.app.inject({ method: 'POST', url: '/api/register', payload: body, headers: { origin: 'https://evil.example' } });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('FOREIGN_ORIGIN');
    expect(await t.db.selectFrom('users').select('id').where('email', '=', body.email).executeTakeFirst()).toBeUndefined();
  });

  it('refuses Sec-Fetch-Site: cross-site even without an Origin', async () => {
    const { cookie, user } = await registerCompany(t.app);
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/users/${user.id}`,
      payload: { bio: 'csrf' },
      headers: { cookie, 'sec-fetch-site': 'cross-site' },
    });
    expect(res.statusCode).toBe(403);
  });

  it('lets the app itself through', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/register',
      payload: registration(),
      headers: { origin: PUBLIC_URL, 'sec-fetch-site': 'same-origin' },
    });
    expect(res.statusCode).toBe(201);
  });

  it('does not apply to reads', async () => {
    expect((await t.app.inject({ url: '/api/cvr/25052943', headers: { origin: 'https://evil.example' } })).statusCode).toBe(200);
  });
});

describe('HTTP hygiene', () => {
  it('sends Helmet headers with a strict CSP and no X-Powered-By', async () => {
    const res = await t.app.inject({ url: '/api/health' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain('unsafe-eval');
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-powered-by']).toBeUndefined();
  });

  it('answers unknown /api paths with a JSON 404', async () => {
    const res = await t.app.inject({ url: '/api/no-such-thing' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Ikke fundet.', code: 'NOT_FOUND' });
    expect((await t.app.inject({ method: 'DELETE', url: '/api/no-such-thing' })).statusCode).toBe(404);
  });

  it('answers malformed JSON with 400', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: '{"email": "a@b.dk", ',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('BAD_JSON');
  });

  it('answers bodies that are not JSON objects with 400, never a 5xx', async () => {
    const { cookie, user } = await registerCompany(t.app);
    const targets = [
      { method: 'POST' as const, url: '/api/register' },
      { method: 'POST' as const, url: '/api/login' },
      { method: 'POST' as const, url: '/api/change-password' },
      { method: 'PATCH' as const, url: `/api/users/${user.id}` },
    ];
    for (const target of targets) {
      for (const payload of ['null', '[]', '5', '"text"', 'true']) {
        const res = await t.app.inject({
          ...target,
          payload,
          headers: { cookie, 'content-type': 'application/json', 'accept-language': 'en' },
        });
        expect(res.statusCode, `${target.url} ${payload}`).toBe(400);
        expect(res.json().message, `${target.url} ${payload}`).toBe('The request body must be a JSON object.');
      }
    }
  });

  it('answers a malformed URL in the usual shape', async () => {
    const res = await t.app.inject({ url: '/api/cvr/%E0%A4%A', headers: { 'accept-language': 'en' } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'The address is not valid.', code: 'BAD_URL' });
  });

  it('answers bodies over 1 MB with 413', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: JSON.stringify({ email: 'a@b.dk', password: 'x'.repeat(1024 * 1024) }),
      headers: { 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe('Forespørgslen er for stor (højst 1 MB).');
  });

  it('logs a 5xx and shows the client nothing internal', async () => {
    const res = await t.app.inject({ url: '/api/test-crash', headers: { 'accept-language': 'en' } });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ message: 'An unexpected error occurred. Please try again.', code: 'INTERNAL' });
    expect(res.body).not.toContain('secret');
  });

  it('serves an OpenAPI document generated from the schemas at /api/docs', async () => {
    const res = await t.app.inject({ url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    for (const p of [
      '/api/register',
      '/api/login',
      '/api/logout',
      '/api/me',
      '/api/users/{id}',
      '/api/change-password',
      '/api/cvr/{cvr}',
    ]) {
      expect(doc.paths, p).toHaveProperty([p]);
    }
    const register = doc.paths['/api/register'].post.requestBody.content['application/json'].schema;
    expect(register.required).toEqual(expect.arrayContaining(['companyName', 'cvrNumber', 'acceptTerms']));
    expect((await t.app.inject({ url: '/api/docs' })).statusCode).toBeLessThan(400);
  });
});

describe('on https', () => {
  it('marks the session cookie Secure and sends HSTS', async () => {
    const secure = await createTestApp({ env: { PUBLIC_URL: 'https://kursa.example' } });
    try {
      const res = await secure.app.inject({ method: 'POST', url: '/api/register', payload: registration() });
      expect(res.statusCode).toBe(201);
      expect(res.cookies.find((c) => c.name === 'kursa_session')?.secure).toBe(true);
      expect(res.headers['strict-transport-security']).toBeDefined();
      expect(String(res.headers['content-security-policy'])).toContain('upgrade-insecure-requests');
    } finally {
      await secure.close();
    }
  });
});

describe('API rate limit', () => {
  it('limits anonymous clients per IP, but counts a logged-in user per session', async () => {
    const { cookie } = await registerCompany(t.app);
    const remoteAddress = '10.20.30.40';
    for (let i = 0; i < 600; i++) {
      const res = await t.app.inject({ url: '/api/health', remoteAddress });
      if (res.statusCode !== 200) throw new Error(`request ${i} answered ${res.statusCode}`);
    }
    const limited = await t.app.inject({ url: '/api/health', remoteAddress, headers: { 'accept-language': 'en' } });
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ message: 'Too many requests. Please try again shortly.', code: 'RATE_LIMITED' });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    const loggedIn = await t.app.inject({ url: '/api/me', remoteAddress, headers: { cookie } });
    expect(loggedIn.statusCode).toBe(200);
  });
});

describe('the web app', () => {
  let web: TestApp;
  beforeAll(async () => {
    const dir = path.join(t.database.dataDir, 'client');
    mkdirSync(path.join(dir, 'assets'), { recursive: true });
    writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>Kursa</title><div id="root"></div>');
    writeFileSync(path.join(dir, 'assets', 'app-abc123.js'), 'console.log(1)');
    web = await createTestApp({ clientDir: dir });
  });
  afterAll(async () => web.close());

  it('serves index.html for the app’s client-side routes, and with 404 for anything else', async () => {
    for (const route of ['/', '/login', '/dashboard', '/profile', '/cvr-test']) {
      const res = await web.app.inject({ url: route });
      expect(res.statusCode, route).toBe(200);
      expect(res.body).toContain('<div id="root">');
      expect(res.headers['cache-control']).toBe('no-cache');
    }
    for (const url of ['/no/such/page', '/apiary']) {
      const missing = await web.app.inject({ url });
      expect(missing.statusCode, url).toBe(404);
      expect(missing.body, url).toContain('<div id="root">');
    }
  });

  it('serves hashed assets as immutable', async () => {
    const res = await web.app.inject({ url: '/assets/app-abc123.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toContain('immutable');
  });
});
