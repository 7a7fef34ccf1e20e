// Lighthouse (mobile, its default) on the production build: prints the four category scores
// (performance, accessibility, best practices, SEO) of every public page and exits non-zero when
// any is below 95 (the public pages' budget), so CI can run it.
// Performance varies from run to run by a few points (simulated throttling on a shared CPU), so
// each page is measured LIGHTHOUSE_RUNS times (default 3) and the run with the median performance
// score is the one reported, as Lighthouse's own guidance on variability advises.
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
const RUNS = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS ?? 3));

const pages = process.argv.slice(2).length ? process.argv.slice(2) : PUBLIC_PAGES;
const server = await startBuiltServer(Number(process.env.BENCH_PORT ?? 5290));
const below = [];
try {
  const flags =
    '--headless=new --no-sandbox --disable-gpu --disable-background-networking --disable-component-update --disable-sync --no-first-run';
  for (const page of pages) {
    const out = path.join(server.dataDir, 'report.json');
    const reports = [];
    for (let run = 0, attempts = 0; run < RUNS; attempts++) {
      try {
        execFileSync(
          'npx',
          [
            '--yes',
            'lighthouse@12.8.2',
            `${server.url}${page}`,
            '--output=json',
            `--output-path=${out}`,
            '--quiet',
            `--chrome-flags=${flags}`,
          ],
          { env: { ...process.env, CHROME_PATH: process.env.CHROME_PATH ?? '/usr/bin/chromium' }, stdio: ['ignore', 'ignore', 'inherit'] },
        );
      } catch (error) {
        // Lighthouse now and then fails to record the trace (NO_NAVSTART, NO_FCP): the run is made again (two failed runs a page at most).
        if (attempts >= RUNS + 1) throw error;
        continue;
      }
      reports.push(JSON.parse(readFileSync(out, 'utf8')));
      run++;
    }
    // A run that failed to measure (no paint recorded) has no score and sorts first.
    reports.sort((a, b) => (a.categories.performance.score ?? -1) - (b.categories.performance.score ?? -1));
    const report = reports[Math.floor(reports.length / 2)];
    const scores = Object.values(report.categories).map((c) => `${c.title} ${Math.round(c.score * 100)}`);
    const all =
      RUNS > 1
        ? ` (performance of the ${RUNS} runs: ${reports.map((r) => Math.round((r.categories.performance.score ?? 0) * 100)).join(', ')})`
        : '';
    console.log(`${page}: ${scores.join(', ')}${all}`);
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
