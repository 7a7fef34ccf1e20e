import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contrastRatio } from '../../src/shared/brand.ts';
import { createTestApp, registerCompany, type TestApp } from '../helpers/app.ts';
import { addMember, setPlan as setCompanyPlan, uploadBrandImage } from '../helpers/media.ts';
import { insertCourse } from '../helpers/published-courses.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const brand = (cookie: string, method: 'GET' | 'PUT' = 'GET', payload?: unknown) =>
  t.app.inject({
    method,
    url: '/api/organisation/brand',
    headers: { cookie },
    ...(payload !== undefined && { payload: payload as object }),
  });

const uploadAsset = (cookie: string, asset: string, data?: Buffer, filename?: string) =>
  uploadBrandImage(t.app, cookie, asset, data, filename);
const setPlan = (organisationId: string, plan: 'starter' | 'professional') => setCompanyPlan(t.db, organisationId, plan);

let unique = 0;
async function companyWithSite() {
  const { cookie, user } = await registerCompany(t.app);
  const subdomain = `brand-${Date.now().toString(36)}-${++unique}`;
  expect(
    (await t.app.inject({ method: 'PUT', url: '/api/organisation/subdomain', headers: { cookie }, payload: { subdomain } })).statusCode,
  ).toBe(200);
  await insertCourse(t.db, user.organisationId, user.id, { title: 'Brandet kursus', status: 'published' });
  const site = (path = '/') => t.app.inject({ url: path, headers: { host: `${subdomain}.localhost:5000` } });
  return { cookie, user, site };
}

describe('a company brand', () => {
  it('starts empty, keeps a colour and a hero text, and answers the shades it draws with, each passing AA', async () => {
    const { cookie } = await registerCompany(t.app);
    expect((await brand(cookie)).json()).toEqual({
      colour: null,
      palette: null,
      logoUrl: null,
      heroImageUrl: null,
      heroText: null,
      whiteLabel: false,
      whiteLabelIncluded: true,
    });
    // A light yellow: white text on it fails AA, so buttons get a darker shade of it.
    const res = await brand(cookie, 'PUT', { colour: '#FACC15', heroText: '  Kurser for hele Norden  ', whiteLabel: false });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ colour: '#facc15', heroText: 'Kurser for hele Norden' });
    expect(body.palette.adjusted).toBe(true);
    expect(body.palette.primary).not.toBe('#facc15');
    expect(contrastRatio(body.palette.primary, '#ffffff')).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio(body.palette.accentLight, '#f8fafc')).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio(body.palette.accentLight, body.palette.softLight)).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio(body.palette.accentDark, '#0b1020')).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio(body.palette.accentDark, body.palette.softDark)).toBeGreaterThanOrEqual(4.5);
    // A dark blue passes as it is.
    const blue = (await brand(cookie, 'PUT', { colour: '#1d4ed8', heroText: null, whiteLabel: false })).json();
    expect(blue.palette).toMatchObject({ primary: '#1d4ed8', adjusted: false });
    expect(blue.heroText).toBeNull();
  });

  it.each([
    ['a colour name', { colour: 'red', heroText: null, whiteLabel: false }, 'colour'],
    ['a short hex colour', { colour: '#fff', heroText: null, whiteLabel: false }, 'colour'],
    ['a hero text over 300 characters', { colour: null, heroText: 'x'.repeat(301), whiteLabel: false }, 'heroText'],
  ])('refuses %s with 400 and changes nothing', async (_case, payload, field) => {
    const { cookie } = await registerCompany(t.app);
    await brand(cookie, 'PUT', { colour: '#1d4ed8', heroText: 'Før', whiteLabel: false });
    const res = await brand(cookie, 'PUT', payload);
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().errors)).toContain(field);
    expect((await brand(cookie)).json()).toMatchObject({ colour: '#1d4ed8', heroText: 'Før' });
  });

  it('is changed by admins only; instructors read it, learners get 403', async () => {
    const { cookie, user } = await registerCompany(t.app);
    const instructor = await addMember(t.app, t.db, user.organisationId, 'instructor');
    const learner = await addMember(t.app, t.db, user.organisationId, 'learner');
    expect((await brand(instructor.cookie)).statusCode).toBe(200);
    expect((await brand(instructor.cookie, 'PUT', { colour: '#000000', heroText: null, whiteLabel: false })).statusCode).toBe(403);
    expect((await uploadAsset(instructor.cookie, 'logo')).statusCode).toBe(403);
    expect((await brand(learner.cookie)).statusCode).toBe(403);
    expect((await brand(cookie)).json().colour).toBeNull();
  });

  it('white label is a plan feature: refused on Starter, kept on Professional', async () => {
    const { cookie, user } = await registerCompany(t.app);
    await setPlan(user.organisationId, 'starter');
    const refused = await brand(cookie, 'PUT', { colour: null, heroText: null, whiteLabel: true });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('PLAN_FEATURE');
    expect((await brand(cookie)).json()).toMatchObject({ whiteLabel: false, whiteLabelIncluded: false });
    await setPlan(user.organisationId, 'professional');
    expect((await brand(cookie, 'PUT', { colour: null, heroText: null, whiteLabel: true })).json()).toMatchObject({ whiteLabel: true });
  });

  it('takes a logo and a hero image (images only), and the site shows them, the colours and the text', async () => {
    const { cookie, site } = await companyWithSite();
    const notImage = await uploadAsset(cookie, 'logo', Buffer.from('%PDF-1.4 not an image'), 'logo.pdf');
    expect(notImage.statusCode).toBe(415);
    expect((await uploadAsset(cookie, 'banner')).statusCode).toBe(400);
    expect((await uploadAsset(cookie, 'logo')).statusCode).toBe(200);
    const withHero = await uploadAsset(cookie, 'hero');
    const { logoUrl, heroImageUrl } = withHero.json();
    expect(logoUrl).toMatch(/^\/api\/uploads\//);
    expect(heroImageUrl).toMatch(/^\/api\/uploads\//);
    await brand(cookie, 'PUT', { colour: '#facc15', heroText: 'Vi lærer sammen.', whiteLabel: false });

    const page = await site();
    expect(page.statusCode).toBe(200);
    const logoId = logoUrl.split('/').at(-1);
    const heroId = heroImageUrl.split('/').at(-1);
    expect(page.body).toContain(`<img src="/media/${logoId}" alt="" height="40">`);
    expect(page.body).toContain(`src="/media/${heroId}"`);
    expect(page.body).toContain('Vi lærer sammen.');
    const palette = (await brand(cookie)).json().palette;
    expect(page.body).toContain(`--primary:${palette.primary}`);
    expect(page.body).toContain(`--accent:${palette.accentDark}`);
    expect(page.body).toContain('Kursa');
    // The images come from the site's own origin; another upload of the company does not.
    const logo = await site(`/media/${logoId}`);
    expect(logo.statusCode).toBe(200);
    expect(logo.headers['content-type']).toBe('image/png');
    expect((await site(`/media/${heroId}`)).statusCode).toBe(200);

    // Removing the logo takes it off the site, and its file is no longer served there.
    expect((await t.app.inject({ method: 'DELETE', url: '/api/organisation/brand/logo', headers: { cookie } })).json().logoUrl).toBeNull();
    expect((await site()).body).not.toContain(`/media/${logoId}`);
    expect((await site(`/media/${logoId}`)).statusCode).toBe(404);
  });

  it('with white label the site names the company instead of Kursa', async () => {
    const { cookie, user, site } = await companyWithSite();
    expect((await site()).body).toContain('Kursa');
    await brand(cookie, 'PUT', { colour: null, heroText: null, whiteLabel: true });
    const page = (await site()).body;
    expect(page).not.toMatch(/Kursa/i);
    const { name } = await t.db.selectFrom('organisations').select('name').where('id', '=', user.organisationId).executeTakeFirstOrThrow();
    expect(page).toContain(`© ${name}`);
    // On a plan without it, the choice is kept but does not apply.
    await setPlan(user.organisationId, 'starter');
    expect((await site()).body).toContain('Kursa');
  });
});
