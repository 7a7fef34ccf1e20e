import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, registerCompany, type TestApp } from '../helpers/app.ts';

// A route that needs a session answers a logged-out request 401 before it looks at the body: the
// field rules of a form are for those who may send it. Every such route of the app, as the API's
// own description lists them (those documenting 401), is walked logged out with a bad body.

let t: TestApp;
let routes: { method: string; url: string; documents401: boolean }[];

beforeAll(async () => {
  t = await createTestApp();
  const doc = (await t.app.inject({ url: '/api/docs/json' })).json<{
    paths: Record<string, Record<string, { responses?: Record<string, unknown> }>>;
  }>();
  routes = Object.entries(doc.paths).flatMap(([url, operations]) =>
    Object.entries(operations).map(([method, operation]) => ({
      method: method.toUpperCase(),
      url,
      documents401: operation.responses?.['401'] !== undefined,
    })),
  );
});
afterAll(async () => t.close());

/** The route's path with a made-up id in each parameter, and a body no route accepts. */
function loggedOut(route: { method: string; url: string }, headers: Record<string, string> = {}) {
  const withBody = !['GET', 'HEAD', 'DELETE'].includes(route.method);
  return t.app.inject({
    method: route.method as 'GET',
    url: route.url.replace(/\{[^}]+\}/g, 'x'.repeat(80)),
    headers: { 'accept-language': 'en', ...headers },
    ...(withBody && { payload: { title: '', unknownField: true, price: 'not a number' } }),
  });
}

describe('a logged-out request to a route that needs a session', () => {
  it('answers 401 first, whatever the body and parameters, on every such route', async () => {
    // A login's steps answer 401 for their own reasons (a wrong password, a login no longer waiting).
    const needSession = routes.filter((r) => r.documents401 && !(r.method === 'POST' && r.url.startsWith('/api/login')));
    expect(needSession.length).toBeGreaterThan(100);
    const answers: string[] = [];
    for (const route of needSession) {
      const res = await loggedOut(route);
      answers.push(`${res.statusCode} ${route.method} ${route.url}`);
      if (res.statusCode === 401)
        expect(res.json(), `${route.method} ${route.url}`).toEqual({ code: 'UNAUTHENTICATED', message: expect.any(String) });
    }
    expect(answers.filter((a) => !a.startsWith('401 '))).toEqual([]);
  });

  it('POST /api/courses logged out with a bad body: 401, not the field rules; logged in: the field rules (400)', async () => {
    const bad = { title: '', pricing: 'maybe' };
    const anonymous = await t.app.inject({ method: 'POST', url: '/api/courses', payload: bad });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).not.toHaveProperty('fields');
    const { cookie } = await registerCompany(t.app);
    const member = await t.app.inject({ method: 'POST', url: '/api/courses', payload: bad, headers: { cookie } });
    expect(member.statusCode).toBe(400);
  });

  it('leaves public routes and the login (whose 401 is for wrong credentials) to validate as before', async () => {
    const login = await t.app.inject({ method: 'POST', url: '/api/login', payload: { email: 'not an address' } });
    expect(login.statusCode).toBe(400);
    const register = await t.app.inject({ method: 'POST', url: '/api/register', payload: { cvr: 'x' } });
    expect(register.statusCode).toBe(400);
    for (const route of routes.filter((r) => !r.documents401))
      expect((await loggedOut(route)).statusCode, `${route.method} ${route.url}`).not.toBe(401);
  });
});
