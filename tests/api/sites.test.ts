import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertUser } from '../../src/server/domains/identity/users/repository.ts';
import { hashPassword } from '../../src/server/security/passwords.ts';
import { createTestApp, registerCompany, sessionCookie, type TestApp } from '../helpers/app.ts';
import { pdf, PNG, upload } from '../helpers/media.ts';
import { insertCourse } from '../helpers/published-courses.ts';

const RULE = 'Subdomain must be 3-63 characters, lowercase letters, numbers, and hyphens only';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

function putSubdomain(cookie: string | undefined, subdomain: unknown, headers: Record<string, string> = {}) {
  return t.app.inject({
    method: 'PUT',
    url: '/api/organisation/subdomain',
    payload: { subdomain },
    headers: { ...(cookie && { cookie }), ...headers },
  });
}

async function addMember(organisationId: string, role: 'instructor' | 'learner', contactName = 'Ib Instruktør') {
  const id = `${role}-${Date.now()}-${Math.random().toString(36).slice(2)}`;
  const email = `${id}@example.dk`;
  await insertUser(t.db, {
    id,
    organisationId,
    email,
    passwordHash: await hashPassword('member-pass-1'),
    contactName,
    phone: '87654321',
    role,
  });
  const res = await t.app.inject({ method: 'POST', url: '/api/login', payload: { email, password: 'member-pass-1' } });
  return { id, cookie: sessionCookie(res) };
}

let unique = 0;
const name = (base: string) => `${base}-${++unique}-${Math.random().toString(36).slice(2, 6)}`;

describe('PUT /api/organisation/subdomain', () => {
  it('lets an admin choose one and answers with the site URL on the host of PUBLIC_URL', async () => {
    const { cookie } = await registerCompany(t.app);
    const sub = name('acme');
    const res = await putSubdomain(cookie, sub);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ subdomain: sub, siteUrl: `http://${sub}.localhost:5000` });
    const site = await t.app.inject({ url: '/api/organisation/site', headers: { cookie } });
    expect(site.json()).toEqual({ subdomain: sub, siteUrl: `http://${sub}.localhost:5000`, siteHost: 'localhost:5000' });
    // Setting the same name again is fine; choosing another moves the site.
    expect((await putSubdomain(cookie, sub)).statusCode).toBe(200);
    const other = name('nyt-navn');
    expect((await putSubdomain(cookie, other)).json()).toMatchObject({ subdomain: other });
    expect((await t.app.inject({ url: '/api/organisation/site', headers: { cookie } })).json()).toMatchObject({ subdomain: other });
  });

  it('normalises the input: lower-cased, other characters stripped', async () => {
    const { cookie } = await registerCompany(t.app);
    const suffix = Math.random().toString(36).slice(2, 8);
    const res = await putSubdomain(cookie, `Nordisk Læring_${suffix}!`);
    expect(res.statusCode).toBe(200);
    expect(res.json().subdomain).toBe(`nordisklring${suffix}`);
  });

  it.each([
    ['too short', 'ab'],
    ['empty', ''],
    ['only stripped characters', 'æøå!!'],
    ['starting with a hyphen', '-abc'],
    ['ending with a hyphen', 'abc-'],
    ['a single character and hyphens', 'a--'],
  ])('refuses a subdomain %s with the message stating the rule', async (_case, value) => {
    const { cookie } = await registerCompany(t.app);
    const res = await putSubdomain(cookie, value);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION', message: RULE, errors: { subdomain: RULE } });
    expect((await t.app.inject({ url: '/api/organisation/site', headers: { cookie } })).json().subdomain).toBeNull();
  });

  it('accepts 3 and 63 characters, digits and inner hyphens; keeps at most 63 of what is typed', async () => {
    const { cookie } = await registerCompany(t.app);
    const three = `x${Math.random().toString(36).slice(2, 4)}`.padEnd(3, '0');
    expect((await putSubdomain(cookie, three)).statusCode).toBe(200);
    const long = `a-${Date.now()}-`.padEnd(63, 'b');
    expect(long).toHaveLength(63);
    expect((await putSubdomain(cookie, long)).json().subdomain).toBe(long);
    const tooLong = `c-${Date.now()}-`.padEnd(70, 'd');
    expect((await putSubdomain(cookie, tooLong)).json().subdomain).toBe(tooLong.slice(0, 63));
    expect((await putSubdomain(cookie, 123)).statusCode).toBe(400);
  });

  it.each(['www', 'api', 'admin', 'app', 'mail'])('refuses the reserved name %s', async (reserved) => {
    const { cookie } = await registerCompany(t.app);
    const res = await putSubdomain(cookie, reserved);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'SUBDOMAIN_RESERVED', errors: { subdomain: 'Det subdomæne er reserveret. Vælg et andet.' } });
    const en = await putSubdomain(cookie, reserved, { 'accept-language': 'en' });
    expect(en.json().message).toBe('That subdomain is reserved. Choose another.');
  });

  it("refuses another company's subdomain with 409, also when two claim it at once", async () => {
    const a = await registerCompany(t.app);
    const b = await registerCompany(t.app);
    const sub = name('taken');
    expect((await putSubdomain(a.cookie, sub)).statusCode).toBe(200);
    const res = await putSubdomain(b.cookie, sub.toUpperCase());
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'SUBDOMAIN_TAKEN', message: 'Det subdomæne er allerede i brug. Vælg et andet.' });
    expect((await t.app.inject({ url: '/api/organisation/site', headers: { cookie: b.cookie } })).json().subdomain).toBeNull();

    const c = await registerCompany(t.app);
    const d = await registerCompany(t.app);
    const raced = name('race');
    const answers = await Promise.all([putSubdomain(c.cookie, raced), putSubdomain(d.cookie, raced)]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
  });

  it('is for admins only: instructors and learners get 403, strangers 401; members may read the site', async () => {
    const { cookie, user } = await registerCompany(t.app);
    const sub = name('roles');
    await putSubdomain(cookie, sub);
    for (const role of ['instructor', 'learner'] as const) {
      const member = await addMember(user.organisationId, role);
      const res = await putSubdomain(member.cookie, name('mine'));
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('FORBIDDEN');
      const site = await t.app.inject({ url: '/api/organisation/site', headers: { cookie: member.cookie } });
      expect(site.json()).toMatchObject({ subdomain: sub });
    }
    expect((await putSubdomain(undefined, name('anon'))).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/api/organisation/site' })).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/api/organisation/site', headers: { cookie } })).json().subdomain).toBe(sub);
  });
});

describe('company sites at {subdomain}.{host of PUBLIC_URL}', () => {
  let sub: string;
  let otherSub: string;
  const slugs: Record<string, string> = {};

  beforeAll(async () => {
    const { cookie, user } = await registerCompany(t.app, { companyName: 'Fjord & Fyr <Kurser> ApS', contactName: 'Mette Holm' });
    sub = name('fjord');
    await putSubdomain(cookie, sub);
    const org = user.organisationId;
    const make = async (key: string, fields: Parameters<typeof insertCourse>[3], outline?: Parameters<typeof insertCourse>[4]) => {
      slugs[key] = (await insertCourse(t.db, org, user.id, { slug: name(key), ...fields }, outline)).slug;
    };
    await make(
      'public',
      {
        title: 'Ledelse i praksis <script>alert(1)</script>',
        subtitle: 'For nye ledere',
        description: 'Første afsnit.\n\nAndet afsnit om feedback.',
        level: 'intermediate',
        duration_minutes: 150,
        pricing: 'paid',
        price: 149_900,
        currency: 'DKK',
        learningObjectives: ['Give feedback der virker'],
        target_audience: 'Nye teamledere',
      },
      [
        {
          title: 'Modul et: Rollen',
          lessons: [
            {
              title: 'Hvad en leder gør',
              duration: 12,
              content: { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'HEMMELIGT LEKTIONSINDHOLD' }] }] },
            },
          ],
        },
        { title: 'Modul to: Samtalen', lessons: [{ title: 'Quiz om samtaler', kind: 'quiz' }] },
      ],
    );
    await make('unlisted', { title: 'Skjult kursus om budgetter', visibility: 'unlisted' });
    await make('private', { title: 'Privat kursus om løn', visibility: 'private' });
    await make('draft', { title: 'Kladde om strategi', status: 'draft' });
    await make('archived', { title: 'Arkiveret kursus om Excel', status: 'archived', published_at: new Date().toISOString() });

    const other = await registerCompany(t.app, { companyName: 'Anden Virksomhed ApS' });
    otherSub = name('anden');
    await putSubdomain(other.cookie, otherSub);
    slugs.foreign = (
      await insertCourse(t.db, other.user.organisationId, other.user.id, { title: 'Fremmed kursus', slug: name('foreign') })
    ).slug;
  });

  const get = (path: string, host: string, headers: Record<string, string> = {}) =>
    t.app.inject({ url: path, headers: { host, ...headers } });
  const site = () => `${sub}.localhost:5000`;

  it('serves the company page: its public courses as cards, nothing else, escaped, in Danish by default', async () => {
    const res = await get('/', site());
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    const body = res.body;
    expect(body).toContain('<html lang="da">');
    expect(body).toContain('<title>Fjord &amp; Fyr &lt;Kurser&gt; ApS · Kurser</title>');
    expect(body).toContain(`<link rel="canonical" href="http://${sub}.localhost:5000/">`);
    expect(body).toContain('Ledelse i praksis &lt;script&gt;alert(1)&lt;/script&gt;');
    expect(body).not.toContain('<script>');
    expect(body).toContain(`href="/courses/${slugs.public}"`);
    expect(body).toContain('For nye ledere');
    expect(body).toContain('Øvet');
    expect(body).toContain('2 t 30 min');
    expect(body).toContain('1.499,00');
    expect(body).toContain('Mette Holm');
    for (const hidden of ['Skjult kursus', 'Privat kursus', 'Kladde om strategi', 'Arkiveret kursus', 'Fremmed kursus'])
      expect(body).not.toContain(hidden);
  });

  it('answers in English when the browser asks, or when ?lang=en is chosen', async () => {
    const en = await get('/', site(), { 'accept-language': 'en-GB,en;q=0.9' });
    expect(en.body).toContain('<html lang="en">');
    expect(en.body).toContain('Intermediate');
    expect(en.body).toMatch(/DKK\s1,499\.00/);
    expect(en.headers.vary).toContain('Accept-Language');
    const chosen = await get(`/courses/${slugs.public}?lang=en`, site(), { 'accept-language': 'da' });
    expect(chosen.body).toContain('<html lang="en">');
    expect(chosen.body).toContain('>Enroll</a>');
    expect(chosen.body).toContain('Course outline');
  });

  it("serves a public course's landing page: outline without lesson contents, facts, and an honest Enroll link", async () => {
    const res = await get(`/courses/${slugs.public}`, site());
    expect(res.statusCode).toBe(200);
    const body = res.body;
    expect(body).toContain('<h1 id="course-title">Ledelse i praksis &lt;script&gt;');
    expect(body).toContain('<p>Første afsnit.</p>');
    expect(body).toContain('<p>Andet afsnit om feedback.</p>');
    expect(body).toContain('Modul et: Rollen');
    expect(body).toContain('Hvad en leder gør');
    expect(body).toContain('Quiz om samtaler');
    expect(body).not.toContain('HEMMELIGT LEKTIONSINDHOLD');
    expect(body).toContain('Give feedback der virker');
    expect(body).toContain('Nye teamledere');
    expect(body).toContain('2 lektioner');
    expect(body).toContain(`href="http://localhost:5000/login?next=%2Fcourses%2F${slugs.public}%23enrol"`);
    expect(body).toContain(`<link rel="canonical" href="http://${sub}.localhost:5000/courses/${slugs.public}">`);
    expect(body).toMatch(/<meta name="description" content="For nye ledere">/);
  });

  it('serves an unlisted course by its link but never lists it', async () => {
    expect((await get(`/courses/${slugs.unlisted}`, site())).statusCode).toBe(200);
    expect((await get('/', site())).body).not.toContain(slugs.unlisted);
  });

  it("answers 404 for private, draft and archived courses and for another company's course, saying why", async () => {
    for (const key of ['private', 'draft', 'archived', 'foreign']) {
      const res = await get(`/courses/${slugs[key]}`, site());
      expect(res.statusCode, key).toBe(404);
      expect(res.body).toContain('Kurset blev ikke fundet');
      expect(res.body).toContain('Private kurser ser virksomhedens medlemmer på Kursa');
      expect(res.body).toContain('href="http://localhost:5000/login"');
      expect(res.body).toContain('<meta name="robots" content="noindex">');
    }
    // The other company's course is on its own site.
    expect((await get(`/courses/${slugs.foreign}`, `${otherSub}.localhost:5000`)).statusCode).toBe(200);
    expect((await get('/courses/does-not-exist', site())).statusCode).toBe(404);
  });

  it('answers an unknown subdomain with a 404 page', async () => {
    const res = await get('/', 'nobody-here.localhost:5000', { 'accept-language': 'en' });
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain('No company has a site at this address.');
    expect(res.body).toContain('href="http://localhost:5000/"');
  });

  it('has no API, no app pages and no writes on a subdomain; the main origin is untouched', async () => {
    const api = await get('/api/me', site());
    expect(api.statusCode).toBe(404);
    expect(api.json().code).toBe('NOT_FOUND');
    const dashboard = await get('/dashboard', site());
    expect(dashboard.statusCode).toBe(404);
    expect(dashboard.body).toContain('Siden findes ikke');
    const post = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { host: site() },
      payload: { email: 'a@b.dk', password: 'x' },
    });
    expect(post.statusCode).toBe(404);
    expect(post.cookies).toHaveLength(0);
    // Several labels, reserved names and the main host itself are not company sites.
    expect((await get('/api/catalogue', `a.${sub}.localhost:5000`)).statusCode).toBe(200);
    expect((await get('/api/catalogue', 'www.localhost:5000')).statusCode).toBe(200);
    expect((await get('/api/catalogue', 'localhost:5000')).statusCode).toBe(200);
  });
});

describe('images on a company site', () => {
  it('shows thumbnails from /media/:id on the site itself, and serves only images of its published public and unlisted courses', async () => {
    const { cookie, user } = await registerCompany(t.app, { companyName: 'Billed Kurser ApS' });
    const sub = name('billed');
    await putSubdomain(cookie, sub);
    const org = user.organisationId;
    const course = async (key: string, fields: Parameters<typeof insertCourse>[3]) =>
      insertCourse(t.db, org, user.id, { slug: name(key), ...fields });
    const open = await course('open', { title: 'Kursus med billede' });
    const unlisted = await course('unlisted', { title: 'Unoteret', visibility: 'unlisted' });
    const hidden = await course('private', { title: 'Privat', visibility: 'private' });
    const draft = await course('draft', { title: 'Kladde', status: 'draft' });
    const image = async (courseId: string) => {
      const res = await upload(
        t.app,
        cookie,
        { courseId, kind: 'image' },
        { filename: 'forside.png', contentType: 'image/png', data: PNG },
      );
      expect(res.statusCode, res.body).toBe(201);
      const id = (res.json() as { id: string }).id;
      await t.db.updateTable('courses').set({ thumbnail_upload_id: id }).where('id', '=', courseId).execute();
      return id;
    };
    const openImage = await image(open.id);
    const unlistedImage = await image(unlisted.id);
    const privateImage = await image(hidden.id);
    const draftImage = await image(draft.id);
    const pdfRes = await upload(
      t.app,
      cookie,
      { courseId: open.id, kind: 'download' },
      { filename: 'noter.pdf', contentType: 'application/pdf', data: pdf() },
    );
    expect(pdfRes.statusCode, pdfRes.body).toBe(201);
    const download = (pdfRes.json() as { id: string }).id;

    const host = `${sub}.localhost:5000`;
    const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ url, headers: { host, ...headers } });
    const home = await get('/');
    expect(home.body).toContain(`<img src="/media/${openImage}" alt=""`);
    expect(home.body).not.toContain(unlistedImage);
    expect((await get(`/courses/${open.slug}`)).body).toContain(`<img class="hero" src="/media/${openImage}" alt=""`);

    for (const id of [openImage, unlistedImage]) {
      const res = await get(`/media/${id}`);
      expect(res.statusCode, id).toBe(200);
      expect(res.headers['content-type']).toBe('image/png');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.rawPayload.equals(PNG)).toBe(true);
    }
    expect((await get(`/media/${openImage}`, { range: 'bytes=0-3' })).statusCode).toBe(206);
    // Private and draft courses' images, downloads, unknown ids, and images on another company's site: not there.
    const other = await registerCompany(t.app, { companyName: 'Anden Billed ApS' });
    const otherSub = name('andenbilled');
    await putSubdomain(other.cookie, otherSub);
    for (const id of [privateImage, draftImage, download, 'no-such-upload']) expect((await get(`/media/${id}`)).statusCode, id).toBe(404);
    expect((await t.app.inject({ url: `/media/${openImage}`, headers: { host: `${otherSub}.localhost:5000` } })).statusCode).toBe(404);
    // The main origin has no /media route: files there are /api/uploads/:id, for those who may see them.
    expect((await t.app.inject({ url: `/media/${openImage}` })).statusCode).toBe(404);
  });
});
