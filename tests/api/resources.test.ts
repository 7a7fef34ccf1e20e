import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../../src/server/app.ts';
import { loadResourceLibrary, type ResourceLibrary } from '../../src/server/domains/site/resources/content.ts';
import { ResourcesService } from '../../src/server/domains/site/resources/service.ts';
import { RATE_LIMIT } from '../../src/shared/constants.ts';
import { RESOURCE_TYPES } from '../../src/shared/resources.ts';
import type { TResourceDetail, TResourceList } from '../../src/shared/schemas/resources.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';

const CONTENT = path.join(PROJECT_ROOT, 'content', 'resources');
let t: TestApp;
let library: ResourceLibrary;

beforeAll(async () => {
  t = await createTestApp();
  library = loadResourceLibrary(CONTENT);
});
afterAll(async () => t.close());

async function list(query = ''): Promise<TResourceList> {
  const res = await t.app.inject({ url: `/api/resources${query}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

async function one(slug: string, lang = 'da'): Promise<TResourceDetail> {
  const res = await t.app.inject({ url: `/api/resources/${slug}?lang=${lang}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

const view = (slug: string, ip: string, userAgent: string) =>
  t.app.inject({ method: 'POST', url: `/api/resources/${slug}/view`, remoteAddress: ip, headers: { 'user-agent': userAgent } });

describe('the content files', () => {
  it('are all valid, in Danish and English, with the kinds the library promises', () => {
    expect(library.size).toBeGreaterThanOrEqual(8);
    const types = new Set<string>();
    for (const [slug, { da, en }] of library) {
      types.add(da.meta.type);
      expect(da.meta.type, slug).toBe(en.meta.type);
      expect(da.meta.title, slug).not.toBe(en.meta.title);
      for (const entry of [da, en]) {
        expect(entry.html, slug).toContain('<h2>');
        expect(entry.html, slug).not.toMatch(/<h1|<script|<iframe/i);
        if (entry.meta.type === 'templates') {
          expect(entry.download?.bytes.length, slug).toBeGreaterThan(100);
          // Excel reads UTF-8 (æ, ø, å) only with the byte-order mark.
          if (entry.download?.format === 'csv') expect([...entry.download.bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
        } else expect(entry.download, slug).toBeNull();
        // Case studies are invented scenarios and say so in their first lines.
        if (entry.meta.type === 'case-studies') {
          expect(entry.meta.scenario).toBe(true);
          expect(entry.html.slice(0, 200)).toMatch(entry.lang === 'da' ? /eksempelscenarie/i : /example scenario/i);
        }
      }
    }
    expect([...types].sort()).toEqual(['best-practices', 'case-studies', 'guides', 'templates']);
  });

  it('refuse a broken file with the file and the rule, so a build never ships one', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'kursa-resources-'));
    mkdirSync(path.join(dir, 'files'));
    const body = `\n## Section\n\n${'A real paragraph of text. '.repeat(30)}\n`;
    const front = (fields: string) =>
      `---\ntitle: A guide\ndescription: A description that is long enough to pass.\ntags: [one]\nauthor: Kursa\nminutes: 4\npublished: 2026-11-01\n${fields}---\n${body}`;
    const write = (name: string, text: string) => writeFileSync(path.join(dir, name), text);
    const expectProblem = (pattern: RegExp) => expect(() => loadResourceLibrary(dir)).toThrow(pattern);
    try {
      write('a.da.md', front('type: guides\n'));
      write('a.en.md', front('type: guides\n'));
      expect(loadResourceLibrary(dir).size).toBe(1);

      write('a.en.md', front('type: webinars\n'));
      expectProblem(/a\.en\.md: type/);
      write('a.en.md', front('type: templates\n'));
      expectProblem(/a\.en\.md: download: A template has a download/);
      write('a.en.md', front('type: templates\ndownload: missing.csv\n'));
      expectProblem(/files\/missing\.csv does not exist/);
      write('a.en.md', front('type: best-practices\n'));
      expectProblem(/'type' differs from the Danish/);
      write('a.en.md', `${front('type: guides\n')}\n# A second title\n`);
      expectProblem(/level-1 heading/);
      write('a.en.md', 'no front matter');
      expectProblem(/no front matter/);
      write('a.en.md', front('type: guides\nextra: field\n'));
      expectProblem(/a\.en\.md: \(front matter\): Unrecognized key/);
      rmSync(path.join(dir, 'a.en.md'));
      expectProblem(/a\.en\.md: every resource exists in Danish and English/);
      write('a.en.md', front('type: case-studies\n'));
      write('a.da.md', front('type: case-studies\n'));
      expectProblem(/a case study must be marked scenario: true/i);

      // Raw HTML in our own Markdown is shown as text, never passed on as markup.
      write('a.da.md', `${front('type: guides\n')}\n<script>alert(1)</script>\n`);
      write('a.en.md', front('type: guides\n'));
      const html = loadResourceLibrary(dir).get('a')!.da.html;
      expect(html).not.toContain('<script>');
      expect(html).toContain('&lt;script&gt;');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('GET /api/resources', () => {
  it('lists the library in the language asked for, newest first, with counts per type', async () => {
    const da = await list('?lang=da');
    const en = await list('?lang=en');
    expect(da.resources).toHaveLength(library.size);
    expect(en.resources.map((r) => r.slug).sort()).toEqual(da.resources.map((r) => r.slug).sort());
    const dates = da.resources.map((r) => r.published);
    expect(dates).toEqual([...dates].sort().reverse());
    expect(da.resources.every((r) => r.lang === 'da')).toBe(true);
    const guide = da.resources.find((r) => r.slug === 'gdpr-for-course-providers')!;
    expect(guide).toMatchObject({
      type: 'guides',
      title: 'GDPR for kursusudbydere i Danmark',
      author: 'Kursa-redaktionen',
      download: null,
      featured: false,
    });
    expect(en.resources.find((r) => r.slug === 'gdpr-for-course-providers')!.title).toBe('GDPR for course providers in Denmark');
    // No videos or podcasts exist: their count says so (the page shows an empty state).
    expect(da.counts).toMatchObject({ videos: 0, podcasts: 0 });
    for (const type of RESOURCE_TYPES) expect(da.counts[type]).toBe(da.resources.filter((r) => r.type === type).length);
    expect(da.resources.filter((r) => r.featured).length).toBeGreaterThanOrEqual(2);
    const template = da.resources.find((r) => r.slug === 'course-plan-template')!;
    expect(template.download).toMatchObject({
      url: '/api/resources/course-plan-template/download?lang=da',
      fileName: 'kursusplan-skabelon.csv',
      format: 'csv',
    });
    // Danish unless told otherwise.
    expect((await list('')).resources[0]!.lang).toBe('da');
  });

  it('searches title, description and tags case-insensitively, and narrows by type', async () => {
    const slugs = async (query: string) => (await list(query)).resources.map((r) => r.slug);
    // Title.
    expect(await slugs('?lang=da&q=GDPR')).toContain('gdpr-for-course-providers');
    expect(await slugs('?lang=da&q=gdpr%20KURSUSUDBYDERE')).toEqual(['gdpr-for-course-providers']);
    // Description only ("eftermiddag" is in the AI guide's description).
    expect(await slugs('?lang=da&q=EFTERMIDDAG')).toEqual(['first-course-with-the-ai-creator']);
    // A tag only ("Excel" tags both templates).
    expect((await slugs('?lang=en&q=excel')).sort()).toEqual(['course-plan-template', 'quiz-question-template']);
    // Type.
    expect((await slugs('?lang=en&type=templates')).sort()).toEqual(['course-plan-template', 'quiz-question-template']);
    expect(await slugs('?lang=en&type=videos')).toEqual([]);
    expect((await list('?lang=en&type=all')).resources).toHaveLength(library.size);
    // Both together narrow; counts stay the library's.
    const narrowed = await list('?lang=en&type=best-practices&q=FEEDBACK');
    expect(narrowed.resources.map((r) => r.slug)).toEqual(['writing-good-quiz-questions']);
    expect(narrowed.counts.templates).toBe(2);
    expect(await slugs('?lang=da&q=ingenting-matcher-dette')).toEqual([]);
  });

  it('refuses an unknown type or language', async () => {
    for (const query of ['?type=webinars', '?lang=de', '?sort=new']) {
      const res = await t.app.inject({ url: `/api/resources${query}` });
      expect(res.statusCode, query).toBe(400);
    }
  });
});

describe('GET /api/resources/:slug', () => {
  it('answers one resource with its article as HTML and three related ones', async () => {
    const da = await one('writing-good-quiz-questions', 'da');
    const en = await one('writing-good-quiz-questions', 'en');
    expect(da.title).toBe('Sådan skriver du gode quizspørgsmål');
    expect(en.title).toBe('How to write good quiz questions');
    expect(da.html).toContain('<h2>Kend quiztyperne i Kursa</h2>');
    expect(en.html).toContain("<h2>Know Kursa's question types</h2>");
    // Internal links stay site-relative.
    expect(da.html).toContain('<a href="/resources/quiz-question-template">');
    expect(da.related).toHaveLength(3);
    expect(da.related.map((r) => r.slug)).not.toContain('writing-good-quiz-questions');
    expect(da.related.every((r) => r.lang === 'da')).toBe(true);
    // The other best practice comes first: same type.
    expect(da.related[0]!.slug).toBe('measuring-completion');
  });

  it('answers 404 for an unknown slug and 400 for one that cannot be a slug', async () => {
    const missing = await t.app.inject({ url: '/api/resources/no-such-resource?lang=en', headers: { 'accept-language': 'en' } });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ code: 'RESOURCE_NOT_FOUND', message: 'The resource was not found.' });
    expect((await t.app.inject({ url: '/api/resources/Not_A_Slug' })).statusCode).toBe(400);
    expect((await t.app.inject({ url: '/api/resources/gdpr-for-course-providers?lang=fr' })).statusCode).toBe(400);
  });
});

describe('POST /api/resources/:slug/view', () => {
  it('counts a visitor once a day, without storing who they are', async () => {
    const slug = 'presentation-to-course';
    const first = await view(slug, '203.0.113.7', 'Firefox/140');
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ counted: true, views: 1 });
    // The same visitor again, the same day: not counted.
    expect((await view(slug, '203.0.113.7', 'Firefox/140')).json()).toEqual({ counted: false, views: 1 });
    // Another address is another visitor; another browser on the same address is not.
    expect((await view(slug, '203.0.113.7', 'Chrome/150')).json()).toEqual({ counted: false, views: 1 });
    expect((await view(slug, '198.51.100.4', 'Firefox/140')).json()).toEqual({ counted: true, views: 2 });
    expect((await view(slug, '198.51.100.5', 'Firefox/140')).json()).toEqual({ counted: true, views: 3 });
    // The same visitor on another resource counts there.
    expect((await view('measuring-completion', '203.0.113.7', 'Firefox/140')).json()).toEqual({ counted: true, views: 1 });

    // The counts show in the list and on the page, in both languages (one resource, one count).
    const listed = (await list('?lang=en')).resources.find((r) => r.slug === slug)!;
    expect(listed.views).toBe(3);
    expect((await one(slug, 'da')).views).toBe(3);
    expect((await one('measuring-completion', 'en')).related.find((r) => r.slug === slug)?.views ?? 3).toBe(3);

    // Nothing personal is stored: only salted hashes.
    const rows = await t.db.selectFrom('resource_views').selectAll().where('slug', '=', slug).execute();
    expect(rows).toHaveLength(3);
    for (const row of rows) {
      expect(row.visitor).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(JSON.stringify(row)).not.toMatch(/203\.0\.113|198\.51|Firefox|Chrome/);
    }
  });

  it('counts the same visitor again the next day, and forgets the day before', async () => {
    let now = new Date('2026-03-01T23:59:00Z');
    const service = new ResourcesService(t.db, library, () => now);
    const visitor = { ip: '192.0.2.10' };
    expect(await service.view('course-plan-template', visitor)).toEqual({ counted: true, views: 1 });
    expect(await service.view('course-plan-template', visitor)).toEqual({ counted: false, views: 1 });
    now = new Date('2026-03-02T00:01:00Z');
    expect(await service.view('course-plan-template', visitor)).toEqual({ counted: true, views: 2 });
    // Yesterday's salt is gone, so yesterday's hashes can no longer be tied to anyone.
    const salts = await t.db.selectFrom('resource_view_salts').select('day').execute();
    expect(salts.map((s) => s.day)).not.toContain('2026-03-01');
    expect(salts.map((s) => s.day)).toContain('2026-03-02');
  });

  it('counts at most 60 views an hour from one client, however it names its browser', async () => {
    const slug = 'writing-good-quiz-questions';
    const ip = '192.0.2.77';
    for (let i = 0; i < RATE_LIMIT.resourceViewsPerHour; i++) expect((await view(slug, ip, `Browser/${i}`)).statusCode).toBe(200);
    const limited = await view(slug, ip, 'Browser/next');
    expect(limited.statusCode).toBe(429);
    expect(limited.json().code).toBe('RATE_LIMITED');
    const rows = await t.db.selectFrom('resource_views').select('visitor').where('slug', '=', slug).execute();
    expect(rows).toHaveLength(1);
    // Another client is counted as before.
    expect((await view(slug, '192.0.2.78', 'Browser/0')).json()).toMatchObject({ counted: true });
  });

  it('counts one address once however many browsers it names, and an IPv6 /64 as one address', async () => {
    const slug = 'course-plan-template';
    const before = (await one(slug, 'da')).views;
    const agents = Array.from({ length: 16 }, (_, i) => `Mozilla/5.0 (X11; Linux x86_64) Browser/${i}`);
    const counted = [];
    for (const agent of agents) counted.push((await view(slug, '203.0.113.50', agent)).json().counted);
    expect(counted.filter(Boolean)).toHaveLength(1);
    // The addresses of one IPv6 /64 (one household or office) are one visitor; the next /64 another.
    expect((await view(slug, '2001:db8:1:2::1', 'Firefox/140')).json().counted).toBe(true);
    expect((await view(slug, '2001:db8:1:2:ffff:1:2:3', 'Chrome/150')).json().counted).toBe(false);
    expect((await view(slug, '2001:db8:1:3::1', 'Firefox/140')).json().counted).toBe(true);
    expect((await one(slug, 'da')).views).toBe(before + 3);
  });

  it('answers 404 for an unknown resource and counts nothing', async () => {
    const res = await view('no-such-resource', '203.0.113.9', 'Firefox/140');
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('RESOURCE_NOT_FOUND');
    expect(await t.db.selectFrom('resource_views').selectAll().where('slug', '=', 'no-such-resource').execute()).toEqual([]);
  });
});

describe('GET /api/resources/:slug/download', () => {
  it("serves a template's file in each language as an attachment with its type", async () => {
    const da = await t.app.inject({ url: '/api/resources/course-plan-template/download?lang=da' });
    expect(da.statusCode).toBe(200);
    expect(da.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(da.headers['content-disposition']).toBe('attachment; filename="kursusplan-skabelon.csv"');
    expect(da.headers['x-content-type-options']).toBe('nosniff');
    expect(da.rawPayload.equals(readFileSync(path.join(CONTENT, 'files', 'kursusplan-skabelon.csv')))).toBe(true);
    // Danish Excel separates with semicolons; the header row is Danish.
    expect(da.body).toContain('Modul nr.;Modul;Lektion nr.;Lektion;');

    const en = await t.app.inject({ url: '/api/resources/quiz-question-template/download?lang=en' });
    expect(en.statusCode).toBe(200);
    expect(en.headers['content-disposition']).toBe('attachment; filename="quiz-question-template.csv"');
    expect(en.body).toContain('No.,Question,Type (single/multiple/true-false/short answer)');
  });

  it('answers 404 for a resource without a file and for an unknown one', async () => {
    const guide = await t.app.inject({ url: '/api/resources/gdpr-for-course-providers/download?lang=da' });
    expect(guide.statusCode).toBe(404);
    expect(guide.json().code).toBe('RESOURCE_NO_DOWNLOAD');
    expect((await t.app.inject({ url: '/api/resources/no-such-resource/download' })).statusCode).toBe(404);
  });
});
