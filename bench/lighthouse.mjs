// Lighthouse (mobile, its default) on the production build: prints the four category scores
// (performance, accessibility, best practices, SEO) of every public page and exits non-zero when
// any is below 95 (DESIGN.md's budget; issue 9 §1), so CI can run it.
// Usage: npm run build && node bench/lighthouse.mjs [/ /pricing …] (default: every public page)
// Lighthouse 12 is fetched by npx on first use; Chrome is Debian's /usr/bin/chromium.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { startBuiltServer } from './built-server.mjs';

const PUBLIC_PAGES = [
  '/',
  '/platform',
  '/courses',
  '/pricing',
  '/resources',
  '/resources/course-plan-template',
  '/course-creator',
  '/ai-assistant',
  '/terms',
  '/privacy',
  '/gdpr',
  '/about',
  '/help',
  '/contact',
  '/login',
  '/register',
  '/forgot-password',
];
const BUDGET = 95;

const pages = process.argv.slice(2).length ? process.argv.slice(2) : PUBLIC_PAGES;
const server = await startBuiltServer(Number(process.env.BENCH_PORT ?? 5290));
const below = [];
try {
  const flags = '--headless=new --no-sandbox --disable-gpu --disable-background-networking --disable-component-update --disable-sync --no-first-run';
  for (const page of pages) {
    const out = path.join(server.dataDir, 'report.json');
    execFileSync(
      'npx',
      ['--yes', 'lighthouse@12.8.2', `${server.url}${page}`, '--output=json', `--output-path=${out}`, '--quiet', `--chrome-flags=${flags}`],
      { env: { ...process.env, CHROME_PATH: process.env.CHROME_PATH ?? '/usr/bin/chromium' }, stdio: ['ignore', 'ignore', 'inherit'] },
    );
    const report = JSON.parse(readFileSync(out, 'utf8'));
    const scores = Object.values(report.categories).map((c) => `${c.title} ${Math.round(c.score * 100)}`);
    console.log(`${page}: ${scores.join(', ')}`);
    const metrics = ['first-contentful-paint', 'largest-contentful-paint', 'total-blocking-time', 'cumulative-layout-shift', 'speed-index'];
    console.log(`   ${metrics.map((id) => `${report.audits[id].title} ${report.audits[id].displayValue}`).join(', ')}`);
    for (const c of Object.values(report.categories)) {
      if (Math.round(c.score * 100) < BUDGET) below.push(`${page} ${c.title} ${Math.round(c.score * 100)}`);
      if (c.score >= 1) continue;
      const failing = c.auditRefs
        .map((r) => report.audits[r.id])
        .filter((a) => a.score !== null && a.score < 0.9 && a.scoreDisplayMode !== 'informative' && a.scoreDisplayMode !== 'manual');
      for (const a of failing.slice(0, 6)) console.log(`   ${c.title}: ${a.title}${a.displayValue ? ` (${a.displayValue})` : ''}`);
    }
  }
} finally {
  server.stop();
}
console.log(below.length ? `below ${BUDGET}: ${below.join('; ')}` : `every category of ${pages.length} pages at ${BUDGET} or more`);
process.exitCode = below.length ? 1 : 0;
