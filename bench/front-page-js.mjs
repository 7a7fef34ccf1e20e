// Budgets (docs/decisions/007 and 008): the public pages load at most 100 KB of gzipped
// JavaScript on a first visit, /login and /register at most 130 KB. Opens the page in Chromium on
// the production build, records every script it loads, and prints each one's gzip size (level 9,
// as the build pre-compresses them) and the total.
// Usage: npm run build && node bench/front-page-js.mjs [path] (BENCH_PORT=… to use another port)
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { startBuiltServer } from './built-server.mjs';

const page = process.argv[2] ?? '/';
const budgetKb = ['/login', '/register'].includes(new URL(page, 'http://x').pathname) ? 130 : 100;
const server = await startBuiltServer(Number(process.env.BENCH_PORT ?? 5291));
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
});
try {
  const tab = await browser.newPage();
  const scripts = [];
  tab.on('response', async (response) => {
    if (response.request().resourceType() !== 'script') return;
    scripts.push(
      response
        .body()
        .then((body) => ({ url: new URL(response.url()).pathname, raw: body.length, gz: gzipSync(body, { level: 9 }).length })),
    );
  });
  await tab.goto(`${server.url}${page}`, { waitUntil: 'networkidle' });
  const loaded = await Promise.all(scripts);
  let total = 0;
  for (const s of loaded.sort((a, b) => b.gz - a.gz)) {
    total += s.gz;
    console.log(`${(s.gz / 1024).toFixed(1).padStart(7)} KB gz  ${(s.raw / 1024).toFixed(1).padStart(7)} KB  ${s.url}`);
  }
  console.log(
    `total: ${(total / 1024).toFixed(1)} KB (${total} bytes) of gzipped JavaScript on ${page} (budget: ${budgetKb} KB, ${budgetKb * 1024} bytes)`,
  );
  process.exitCode = total <= budgetKb * 1024 ? 0 : 1;
} finally {
  await browser.close();
  server.stop();
}
