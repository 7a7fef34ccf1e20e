import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CvrApiRegistry } from '../../src/server/cvr/cvrapi.ts';
import type { FastifyInstance } from 'fastify';
import { buildTestApp, createTestApp, registration, type TestApp } from '../helpers/app.ts';
import { company, error, startFakeCvrApi, type FakeCvrApi } from '../helpers/fake-cvrapi.ts';

const USER_AGENT = 'Kursa test suite - dev@kursa.example';

describe('GET /api/cvr/:cvr with the offline registry', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('answers a bundled company with every field of the look-up’s fixed shape', async () => {
    const res = await t.app.inject({ url: '/api/cvr/25052943' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      cvr: '25052943',
      companyName: 'MAGENTA ApS',
      address: 'Pilestræde 43',
      city: 'København K',
      postalCode: '1112',
      phone: null,
      email: 'info@magenta.dk',
      contactName: null,
      owners: [],
      source: 'offline',
    });
  });

  it('accepts spaces and hyphens', async () => {
    expect((await t.app.inject({ url: '/api/cvr/24%2025-67%2090' })).json().companyName).toBe('NOVO NORDISK A/S');
  });

  it('is 400 for a bad checksum and 404 for a valid number it does not know', async () => {
    const bad = await t.app.inject({ url: '/api/cvr/12345678' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Indtast et gyldigt CVR-nummer');
    const unknown = await t.app.inject({ url: '/api/cvr/10000009' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('Kunne ikke finde virksomhed med dette CVR-nummer.');
  });

  it('limits look-ups per client to 30 an hour', async () => {
    const remoteAddress = '10.1.2.3';
    for (let i = 0; i < 30; i++) expect((await t.app.inject({ url: '/api/cvr/25052943', remoteAddress })).statusCode).toBe(200);
    const limited = await t.app.inject({ url: '/api/cvr/25052943', remoteAddress });
    expect(limited.statusCode).toBe(429);
    expect(limited.json().code).toBe('RATE_LIMITED');
  });

  it('stores a registration as not verified: a bundled fixture proves nothing by itself', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/register', payload: registration({ cvrNumber: '24256790' }) });
    expect(res.statusCode).toBe(201);
    expect(res.json().companyVerified).toBe(false);
  });
});

describe('cvrapi.dk client against a local fake of the service', () => {
  let fake: FakeCvrApi;
  let t: TestApp;
  /** The same database behind a registry client that gives up after 300 ms, for the number the fake never answers. */
  let hung: FastifyInstance;
  beforeAll(async () => {
    fake = await startFakeCvrApi({
      '24256790': company({
        vat: 24256790,
        name: 'NOVO NORDISK A/S',
        address: 'Novo Allé 1',
        zipcode: '2880',
        city: 'Bagsværd',
        phone: '44448888',
        email: null,
        owners: [{ name: 'Lars Fruergaard Jørgensen' }, { name: 'Anden Ejer' }],
      }),
      '22756214': company({
        vat: 22756214,
        name: 'A.P. MØLLER - MÆRSK A/S',
        address: 'Esplanaden 50',
        zipcode: 1263,
        city: 'København K',
        phone: null,
        owners: null,
      }),
      '61056416': error('QUOTA_EXCEEDED', 402),
      '61126228': 'hang',
      '54562519': { status: 500, body: '<html>Internal error</html>', contentType: 'text/html' },
      '10403782': error('INVALID_UA'),
      '36213728': company({ vat: 11111111, name: 'Someone Else A/S' }),
      '30000005': {
        ...company({ vat: 30000005, name: 'Langsom ApS', address: 'Vejen 1', zipcode: '8000', city: 'Aarhus C' }),
        delayMs: 1000,
      },
    });
    // The registry's own deadline: a loaded machine (the whole suite on two cores) can take
    // hundreds of milliseconds to answer from this same process, so a short deadline here would
    // turn healthy answers into 502s. Only the registry that is left hanging gets a short one.
    const env = { CVR_PROVIDER: 'cvrapi', CVRAPI_USER_AGENT: USER_AGENT };
    t = await createTestApp({ env, cvrRegistry: new CvrApiRegistry({ userAgent: USER_AGENT, baseUrl: fake.url }) });
    hung = await buildTestApp(t.database, {
      env,
      cvrRegistry: new CvrApiRegistry({ userAgent: USER_AGENT, baseUrl: fake.url, timeoutMs: 300 }),
    });
  });
  afterAll(async () => {
    await hung.close();
    await t.close();
    await fake.close();
  });

  it('asks /api?search=<cvr>&country=dk with our User-Agent and maps the answer', async () => {
    const res = await t.app.inject({ url: '/api/cvr/24256790' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      cvr: '24256790',
      companyName: 'NOVO NORDISK A/S',
      address: 'Novo Allé 1',
      city: 'Bagsværd',
      postalCode: '2880',
      phone: '44448888',
      email: null,
      contactName: 'Lars Fruergaard Jørgensen',
      owners: [{ name: 'Lars Fruergaard Jørgensen' }, { name: 'Anden Ejer' }],
      source: 'cvrapi',
    });
    expect(fake.requests.at(-1)).toEqual({ path: '/api?search=24256790&country=dk', userAgent: USER_AGENT });
  });

  it('copes with null owners and numeric zip codes', async () => {
    const res = await t.app.inject({ url: '/api/cvr/22756214' });
    expect(res.json()).toMatchObject({ postalCode: '1263', owners: [], contactName: null, phone: null });
  });

  it('caches answers for a day, so the daily quota is not spent twice', async () => {
    const before = fake.requests.length;
    await t.app.inject({ url: '/api/cvr/24256790' });
    await t.app.inject({ url: '/api/cvr/24256790' });
    expect(fake.requests.length).toBe(before);
    // An answer older than a day is asked again.
    await t.db
      .updateTable('cvr_cache')
      .set({ fetched_at: new Date(Date.now() - 25 * 3600 * 1000).toISOString() })
      .execute();
    await t.app.inject({ url: '/api/cvr/24256790' });
    expect(fake.requests.length).toBe(before + 1);
  });

  it('waits for a registry that is slow but answers, as one under load is', async () => {
    const res = await t.app.inject({ url: '/api/cvr/30000005' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ cvr: '30000005', companyName: 'Langsom ApS' });
  });

  it('is 404 for NOT_FOUND, and caches that too', async () => {
    const res = await t.app.inject({ url: '/api/cvr/58233528' });
    expect(res.statusCode).toBe(404);
    const before = fake.requests.length;
    expect((await t.app.inject({ url: '/api/cvr/58233528' })).statusCode).toBe(404);
    expect(fake.requests.length).toBe(before);
  });

  it('is 404 when the search answers another company', async () => {
    expect((await t.app.inject({ url: '/api/cvr/36213728' })).statusCode).toBe(404);
  });

  it('is 503 with a clear message when the quota is spent', async () => {
    const res = await t.app.inject({ url: '/api/cvr/61056416', headers: { 'accept-language': 'en' } });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({
      code: 'CVR_QUOTA',
      message: "Today's quota of CVR look-ups is used up. Try again tomorrow, or fill in the fields yourself.",
    });
    expect(res.headers['retry-after']).toBeDefined();
  });

  it('is 502, never a bare 500, when the registry times out, breaks or refuses us', async () => {
    for (const [app, cvr] of [
      [hung, '61126228'],
      [t.app, '54562519'],
      [t.app, '10403782'],
    ] as const) {
      const res = await app.inject({ url: `/api/cvr/${cvr}` });
      expect(res.statusCode, cvr).toBe(502);
      expect(res.json()).toEqual({
        code: 'CVR_UNAVAILABLE',
        message: 'CVR-registret svarer ikke lige nu. Prøv igen senere, eller udfyld felterne selv.',
      });
    }
  });

  it('does not verify a registration just because the registry knows the company', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/register', payload: registration({ cvrNumber: '22756214' }) });
    expect(res.statusCode).toBe(201);
    expect(res.json().companyVerified).toBe(false);
    const stored = await t.db
      .selectFrom('organisations')
      .select(['verified', 'registry_status'])
      .where('cvr', '=', '22756214')
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({ verified: 0, registry_status: 'found' });
  });

  it('refuses a registration the registry does not know, and stores nothing', async () => {
    const body = registration({ cvrNumber: '58233528' });
    const res = await t.app.inject({ method: 'POST', url: '/api/register', payload: body });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'CVR_UNKNOWN', errors: { cvrNumber: expect.stringContaining('CVR-registret') } });
    expect(await t.db.selectFrom('users').select('id').where('email', '=', body.email).executeTakeFirst()).toBeUndefined();
  });

  it('never lets a registry that is down or over quota block registration', async () => {
    for (const [app, cvr] of [
      [hung, '61126228'],
      [t.app, '61056416'],
    ] as const) {
      const res = await app.inject({ method: 'POST', url: '/api/register', payload: registration({ cvrNumber: cvr }) });
      expect(res.statusCode, cvr).toBe(201);
      expect(res.json().companyVerified).toBe(false);
    }
  });
});
