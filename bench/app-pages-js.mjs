// Budget: an app page (behind the login) loads at most 150 KB of gzipped JavaScript on its first
// visit. Starts the production build on a fresh database (the demo company is seeded), logs in as the
// demo admin and the demo learner, opens each app page in a fresh tab of Chromium, records every
// script it loads and prints each page's gzipped total (level 9, as the build pre-compresses them).
// Each page is then opened again with the CPU slowed 4× (as Lighthouse's mobile run does), and its
// total blocking time is printed: the time over 50 ms of each long task until the page has shown its
// heading and the network is idle.
// Exits non-zero when a page is over its budget.
// Usage: npm run build && npm run bench:app-pages (BENCH_PORT=… to use another port; BENCH_VERBOSE=1
// lists each page's scripts)
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { DEMO_ACCOUNT, DEMO_LEARNER } from '../src/shared/demo.ts';
import { startBuiltServer } from './built-server.mjs';

const BUDGET_BYTES = 150 * 1024;
const server = await startBuiltServer(Number(process.env.BENCH_PORT ?? 5292));
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

async function signedIn(account) {
  const context = await browser.newContext();
  const response = await context.request.post(`${server.url}/api/login`, {
    data: { email: account.email, password: account.password },
    headers: { origin: server.url },
  });
  if (!response.ok()) throw new Error(`login as ${account.email}: ${response.status()} ${await response.text()}`);
  return context;
}

/**
 * Waits for the page itself, not only a quiet network: on a busy machine the first script can take
 * longer than networkidle's 500 ms to run, before the page's own chunks are even asked for.
 */
async function settled(tab, path) {
  await tab.goto(`${server.url}${path}`, { waitUntil: 'networkidle' });
  await tab.locator('main h1').first().waitFor({ timeout: 60_000 });
  await tab.waitForLoadState('networkidle');
}

/** The gzipped bytes of every script `path` loads on a first visit (a fresh tab, an empty cache). */
async function scriptBytes(context, path) {
  const tab = await context.newPage();
  const scripts = [];
  tab.on('response', (response) => {
    if (response.request().resourceType() !== 'script') return;
    scripts.push(
      response.body().then(
        (body) => ({ url: new URL(response.url()).pathname, gz: gzipSync(body, { level: 9 }).length }),
        () => ({ url: new URL(response.url()).pathname, gz: 0 }),
      ),
    );
  });
  await settled(tab, path);
  const loaded = await Promise.all(scripts);
  await tab.close();
  return loaded.sort((a, b) => b.gz - a.gz);
}

/** Total blocking time (ms) of a first visit with the CPU slowed 4×, until the network is idle. */
async function blockingTime(context, path) {
  const tab = await context.newPage();
  const cdp = await context.newCDPSession(tab);
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await tab.addInitScript(() => {
    globalThis.__blocking = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) globalThis.__blocking += Math.max(0, entry.duration - 50);
    }).observe({ type: 'longtask', buffered: true });
  });
  await settled(tab, path);
  const ms = await tab.evaluate(() => globalThis.__blocking);
  await tab.close();
  return Math.round(ms);
}

let over = 0;
try {
  const admin = await signedIn(DEMO_ACCOUNT);
  const learner = await signedIn(DEMO_LEARNER);
  const courses = await (await admin.request.get(`${server.url}/api/courses`)).json();
  const courseId = courses.courses[0].id;
  const learning = await (await learner.request.get(`${server.url}/api/learning`)).json();
  const enrolled = learning.enrolments[0];
  const pages = [
    ['admin', admin, '/dashboard'],
    ['admin', admin, `/dashboard/courses/${courseId}`],
    ['admin', admin, '/profile'],
    ['admin', admin, '/billing'],
    ['admin', admin, '/dashboard/creator'],
    ['admin', admin, '/dashboard/assistants'],
    ['learner', learner, '/learn'],
    ['learner', learner, `/learn/${enrolled.courseId}`],
  ];
  for (const [who, context, path] of pages) {
    const scripts = await scriptBytes(context, path);
    const total = scripts.reduce((sum, s) => sum + s.gz, 0);
    const tbt = await blockingTime(context, path);
    if (total > BUDGET_BYTES) over++;
    console.log(
      `${(total / 1024).toFixed(1).padStart(6)} KB (${total} bytes, ${scripts.length} scripts)  TBT at 4× CPU ${String(tbt).padStart(4)} ms  ${path} (${who})${total > BUDGET_BYTES ? '  OVER BUDGET' : ''}`,
    );
    if (process.env.BENCH_VERBOSE) for (const s of scripts) console.log(`         ${(s.gz / 1024).toFixed(1).padStart(6)} KB  ${s.url}`);
  }
  console.log(`budget: ${BUDGET_BYTES / 1024} KB (${BUDGET_BYTES} bytes) of gzipped JavaScript per app page; ${over} over it`);
  process.exitCode = over === 0 ? 0 : 1;
} finally {
  await browser.close();
  server.stop();
}
