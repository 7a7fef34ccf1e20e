import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TSsoSettings, TSsoSettingsUpdate } from '../../src/shared/schemas/sso.ts';
import { createTestApp, PUBLIC_URL, type TestApp } from '../helpers/app.ts';
import { call, company, type Company, type Person } from '../helpers/courses.ts';
import { passwordlessAllowed } from '../../src/server/domains/identity/two-factor/passwordless.ts';
import { startOidcProvider, type TestOidcProvider } from '../helpers/oidc-provider.ts';
import { personAt, signInThroughProvider, verifiedDomain } from '../helpers/sso.ts';

const BACKCHANNEL = { 'http://schemas.openid.net/event/backchannel-logout': {} };

describe('single sign-on with an OpenID provider', () => {
  let t: TestApp;
  let idp: TestOidcProvider;
  let a: Company;
  let domain: string;
  let groupId: string;
  let people = 0;

  const settings = (overrides: Partial<TSsoSettingsUpdate> = {}): TSsoSettingsUpdate => ({
    provider: 'oidc',
    enabled: true,
    required: false,
    breakGlassUserId: null,
    defaultRole: 'learner',
    oidc: { issuer: idp.issuer, clientId: idp.clientId, clientSecret: idp.clientSecret },
    groupMappings: [{ externalGroup: 'grp-sales', groupId }],
    ...overrides,
  });
  const account = (groups: string[] = ['grp-sales'], at = domain) => {
    const n = ++people;
    return { sub: `subject-${n}`, email: `worker${n}@${at}`, name: `Worker ${n}`, groups };
  };
  const userByEmail = (email: string) => t.db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();
  const inGroup = async (userId: string) =>
    (await t.db
      .selectFrom('group_members')
      .select('user_id')
      .where('group_id', '=', groupId)
      .where('user_id', '=', userId)
      .executeTakeFirst()) !== undefined;
  const sessionOf = (response: { cookies: { name: string; value: string }[] }) => {
    const cookie = response.cookies.find((c) => c.name === 'kursa_session');
    return cookie ? `kursa_session=${cookie.value}` : undefined;
  };
  const me = (cookie: string) => t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie } });

  beforeAll(async () => {
    t = await createTestApp({ env: { SSO_ALLOW_HTTP_ISSUERS: 'true' } });
    idp = await startOidcProvider(`${PUBLIC_URL}/api/auth/oidc/callback`);
    a = await company(t);
    domain = await verifiedDomain(t, a.admin.organisationId);
    const group = await call(t, a.admin, 'POST', '/api/groups', { name: 'Salg', kind: 'department' });
    expect(group.statusCode, group.body).toBe(201);
    groupId = group.json().id;
    const saved = await call(t, a.admin, 'PUT', '/api/organisation/sso', settings());
    expect(saved.statusCode, saved.body).toBe(200);
  });
  afterAll(async () => {
    await idp.close();
    await t.close();
  });

  it('keeps the settings for admins, with the secret sealed and never shown', async () => {
    const view = (await call(t, a.admin, 'GET', '/api/organisation/sso')).json<TSsoSettings>();
    expect(view).toMatchObject({
      configured: true,
      provider: 'oidc',
      enabled: true,
      domains: [domain],
      groupMappings: [{ externalGroup: 'grp-sales', groupId }],
    });
    expect(view.oidc).toMatchObject({
      issuer: idp.issuer,
      clientId: idp.clientId,
      hasSecret: true,
      redirectUri: `${PUBLIC_URL}/api/auth/oidc/callback`,
    });
    expect(JSON.stringify(view)).not.toContain(idp.clientSecret);
    const row = await t.db
      .selectFrom('sso_connections')
      .selectAll()
      .where('organisation_id', '=', a.admin.organisationId)
      .executeTakeFirstOrThrow();
    expect(row.oidc_client_secret).not.toContain(idp.clientSecret);
    expect((await call(t, a.instructor, 'GET', '/api/organisation/sso')).statusCode).toBe(403);
    expect((await call(t, a.learner, 'PUT', '/api/organisation/sso', settings())).statusCode).toBe(403);
  });

  it('tells the login page which addresses go to a provider, and nothing of any one person', async () => {
    expect((await call(t, null, 'GET', `/api/auth/sso/lookup?email=${encodeURIComponent(`anyone@${domain}`)}`)).json()).toEqual({
      sso: true,
      required: false,
      provider: 'oidc',
    });
    expect((await call(t, null, 'GET', '/api/auth/sso/lookup?email=someone%40elsewhere.dk')).json()).toEqual({
      sso: false,
      required: false,
      provider: null,
    });
  });

  it('signs a new person in, made just in time with the default role and the mapped group', async () => {
    const person = account();
    idp.signInAs(person);
    const back = await signInThroughProvider(t, person.email, '/courses');
    expect(back.statusCode, back.body).toBe(302);
    expect(back.headers.location).toBe(`${PUBLIC_URL}/courses`);
    const cookie = sessionOf(back)!;
    expect((await me(cookie)).json()).toMatchObject({
      email: person.email,
      role: 'learner',
      contactName: person.name,
      organisationId: a.admin.organisationId,
    });
    const user = (await userByEmail(person.email))!;
    expect(await inGroup(user.id)).toBe(true);
    const created = await t.db.selectFrom('audit_log').select(['action', 'details']).where('target_id', '=', user.id).execute();
    expect(created.map((r) => r.action)).toEqual(expect.arrayContaining(['sso.user-created', 'auth.login']));

    // The next sign-in finds the same person, and the group follows the provider's word.
    idp.signInAs({ ...person, groups: [] });
    const again = await signInThroughProvider(t, person.email);
    expect(again.headers.location).toBe(`${PUBLIC_URL}/learn`);
    expect((await t.db.selectFrom('users').select('id').where('email', '=', person.email).execute()).length).toBe(1);
    expect(await inGroup(user.id)).toBe(false);
  });

  it('links an existing person of the company by address, keeping their role', async () => {
    const existing = await personAt(t, a.admin.organisationId, domain, 'instructor');
    idp.signInAs({ sub: 'existing-subject', email: existing.email, name: 'Someone else', groups: [] });
    const back = await signInThroughProvider(t, existing.email);
    expect(back.headers.location).toBe(`${PUBLIC_URL}/dashboard`);
    expect((await me(sessionOf(back)!)).json()).toMatchObject({ id: existing.id, role: 'instructor' });
  });

  it('follows a provider that rotates its signing key', async () => {
    const person = account();
    idp.signInAs(person);
    expect(sessionOf(await signInThroughProvider(t, person.email))).toBeDefined();
    const before = idp.currentKid();
    await idp.rotateKeys();
    expect(idp.currentKid()).not.toBe(before);
    idp.signInAs(person);
    const back = await signInThroughProvider(t, person.email);
    expect(back.headers.location).toBe(`${PUBLIC_URL}/learn`);
    expect(sessionOf(back)).toBeDefined();
  });

  it('offers the company’s people the way in on its own site, and starts there', async () => {
    const subdomain = `sso-site-${Math.random().toString(36).slice(2, 8)}`;
    await t.db.updateTable('organisations').set({ subdomain }).where('id', '=', a.admin.organisationId).execute();
    const site = await t.app.inject({ url: '/', headers: { host: `${subdomain}.localhost:5000` } });
    expect(site.statusCode).toBe(200);
    const start = `${PUBLIC_URL}/api/auth/sso/start?org=${a.admin.organisationId}`;
    expect(site.body).toContain(`<a href="${start}">Medarbejderlogin</a>`);
    const person = account();
    idp.signInAs(person);
    const started = await call(t, null, 'GET', start.slice(PUBLIC_URL.length));
    expect(new URL(started.headers.location as string).origin).toBe(idp.issuer);
    const { throughProvider } = await import('../helpers/sso.ts');
    expect((await call(t, null, 'GET', await throughProvider(started.headers.location as string))).headers.location).toBe(
      `${PUBLIC_URL}/learn`,
    );

    const b = await company(t);
    const other = `no-sso-${Math.random().toString(36).slice(2, 8)}`;
    await t.db.updateTable('organisations').set({ subdomain: other }).where('id', '=', b.admin.organisationId).execute();
    expect((await t.app.inject({ url: '/', headers: { host: `${other}.localhost:5000` } })).body).not.toContain('/api/auth/sso/start');
  });

  describe('refuses', () => {
    const refusedAs = async (code: string, person: ReturnType<typeof account>) => {
      idp.signInAs(person);
      const back = await signInThroughProvider(t, `x@${domain}`);
      expect(back.statusCode).toBe(302);
      expect(back.headers.location).toBe(`${PUBLIC_URL}/login?sso_error=${code}`);
      expect(sessionOf(back)).toBeUndefined();
      expect(await userByEmail(person.email)).toBeUndefined();
    };

    it('an ID token for another audience', async () => {
      idp.tamper((claims) => ({ claims: { ...claims, aud: 'someone-else' } }));
      await refusedAs('refused', account());
    });

    it('an expired ID token', async () => {
      idp.tamper((claims) => ({
        claims: { ...claims, iat: Math.floor(Date.now() / 1000) - 7200, exp: Math.floor(Date.now() / 1000) - 3600 },
      }));
      await refusedAs('refused', account());
    });

    it('an ID token signed with a key the provider does not publish', async () => {
      idp.tamper((claims) => ({ claims, key: 'other' }));
      await refusedAs('refused', account());
    });

    it('an ID token from another issuer', async () => {
      idp.tamper((claims) => ({ claims: { ...claims, iss: 'https://evil.example' } }));
      await refusedAs('refused', account());
    });

    it('an ID token with another sign-in’s nonce', async () => {
      idp.tamper((claims) => ({ claims: { ...claims, nonce: 'not-this-flow' } }));
      await refusedAs('refused', account());
    });

    it('an address on a domain the company has not verified', async () => {
      await refusedAs('domain', account([], 'unverified-domain.dk'));
    });

    it('an address on another company’s verified domain', async () => {
      const b = await company(t);
      const theirs = await verifiedDomain(t, b.admin.organisationId);
      await refusedAs('domain', account([], theirs));
    });

    it('a deactivated person', async () => {
      const gone = await personAt(t, a.admin.organisationId, domain, 'learner');
      await t.db.updateTable('users').set({ deactivated_at: new Date().toISOString() }).where('id', '=', gone.id).execute();
      idp.signInAs({ sub: `gone-${gone.id}`, email: gone.email, name: 'Gone', groups: [] });
      const back = await signInThroughProvider(t, gone.email);
      expect(back.headers.location).toBe(`${PUBLIC_URL}/login?sso_error=account`);
      expect(sessionOf(back)).toBeUndefined();
    });

    it('a callback used twice, or with a state it never gave', async () => {
      const person = account();
      idp.signInAs(person);
      const started = await call(t, null, 'GET', `/api/auth/sso/start?email=${encodeURIComponent(person.email)}`);
      const { throughProvider } = await import('../helpers/sso.ts');
      const callback = await throughProvider(started.headers.location as string);
      expect((await call(t, null, 'GET', callback)).headers.location).toBe(`${PUBLIC_URL}/learn`);
      const replay = await call(t, null, 'GET', callback);
      expect(replay.headers.location).toBe(`${PUBLIC_URL}/login?sso_error=expired`);
      expect(sessionOf(replay)).toBeUndefined();
      const made = await call(t, null, 'GET', '/api/auth/oidc/callback?code=x&state=never-given');
      expect(made.headers.location).toBe(`${PUBLIC_URL}/login?sso_error=expired`);
    });

    it('a start for an address without single sign-on', async () => {
      const started = await call(t, null, 'GET', '/api/auth/sso/start?email=someone%40elsewhere.dk');
      expect(started.headers.location).toBe(`${PUBLIC_URL}/login?sso_error=off`);
    });
  });

  describe('settings', () => {
    it('refuses turning it on without a verified domain, with a provider that does not answer, or with another company’s group', async () => {
      const b = await company(t);
      const noDomain = await call(t, b.admin, 'PUT', '/api/organisation/sso', { ...settings(), groupMappings: [] });
      expect(noDomain.statusCode).toBe(400);
      expect(noDomain.json().errors).toEqual({ enabled: expect.any(String) });
      await verifiedDomain(t, b.admin.organisationId);
      const silent = await call(t, b.admin, 'PUT', '/api/organisation/sso', {
        ...settings(),
        groupMappings: [],
        oidc: { issuer: 'http://127.0.0.1:9/nothing', clientId: 'x', clientSecret: 'y' },
      });
      expect(silent.statusCode).toBe(400);
      expect(silent.json().errors).toEqual({ 'oidc.issuer': expect.any(String) });
      const foreignGroup = await call(t, b.admin, 'PUT', '/api/organisation/sso', settings());
      expect(foreignGroup.statusCode).toBe(400);
      expect(foreignGroup.json().errors).toEqual({ groupMappings: expect.any(String) });
      expect(
        await t.db.selectFrom('sso_connections').select('enabled').where('organisation_id', '=', b.admin.organisationId).executeTakeFirst(),
      ).toBeUndefined();
    });

    it('sets Entra ID up from its tenant, and keeps the secret when none is given', async () => {
      const b = await company(t);
      await verifiedDomain(t, b.admin.organisationId);
      const badTenant = await call(t, b.admin, 'PUT', '/api/organisation/sso', {
        ...settings({ provider: 'entra', enabled: false }),
        oidc: { tenantId: 'contoso', clientId: 'c', clientSecret: 's' },
        groupMappings: [],
      });
      expect(badTenant.statusCode).toBe(400);
      const tenant = '72f988bf-86f1-41af-91ab-2d7cd011db47';
      const saved = await call(t, b.admin, 'PUT', '/api/organisation/sso', {
        ...settings({ provider: 'entra', enabled: false }),
        oidc: { tenantId: tenant, clientId: 'c', clientSecret: 's' },
        groupMappings: [],
      });
      expect(saved.statusCode, saved.body).toBe(200);
      expect(saved.json<TSsoSettings>().oidc).toMatchObject({
        issuer: `https://login.microsoftonline.com/${tenant}/v2.0`,
        tenantId: tenant,
        hasSecret: true,
      });
      const kept = await call(t, b.admin, 'PUT', '/api/organisation/sso', {
        ...settings({ provider: 'entra', enabled: false }),
        oidc: { tenantId: tenant, clientId: 'c2' },
        groupMappings: [],
      });
      expect(kept.json<TSsoSettings>().oidc).toMatchObject({ clientId: 'c2', hasSecret: true });
      // Another tenant is another provider: the kept secret is not sent to it.
      const moved = await call(t, b.admin, 'PUT', '/api/organisation/sso', {
        ...settings({ provider: 'entra', enabled: false }),
        oidc: { tenantId: '0b6f7d6e-5c4b-4a39-8e7f-1a2b3c4d5e6f', clientId: 'c2' },
        groupMappings: [],
      });
      expect(moved.statusCode).toBe(400);
      expect(moved.json().errors).toHaveProperty(['oidc.clientSecret']);
    });
  });

  describe('required for the domain', () => {
    let breakGlass: Person;

    it('needs a break-glass admin with a second factor', async () => {
      breakGlass = await personAt(t, a.admin.organisationId, domain, 'admin');
      const none = await call(t, a.admin, 'PUT', '/api/organisation/sso', settings({ required: true }));
      expect(none.json().errors).toEqual({ breakGlassUserId: expect.any(String) });
      const without = await call(t, a.admin, 'PUT', '/api/organisation/sso', settings({ required: true, breakGlassUserId: breakGlass.id }));
      expect(without.statusCode).toBe(400);
      expect(without.json().errors).toEqual({ breakGlassUserId: expect.any(String) });
      const learner = await call(t, a.admin, 'PUT', '/api/organisation/sso', settings({ required: true, breakGlassUserId: a.learner.id }));
      expect(learner.statusCode).toBe(400);
      const now = new Date().toISOString();
      await t.db
        .insertInto('two_factor_totp')
        .values({ user_id: breakGlass.id, secret: 'JBSWY3DPEHPK3PXP', confirmed_at: now, last_step: null, created_at: now })
        .execute();
      const saved = await call(t, a.admin, 'PUT', '/api/organisation/sso', settings({ required: true, breakGlassUserId: breakGlass.id }));
      expect(saved.statusCode, saved.body).toBe(200);
      expect((await call(t, null, 'GET', `/api/auth/sso/lookup?email=x%40${domain}`)).json()).toMatchObject({ sso: true, required: true });
    });

    it('refuses the password of everyone on the domain but the break-glass admin', async () => {
      const worker = await personAt(t, a.admin.organisationId, domain, 'learner');
      const refused = await call(t, null, 'POST', '/api/login', { email: worker.email, password: 'person-pass-1', rememberMe: false });
      expect(refused.statusCode).toBe(403);
      expect(refused.json().code).toBe('SSO_REQUIRED');
      // A wrong password is the same 401 as anywhere: the refusal tells nothing to someone guessing.
      expect(
        (await call(t, null, 'POST', '/api/login', { email: worker.email, password: 'wrong-pass-1', rememberMe: false })).statusCode,
      ).toBe(401);
      const glass = await call(t, null, 'POST', '/api/login', { email: breakGlass.email, password: 'person-pass-1', rememberMe: false });
      expect(glass.statusCode).toBe(200);
      expect(glass.json()).toEqual({ twoFactorRequired: true, methods: ['totp'] });
      // A passkey alone is one of Kursa's own credentials too.
      expect(await passwordlessAllowed(t.db, worker.id)).toBe(false);
      expect(await passwordlessAllowed(t.db, breakGlass.id)).toBe(true);
      // People on other domains keep their passwords.
      expect(
        (await call(t, null, 'POST', '/api/login', { email: a.learner.email, password: 'person-pass-1', rememberMe: false })).statusCode,
      ).toBe(200);
      await call(t, a.admin, 'PUT', '/api/organisation/sso', settings({ required: false, breakGlassUserId: breakGlass.id }));
    });
  });

  describe('the provider’s logout', () => {
    const signedIn = async (sid: string) => {
      const person = account([]);
      idp.signInAs(person);
      idp.tamper((claims) => ({ claims: { ...claims, sid } }));
      const cookie = sessionOf(await signInThroughProvider(t, person.email))!;
      expect((await me(cookie)).statusCode).toBe(200);
      return { person, cookie };
    };
    const logout = (token: string) =>
      t.app.inject({
        method: 'POST',
        url: `/api/auth/oidc/backchannel-logout/${a.admin.organisationId}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({ logout_token: token }).toString(),
      });
    const tokenFor = (claims: Record<string, unknown>) => ({
      iss: idp.issuer,
      aud: idp.clientId,
      iat: Math.floor(Date.now() / 1000),
      jti: `jti-${Math.random().toString(36).slice(2)}`,
      events: BACKCHANNEL,
      ...claims,
    });

    it('ends the sessions of the provider’s session (back-channel), once per token', async () => {
      const { cookie } = await signedIn('provider-session-1');
      const other = await signedIn('provider-session-2');
      const token = await idp.logoutToken(tokenFor({ sid: 'provider-session-1' }));
      expect((await logout(token)).statusCode).toBe(200);
      expect((await me(cookie)).statusCode).toBe(401);
      expect((await me(other.cookie)).statusCode).toBe(200);
      expect((await logout(token)).statusCode).toBe(400);
    });

    it('refuses a logout token signed by another key, for another client, or without the logout event', async () => {
      const { cookie } = await signedIn('provider-session-3');
      for (const token of [
        await idp.logoutToken(tokenFor({ sid: 'provider-session-3' }), 'other'),
        await idp.logoutToken(tokenFor({ sid: 'provider-session-3', aud: 'another-client' })),
        await idp.logoutToken(tokenFor({ sid: 'provider-session-3', events: {} })),
        'not-a-token',
      ]) {
        expect((await logout(token)).statusCode).toBe(400);
      }
      expect((await me(cookie)).statusCode).toBe(200);
    });

    it('sends a person logging out of Kursa on to the provider’s own logout', async () => {
      const { cookie } = await signedIn('provider-session-5');
      const out = await t.app.inject({ method: 'POST', url: '/api/logout', headers: { cookie } });
      expect(out.statusCode).toBe(200);
      const url = new URL(out.json().providerLogoutUrl);
      expect(url.origin).toBe(idp.issuer);
      expect(url.searchParams.get('client_id')).toBe(idp.clientId);
      expect(url.searchParams.get('post_logout_redirect_uri')).toBe(`${PUBLIC_URL}/login`);
      expect((await me(cookie)).statusCode).toBe(401);
      // A password session has no provider to go on to.
      const plain = await t.app.inject({ method: 'POST', url: '/api/logout', headers: { cookie: a.learner.cookie } });
      expect(plain.json()).toEqual({ ok: true });
    });

    it('ends the sessions named by a front-channel logout', async () => {
      const { cookie } = await signedIn('provider-session-4');
      const page = await call(
        t,
        null,
        'GET',
        `/api/auth/oidc/frontchannel-logout/${a.admin.organisationId}?iss=${encodeURIComponent(idp.issuer)}&sid=provider-session-4`,
      );
      expect(page.statusCode).toBe(200);
      expect((await me(cookie)).statusCode).toBe(401);
    });
  });
});
