// Budget (issue #2, DESIGN.md): the front page loads at most 100 KB of gzipped JavaScript.
// Opens / in Chromium on the production build, records every script the page loads, and prints
// each one's gzip size (level 9, as the build pre-compresses them) and the total.
// Usage: npm run build && node bench/front-page-js.mjs [path]
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';

const root = path.resolve(import.meta.dirname, '..');
const page = process.argv[2] ?? '/';
const port = 5291;
const dataDir = mkdtempSync(path.join(tmpdir(), 'kursa-js-'));
const server = spawn(process.execPath, [path.join(root, 'dist', 'server', 'server.js')], {
  env: { PATH: process.env.PATH, PORT: String(port), PUBLIC_URL: `http://localhost:${port}`, DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
  stdio: 'inherit',
});
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
});
try {
  for (let i = 0; i < 100; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) break;
    } catch {
      /* starting */
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  const tab = await browser.newPage();
  const scripts = [];
  tab.on('response', async (response) => {
    if (response.request().resourceType() !== 'script') return;
    scripts.push(response.body().then((body) => ({ url: new URL(response.url()).pathname, raw: body.length, gz: gzipSync(body, { level: 9 }).length })));
  });
  await tab.goto(`http://localhost:${port}${page}`, { waitUntil: 'networkidle' });
  const loaded = await Promise.all(scripts);
  let total = 0;
  for (const s of loaded.sort((a, b) => b.gz - a.gz)) {
    total += s.gz;
    console.log(`${(s.gz / 1024).toFixed(1).padStart(7)} KB gz  ${(s.raw / 1024).toFixed(1).padStart(7)} KB  ${s.url}`);
  }
  console.log(`total: ${(total / 1024).toFixed(1)} KB of gzipped JavaScript on ${page} (budget: 100 KB)`);
  process.exitCode = total <= 100 * 1024 ? 0 : 1;
} finally {
  await browser.close();
  server.kill();
  rmSync(dataDir, { recursive: true, force: true });
}
