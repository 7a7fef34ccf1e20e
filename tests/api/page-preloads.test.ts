import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOGGED_IN_PAGES, PagePreloads, SIDEBAR_MODULE } from '../../src/server/http/page-preloads.ts';
import { createTestApp, registerCompany, type TestApp } from '../helpers/app.ts';

// A logged-in page's code is announced in the HTML the server sends, so the browser fetches it
// while parsing instead of when the router asks for it, chunk by chunk, in one long task.

const root = path.resolve(import.meta.dirname, '../..');
const INDEX =
  '<!doctype html><html lang="da"><head><title>Kursa</title><script type="module" crossorigin src="/assets/index-e1.js"></script>' +
  '<link rel="modulepreload" crossorigin href="/assets/query-q1.js"></head><body><div id="root"></div></body></html>';

/**
 * A build's manifest as Vite writes it: the entry with a chunk index.html preloads and one it does
 * not (both loaded with the entry all the same), each logged-in page's chunks, a chunk the builder
 * imports only when asked (dynamically) and a style sheet.
 */
function manifest(): Record<string, unknown> {
  const chunks: Record<string, unknown> = {
    'index.html': { file: 'assets/index-e1.js', isEntry: true, imports: ['_query.js', '_router.js'] },
    '_query.js': { file: 'assets/query-q1.js' },
    '_router.js': { file: 'assets/router-r1.js' },
    '_icons.js': { file: 'assets/icons-i1.js', imports: ['index.html'] },
    '_outline.js': { file: 'assets/outline-o1.js', imports: ['_icons.js', '_query.js', '_router.js', '_editor.css'] },
    '_editor.css': { file: 'assets/editor-c1.css' },
    'src/client/components/voice.tsx': { file: 'assets/voice-v1.js', isDynamicEntry: true, imports: ['_icons.js'] },
    '_nav-icons.js': { file: 'assets/nav-icons-n1.js' },
    [SIDEBAR_MODULE]: { file: 'assets/workspace-sidebar-s1.js', isDynamicEntry: true, imports: ['_nav-icons.js', 'index.html'] },
  };
  for (const { module } of LOGGED_IN_PAGES) {
    const name = path.basename(module, '.tsx');
    chunks[module] =
      name === 'course-builder'
        ? {
            file: `assets/${name}-p1.js`,
            isDynamicEntry: true,
            imports: ['_outline.js', 'index.html'],
            dynamicImports: ['src/client/components/voice.tsx'],
          }
        : { file: `assets/${name}-p1.js`, isDynamicEntry: true, imports: ['_icons.js'] };
  }
  return chunks;
}

const preloaded = (html: string) => [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)" \/>/g)].map((m) => m[1]);

describe("a logged-in page's code in its HTML", () => {
  let t: TestApp;
  let dir: string;
  let cookie: string;
  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'kursa-preloads-'));
    mkdirSync(path.join(dir, '.vite'), { recursive: true });
    writeFileSync(path.join(dir, 'index.html'), INDEX);
    writeFileSync(path.join(dir, '.vite', 'manifest.json'), JSON.stringify(manifest()));
    t = await createTestApp({ clientDir: dir });
    cookie = (await registerCompany(t.app)).cookie;
  });
  afterAll(async () => {
    await t.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("announces the builder's chunks and what they import, not what comes with the entry nor what it imports only when asked", async () => {
    const res = await t.app.inject({ url: '/dashboard/courses/abc123', headers: { cookie } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(preloaded(res.body).sort()).toEqual(['/assets/course-builder-p1.js', '/assets/icons-i1.js', '/assets/outline-o1.js']);
    expect(res.body).toContain('<div id="root"></div>');
    // The dashboard shows the workspace's sidebar, in a chunk of its own the builder does not load at first.
    const dashboard = await t.app.inject({ url: '/dashboard/', headers: { cookie } });
    expect(preloaded(dashboard.body).sort()).toEqual([
      '/assets/dashboard-p1.js',
      '/assets/icons-i1.js',
      '/assets/nav-icons-n1.js',
      '/assets/workspace-sidebar-s1.js',
    ]);
  });

  it('announces nothing to a visitor without a session, nor on a public page', async () => {
    const guest = await t.app.inject({ url: '/dashboard/courses/abc123' });
    expect(guest.statusCode).toBe(200);
    expect(preloaded(guest.body)).toEqual([]);
    expect(guest.body).toBe(INDEX);
    const pricing = await t.app.inject({ url: '/pricing', headers: { cookie } });
    expect(preloaded(pricing.body)).toEqual([]);
  });

  it('keeps the manifest to itself', async () => {
    const res = await t.app.inject({ url: '/.vite/manifest.json' });
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('isEntry');
  });

  it("refuses to start on a build without the workspace's sidebar chunk", () => {
    const chunks = manifest();
    delete chunks[SIDEBAR_MODULE];
    const broken = mkdtempSync(path.join(tmpdir(), 'kursa-preloads-'));
    mkdirSync(path.join(broken, '.vite'));
    writeFileSync(path.join(broken, '.vite', 'manifest.json'), JSON.stringify(chunks));
    try {
      expect(() => PagePreloads.read(broken, INDEX)).toThrow(/workspace-sidebar/);
    } finally {
      rmSync(broken, { recursive: true, force: true });
    }
  });

  it('refuses to start on a build whose route table names pages it does not know', () => {
    const chunks = manifest();
    delete chunks['src/client/routes/course-builder.tsx'];
    const broken = mkdtempSync(path.join(tmpdir(), 'kursa-preloads-'));
    mkdirSync(path.join(broken, '.vite'));
    writeFileSync(path.join(broken, '.vite', 'manifest.json'), JSON.stringify(chunks));
    try {
      expect(() => PagePreloads.read(broken, INDEX)).toThrow(/course-builder/);
    } finally {
      rmSync(broken, { recursive: true, force: true });
    }
  });

  it("names the modules the client's route table loads for the same pages", () => {
    const table = readFileSync(path.join(root, 'src/client/app/route-table.tsx'), 'utf8');
    for (const { module } of LOGGED_IN_PAGES) {
      expect(table).toContain(`import('@/routes/${path.basename(module, '.tsx')}')`);
    }
    expect(LOGGED_IN_PAGES.find(({ matches }) => matches('/dashboard/courses/abc123'))?.module).toBe(
      'src/client/routes/course-builder.tsx',
    );
    expect(LOGGED_IN_PAGES.find(({ matches }) => matches('/learn/abc/def'))?.module).toBe('src/client/routes/player.tsx');
    const frame = readFileSync(path.join(root, 'src/client/app/workspace/workspace-frame.tsx'), 'utf8');
    expect(frame).toContain(`import('./${path.basename(SIDEBAR_MODULE, '.tsx')}')`);
  });
});
