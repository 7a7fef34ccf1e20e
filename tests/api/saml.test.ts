import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { inflateRawSync } from 'node:zlib';
import { setUpSso } from '../../src/server/domains/identity/sso/setup.ts';
import { createTestApp, PUBLIC_URL, registerCompany, type TestApp } from '../helpers/app.ts';
import { verifiedDomain } from '../helpers/sso.ts';
import { otherKey, readAuthnRequest, startTestIdp, type ResponseOptions } from '../helpers/saml-idp.ts';

let t: TestApp;
const idp = startTestIdp();
const ACS = `${PUBLIC_URL}/api/auth/saml/acs`;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const settings = (overrides: Record<string, unknown> = {}) => ({
  provider: 'saml',
  enabled: true,
  required: false,
  breakGlassUserId: null,
  defaultRole: 'learner',
  saml: { metadataXml: idp.metadata() },
  groupMappings: [],
  ...overrides,
});

const put = (cookie: string, body: object) =>
  t.app.inject({ method: 'PUT', url: '/api/organisation/sso', headers: { cookie }, payload: body });

/** A company with a verified domain and SAML on, at the test provider. */
async function samlCompany(overrides: Record<string, unknown> = {}) {
  const { cookie, user } = await registerCompany(t.app);
  const domain = await verifiedDomain(t, user.organisationId);
  const res = await put(cookie, settings(overrides));
  expect(res.statusCode, res.body).toBe(200);
  const audience = `${PUBLIC_URL}/api/auth/saml/metadata/${user.organisationId}`;
  return { cookie, organisationId: user.organisationId as string, domain, audience, view: res.json() };
}

async function start(email: string) {
  const res = await t.app.inject({ url: `/api/auth/sso/start?email=${encodeURIComponent(email)}` });
  expect(res.statusCode, res.body).toBe(302);
  expect(res.headers.location).toMatch(new RegExp(`^${idp.ssoUrl}\\?`));
  return readAuthnRequest(res.headers.location as string);
}

/** The provider's page posting the answer back, from its own site. */
const post = (SAMLResponse: string, RelayState: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/saml/acs',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: new URL(idp.ssoUrl).origin, 'sec-fetch-site': 'cross-site' },
    payload: new URLSearchParams({ SAMLResponse, RelayState }).toString(),
  });

/** Starts a sign-in for the address and posts the provider's answer made with `options`. */
async function signIn(company: { audience: string }, email: string, options: Partial<ResponseOptions> = {}) {
  const request = await start(email);
  const response = await idp.response({ inResponseTo: request.id, audience: company.audience, recipient: ACS, nameId: email, ...options });
  return { res: await post(response, request.relayState), request, response };
}

const refusedWith = (code: string) => `${PUBLIC_URL}/login?sso_error=${code}`;

describe('SAML settings and metadata', () => {
  it('are documented in the OpenAPI under sso', async () => {
    const doc = (await t.app.inject({ url: '/api/docs/json' })).json<{ paths: Record<string, Record<string, { tags?: string[] }>> }>();
    for (const [path, method] of [
      ['/api/auth/saml/metadata/{org}', 'get'],
      ['/api/auth/saml/acs', 'post'],
      ['/api/auth/saml/slo/{org}', 'get'],
      ['/api/auth/saml/slo/{org}', 'post'],
    ] as const)
      expect(doc.paths[path]?.[method]?.tags, `${method} ${path}`).toEqual(['sso']);
  });

  it("read the provider's metadata, show its certificate, and serve ours", async () => {
    const c = await samlCompany();
    expect(c.view.saml).toMatchObject({
      entityId: idp.entityId,
      ssoUrl: idp.ssoUrl,
      sloUrl: idp.sloUrl,
      encrypted: false,
      spEntityId: c.audience,
      acsUrl: ACS,
      certificates: [{ fingerprint: expect.stringMatching(/^([0-9A-F]{2}:){31}[0-9A-F]{2}$/), notAfter: expect.any(String) }],
    });
    expect(Date.parse(c.view.saml.certificates[0].notAfter)).toBeGreaterThan(Date.now());

    const metadata = await t.app.inject({ url: `/api/auth/saml/metadata/${c.organisationId}` });
    expect(metadata.statusCode).toBe(200);
    expect(metadata.headers['content-type']).toContain('application/samlmetadata+xml');
    expect(metadata.body).toContain(`entityID="${c.audience}"`);
    expect(metadata.body).toContain(`Location="${ACS}"`);
    expect(metadata.body).toContain(`Location="${PUBLIC_URL}/api/auth/saml/slo/${c.organisationId}"`);
    expect(metadata.body).toContain('use="signing"');
    expect(metadata.body).not.toContain('use="encryption"');

    const encrypted = await put(c.cookie, settings({ saml: { encrypted: true } }));
    expect(encrypted.statusCode, encrypted.body).toBe(200);
    expect(encrypted.json().saml).toMatchObject({ encrypted: true, entityId: idp.entityId });
    expect((await t.app.inject({ url: `/api/auth/saml/metadata/${c.organisationId}` })).body).toContain('use="encryption"');

    expect((await t.app.inject({ url: '/api/auth/saml/metadata/no-such-company' })).statusCode).toBe(404);
  });

  it('refuse metadata that is not an identity provider’s, and SAML turned on without it', async () => {
    const { cookie, user } = await registerCompany(t.app);
    await verifiedDomain(t, user.organisationId);
    for (const metadataXml of [
      'not xml <',
      '<md:EntityDescriptor xmlns:md="urn:oasis:names:tc:SAML:2.0:metadata" entityID="x"/>',
      idp.metadata().replace(/<md:KeyDescriptor.*<\/md:KeyDescriptor>/, ''),
    ]) {
      const res = await put(cookie, settings({ saml: { metadataXml } }));
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toEqual({ 'saml.metadataXml': expect.any(String) });
    }
    const incomplete = await put(cookie, settings({ saml: {} }));
    expect(incomplete.statusCode).toBe(400);
    expect(incomplete.json().errors).toEqual({ 'saml.metadataXml': expect.any(String) });
    expect(
      await t.db.selectFrom('sso_connections').select('organisation_id').where('organisation_id', '=', user.organisationId).execute(),
    ).toEqual([]);
    // Off, SAML may be chosen before the metadata is at hand.
    expect((await put(cookie, settings({ enabled: false, saml: {} }))).statusCode).toBe(200);
  });
});

describe('a SAML sign-in', () => {
  it('makes the person just in time, puts them in the mapped group, and logs them in', async () => {
    const { cookie, user } = await registerCompany(t.app);
    const domain = await verifiedDomain(t, user.organisationId);
    const group = (
      await t.app.inject({ method: 'POST', url: '/api/groups', headers: { cookie }, payload: { name: 'Lager', kind: 'department' } })
    ).json() as { id: string };
    expect((await put(cookie, settings({ groupMappings: [{ externalGroup: 'warehouse', groupId: group.id }] }))).statusCode).toBe(200);
    const company = { audience: `${PUBLIC_URL}/api/auth/saml/metadata/${user.organisationId}` };

    const email = `mette@${domain}`;
    const request = await start(email);
    expect(request.signed).toBe(true);
    expect(request.acsUrl).toBe(ACS);
    const response = await idp.response({
      inResponseTo: request.id,
      audience: company.audience,
      recipient: ACS,
      nameId: email,
      sessionIndex: 'idp-session-1',
      attributes: {
        'http://schemas.microsoft.com/identity/claims/displayname': 'Mette Holm',
        'http://schemas.microsoft.com/ws/2008/06/identity/claims/groups': ['warehouse', 'unmapped'],
      },
    });
    const res = await post(response, request.relayState);
    expect(res.statusCode, res.body).toBe(303);
    expect(res.headers.location).toBe(`${PUBLIC_URL}/learn`);
    const session = res.cookies.find((c) => c.name === 'kursa_session');
    expect(session).toBeDefined();
    const me = await t.app.inject({ url: '/api/me', headers: { cookie: `kursa_session=${session!.value}` } });
    expect(me.json()).toMatchObject({ email, contactName: 'Mette Holm', role: 'learner', organisationId: user.organisationId });
    const members = await t.db.selectFrom('group_members').select('user_id').where('group_id', '=', group.id).execute();
    expect(members.map((m) => m.user_id)).toEqual([me.json().id]);
    expect(
      await t.db
        .selectFrom('sso_sessions')
        .select(['subject', 'provider_session', 'protocol', 'issuer'])
        .where('user_id', '=', me.json().id)
        .execute(),
    ).toEqual([{ subject: email, provider_session: 'idp-session-1', protocol: 'saml', issuer: idp.entityId }]);

    // The same answer again: its request was answered, and the assertion is remembered as used.
    const again = await post(response, request.relayState);
    expect(again.headers.location).toBe(refusedWith('expired'));
    expect(again.cookies.find((c) => c.name === 'kursa_session')).toBeUndefined();
    expect(await t.db.selectFrom('sso_replays').select('id').where('organisation_id', '=', user.organisationId).execute()).toHaveLength(1);
  });

  it('reads the address from the attributes when the NameID is not one, and takes a signed response around a signed assertion', async () => {
    const c = await samlCompany();
    const email = `ole@${c.domain}`;
    const { res } = await signIn(c, email, {
      nameId: 'a1b2c3-persistent',
      nameIdFormat: 'urn:oasis:names:tc:SAML:2.0:nameid-format:persistent',
      attributes: { email, givenName: 'Ole', surname: 'Bak' },
      sign: 'both',
    });
    expect(res.headers.location).toBe(`${PUBLIC_URL}/learn`);
    const user = await t.db.selectFrom('users').select(['contact_name', 'id']).where('email', '=', email).executeTakeFirstOrThrow();
    expect(user.contact_name).toBe('Ole Bak');
    expect(await t.db.selectFrom('sso_identities').select('subject').where('user_id', '=', user.id).execute()).toEqual([
      { subject: 'a1b2c3-persistent' },
    ]);
  });

  it('opens an assertion encrypted to our certificate, and refuses a plain one once encryption is asked for', async () => {
    const c = await samlCompany({ saml: { metadataXml: idp.metadata(), encrypted: true } });
    const metadata = (await t.app.inject({ url: `/api/auth/saml/metadata/${c.organisationId}` })).body;
    const body = /use="encryption">[\s\S]*?<ds:X509Certificate>([^<]+)</.exec(metadata)![1]!.replace(/\s/g, '');
    const ours = `-----BEGIN CERTIFICATE-----\n${body.match(/.{1,64}/g)!.join('\n')}\n-----END CERTIFICATE-----\n`;
    const ok = await signIn(c, `kim@${c.domain}`, { encryptTo: ours });
    expect(ok.res.headers.location).toBe(`${PUBLIC_URL}/learn`);
    expect((await signIn(c, `kim@${c.domain}`)).res.headers.location).toBe(refusedWith('refused'));
  });

  const refusals: [string, (c: { audience: string; domain: string }) => Partial<ResponseOptions>][] = [
    ['an unsigned assertion', () => ({ sign: 'none' })],
    ['a signed response around an unsigned assertion', () => ({ sign: 'response' })],
    ['an assertion signed by another key', () => ({ signingKey: otherKey() })],
    ['another audience', () => ({ audience: `${PUBLIC_URL}/api/auth/saml/metadata/another-company` })],
    ['another recipient', () => ({ recipient: 'https://elsewhere.example/acs' })],
    ['an expired assertion', () => ({ issuedAt: new Date(Date.now() - 20 * 60 * 1000), validMs: 5 * 60 * 1000 })],
    ['an assertion not yet valid', () => ({ issuedAt: new Date(Date.now() + 20 * 60 * 1000) })],
    ['another issuer', () => ({ issuer: 'https://idp.elsewhere.example/metadata' })],
    ['an answer to another request', () => ({ inResponseTo: '_not-our-request' })],
  ];
  for (const [what, options] of refusals) {
    it(`refuses ${what}, and logs nobody in`, async () => {
      const c = await samlCompany();
      const email = `refused@${c.domain}`;
      const { res } = await signIn(c, email, options(c));
      expect(res.statusCode).toBe(303);
      expect(res.headers.location).toBe(refusedWith('refused'));
      expect(res.cookies.find((x) => x.name === 'kursa_session')).toBeUndefined();
      expect(await t.db.selectFrom('users').select('id').where('email', '=', email).execute()).toEqual([]);
    });
  }

  it("refuses an address on a domain the company has not verified, or on another company's", async () => {
    const a = await samlCompany();
    const b = await samlCompany();
    const unverified = await signIn(a, `ask@${a.domain}`, { nameId: `ask@not-verified-${a.domain}` });
    expect(unverified.res.headers.location).toBe(refusedWith('domain'));
    const others = await signIn(a, `ask@${a.domain}`, { nameId: `ask@${b.domain}` });
    expect(others.res.headers.location).toBe(refusedWith('domain'));
  });

  it('refuses an unknown or missing relay state', async () => {
    const c = await samlCompany();
    const request = await start(`lone@${c.domain}`);
    const response = await idp.response({ inResponseTo: request.id, audience: c.audience, recipient: ACS, nameId: `lone@${c.domain}` });
    expect((await post(response, 'not-a-relay-state')).headers.location).toBe(refusedWith('expired'));
    expect((await post(response, '')).headers.location).toBe(refusedWith('expired'));
    // The real one still answers once.
    expect((await post(response, request.relayState)).headers.location).toBe(`${PUBLIC_URL}/learn`);
  });
});

describe('SAML single logout', () => {
  it("the provider's signed logout request ends the session and is answered; an unsigned one changes nothing", async () => {
    const c = await samlCompany();
    const email = `slo@${c.domain}`;
    const { res } = await signIn(c, email, { sessionIndex: 'idp-session-slo' });
    const cookie = `kursa_session=${res.cookies.find((x) => x.name === 'kursa_session')!.value}`;
    expect((await t.app.inject({ url: '/api/me', headers: { cookie } })).statusCode).toBe(200);
    const slo = `/api/auth/saml/slo/${c.organisationId}`;

    const query = idp.logoutQuery({ nameId: email, sessionIndex: 'idp-session-slo', destination: `${PUBLIC_URL}${slo}` });
    const unsigned = query.replace(/&SigAlg=.*$/, '');
    expect((await t.app.inject({ url: `${slo}?${unsigned}` })).statusCode).toBe(400);
    const forged = query.replace(/Signature=[^&]+/, `Signature=${encodeURIComponent(Buffer.alloc(256, 1).toString('base64'))}`);
    expect((await t.app.inject({ url: `${slo}?${forged}` })).statusCode).toBe(400);
    expect((await t.app.inject({ url: '/api/me', headers: { cookie } })).statusCode).toBe(200);

    const answered = await t.app.inject({ url: `${slo}?${query}` });
    expect(answered.statusCode, answered.body).toBe(303);
    const back = new URL(answered.headers.location as string);
    expect(`${back.origin}${back.pathname}`).toBe(idp.sloUrl);
    expect(back.searchParams.get('SAMLResponse')).toBeTruthy();
    expect(back.searchParams.get('Signature')).toBeTruthy();
    expect(back.searchParams.get('RelayState')).toBe('back');
    expect((await t.app.inject({ url: '/api/me', headers: { cookie } })).statusCode).toBe(401);

    expect((await t.app.inject({ url: `/api/auth/saml/slo/no-such-company?${query}` })).statusCode).toBe(404);
  });

  it("the provider's logout request posted (HTTP-POST) must be signed in its XML, and then ends the session", async () => {
    const c = await samlCompany();
    const email = `post-slo@${c.domain}`;
    const { res } = await signIn(c, email, { sessionIndex: 'idp-session-post' });
    const cookie = `kursa_session=${res.cookies.find((x) => x.name === 'kursa_session')!.value}`;
    const slo = `/api/auth/saml/slo/${c.organisationId}`;
    const postLogout = (SAMLRequest: string) =>
      t.app.inject({
        method: 'POST',
        url: slo,
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'sec-fetch-site': 'cross-site' },
        payload: new URLSearchParams({ SAMLRequest, RelayState: 'back' }).toString(),
      });
    const destination = `${PUBLIC_URL}${slo}`;
    expect(
      (await postLogout(idp.logoutForm({ nameId: email, sessionIndex: 'idp-session-post', destination, sign: false }))).statusCode,
    ).toBe(400);
    expect((await t.app.inject({ url: '/api/me', headers: { cookie } })).statusCode).toBe(200);
    const answered = await postLogout(idp.logoutForm({ nameId: email, sessionIndex: 'idp-session-post', destination }));
    expect(answered.statusCode, answered.body).toBe(303);
    expect(answered.headers.location).toMatch(new RegExp(`^${idp.sloUrl}\\?SAMLResponse=`));
    expect((await t.app.inject({ url: '/api/me', headers: { cookie } })).statusCode).toBe(401);
  });

  it('a person of a SAML session who logs out is sent to the provider with a signed LogoutRequest for their session', async () => {
    const c = await samlCompany();
    const email = `bye@${c.domain}`;
    await signIn(c, email, { sessionIndex: 'idp-session-bye' });
    const link = await t.db
      .selectFrom('sso_sessions')
      .innerJoin('users', 'users.id', 'sso_sessions.user_id')
      .select('sso_sessions.session_id')
      .where('users.email', '=', email)
      .executeTakeFirstOrThrow();
    const { service } = setUpSso(
      t.db,
      { env: { PUBLIC_URL, SSO_ALLOW_HTTP_ISSUERS: false }, groups: { change: () => Promise.resolve() }, log: t.app.log },
      () => Promise.resolve(false),
    );
    const url = new URL((await service.providerLogoutUrl(link.session_id))!);
    expect(`${url.origin}${url.pathname}`).toBe(idp.sloUrl);
    expect(url.searchParams.get('Signature')).toBeTruthy();
    const request = inflateRawSync(Buffer.from(url.searchParams.get('SAMLRequest')!, 'base64')).toString('utf8');
    expect(request).toContain('LogoutRequest');
    expect(request).toContain(`>${email}</saml:NameID>`);
    expect(request).toMatch(/<\w+:SessionIndex[^>]*>idp-session-bye<\/\w+:SessionIndex>/);
    expect(await service.providerLogoutUrl('no-such-session')).toBeUndefined();
  });
});

describe("the provider's metadata by its address", () => {
  it('is read over https only, unless http is allowed (a local provider in development)', async () => {
    const served = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/samlmetadata+xml' });
      res.end(idp.metadata());
    });
    await new Promise<void>((resolve) => served.listen(0, '127.0.0.1', resolve));
    const address = `http://127.0.0.1:${(served.address() as AddressInfo).port}/metadata.xml`;
    const local = await createTestApp({ env: { SSO_ALLOW_HTTP_ISSUERS: 'true' } });
    try {
      const { cookie } = await registerCompany(t.app);
      const refused = await put(cookie, settings({ enabled: false, saml: { metadataUrl: address } }));
      expect(refused.statusCode).toBe(400);
      expect(refused.json().errors).toEqual({ 'saml.metadataUrl': expect.any(String) });

      const admin = await registerCompany(local.app);
      const read = await local.app.inject({
        method: 'PUT',
        url: '/api/organisation/sso',
        headers: { cookie: admin.cookie },
        payload: settings({ enabled: false, saml: { metadataUrl: address } }),
      });
      expect(read.statusCode, read.body).toBe(200);
      expect(read.json().saml).toMatchObject({ entityId: idp.entityId, ssoUrl: idp.ssoUrl, metadataUrl: address });
      expect(read.json().saml.certificates).toHaveLength(1);
    } finally {
      await local.close();
      await new Promise((resolve) => served.close(resolve));
    }
  });
});
