import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TCataloguePage } from '../../src/shared/schemas/catalogue.ts';
import { createTestApp, registerCompany, type TestApp } from '../helpers/app.ts';
import { insertCourse } from '../helpers/published-courses.ts';

let t: TestApp;
let company: Awaited<ReturnType<typeof registerCompany>>;
let other: Awaited<ReturnType<typeof registerCompany>>;

beforeAll(async () => {
  t = await createTestApp();
  company = await registerCompany(t.app, { contactName: 'Søren Ærøskøbing', companyName: 'Ø-Læring ApS' });
  other = await registerCompany(t.app, { contactName: 'Grace Hopper', companyName: 'Compiler Academy ApS' });
  await t.app.inject({
    method: 'PUT',
    url: '/api/organisation/subdomain',
    payload: { subdomain: 'oe-laering' },
    headers: { cookie: company.cookie },
  });
});
afterAll(async () => t.close());

async function search(query: Record<string, string | number> = {}): Promise<TCataloguePage> {
  const qs = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)])).toString();
  const res = await t.app.inject({ url: `/api/catalogue${qs ? `?${qs}` : ''}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

const titles = (page: TCataloguePage) => page.courses.map((c) => c.title);
let seq = 0;
const word = (base: string) => `${base}${++seq}x${Math.random().toString(36).slice(2, 6)}`;

describe('GET /api/catalogue', () => {
  it('searches title, instructor and tags, case-insensitively, with Danish letters and prefixes', async () => {
    const w = word('Kvalitet');
    await insertCourse(t.db, company.user.organisationId, company.user.id, {
      title: `Ærlig ${w} på arbejdspladsen`,
      tags: ['Arbejdsmiljø', 'Trivsel'],
      category: 'leadership',
    });
    await insertCourse(t.db, other.user.organisationId, other.user.id, {
      title: `Compilers ${w}`,
      tags: ['COBOL'],
      category: 'technology',
    });

    expect(titles(await search({ q: w.toUpperCase() }))).toHaveLength(2);
    expect(titles(await search({ q: `ærlig ${w}` }))).toEqual([`Ærlig ${w} på arbejdspladsen`]);
    expect(titles(await search({ q: `ÆRLIG ${w.toLowerCase()}` }))).toEqual([`Ærlig ${w} på arbejdspladsen`]);
    // Instructor (the owner's name), as typed so far.
    const bySoeren = titles(await search({ q: `søren ærøsk ${w.slice(0, 6)}` }));
    expect(bySoeren).toEqual([`Ærlig ${w} på arbejdspladsen`]);
    expect(titles(await search({ q: `grace ${w}` }))).toEqual([`Compilers ${w}`]);
    // Tags.
    expect(titles(await search({ q: `arbejdsmiljø ${w}` }))).toEqual([`Ærlig ${w} på arbejdspladsen`]);
    expect(titles(await search({ q: `cobol ${w}` }))).toEqual([`Compilers ${w}`]);
    // Every word must match.
    expect((await search({ q: `cobol arbejdsmiljø ${w}` })).total).toBe(0);
    const page = await search({ q: `ærlig ${w}` });
    expect(page.courses[0]).toMatchObject({
      instructor: 'Søren Ærøskøbing',
      company: { name: 'Ø-Læring ApS', subdomain: 'oe-laering' },
      tags: ['Arbejdsmiljø', 'Trivsel'],
      category: 'leadership',
    });
    expect(page.courses[0]!.siteUrl).toMatch(/^http:\/\/oe-laering\.localhost:5000\/courses\//);
    expect((await search({ q: `cobol ${w}` })).courses[0]!.siteUrl).toBeNull();
  });

  it('treats search syntax as plain words: no 5xx, no surprises', async () => {
    for (const q of ['"', '*', 'NEAR(a b)', 'a OR b', "'; drop table courses; --", 'title:x', '^a', '-', '(', 'æ & ø | !å', ':*']) {
      const res = await t.app.inject({ url: `/api/catalogue?q=${encodeURIComponent(q)}` });
      expect(res.statusCode, q).toBe(200);
    }
    expect((await t.app.inject({ url: '/api/catalogue?q=%00' })).statusCode).toBe(400);
  });

  it('shows only published public courses: never unlisted, private, draft or archived', async () => {
    const w = word('Synlighed');
    const org = company.user.organisationId;
    await insertCourse(t.db, org, company.user.id, { title: `${w} offentlig` });
    await insertCourse(t.db, org, company.user.id, { title: `${w} skjult`, visibility: 'unlisted' });
    await insertCourse(t.db, org, company.user.id, { title: `${w} privat`, visibility: 'private' });
    await insertCourse(t.db, org, company.user.id, { title: `${w} kladde`, status: 'draft' });
    await insertCourse(t.db, org, company.user.id, { title: `${w} arkiveret`, status: 'archived', published_at: new Date().toISOString() });
    expect(titles(await search({ q: w }))).toEqual([`${w} offentlig`]);
    const all = await search({ sort: 'newest' });
    for (const hidden of ['skjult', 'privat', 'kladde', 'arkiveret']) expect(titles(all)).not.toContain(`${w} ${hidden}`);
  });

  it('filters by category and level, sorts, and pages by 12 with the total over every page', async () => {
    const w = word('Filter');
    const org = other.user.organisationId;
    for (let i = 0; i < 14; i++) {
      await insertCourse(t.db, org, other.user.id, {
        title: `${w} ${String(i).padStart(2, '0')}`,
        category: i < 10 ? 'analytics' : 'design',
        level: i % 2 === 0 ? 'beginner' : 'advanced',
        pricing: i === 0 ? 'free' : 'paid',
        price: i === 0 ? 0 : i * 1000,
      });
    }
    const first = await search({ q: w, sort: 'title' });
    expect(first.total).toBe(14);
    expect(first.pageSize).toBe(12);
    expect(first.courses).toHaveLength(12);
    expect(first.courses[0]!.title).toBe(`${w} 00`);
    const second = await search({ q: w, sort: 'title', page: 2 });
    expect(second).toMatchObject({ page: 2, total: 14 });
    expect(titles(second)).toEqual([`${w} 12`, `${w} 13`]);
    expect((await search({ q: w, page: 3 })).courses).toHaveLength(0);

    expect((await search({ q: w, category: 'design' })).total).toBe(4);
    expect((await search({ q: w, category: 'all' })).total).toBe(14);
    expect((await search({ q: w, category: 'analytics', level: 'advanced' })).total).toBe(5);
    expect(titles(await search({ q: w, sort: 'price-high' }))[0]).toBe(`${w} 13`);
    expect(titles(await search({ q: w, sort: 'price-low' }))[0]).toBe(`${w} 00`);
    expect(titles(await search({ q: w, sort: 'newest' }))[0]).toBe(`${w} 13`);
  });

  it('counts from the stored courses: courses per category, companies and instructors', async () => {
    const before = (await search()).counts;
    const fresh = await registerCompany(t.app);
    await insertCourse(t.db, fresh.user.organisationId, fresh.user.id, { category: 'design' });
    await insertCourse(t.db, fresh.user.organisationId, fresh.user.id, { category: 'design', visibility: 'private' });
    await insertCourse(t.db, fresh.user.organisationId, fresh.user.id, { category: 'business', status: 'draft' });
    const after = (await search({ q: 'whatever-does-not-match' })).counts;
    expect(after.courses).toBe(before.courses + 1);
    expect(after.companies).toBe(before.companies + 1);
    expect(after.instructors).toBe(before.instructors + 1);
    expect(after.byCategory.design).toBe(before.byCategory.design! + 1);
    expect(after.byCategory.business).toBe(before.byCategory.business);
    expect(Object.keys(after.byCategory).sort()).toEqual(['analytics', 'business', 'design', 'leadership', 'technology']);
    expect(Object.values(after.byCategory).reduce((a, b) => a + b, 0)).toBe(after.courses);
    // Unsearched, the totals are the counters'; a level filter is counted.
    const all = await search({ page: 2 });
    expect(all.total).toBe(all.counts.courses);
    expect((await search({ category: 'design' })).total).toBe(after.byCategory.design);
    const byLevel = await search({ level: 'advanced', sort: 'newest' });
    expect(byLevel.total).toBeGreaterThan(0);
    expect(byLevel.total).toBeLessThan(after.courses);
  });

  it('keeps the index in step with courses and instructors: rename, retitle, retag, delete', async () => {
    const w = word('Indeks');
    const { id } = await insertCourse(t.db, company.user.organisationId, company.user.id, {
      title: `${w} første titel`,
      tags: ['gammeltag'],
    });
    await t.db
      .updateTable('courses')
      .set({ title: `${w} anden titel`, tags: JSON.stringify(['nyttag']) })
      .where('id', '=', id)
      .execute();
    expect((await search({ q: `første ${w}` })).total).toBe(0);
    expect((await search({ q: `anden ${w}` })).total).toBe(1);
    expect((await search({ q: `gammeltag ${w}` })).total).toBe(0);
    expect((await search({ q: `nyttag ${w}` })).total).toBe(1);

    const newName = `Åse ${word('Omdøbt')}`;
    const patch = await t.app.inject({
      method: 'PATCH',
      url: `/api/users/${company.user.id}`,
      payload: { contactName: newName },
      headers: { cookie: company.cookie },
    });
    expect(patch.statusCode, patch.body).toBe(200);
    const found = await search({ q: `${newName} ${w}` });
    expect(found.courses.map((c) => c.instructor)).toEqual([newName]);
    expect((await search({ q: `ærøskøbing ${w}` })).total).toBe(0);
    await t.app.inject({
      method: 'PATCH',
      url: `/api/users/${company.user.id}`,
      payload: { contactName: 'Søren Ærøskøbing' },
      headers: { cookie: company.cookie },
    });

    // Unpublishing, hiding and re-categorising move it out of (and back into) the results.
    const before = (await search()).counts.courses;
    await t.db.updateTable('courses').set({ status: 'draft' }).where('id', '=', id).execute();
    expect((await search({ q: w })).total).toBe(0);
    expect((await search()).counts.courses).toBe(before - 1);
    await t.db.updateTable('courses').set({ status: 'published', visibility: 'private' }).where('id', '=', id).execute();
    expect((await search({ q: w })).total).toBe(0);
    await t.db.updateTable('courses').set({ visibility: 'public', category: 'design', level: 'advanced' }).where('id', '=', id).execute();
    expect((await search({ q: w, category: 'design', level: 'advanced' })).total).toBe(1);
    expect((await search({ q: w, category: 'business' })).total).toBe(0);
    expect((await search()).counts.courses).toBe(before);

    await t.db.deleteFrom('courses').where('id', '=', id).execute();
    expect((await search({ q: w })).total).toBe(0);
    expect((await search()).counts.courses).toBe(before - 1);
  });

  it('refuses bad filters with 400', async () => {
    for (const qs of ['category=cooking', 'level=expert', 'sort=random', 'page=0', 'page=abc', 'unknown=1', `q=${'x'.repeat(201)}`]) {
      expect((await t.app.inject({ url: `/api/catalogue?${qs}` })).statusCode, qs).toBe(400);
    }
  });
});

describe('GET /api/catalogue/:slug', () => {
  it('answers a public or unlisted published course with its outline (no lesson contents), else 404', async () => {
    const org = company.user.organisationId;
    const outline: Parameters<typeof insertCourse>[4] = [
      {
        title: 'Introduktion',
        lessons: [
          {
            title: 'Velkommen',
            duration: 5,
            content: { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'SKJULT INDHOLD' }] }] },
          },
          { title: 'Test dig selv', kind: 'quiz' },
        ],
      },
      { title: 'Tomt modul', lessons: [] },
    ];
    const pub = await insertCourse(
      t.db,
      org,
      company.user.id,
      { title: 'Detalje', learningObjectives: ['Mål ét'], target_audience: 'Alle' },
      outline,
    );
    const res = await t.app.inject({ url: `/api/catalogue/${pub.slug}` });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      title: 'Detalje',
      learningObjectives: ['Mål ét'],
      targetAudience: 'Alle',
      lessonCount: 2,
      learners: 'under-10',
      instructorProfile: { id: company.user.id, name: 'Søren Ærøskøbing' },
      modules: [
        {
          title: 'Introduktion',
          lessons: [
            { title: 'Velkommen', kind: 'text', durationMinutes: 5 },
            { title: 'Test dig selv', kind: 'quiz', durationMinutes: null },
          ],
        },
        { title: 'Tomt modul', lessons: [] },
      ],
    });
    expect(res.body).not.toContain('SKJULT INDHOLD');

    // An unlisted course is reached by its link alone: it tells nothing of its learners.
    const unlisted = await insertCourse(t.db, org, company.user.id, { visibility: 'unlisted' });
    const unlistedAnswer = await t.app.inject({ url: `/api/catalogue/${unlisted.slug}` });
    expect(unlistedAnswer.statusCode).toBe(200);
    expect(unlistedAnswer.json().learners).toBeNull();
    for (const fields of [
      { visibility: 'private' },
      { status: 'draft' },
      { status: 'archived', published_at: new Date().toISOString() },
    ] as const) {
      const hidden = await insertCourse(t.db, org, company.user.id, fields);
      const answer = await t.app.inject({ url: `/api/catalogue/${hidden.slug}` });
      expect(answer.statusCode).toBe(404);
      expect(answer.json().code).toBe('NOT_FOUND');
    }
    expect((await t.app.inject({ url: '/api/catalogue/no-such-course' })).statusCode).toBe(404);
  });
});

describe('the instructor’s public profile switch', () => {
  it('shows expertise and "about me" on the public course pages only while the switch is on; the name always', async () => {
    const teacher = await registerCompany(t.app, { contactName: 'Karen Blixen' });
    const patch = (payload: Record<string, unknown>) =>
      t.app.inject({ method: 'PATCH', url: `/api/users/${teacher.user.id}`, payload, headers: { cookie: teacher.cookie } });
    expect((await patch({ bio: 'Tyve år som sikkerhedsleder.', expertise: 'Arbejdsmiljø' })).statusCode).toBe(200);
    const subdomain = `profil-${Math.random().toString(36).slice(2, 8)}`;
    await t.app.inject({ method: 'PUT', url: '/api/organisation/subdomain', payload: { subdomain }, headers: { cookie: teacher.cookie } });
    const course = await insertCourse(t.db, teacher.user.organisationId, teacher.user.id, { title: 'Profilkursus' });
    const detail = async () => (await t.app.inject({ url: `/api/catalogue/${course.slug}` })).json().instructorProfile;
    const sitePage = async () =>
      (await t.app.inject({ url: `/courses/${course.slug}`, headers: { host: `${subdomain}.localhost:5000` } })).body;

    expect(await detail()).toEqual({
      id: teacher.user.id,
      name: 'Karen Blixen',
      bio: 'Tyve år som sikkerhedsleder.',
      expertise: 'Arbejdsmiljø',
    });
    expect(await sitePage()).toContain('Tyve år som sikkerhedsleder.');

    expect((await patch({ preferences: { publicProfile: false } })).statusCode).toBe(200);
    expect(await detail()).toEqual({ id: teacher.user.id, name: 'Karen Blixen', bio: null, expertise: null });
    const page = await sitePage();
    expect(page).toContain('Karen Blixen');
    expect(page).not.toContain('Tyve år som sikkerhedsleder.');
    expect(page).not.toContain('Arbejdsmiljø');

    expect((await patch({ preferences: { publicProfile: true } })).statusCode).toBe(200);
    expect((await detail()).bio).toBe('Tyve år som sikkerhedsleder.');
  });
});
