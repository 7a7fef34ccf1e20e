import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { hashToken } from '../../src/server/security/tokens.ts';
import { createTestApp, PUBLIC_URL, type TestApp } from '../helpers/app.ts';
import { call, company, type Company } from '../helpers/courses.ts';

// SCIM 2.0 provisioning as Microsoft Entra ID does it: its requests' shapes, its capitalised
// operations and string booleans; a company's token sees only its own people.

const ENTERPRISE = 'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User';
let n = 0;
const address = (base = 'entra') => `${base}-${++n}-${Math.random().toString(36).slice(2, 8)}@example.dk`;

/** The body Entra ID's default attribute mappings send to create a user. */
function entraUser(email: string, externalId = `ext-${n}`) {
  return {
    schemas: ['urn:ietf:params:scim:schemas:core:2.0:User', ENTERPRISE],
    externalId,
    userName: email,
    active: true,
    displayName: 'Freja Fisker',
    emails: [{ primary: true, type: 'work', value: email }],
    meta: { resourceType: 'User' },
    name: { formatted: 'Freja Fisker', familyName: 'Fisker', givenName: 'Freja' },
    title: 'Lagerchef',
    [ENTERPRISE]: { department: 'Lager', employeeNumber: '42', manager: { value: 'someone' } },
  };
}

describe('SCIM provisioning', () => {
  let t: TestApp;
  let a: Company;
  let b: Company;
  let tokenA: string;
  let tokenB: string;

  const scim = (token: string, method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, body?: unknown) =>
    t.app.inject({
      method,
      url: `/scim/v2${url}`,
      headers: { authorization: `Bearer ${token}`, ...(body !== undefined && { 'content-type': 'application/scim+json' }) },
      ...(body !== undefined && { payload: JSON.stringify(body) }),
    });
  const ok = (res: LightMyRequestResponse, status = 200) => {
    expect(res.statusCode, res.body).toBe(status);
    return res.json();
  };
  const newToken = async (who: Company, label = 'Entra ID') =>
    ok(await call(t, who.admin, 'POST', '/api/organisation/scim/tokens', { label }), 201);

  beforeAll(async () => {
    t = await createTestApp();
    a = await company(t);
    b = await company(t);
    tokenA = (await newToken(a)).secret;
    tokenB = (await newToken(b)).secret;
  });
  afterAll(async () => t.close());

  describe('the admins’ token API', () => {
    it('answers a token once, keeps only its hash, lists it without the secret, and is for admins only', async () => {
      const made = await newToken(a, 'Test');
      expect(made.secret).toMatch(/^kursa_scim_[\w-]{40,}$/);
      const row = await t.db.selectFrom('scim_tokens').selectAll().where('id', '=', made.token.id).executeTakeFirstOrThrow();
      expect(row.token_hash).toBe(hashToken(made.secret));
      expect(JSON.stringify(row)).not.toContain(made.secret);
      const settings = ok(await call(t, a.admin, 'GET', '/api/organisation/scim'));
      expect(settings.baseUrl).toBe(`${PUBLIC_URL}/scim/v2`);
      expect(settings.tokens.find((tk: { id: string }) => tk.id === made.token.id)).toMatchObject({ label: 'Test', revokedAt: null });
      expect(JSON.stringify(settings)).not.toContain(made.secret);
      for (const who of [a.instructor, a.learner]) {
        expect((await call(t, who, 'GET', '/api/organisation/scim')).statusCode).toBe(403);
        expect((await call(t, who, 'POST', '/api/organisation/scim/tokens', { label: 'x' })).statusCode).toBe(403);
        expect((await call(t, who, 'DELETE', `/api/organisation/scim/tokens/${made.token.id}`)).statusCode).toBe(403);
      }
      expect((await call(t, null, 'GET', '/api/organisation/scim')).statusCode).toBe(401);
      // Another company's token is not found; a revoked one answers 401 from then on.
      expect((await call(t, b.admin, 'DELETE', `/api/organisation/scim/tokens/${made.token.id}`)).statusCode).toBe(404);
      expect((await scim(made.secret, 'GET', '/Users')).statusCode).toBe(200);
      const revoked = ok(await call(t, a.admin, 'DELETE', `/api/organisation/scim/tokens/${made.token.id}`));
      expect(revoked.revokedAt).not.toBeNull();
      const refused = await scim(made.secret, 'GET', '/Users');
      expect(refused.statusCode).toBe(401);
      expect(refused.headers['content-type']).toContain('application/scim+json');
      expect(refused.json()).toMatchObject({ schemas: ['urn:ietf:params:scim:api:messages:2.0:Error'], status: '401' });
      const actions = await t.db.selectFrom('audit_log').select('action').where('organisation_id', '=', a.admin.organisationId).execute();
      expect(actions.map((r) => r.action)).toEqual(expect.arrayContaining(['scim.token-created', 'scim.token-revoked']));
    });

    it('refuses a missing or wrong token with a SCIM error', async () => {
      const none = await t.app.inject({ method: 'GET', url: '/scim/v2/Users' });
      expect(none.statusCode).toBe(401);
      const wrong = await scim('kursa_scim_not-a-token', 'GET', '/Users');
      expect(wrong.statusCode).toBe(401);
      expect(wrong.json().schemas).toEqual(['urn:ietf:params:scim:api:messages:2.0:Error']);
    });
  });

  it('answers the discovery endpoints', async () => {
    expect(ok(await scim(tokenA, 'GET', '/ServiceProviderConfig'))).toMatchObject({
      patch: { supported: true },
      bulk: { supported: false },
    });
    expect(ok(await scim(tokenA, 'GET', '/ResourceTypes')).Resources.map((r: { id: string }) => r.id)).toEqual(['User', 'Group']);
    expect(ok(await scim(tokenA, 'GET', '/Schemas')).totalResults).toBe(2);
  });

  it('creates a user as Entra sends it, finds it by userName and externalId, and refuses a duplicate', async () => {
    const email = address();
    const absent = ok(await scim(tokenA, 'GET', `/Users?filter=${encodeURIComponent(`userName eq "${email}"`)}`));
    expect(absent).toMatchObject({ totalResults: 0, Resources: [] });
    const res = await scim(tokenA, 'POST', '/Users', entraUser(email, 'entra-object-1'));
    const user = ok(res, 201);
    expect(res.headers['content-type']).toContain('application/scim+json');
    expect(res.headers.location).toBe(`${PUBLIC_URL}/scim/v2/Users/${user.id}`);
    expect(user).toMatchObject({ userName: email, externalId: 'entra-object-1', active: true, displayName: 'Freja Fisker' });
    expect(user.name).toMatchObject({ givenName: 'Freja', familyName: 'Fisker' });
    const stored = await t.db.selectFrom('users').selectAll().where('id', '=', user.id).executeTakeFirstOrThrow();
    expect(stored).toMatchObject({ organisation_id: a.admin.organisationId, role: 'learner', contact_name: 'Freja Fisker' });

    const found = ok(await scim(tokenA, 'GET', `/Users?filter=${encodeURIComponent(`userName eq "${email.toUpperCase()}"`)}`));
    expect(found.totalResults).toBe(1);
    expect(found.Resources[0].id).toBe(user.id);
    const byExternal = ok(await scim(tokenA, 'GET', `/Users?filter=${encodeURIComponent('externalId eq "entra-object-1"')}`));
    expect(byExternal.Resources.map((r: { id: string }) => r.id)).toEqual([user.id]);
    expect(ok(await scim(tokenA, 'GET', `/Users/${user.id}`)).userName).toBe(email);

    const again = await scim(tokenA, 'POST', '/Users', entraUser(email));
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ scimType: 'uniqueness', status: '409' });
    // An address of another company's person: 409 as well, and nothing of them is shown.
    expect((await scim(tokenA, 'POST', '/Users', entraUser(b.learner.email))).statusCode).toBe(409);
    expect((await scim(tokenA, 'GET', '/Users?filter=bogus')).json()).toMatchObject({ scimType: 'invalidFilter' });

    const audit = await t.db.selectFrom('audit_log').selectAll().where('target_id', '=', user.id).execute();
    expect(audit.map((r) => r.action)).toContain('scim.user-created');
    expect(audit[0]).toMatchObject({ actor_id: null, actor_name: 'SCIM: Entra ID' });
  });

  it('keeps companies apart: another company’s person is 404 and never listed', async () => {
    expect((await scim(tokenA, 'GET', `/Users/${b.learner.id}`)).statusCode).toBe(404);
    expect(
      (
        await scim(tokenA, 'PATCH', `/Users/${b.learner.id}`, {
          schemas: [],
          Operations: [{ op: 'Replace', path: 'active', value: 'False' }],
        })
      ).statusCode,
    ).toBe(404);
    expect((await scim(tokenA, 'DELETE', `/Users/${b.learner.id}`)).statusCode).toBe(404);
    const filtered = ok(await scim(tokenA, 'GET', `/Users?filter=${encodeURIComponent(`userName eq "${b.learner.email}"`)}`));
    expect(filtered.totalResults).toBe(0);
    const all = ok(await scim(tokenB, 'GET', '/Users?startIndex=1&count=100'));
    expect(all.Resources.every((r: { userName: string }) => r.userName !== a.learner.email)).toBe(true);
    expect(all.Resources.map((r: { id: string }) => r.id)).toContain(b.learner.id);
  });

  it('PATCH Replace active "False" deactivates and ends the sessions; "True" reactivates', async () => {
    const me = await call(t, a.learner, 'GET', '/api/me');
    expect(me.statusCode).toBe(200);
    const patch = {
      schemas: ['urn:ietf:params:scim:api:messages:2.0:PatchOp'],
      Operations: [{ op: 'Replace', path: 'active', value: 'False' }],
    };
    expect(ok(await scim(tokenA, 'PATCH', `/Users/${a.learner.id}`, patch)).active).toBe(false);
    expect((await call(t, a.learner, 'GET', '/api/me')).statusCode).toBe(401);
    const row = await t.db.selectFrom('users').select('deactivated_at').where('id', '=', a.learner.id).executeTakeFirstOrThrow();
    expect(row.deactivated_at).not.toBeNull();
    expect(await t.db.selectFrom('sessions').select('id').where('user_id', '=', a.learner.id).execute()).toEqual([]);
    const back = { ...patch, Operations: [{ op: 'Replace', path: 'active', value: 'True' }] };
    expect(ok(await scim(tokenA, 'PATCH', `/Users/${a.learner.id}`, back)).active).toBe(true);
    const actions = (await t.db.selectFrom('audit_log').select('action').where('target_id', '=', a.learner.id).execute()).map(
      (r) => r.action,
    );
    expect(actions).toEqual(expect.arrayContaining(['scim.user-deactivated', 'scim.user-reactivated']));
  });

  it('PATCH changes the name and the e-mail (userName), with and without a path', async () => {
    const created = ok(await scim(tokenA, 'POST', '/Users', entraUser(address())), 201);
    const email = address('renamed');
    const changed = ok(
      await scim(tokenA, 'PATCH', `/Users/${created.id}`, {
        schemas: ['urn:ietf:params:scim:api:messages:2.0:PatchOp'],
        Operations: [
          { op: 'Replace', path: 'userName', value: email },
          { op: 'Replace', path: 'emails[type eq "work"].value', value: email },
          { op: 'Replace', path: 'name.familyName', value: 'Hansen' },
          { op: 'Add', path: `${ENTERPRISE}:department`, value: 'Salg' },
        ],
      }),
    );
    expect(changed).toMatchObject({ userName: email, name: { givenName: 'Freja', familyName: 'Hansen' }, displayName: 'Freja Hansen' });
    const noPath = ok(
      await scim(tokenA, 'PATCH', `/Users/${created.id}`, {
        schemas: ['urn:ietf:params:scim:api:messages:2.0:PatchOp'],
        Operations: [{ op: 'replace', value: { displayName: 'Freja F. Hansen', externalId: 'entra-object-9' } }],
      }),
    );
    expect(noPath).toMatchObject({ displayName: 'Freja F. Hansen', externalId: 'entra-object-9' });
    // An address in use (here: another company's person) is refused.
    const clash = await scim(tokenA, 'PATCH', `/Users/${created.id}`, {
      Operations: [{ op: 'Replace', path: 'userName', value: b.admin.email }],
    });
    expect(clash.statusCode).toBe(409);
    const put = ok(await scim(tokenA, 'PUT', `/Users/${created.id}`, { ...entraUser(email, 'entra-object-9'), displayName: 'Freja Put' }));
    expect(put.displayName).toBe('Freja Put');
  });

  it('refuses to deactivate the company’s last active admin, with the reason', async () => {
    const res = await scim(tokenA, 'PATCH', `/Users/${a.admin.id}`, { Operations: [{ op: 'Replace', path: 'active', value: 'False' }] });
    expect(res.statusCode).toBe(409);
    expect(res.json().detail).toMatch(/admin/i);
    expect((await call(t, a.admin, 'GET', '/api/me')).statusCode).toBe(200);
  });

  it('DELETE deactivates the person and keeps their data', async () => {
    const created = ok(await scim(tokenA, 'POST', '/Users', entraUser(address())), 201);
    expect((await scim(tokenA, 'DELETE', `/Users/${created.id}`)).statusCode).toBe(204);
    const row = await t.db.selectFrom('users').select(['deactivated_at', 'email']).where('id', '=', created.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ email: created.userName });
    expect(row.deactivated_at).not.toBeNull();
    expect(ok(await scim(tokenA, 'GET', `/Users/${created.id}`)).active).toBe(false);
  });

  it('creates a group (a team) and changes its members and name the way Entra does', async () => {
    const one = ok(await scim(tokenA, 'POST', '/Users', entraUser(address())), 201);
    const two = ok(await scim(tokenA, 'POST', '/Users', entraUser(address())), 201);
    const group = ok(
      await scim(tokenA, 'POST', '/Groups', {
        schemas: ['urn:ietf:params:scim:schemas:core:2.0:Group'],
        displayName: 'Lager Aarhus',
        externalId: 'entra-group-1',
        members: [],
      }),
      201,
    );
    expect(group).toMatchObject({ displayName: 'Lager Aarhus', externalId: 'entra-group-1', members: [] });
    const stored = await t.db.selectFrom('groups').selectAll().where('id', '=', group.id).executeTakeFirstOrThrow();
    expect(stored).toMatchObject({ kind: 'team', organisation_id: a.admin.organisationId });
    const found = ok(await scim(tokenA, 'GET', `/Groups?filter=${encodeURIComponent('displayName eq "Lager Aarhus"')}`));
    expect(found.Resources.map((g: { id: string }) => g.id)).toEqual([group.id]);
    const lean = ok(
      await scim(tokenA, 'GET', `/Groups?excludedAttributes=members&filter=${encodeURIComponent('displayName eq "Lager Aarhus"')}`),
    );
    expect(lean.Resources[0]).not.toHaveProperty('members');
    expect((await scim(tokenA, 'POST', '/Groups', { displayName: 'lager aarhus' })).statusCode).toBe(409);

    const patch = (Operations: unknown[]) =>
      scim(tokenA, 'PATCH', `/Groups/${group.id}`, { schemas: ['urn:ietf:params:scim:api:messages:2.0:PatchOp'], Operations });
    ok(await patch([{ op: 'Add', path: 'members', value: [{ value: one.id }, { value: two.id }, { value: b.learner.id }] }]));
    let members = ok(await scim(tokenA, 'GET', `/Groups/${group.id}`)).members.map((m: { value: string }) => m.value);
    // Another company's person is passed over.
    expect(members.sort()).toEqual([one.id, two.id].sort());
    ok(await patch([{ op: 'Remove', path: 'members', value: [{ value: one.id }] }]));
    ok(await patch([{ op: 'Remove', path: `members[value eq "${two.id}"]` }]));
    ok(await patch([{ op: 'Add', path: 'members', value: [{ value: one.id }] }]));
    const renamed = ok(await patch([{ op: 'Replace', path: 'displayName', value: 'Lager Aarhus Nord' }]));
    members = renamed.members.map((m: { value: string }) => m.value);
    expect(renamed.displayName).toBe('Lager Aarhus Nord');
    expect(members).toEqual([one.id]);
    const rows = await t.db.selectFrom('group_members').selectAll().where('group_id', '=', group.id).execute();
    expect(rows.map((r) => r.user_id)).toEqual([one.id]);

    expect((await scim(tokenB, 'GET', `/Groups/${group.id}`)).statusCode).toBe(404);
    expect(ok(await scim(tokenB, 'GET', '/Groups')).Resources.map((g: { id: string }) => g.id)).not.toContain(group.id);
    expect((await scim(tokenA, 'DELETE', `/Groups/${group.id}`)).statusCode).toBe(204);
    expect(await t.db.selectFrom('groups').select('id').where('id', '=', group.id).executeTakeFirst()).toBeUndefined();
    const actions = (await t.db.selectFrom('audit_log').select('action').where('target_id', '=', group.id).execute()).map((r) => r.action);
    expect(actions).toEqual(
      expect.arrayContaining(['scim.group-created', 'scim.group-members-changed', 'scim.group-renamed', 'scim.group-deleted']),
    );
  });

  it('accepts a JSON body sent as application/json too, and refuses one that is not an object', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/scim/v2/Users',
      headers: { authorization: `Bearer ${tokenA}`, 'content-type': 'application/json' },
      payload: entraUser(address()),
    });
    expect(res.statusCode, res.body).toBe(201);
    const withCharset = await t.app.inject({
      method: 'POST',
      url: '/scim/v2/Users',
      headers: { authorization: `Bearer ${tokenA}`, 'content-type': 'application/scim+json; charset=utf-8' },
      payload: JSON.stringify(entraUser(address())),
    });
    expect(withCharset.statusCode, withCharset.body).toBe(201);
    const bad = await scim(tokenA, 'PATCH', `/Users/${a.learner.id}`, { Operations: [] });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ scimType: 'invalidSyntax' });
  });
});
