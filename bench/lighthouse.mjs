// Lighthouse (mobile, its default) on the production build: prints the four category scores
// (performance, accessibility, best practices, SEO) of every public page and exits non-zero when
// any is below 95 (the public pages' budget), so CI can run it.
// Performance varies from run to run by a few points (simulated throttling on a shared CPU), so
// each page is measured LIGHTHOUSE_RUNS times (default 3) and the run with the median performance
// score is the one reported, as Lighthouse's own guidance on variability advises.
// Usage: npm run build && node bench/lighthouse.mjs [/ /pricing …] (default: every public page)
// An app page is measured logged in as the demo admin with --signed-in, its session cookie sent
// with every request; `:course` in a path stands for the admin's first course, so
// `node bench/lighthouse.mjs --signed-in /dashboard/courses/:course` measures the builder.
// Lighthouse 12 is fetched by npx on first use; Chrome is Debian's /usr/bin/chromium.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { DEMO_ACCOUNT } from '../src/shared/demo.ts';
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

const signedIn = process.argv.includes('--signed-in');
const asked = process.argv.slice(2).filter((a) => a !== '--signed-in');
const server = await startBuiltServer(Number(process.env.BENCH_PORT ?? 5290), signedIn ? { SEED_DEMO: 'true' } : {});
const below = [];
let pages = asked.length ? asked : PUBLIC_PAGES;
try {
  const session = signedIn ? await demoSession() : null;
  if (session) pages = pages.map((p) => p.replace(':course', session.courseId));
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
            ...(session ? [`--extra-headers=${JSON.stringify({ Cookie: session.cookie })}`] : []),
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

/** A session of the demo admin (its cookie), and the id of the admin's first course. */
async function demoSession() {
  const login = await fetch(`${server.url}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: server.url },
    body: JSON.stringify({ email: DEMO_ACCOUNT.email, password: DEMO_ACCOUNT.password }),
  });
  if (!login.ok) throw new Error(`login as the demo admin: ${login.status} ${await login.text()}`);
  const cookie = login.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const courses = await (await fetch(`${server.url}/api/courses`, { headers: { cookie } })).json();
  return { cookie, courseId: courses.courses[0].id };
}
