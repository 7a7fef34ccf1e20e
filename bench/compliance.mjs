// Budget: the compliance matrix of a company of 5,000 people × 20 required courses (100,000
// records) answers in <= 200 ms p95 as JSON, on SQLite and on PostgreSQL; and its XLSX export of
// all 100,000 lines streams with the server's memory flat (the workbook is never held whole).
// For each database: a fresh one with the production server on it (which migrates it), the company
// written straight into it — 5,000 active members in ten departments, 20 published courses, each
// required of everyone, one enrolment and one compliance record per person and course with dates
// spread over every status — then, through the real HTTP server, the first page of the matrix (50
// people), the matrix filtered by a department and by a status, first one request at a time, then
// by BENCH_CONCURRENCY clients at once (default 4); and the whole report as XLSX, with the server's
// resident memory sampled from /proc while it streams.
// Usage: npm run build:server && npm run bench:compliance
//   (BENCH_REQUESTS per call, default 200; BENCH_CONCURRENCY, default 4; BENCH_PG_URL, default
//    postgres://postgres@127.0.0.1:5432/postgres; BENCH_SKIP_PG=1 or BENCH_SKIP_SQLITE=1 for one database alone)
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { startBuiltServer } from './built-server.mjs';
import { buildCompany, COURSES, PEOPLE, seedPostgres, seedSqlite } from './compliance-seed.mjs';
import { describeTimes, percentile, timeRequests, withPostgres } from './learning-seed.mjs';

const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 200);
const CONCURRENCY = Math.max(1, Number(process.env.BENCH_CONCURRENCY ?? 4));
const BUDGET_MS = 200;

if (!existsSync(path.resolve(import.meta.dirname, '..', 'dist', 'server', 'server.js'))) {
  console.error('No production build: run npm run build:server (or npm run build) first.');
  process.exit(2);
}

const rss = (pid) => Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;

/** Downloads the whole report as XLSX, sampling the server's resident memory as it streams. */
async function xlsx(base, pid, cookie) {
  const before = rss(pid);
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, rss(pid))), 20);
  const started = performance.now();
  const res = await fetch(`${base}/api/reports/compliance?format=xlsx`, { headers: { cookie } });
  let bytes = 0;
  for await (const chunk of res.body) bytes += chunk.length;
  clearInterval(sampler);
  return { status: res.status, bytes, seconds: (performance.now() - started) / 1000, before, peak };
}

async function measure(label, base, pid, company) {
  const cookie = company.cookie;
  const first = await (await fetch(`${base}/api/reports/compliance`, { headers: { cookie } })).json();
  const cells = Object.values(first.counts).reduce((a, b) => a + b, 0);
  if (first.people !== PEOPLE || cells !== PEOPLE * COURSES)
    throw new Error(`${label}: the matrix counted ${first.people} people and ${cells} cells`);
  console.log(
    `${label}: ${first.people.toLocaleString('en')} people, ${cells.toLocaleString('en')} cells: ${JSON.stringify(first.counts)}`,
  );
  const calls = [
    { name: 'matrix, page 1', url: '/api/reports/compliance' },
    { name: 'matrix, one department', url: `/api/reports/compliance?group=${company.groupId}` },
    { name: 'matrix, overdue only', url: '/api/reports/compliance?status=overdue' },
  ];
  const over = [];
  for (const call of calls) {
    const next = () => ({ url: call.url, cookie });
    await timeRequests(base, 10, next);
    const alone = await timeRequests(base, REQUESTS, next);
    const together = await timeRequests(base, REQUESTS, next, CONCURRENCY);
    const p95 = percentile(alone, 0.95);
    if (p95 > BUDGET_MS) over.push(call.name);
    console.log(
      `${label}: ${call.name.padEnd(24)} 1 client:  ${describeTimes(alone)} — ${p95 > BUDGET_MS ? 'OVER BUDGET' : 'within budget'} (p95 <= ${BUDGET_MS} ms)`,
    );
    console.log(`${label}: ${''.padEnd(24)} ${String(CONCURRENCY).padStart(2)} clients: ${describeTimes(together)}`);
  }
  const file = await xlsx(base, pid, cookie);
  if (file.status !== 200) throw new Error(`${label}: the XLSX answered ${file.status}`);
  console.log(
    `${label}: XLSX of ${(PEOPLE * COURSES).toLocaleString('en')} lines: ${(file.bytes / 1024 / 1024).toFixed(1)} MB in ${file.seconds.toFixed(1)} s; ` +
      `server resident memory ${file.before.toFixed(0)} MB before, ${file.peak.toFixed(0)} MB at its peak (+${(file.peak - file.before).toFixed(0)} MB)`,
  );
  return over;
}

const company = buildCompany();
console.log(
  `Built ${Object.entries(company.rows)
    .map(([t, r]) => `${r.length.toLocaleString('en')} ${t}`)
    .join(', ')}`,
);
const missed = [];
const one = async (label, port, env, seed) => {
  const server = await startBuiltServer(port, { SEED_DEMO: 'false', ...env });
  try {
    const started = performance.now();
    await seed(server);
    console.log(`${label}: seeded in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    missed.push(...(await measure(label, `http://127.0.0.1:${port}`, server.pid, company)));
  } finally {
    server.stop();
  }
};
if (!process.env.BENCH_SKIP_SQLITE)
  await one('SQLite', 5197, {}, (server) => seedSqlite(path.join(server.dataDir, 'kursa.db'), company.rows));
if (!process.env.BENCH_SKIP_PG) {
  const adminUrl = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  await withPostgres(adminUrl, (url) => one('PostgreSQL', 5198, { DATABASE_URL: url }, () => seedPostgres(url, company.rows)));
}
if (missed.length) process.exitCode = 1;
