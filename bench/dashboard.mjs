// Budget: the instructor dashboard's stats and analytics p95 <= 50 ms with 100,000
// enrolments and 1,000,000 lesson-progress rows, on SQLite and on PostgreSQL. For each database: a
// fresh one (a temporary SQLite file; a PostgreSQL database that is created and dropped), the
// production server on it (which migrates it), the company of bench/learning-seed.mjs written
// straight into it, then every dashboard call — GET /api/instructors/:id/stats|analytics (30 and 90
// days)|courses|activity|students as the instructor, and GET /api/organisation/overview as the
// admin — through the real HTTP server: first one request at a time, then by BENCH_CONCURRENCY
// clients at once (default 8, each keeping one request in flight), p50/p95/max and requests/s each.
// The budget holds for the concurrent p95. The stats answer is checked against the figures the seed
// itself counted.
// Usage: npm run build:server && npm run bench:dashboard
//   (BENCH_REQUESTS per call, default 400; BENCH_CONCURRENCY, default 8; BENCH_PG_URL, default postgres://postgres@127.0.0.1:5432/postgres;
//    BENCH_SKIP_PG=1 or BENCH_SKIP_SQLITE=1 for one database alone; BENCH_CALLS=stats,analytics to time only the calls whose names
//    begin so, e.g. the budgeted ones, which saves minutes on a busy machine)
import { CONCURRENCY, describeTimes, onBothDatabases, percentile as p, prepareCompany, timeRequests } from './learning-seed.mjs';

const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 400);
const BUDGET_MS = 50;

const company = prepareCompany();
const { expected } = company;
console.log(
  `The instructor: ${expected.totalCourses} courses, ${expected.enrolments.toLocaleString('en')} enrolments of ${expected.totalStudents.toLocaleString('en')} learners, ` +
    `${expected.progressRows.toLocaleString('en')} lesson_progress rows`,
);

const id = company.instructorId;
/** The calls, whose budget is docs/benchmarks.md's (stats and analytics); the others are measured against the same line. */
const CALLS = [
  { name: 'stats', url: `/api/instructors/${id}/stats`, as: 'instructor', budget: true },
  { name: 'analytics 30 days', url: `/api/instructors/${id}/analytics?days=30`, as: 'instructor', budget: true },
  { name: 'analytics 90 days', url: `/api/instructors/${id}/analytics?days=90`, as: 'instructor', budget: true },
  { name: 'courses', url: `/api/instructors/${id}/courses`, as: 'instructor' },
  { name: 'activity', url: `/api/instructors/${id}/activity`, as: 'instructor' },
  { name: 'students', url: `/api/instructors/${id}/students`, as: 'instructor' },
  { name: 'organisation overview', url: '/api/organisation/overview', as: 'admin' },
];
const only = process.env.BENCH_CALLS?.split(',')
  .map((s) => s.trim())
  .filter(Boolean);
const timed = only ? CALLS.filter((call) => only.some((name) => call.name.startsWith(name))) : CALLS;
const cookies = { instructor: company.instructorCookies, admin: company.adminCookies };

async function measure(label, base) {
  const missed = [];
  const stats = await (await fetch(base + CALLS[0].url, { headers: { cookie: cookies.instructor[0] } })).json();
  const wrong = ['totalCourses', 'totalStudents', 'completionRate', 'averageRating'].filter((k) => stats[k] !== expected[k]);
  if (wrong.length) throw new Error(`${label}: stats answered ${JSON.stringify(stats)}, the seed counted ${JSON.stringify(expected)}`);
  console.log(`${label}: stats ${JSON.stringify(stats)} (as seeded)`);
  for (const call of timed) {
    const next = (i) => ({ url: call.url, cookie: cookies[call.as][i % cookies[call.as].length] });
    await timeRequests(base, 20, next);
    const alone = await timeRequests(base, REQUESTS, next);
    const together = await timeRequests(base, REQUESTS, next, CONCURRENCY);
    const p95 = p(together, 0.95);
    const over = p95 > BUDGET_MS;
    const verdict = call.budget ? (over ? 'OVER BUDGET' : 'within budget') : over ? 'over 50 ms (no budget)' : 'within 50 ms';
    if (call.budget && over) missed.push(call.name);
    console.log(`${label}: ${call.name.padEnd(22)} 1 client:  ${describeTimes(alone)}`);
    console.log(
      `${label}: ${''.padEnd(22)} ${String(CONCURRENCY).padStart(2)} clients: ${describeTimes(together)} over ${REQUESTS} requests — ${verdict}` +
        `${call.budget ? ` (budget p95 <= ${BUDGET_MS} ms)` : ''}`,
    );
  }
  return missed;
}

const missed = await onBothDatabases(company.rows, [5195, 5196], measure);
if (missed.flat().length) process.exitCode = 1;
