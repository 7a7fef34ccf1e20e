import type { LightMyRequestResponse } from 'fastify';
import { hashPassword } from '../../src/server/security/passwords.ts';
import { insertUser } from '../../src/server/domains/identity/index.ts';
import { PUBLIC_URL, type TestApp } from './app.ts';
import { call, type Person } from './courses.ts';

let domains = 0;

/** A domain the company has verified (arranged in the database: DNS proof has its own tests). */
export async function verifiedDomain(t: TestApp, organisationId: string): Promise<string> {
  const domain = `sso-${++domains}-${Math.random().toString(36).slice(2, 8)}.dk`;
  const now = new Date().toISOString();
  await t.db
    .insertInto('organisation_domains')
    .values({
      id: `dom-${domains}-${domain}`,
      organisation_id: organisationId,
      domain,
      token: 't',
      status: 'verified',
      method: 'dns',
      verified_at: now,
      created_at: now,
      created_by: null,
    })
    .execute();
  return domain;
}

/** A person of the company with an address on `domain` and the password person-pass-1. */
export async function personAt(
  t: TestApp,
  organisationId: string,
  domain: string,
  role: 'admin' | 'instructor' | 'learner',
): Promise<Person> {
  const id = `p-${++domains}-${Math.random().toString(36).slice(2, 8)}`;
  const email = `${id}@${domain}`;
  await insertUser(t.db, {
    id,
    organisationId,
    email,
    passwordHash: await hashPassword('person-pass-1'),
    contactName: `Person ${id}`,
    phone: '',
    role,
  });
  const login = await t.app.inject({ method: 'POST', url: '/api/login', payload: { email, password: 'person-pass-1', rememberMe: false } });
  const cookie = login.cookies.find((c) => c.name === 'kursa_session');
  return { id, organisationId, email, cookie: cookie ? `kursa_session=${cookie.value}` : '' };
}

/**
 * Follows the browser's way through the provider: its redirects, with the provider's cookies,
 * until it sends the browser back to Kursa. The path (and query) it comes back to.
 */
export async function throughProvider(start: string): Promise<string> {
  const jar = new Map<string, string>();
  let url = start;
  for (let hop = 0; hop < 12; hop++) {
    const response = await fetch(url, { redirect: 'manual', headers: { cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; ') } });
    for (const set of response.headers.getSetCookie()) {
      const [pair = ''] = set.split(';');
      const at = pair.indexOf('=');
      jar.set(pair.slice(0, at), pair.slice(at + 1));
    }
    const location = response.headers.get('location');
    if (!location) throw new Error(`the provider stopped at ${url}: ${response.status} ${await response.text()}`);
    const next = new URL(location, url).href;
    if (next.startsWith(PUBLIC_URL)) return next.slice(PUBLIC_URL.length);
    url = next;
  }
  throw new Error('the provider kept redirecting');
}

/** Starts a single sign-on for `email` and comes back from the provider: Kursa's answer to the callback. */
export async function signInThroughProvider(t: TestApp, email: string, next?: string): Promise<LightMyRequestResponse> {
  const query = new URLSearchParams({ email, ...(next && { next }) });
  const started = await call(t, null, 'GET', `/api/auth/sso/start?${query.toString()}`);
  if (started.statusCode !== 302) throw new Error(`start answered ${started.statusCode}: ${started.body}`);
  const location = started.headers.location as string;
  if (location.startsWith(PUBLIC_URL)) return started;
  return call(t, null, 'GET', await throughProvider(location));
}
