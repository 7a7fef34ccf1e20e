import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.ts';

// Every public page has its meta description and Open Graph tags in the HTML the
// server sends, before any script runs (crawlers, link previews), in Danish from the same
// translation files the page shows.

const root = path.resolve(import.meta.dirname, '../..');
const da = (namespace: string) =>
  JSON.parse(readFileSync(path.join(root, 'src/client/locales/da', `${namespace}.json`), 'utf8')) as Record<string, unknown>;
const meta = (html: string, attribute: 'name' | 'property', key: string) =>
  new RegExp(`<meta ${attribute}="${key}" content="([^"]*)"`)
    .exec(html)?.[1]
    ?.replace(/&amp;/g, '&')
    .replace(/&quot;/g, '"');

describe('the head of a public page', () => {
  let t: TestApp;
  let dir: string;
  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'kursa-head-'));
    mkdirSync(path.join(dir, 'assets', 'locales', 'abc123'), { recursive: true });
    // As the build leaves them: index.html and the translations under one hashed folder.
    cpSync(path.join(root, 'src/client/locales'), path.join(dir, 'assets', 'locales', 'abc123'), { recursive: true });
    writeFileSync(
      path.join(dir, 'index.html'),
      '<!doctype html><html lang="da"><head><title>Kursa · Kursusplatform</title>\n<meta\n  name="description"\n  content="Standard."\n/></head><body><div id="root"></div></body></html>',
    );
    t = await createTestApp({ clientDir: dir, env: { PUBLIC_URL: 'https://kursa.example' } });
  });
  afterAll(async () => {
    await t.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('carries the page title, description and Open Graph tags of /pricing, /privacy and the front page', async () => {
    const pricing = da('page-pricing') as { title: string; lead: string };
    const res = await t.app.inject({ url: '/pricing' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.body).toContain(`<title>${pricing.title} · Kursa</title>`);
    const description = pricing.lead.replace('{{days}}', '14');
    expect(meta(res.body, 'name', 'description')).toBe(description);
    expect(meta(res.body, 'property', 'og:title')).toBe(`${pricing.title} · Kursa`);
    expect(meta(res.body, 'property', 'og:description')).toBe(description);
    expect(meta(res.body, 'property', 'og:url')).toBe('https://kursa.example/pricing');
    expect(meta(res.body, 'property', 'og:type')).toBe('website');
    expect(res.body).toContain('<div id="root"></div>');

    const privacy = (da('page-privacy') as { meta: { title: string; description: string } }).meta;
    const privacyPage = await t.app.inject({ url: '/privacy/' });
    expect(meta(privacyPage.body, 'property', 'og:title')).toBe(`${privacy.title} · Kursa`);
    expect(meta(privacyPage.body, 'name', 'description')).toBe(privacy.description);

    const home = await t.app.inject({ url: '/' });
    expect(meta(home.body, 'property', 'og:description')).toBe(
      (da('common') as { home: { metaDescription: string } }).home.metaDescription,
    );
    expect(meta(home.body, 'property', 'og:url')).toBe('https://kursa.example/');
  });

  it("gives a resource's page its own title and description from the library", async () => {
    const list = (await t.app.inject({ url: '/api/resources?lang=da' })).json<{
      resources: { slug: string; title: string; description: string }[];
    }>();
    const resource = list.resources[0]!;
    const res = await t.app.inject({ url: `/resources/${resource.slug}` });
    expect(meta(res.body, 'property', 'og:title')).toBe(`${resource.title} · Kursa`);
    expect(meta(res.body, 'name', 'description')).toBe(resource.description);
  });

  it("leaves the app's own pages and unknown paths with index.html's head", async () => {
    const dashboard = await t.app.inject({ url: '/dashboard' });
    expect(dashboard.statusCode).toBe(200);
    expect(dashboard.body).toContain('<title>Kursa · Kursusplatform</title>');
    expect(dashboard.body).not.toContain('og:title');
    const missing = await t.app.inject({ url: '/no/such/page' });
    expect(missing.statusCode).toBe(404);
    expect(missing.body).not.toContain('og:title');
  });

  it("sends an old link to a creator draft on to the wizard's page in the workspace, and keeps the public page for anyone else", async () => {
    const old = await t.app.inject({ url: '/course-creator?draft=d123&lang=en' });
    expect(old.statusCode).toBe(301);
    expect(old.headers.location).toBe('/dashboard/creator?draft=d123&lang=en');
    const page = await t.app.inject({ url: '/course-creator' });
    expect(page.statusCode).toBe(200);
    expect(meta(page.body, 'property', 'og:title')).toBeTruthy();
    const workspace = await t.app.inject({ url: '/dashboard/creator?draft=d123' });
    expect(workspace.statusCode).toBe(200);
  });
});
