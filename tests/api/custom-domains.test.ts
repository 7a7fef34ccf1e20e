import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, registerCompany, type TestApp } from '../helpers/app.ts';
import { startTestDns, type TestDns } from '../helpers/dns.ts';
import { addMember, setPlan as setCompanyPlan } from '../helpers/media.ts';
import { insertCourse } from '../helpers/published-courses.ts';

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

const api = (cookie: string, method: 'GET' | 'PUT' | 'POST' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: { cookie }, ...(payload && { payload }) });
const setPlan = (organisationId: string, plan: 'starter' | 'professional') => setCompanyPlan(t.db, organisationId, plan);
let unique = 0;
const domainName = () => `kurser${++unique}-${Date.now().toString(36)}.firma.dk`;

/** A company with a published course and a domain it has added (not yet verified). */
async function companyWithDomain(domain = domainName()) {
  const { cookie, user } = await registerCompany(t.app);
  await insertCourse(t.db, user.organisationId, user.id, { title: 'Kursus på eget domæne', status: 'published' });
  const added = await api(cookie, 'PUT', '/api/organisation/domain', { domain: `https://${domain.toUpperCase()}/` });
  expect(added.statusCode, added.body).toBe(200);
  return { cookie, user, domain, added: added.json() };
}

describe('a company domain', () => {
  it('is added pending with the TXT record to create, verified once DNS has it, and then serves the site', async () => {
    const { cookie, domain, added } = await companyWithDomain();
    expect(added).toMatchObject({
      included: true,
      domain,
      status: 'pending',
      record: { type: 'TXT', name: `_kursa.${domain}`, value: expect.stringMatching(/^kursa-verification=[0-9a-f]{32}$/) },
      target: 'localhost',
      verifiedAt: null,
      siteUrl: null,
    });
    const site = () => t.app.inject({ url: '/', headers: { host: domain } });
    // Not yet: the Host is the main app's business (its SPA), not the company's site.
    expect((await site()).body).not.toContain('Kursus på eget domæne');

    const missing = await api(cookie, 'POST', '/api/organisation/domain/verify');
    expect(missing.statusCode).toBe(422);
    expect(missing.json()).toMatchObject({ code: 'DOMAIN_NOT_VERIFIED' });
    expect(missing.json().message).toContain(`_kursa.${domain}`);
    expect(dns.asked).toContain(`TXT _kursa.${domain}`);

    // A wrong value does not verify; the right one among others does.
    dns.txt.set(`_kursa.${domain}`, ['kursa-verification=wrong']);
    expect((await api(cookie, 'POST', '/api/organisation/domain/verify')).statusCode).toBe(422);
    dns.txt.set(`_kursa.${domain}`, ['v=spf1 -all', added.record.value]);
    const verified = await api(cookie, 'POST', '/api/organisation/domain/verify');
    expect(verified.statusCode, verified.body).toBe(200);
    expect(verified.json()).toMatchObject({ status: 'verified', siteUrl: `http://${domain}` });

    const page = await site();
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Kursus på eget domæne');
    expect(page.body).toContain(`<link rel="canonical" href="http://${domain}/">`);
    // The company's site only: no API, no session there.
    expect((await t.app.inject({ url: '/api/me', headers: { host: domain } })).statusCode).toBe(404);
    expect((await t.app.inject({ url: `/api/domains/allowed?domain=${domain}` })).statusCode).toBe(200);
  });

  it.each([
    ['no dot', 'intranet'],
    ['an IP address', '10.0.0.1'],
    ['a port', 'kurser.firma.dk:8443'],
    ['spaces', 'kurser firma.dk'],
    ['a label starting with a hyphen', '-kurser.firma.dk'],
  ])('refuses a domain with %s (400) and changes nothing', async (_case, domain) => {
    const { cookie, domain: kept } = await companyWithDomain();
    const res = await api(cookie, 'PUT', '/api/organisation/domain', { domain });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toHaveProperty('domain');
    expect((await api(cookie, 'GET', '/api/organisation/domain')).json().domain).toBe(kept);
  });

  it("takes an internationalised name in its ASCII form, refuses Kursa's own host and another company's domain", async () => {
    const { cookie } = await registerCompany(t.app);
    const idn = await api(cookie, 'PUT', '/api/organisation/domain', { domain: 'kurser.æble.dk' });
    expect(idn.json().domain).toBe('kurser.xn--ble-xla.dk');
    const ours = await api(cookie, 'PUT', '/api/organisation/domain', { domain: 'acme.localhost' });
    expect(ours.statusCode).toBe(400);
    expect(ours.json().code).toBe('DOMAIN_OURS');
    const { domain } = await companyWithDomain();
    const taken = await api(cookie, 'PUT', '/api/organisation/domain', { domain });
    expect(taken.statusCode).toBe(409);
    expect((await api(cookie, 'GET', '/api/organisation/domain')).json().domain).toBe('kurser.xn--ble-xla.dk');
  });

  it('is a plan feature for admins: Starter 403 PLAN_FEATURE, instructors read only, learners 403', async () => {
    const { cookie, user } = await registerCompany(t.app);
    const instructor = await addMember(t.app, t.db, user.organisationId, 'instructor');
    const learner = await addMember(t.app, t.db, user.organisationId, 'learner');
    expect((await api(instructor.cookie, 'GET', '/api/organisation/domain')).statusCode).toBe(200);
    expect((await api(instructor.cookie, 'PUT', '/api/organisation/domain', { domain: domainName() })).statusCode).toBe(403);
    expect((await api(learner.cookie, 'GET', '/api/organisation/domain')).statusCode).toBe(403);
    await setPlan(user.organisationId, 'starter');
    expect((await api(cookie, 'GET', '/api/organisation/domain')).json()).toMatchObject({ included: false, status: 'none' });
    const refused = await api(cookie, 'PUT', '/api/organisation/domain', { domain: domainName() });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('PLAN_FEATURE');
  });

  it('stops serving when removed, or when the plan no longer includes it; the TLS question follows', async () => {
    const { cookie, user, domain, added } = await companyWithDomain();
    dns.txt.set(`_kursa.${domain}`, [added.record.value]);
    expect((await api(cookie, 'POST', '/api/organisation/domain/verify')).statusCode).toBe(200);
    const allowed = (name: string) => t.app.inject({ url: `/api/domains/allowed?domain=${encodeURIComponent(name)}` });
    expect((await allowed(domain)).statusCode).toBe(200);
    expect((await allowed('unknown.example.dk')).statusCode).toBe(404);

    const site = () => t.app.inject({ url: '/', headers: { host: domain } });
    expect((await site()).body).toContain('Kursus på eget domæne');

    // A plan without it: the domain serves nothing, at once; the admin can still take it away.
    await setPlan(user.organisationId, 'starter');
    expect((await allowed(domain)).statusCode).toBe(404);
    expect((await site()).body).not.toContain('Kursus på eget domæne');
    await setPlan(user.organisationId, 'professional');
    expect((await site()).body).toContain('Kursus på eget domæne');
    await setPlan(user.organisationId, 'starter');
    expect((await api(cookie, 'DELETE', '/api/organisation/domain')).statusCode).toBe(200);
    await setPlan(user.organisationId, 'professional');
    expect((await allowed(domain)).statusCode).toBe(404);
    expect((await site()).body).not.toContain('Kursus på eget domæne');
    expect((await api(cookie, 'GET', '/api/organisation/domain')).json()).toMatchObject({ status: 'none', domain: null });
  });

  it("answers the TLS question for a company's subdomain, and for nothing else under Kursa's host", async () => {
    const { cookie } = await registerCompany(t.app);
    const subdomain = `tls-${Date.now().toString(36)}`;
    await api(cookie, 'PUT', '/api/organisation/subdomain', { subdomain });
    const allowed = (name: string) => t.app.inject({ url: `/api/domains/allowed?domain=${name}` });
    expect((await allowed(`${subdomain}.localhost`)).statusCode).toBe(200);
    expect((await allowed(`nobody-${subdomain}.localhost`)).statusCode).toBe(404);
    expect((await allowed(`a.${subdomain}.localhost`)).statusCode).toBe(404);
    expect((await t.app.inject({ url: '/api/domains/allowed' })).statusCode).toBe(400);
  });
});
