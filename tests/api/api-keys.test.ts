import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import { RATE_LIMIT } from '../../src/shared/constants.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { addPerson, call, company, type Company, type Person } from '../helpers/courses.ts';
import { insertCourse } from '../helpers/published-courses.ts';

let t: TestApp;
let c: Company;
beforeAll(async () => {
  t = await createTestApp();
  c = await company(t);
});
afterAll(async () => t.close());

async function newKey(who: Person, scopes: string[], label = 'HR-system') {
  const res = await call(t, who, 'POST', '/api/organisation/api-keys', { label, scopes });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { key: { id: string; prefix: string; scopes: string[]; owner: string; lastUsedAt: string | null }; secret: string };
}

/** A request as a company system: the key in the Authorization header, no cookie, no Origin. */
const withKey = (secret: string, method: InjectOptions['method'], url: string, payload?: object) =>
  t.app.inject({ method, url, headers: { authorization: `Bearer ${secret}`, 'accept-language': 'en' }, ...(payload && { payload }) });

const auditOf = (organisationId: string) =>
  t.db.selectFrom('audit_log').selectAll().where('organisation_id', '=', organisationId).orderBy('seq').execute();

describe('making and revoking API keys', () => {
  it('shows the key once, keeps only its hash, lists it with its scopes and owner, and records it', async () => {
    const { key, secret } = await newKey(c.admin, ['people:manage', 'reports:read']);
    expect(secret).toMatch(/^kursa_key_[A-Za-z0-9_-]{43}$/);
    expect(key).toMatchObject({
      prefix: secret.slice(0, 14),
      scopes: ['reports:read', 'people:manage'],
      lastUsedAt: null,
      revokedAt: null,
    });
    const stored = await t.db.selectFrom('api_keys').selectAll().where('id', '=', key.id).executeTakeFirstOrThrow();
    expect(JSON.stringify(stored)).not.toContain(secret);
    const list = (await call(t, c.admin, 'GET', '/api/organisation/api-keys')).json() as { keys: object[] };
    expect(list.keys).toContainEqual(expect.objectContaining({ id: key.id, label: 'HR-system', prefix: key.prefix }));
    expect(JSON.stringify(list)).not.toContain(secret);
    expect((await auditOf(c.admin.organisationId)).at(-1)).toMatchObject({
      action: 'api-key.created',
      target_id: key.id,
      actor_id: c.admin.id,
    });
  });

  it('is for admins only, and refuses a key without a name or a known scope, making nothing', async () => {
    for (const who of [c.instructor, c.learner]) {
      expect((await call(t, who, 'GET', '/api/organisation/api-keys')).statusCode).toBe(403);
      expect((await call(t, who, 'POST', '/api/organisation/api-keys', { label: 'x', scopes: ['reports:read'] })).statusCode).toBe(403);
    }
    expect((await call(t, null, 'GET', '/api/organisation/api-keys')).statusCode).toBe(401);
    const before = await t.db.selectFrom('api_keys').select('id').execute();
    for (const body of [
      { label: '', scopes: ['reports:read'] },
      { label: 'x', scopes: [] },
      { label: 'x', scopes: ['everything'] },
      { label: 'x', scopes: ['reports:read', 'reports:read'] },
      { label: 'x' },
    ]) {
      const res = await call(t, c.admin, 'POST', '/api/organisation/api-keys', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect(await t.db.selectFrom('api_keys').select('id').execute()).toEqual(before);
  });

  it('revokes at once; another company’s key is 404 and stays', async () => {
    const { key, secret } = await newKey(c.admin, ['reports:read']);
    expect((await withKey(secret, 'GET', '/api/reports/compliance')).statusCode).toBe(200);
    const other = await company(t);
    expect((await call(t, other.admin, 'DELETE', `/api/organisation/api-keys/${key.id}`)).statusCode).toBe(404);
    expect((await withKey(secret, 'GET', '/api/reports/compliance')).statusCode).toBe(200);
    const revoked = await call(t, c.admin, 'DELETE', `/api/organisation/api-keys/${key.id}`);
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json().revokedAt).toEqual(expect.any(String));
    const refused = await withKey(secret, 'GET', '/api/reports/compliance');
    expect(refused.statusCode).toBe(401);
    expect(refused.json().code).toBe('API_KEY_INVALID');
    expect((await call(t, c.admin, 'DELETE', `/api/organisation/api-keys/${key.id}`)).statusCode).toBe(409);
    expect((await auditOf(c.admin.organisationId)).at(-1)).toMatchObject({ action: 'api-key.revoked', target_id: key.id });
  });
});

describe('calling the API with a key', () => {
  it('reads reports with reports:read, and nothing its scopes do not open', async () => {
    const { key, secret } = await newKey(c.admin, ['reports:read']);
    for (const url of [
      '/api/reports/compliance',
      '/api/members',
      '/api/groups',
      '/api/courses',
      '/api/paths',
      `/api/reports/people/${c.learner.id}`,
    ]) {
      const res = await withKey(secret, 'GET', url);
      expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
    }
    const csv = await withKey(secret, 'GET', '/api/reports/compliance?format=csv');
    expect(csv.headers['content-type']).toContain('text/csv');
    for (const [method, url] of [
      ['POST', '/api/invitations'],
      ['GET', '/api/me'],
      ['GET', '/api/organisation/api-keys'],
      ['POST', '/api/organisation/api-keys'],
      ['PATCH', `/api/members/${c.learner.id}`],
    ] as const) {
      const res = await withKey(secret, method, url, method === 'GET' ? undefined : {});
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json().code).toBe('API_KEY_SCOPE');
    }
    const used = await t.db.selectFrom('api_keys').select('last_used_at').where('id', '=', key.id).executeTakeFirstOrThrow();
    expect(used.last_used_at).toEqual(expect.any(String));
  });

  it('manages people with people:manage, as its admin, named with the key in the audit log', async () => {
    const { secret } = await newKey(c.admin, ['people:manage'], 'Lønsystem');
    const invited = await withKey(secret, 'POST', '/api/invitations', { email: 'ny.medarbejder@example.dk', role: 'learner' });
    expect(invited.statusCode, invited.body).toBe(201);
    const entry = (await auditOf(c.admin.organisationId)).find((e) => e.action === 'invitation.sent');
    expect(entry).toMatchObject({ actor_id: c.admin.id, actor_name: expect.stringContaining('(API: Lønsystem)') });
    const person = await addPerson(t, c.admin.organisationId, 'learner');
    const off = await withKey(secret, 'PATCH', `/api/members/${person.id}`, { active: false });
    expect(off.statusCode, off.body).toBe(200);
    expect((await call(t, person, 'GET', '/api/me')).statusCode).toBe(401);
    expect((await withKey(secret, 'GET', '/api/reports/compliance')).statusCode).toBe(403);
  });

  it('never makes, changes or deactivates an admin, even with people:manage', async () => {
    const { secret } = await newKey(c.admin, ['people:manage']);
    const invited = await withKey(secret, 'POST', '/api/invitations', { email: 'ny.chef@example.dk', role: 'admin' });
    expect(invited.statusCode).toBe(403);
    expect(invited.json()).toMatchObject({ code: 'API_KEY_SCOPE', message: 'An API key cannot invite, change or deactivate admins.' });
    expect(await t.db.selectFrom('invitations').select('id').where('email', '=', 'ny.chef@example.dk').execute()).toEqual([]);
    const otherAdmin = await addPerson(t, c.admin.organisationId, 'admin');
    for (const change of [{ role: 'learner' }, { active: false }]) {
      expect((await withKey(secret, 'PATCH', `/api/members/${otherAdmin.id}`, change)).statusCode).toBe(403);
    }
    expect((await withKey(secret, 'PATCH', `/api/members/${c.learner.id}`, { role: 'admin' })).statusCode).toBe(403);
    const roles = await t.db
      .selectFrom('users')
      .select(['id', 'role', 'deactivated_at'])
      .where('id', 'in', [otherAdmin.id, c.learner.id])
      .execute();
    expect(roles).toEqual(
      expect.arrayContaining([
        { id: otherAdmin.id, role: 'admin', deactivated_at: null },
        { id: c.learner.id, role: 'learner', deactivated_at: null },
      ]),
    );
    // A learner's role between learner and instructor is the key's to change.
    const person = await addPerson(t, c.admin.organisationId, 'learner');
    expect((await withKey(secret, 'PATCH', `/api/members/${person.id}`, { role: 'instructor' })).statusCode).toBe(200);
  });

  it('decides alone when a browser session comes with it, also when it is refused', async () => {
    const { secret } = await newKey(c.admin, ['reports:read']);
    const both = (key: string, method: InjectOptions['method'], url: string) =>
      t.app.inject({
        method,
        url,
        headers: { authorization: `Bearer ${key}`, cookie: c.admin.cookie },
        ...(method !== 'GET' && { payload: {} }),
      });
    expect((await both(secret, 'GET', '/api/me')).statusCode).toBe(403);
    expect((await both(`kursa_key_${'B'.repeat(43)}`, 'GET', '/api/courses')).statusCode).toBe(401);
    expect((await both(secret, 'GET', '/api/courses')).statusCode).toBe(200);
    expect((await call(t, c.admin, 'GET', '/api/me')).statusCode).toBe(200);
  });

  it('lists every live key and revokes an old one, however many were revoked since', async () => {
    const other = await company(t);
    const { key, secret } = await newKey(other.admin, ['reports:read'], 'Den første');
    const old = new Date(Date.now() - 365 * 24 * 3600 * 1000).toISOString();
    await t.db.updateTable('api_keys').set({ created_at: old }).where('id', '=', key.id).execute();
    const revoked = Array.from({ length: 220 }, (_, i) => ({
      id: `revoked-${i}-${other.admin.id}`,
      organisation_id: other.admin.organisationId,
      owner_id: other.admin.id,
      key_hash: `hash-${i}-${other.admin.id}`,
      prefix: 'kursa_key_xxxx',
      label: `Udskiftet ${i}`,
      scopes: '["reports:read"]',
      created_at: new Date().toISOString(),
      last_used_at: null,
      revoked_at: new Date().toISOString(),
    }));
    for (let i = 0; i < revoked.length; i += 50)
      await t.db
        .insertInto('api_keys')
        .values(revoked.slice(i, i + 50))
        .execute();
    const list = (await call(t, other.admin, 'GET', '/api/organisation/api-keys')).json() as { keys: { id: string }[] };
    expect(list.keys.map((k) => k.id)).toContain(key.id);
    expect((await call(t, other.admin, 'DELETE', `/api/organisation/api-keys/${key.id}`)).statusCode).toBe(200);
    expect((await withKey(secret, 'GET', '/api/courses')).statusCode).toBe(401);
  });

  it('assigns courses and paths with enrolments:manage', async () => {
    const { secret } = await newKey(c.admin, ['enrolments:manage']);
    const course = await insertCourse(t.db, c.admin.organisationId, c.admin.id);
    const assigned = await withKey(secret, 'POST', `/api/courses/${course.id}/assignments`, { userIds: [c.learner.id] });
    expect(assigned.statusCode, assigned.body).toBe(200);
    expect(assigned.json()).toEqual({ assigned: 1, updated: 0 });
    const enrolment = await t.db
      .selectFrom('enrolments')
      .select('id')
      .where('user_id', '=', c.learner.id)
      .where('course_id', '=', course.id)
      .executeTakeFirst();
    expect(enrolment).toBeDefined();
    expect((await withKey(secret, 'POST', '/api/invitations', { email: 'a@example.dk', role: 'learner' })).statusCode).toBe(403);
  });

  it('cannot reach another company: its people and courses answer 404', async () => {
    const { secret } = await newKey(c.admin, ['reports:read', 'enrolments:manage']);
    const other = await company(t);
    expect((await withKey(secret, 'GET', `/api/reports/people/${other.learner.id}`)).statusCode).toBe(404);
    const theirs = await insertCourse(t.db, other.admin.organisationId, other.admin.id);
    expect((await withKey(secret, 'POST', `/api/courses/${theirs.id}/assignments`, { userIds: [c.learner.id] })).statusCode).toBe(404);
  });

  it('stops working when its admin is no longer an admin, or is deactivated; an unknown key is 401', async () => {
    const owner = await addPerson(t, c.admin.organisationId, 'admin');
    const { secret } = await newKey(owner, ['reports:read']);
    expect((await withKey(secret, 'GET', '/api/members')).statusCode).toBe(200);
    expect((await call(t, c.admin, 'PATCH', `/api/members/${owner.id}`, { role: 'instructor' })).statusCode).toBe(200);
    expect((await withKey(secret, 'GET', '/api/members')).statusCode).toBe(401);
    expect((await call(t, c.admin, 'PATCH', `/api/members/${owner.id}`, { role: 'admin' })).statusCode).toBe(200);
    expect((await withKey(secret, 'GET', '/api/members')).statusCode).toBe(200);
    expect((await call(t, c.admin, 'PATCH', `/api/members/${owner.id}`, { active: false })).statusCode).toBe(200);
    expect((await withKey(secret, 'GET', '/api/members')).statusCode).toBe(401);
    expect((await withKey(`kursa_key_${'A'.repeat(43)}`, 'GET', '/api/members')).statusCode).toBe(401);
    expect((await withKey(secret, 'GET', '/api/no-such-route')).statusCode).toBe(404);
  });

  it(`has its own ceiling of ${RATE_LIMIT.perApiKeyPerMinute} requests a minute`, async () => {
    const { secret } = await newKey(c.admin, ['reports:read']);
    const answers: number[] = [];
    for (let i = 0; i <= RATE_LIMIT.perApiKeyPerMinute; i++) answers.push((await withKey(secret, 'GET', '/api/courses')).statusCode);
    expect(answers.slice(0, -1).every((s) => s === 200)).toBe(true);
    expect(answers.at(-1)).toBe(429);
    // Another key, and the admin's own session, still have theirs.
    expect((await withKey((await newKey(c.admin, ['reports:read'])).secret, 'GET', '/api/courses')).statusCode).toBe(200);
    expect((await call(t, c.admin, 'GET', '/api/courses')).statusCode).toBe(200);
  });

  it(`holds keys tried at random to the address's ceiling of ${RATE_LIMIT.perIpPerMinute} requests a minute`, async () => {
    const answers: number[] = [];
    for (let i = 0; i <= RATE_LIMIT.perIpPerMinute && answers.at(-1) !== 429; i++)
      answers.push((await withKey(`kursa_key_${String(i).padStart(43, 'C')}`, 'GET', '/api/courses')).statusCode);
    expect(answers.at(-1)).toBe(429);
    expect(new Set(answers.slice(0, -1))).toEqual(new Set([401]));
  });

  it('is described in /api/docs: the bearer scheme, and each route a key may call with its scopes', async () => {
    const doc = (await t.app.inject({ url: '/api/docs/json' })).json();
    expect(doc.components.securitySchemes.apiKey).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(doc.paths['/api/reports/compliance'].get.security).toEqual([{ session: [] }, { apiKey: [] }]);
    expect(doc.paths['/api/reports/compliance'].get.description).toContain('API key scopes: reports:read');
    expect(doc.paths['/api/courses/{id}/assignments'].post.description).toContain('enrolments:manage');
    expect(doc.paths['/api/me'].get.security).toBeUndefined();
  });
});
