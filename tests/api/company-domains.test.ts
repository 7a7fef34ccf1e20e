import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifiedDomainOwner } from '../../src/server/domains/identity/index.ts';
import { createTestApp, registerCompany, type TestApp } from '../helpers/app.ts';
import { startTestDns, type TestDns } from '../helpers/dns.ts';
import { addMember } from '../helpers/media.ts';

let t: TestApp;
let dns: TestDns;
beforeAll(async () => {
  dns = await startTestDns();
  t = await createTestApp({ env: { DNS_SERVERS: dns.server } });
});
afterAll(async () => {
  await t.close();
  await dns.close();
});

const api = (cookie: string, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: { cookie }, ...(payload && { payload }) });
let unique = 0;
const domainName = () => `firma${++unique}-${Date.now().toString(36)}.dk`;
const actions = async (organisationId: string) =>
  (await t.db.selectFrom('audit_log').select('action').where('organisation_id', '=', organisationId).orderBy('seq').execute()).map(
    (r) => r.action,
  );

async function added(cookie: string, domain: string) {
  const res = await api(cookie, 'POST', '/api/organisation/domains', { domain });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

describe("a company's e-mail domains", () => {
  it('are added pending with a TXT record, verified once DNS has it, and removed', async () => {
    const { cookie, user } = await registerCompany(t.app);
    const domain = domainName();
    const row = await added(cookie, ` https://${domain.toUpperCase()}/ `);
    expect(row).toMatchObject({
      domain,
      status: 'pending',
      method: null,
      verifiedAt: null,
      record: { type: 'TXT', name: `_kursa-verification.${domain}`, value: expect.stringMatching(/^kursa-verification=[0-9a-f]{32}$/) },
    });
    // The same domain twice: the company has it.
    expect((await api(cookie, 'POST', '/api/organisation/domains', { domain })).statusCode).toBe(409);

    const missing = await api(cookie, 'POST', `/api/organisation/domains/${row.id}/verify`);
    expect(missing.statusCode).toBe(409);
    expect(missing.json()).toMatchObject({ code: 'DOMAIN_NOT_VERIFIED' });
    expect(missing.json().message).toContain(row.record.value);
    expect(dns.asked).toContain(`TXT _kursa-verification.${domain}`);
    expect(await verifiedDomainOwner(t.db, domain)).toBeNull();

    dns.txt.set(`_kursa-verification.${domain}`, ['v=spf1 -all', row.record.value]);
    const verified = await api(cookie, 'POST', `/api/organisation/domains/${row.id}/verify`);
    expect(verified.statusCode, verified.body).toBe(200);
    expect(verified.json()).toMatchObject({ status: 'verified', method: 'dns', verifiedAt: expect.any(String) });
    expect(await verifiedDomainOwner(t.db, domain.toUpperCase())).toBe(user.organisationId);
    expect((await api(cookie, 'GET', '/api/organisation/domains')).json().domains).toEqual([verified.json()]);

    const removed = await api(cookie, 'DELETE', `/api/organisation/domains/${row.id}`);
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toEqual({ domains: [] });
    expect(await verifiedDomainOwner(t.db, domain)).toBeNull();
    expect(await actions(user.organisationId)).toEqual(expect.arrayContaining(['domain.added', 'domain.verified', 'domain.removed']));
  });

  it('an internationalised name is kept in its ASCII form', async () => {
    const { cookie } = await registerCompany(t.app);
    expect((await added(cookie, `æble${++unique}.dk`)).domain).toMatch(/^xn--ble\d+-/);
  });

  it('verified by one company cannot be verified by another, whose add captures nothing', async () => {
    const a = await registerCompany(t.app);
    const b = await registerCompany(t.app);
    const domain = domainName();
    const ofA = await added(a.cookie, domain);
    const ofB = await added(b.cookie, domain);
    dns.txt.set(`_kursa-verification.${domain}`, [ofA.record.value, ofB.record.value]);
    expect((await api(a.cookie, 'POST', `/api/organisation/domains/${ofA.id}/verify`)).statusCode).toBe(200);

    const second = await api(b.cookie, 'POST', `/api/organisation/domains/${ofB.id}/verify`);
    expect(second.statusCode).toBe(409);
    expect(second.json()).toMatchObject({ code: 'DOMAIN_TAKEN' });
    expect((await api(b.cookie, 'GET', '/api/organisation/domains')).json().domains).toMatchObject([{ domain, status: 'pending' }]);
    expect(await verifiedDomainOwner(t.db, domain)).toBe(a.user.organisationId);
  });

  it.each(['gmail.com', 'Outlook.com', 'hotmail.com', 'live.dk', 'yahoo.com', 'icloud.com', 'proton.me', 'mail1.stofanet.dk'])(
    "refuses the public mail provider's domain %s (400)",
    async (domain) => {
      const { cookie } = await registerCompany(t.app);
      const res = await api(cookie, 'POST', '/api/organisation/domains', { domain });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'PUBLIC_MAIL_DOMAIN' });
      expect((await api(cookie, 'GET', '/api/organisation/domains')).json().domains).toEqual([]);
    },
  );

  it.each(['intranet', '10.0.0.1', 'firma.dk:8443', 'fir ma.dk', 'bob@firma.dk'])('refuses %s as no domain name (400)', async (domain) => {
    const { cookie } = await registerCompany(t.app);
    expect((await api(cookie, 'POST', '/api/organisation/domains', { domain })).statusCode).toBe(400);
  });

  it('is verified at once when it is the domain of the registry e-mail the company proved itself by', async () => {
    const { cookie, user } = await registerCompany(t.app);
    const domain = domainName();
    await t.db
      .updateTable('organisations')
      .set({ verified: 1, verified_method: 'domain', registry_email: `info@${domain}` })
      .where('id', '=', user.organisationId)
      .execute();
    expect(await added(cookie, domain)).toMatchObject({ status: 'verified', method: 'registry' });
    // Another domain is not proved by the registry address.
    expect(await added(cookie, domainName())).toMatchObject({ status: 'pending', method: null });
    expect(await verifiedDomainOwner(t.db, domain)).toBe(user.organisationId);

    // Proved by a code read at the registry address itself, not by the domain: nothing at once.
    const other = await registerCompany(t.app);
    const otherDomain = domainName();
    await t.db
      .updateTable('organisations')
      .set({ verified: 1, verified_method: 'code', registry_email: `info@${otherDomain}` })
      .where('id', '=', other.user.organisationId)
      .execute();
    expect(await added(other.cookie, otherDomain)).toMatchObject({ status: 'pending' });
  });

  it("another company's domain is 404, and only admins see or change them (403)", async () => {
    const a = await registerCompany(t.app);
    const b = await registerCompany(t.app);
    const row = await added(a.cookie, domainName());
    expect((await api(b.cookie, 'POST', `/api/organisation/domains/${row.id}/verify`)).statusCode).toBe(404);
    expect((await api(b.cookie, 'DELETE', `/api/organisation/domains/${row.id}`)).statusCode).toBe(404);
    expect((await api(a.cookie, 'GET', '/api/organisation/domains')).json().domains).toHaveLength(1);

    for (const role of ['learner', 'instructor'] as const) {
      const member = await addMember(t.app, t.db, a.user.organisationId, role);
      expect((await api(member.cookie, 'GET', '/api/organisation/domains')).statusCode).toBe(403);
      expect((await api(member.cookie, 'POST', '/api/organisation/domains', { domain: domainName() })).statusCode).toBe(403);
      expect((await api(member.cookie, 'POST', `/api/organisation/domains/${row.id}/verify`)).statusCode).toBe(403);
      expect((await api(member.cookie, 'DELETE', `/api/organisation/domains/${row.id}`)).statusCode).toBe(403);
    }
    expect((await t.app.inject({ url: '/api/organisation/domains' })).statusCode).toBe(401);
  });
});
