// Budget: lesson-to-lesson navigation in the course player is one API request,
// GET /api/learning/:courseId/lessons/:lessonId, p95 <= 20 ms on the seeded data, on SQLite and on
// PostgreSQL. For each database: a fresh one, the production server on it, the company of
// bench/learning-seed.mjs (100,000 enrolments, 1,000,000 lesson_progress rows and more) written
// straight into it, then 100 learners of its courses, each with their own session, walk their
// course lesson by lesson — each request goes to the lesson the previous answer named as next, and
// after the last lesson they start again — taking turns, one request at a time through the real
// HTTP server. Opening the player (the outline, GET /api/learning/:courseId) is timed beside it.
// Usage: npm run build:server && npm run bench:player
//   (BENCH_REQUESTS lessons, default 3000; BENCH_PG_URL, default postgres://postgres@127.0.0.1:5432/postgres;
//    BENCH_SKIP_PG=1 or BENCH_SKIP_SQLITE=1 for one database alone)
import { onBothDatabases, percentile as p, prepareCompany, timeRequests } from './learning-seed.mjs';

const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 3000);
const BUDGET_MS = 20;

const company = prepareCompany();
const { walkers } = company;
console.log(
  `${walkers.length} learners walk ${new Set(walkers.map((w) => w.courseId)).size} courses of ${Math.min(...walkers.map((w) => w.lessons))}–${Math.max(...walkers.map((w) => w.lessons))} lessons`,
);

const line = (label, what, times, budget) =>
  console.log(
    `${label}: ${what.padEnd(28)} p50 ${p(times, 0.5).toFixed(1).padStart(5)} ms, p95 ${p(times, 0.95).toFixed(1).padStart(5)} ms, max ${times.at(-1).toFixed(1).padStart(6)} ms over ${times.length} requests` +
      (budget ? ` — ${p(times, 0.95) <= budget ? 'within budget' : 'OVER BUDGET'} (budget p95 <= ${budget} ms)` : ''),
  );

async function measure(label, base) {
  const outline = (i) => ({ url: `/api/learning/${walkers[i % walkers.length].courseId}`, cookie: walkers[i % walkers.length].cookie });
  const at = walkers.map((w) => w.firstLessonId);
  const lesson = (i) => {
    const k = i % walkers.length;
    const w = walkers[k];
    return {
      url: `/api/learning/${w.courseId}/lessons/${at[k]}`,
      cookie: w.cookie,
      then: (body) => (at[k] = body.nextLessonId ?? w.firstLessonId),
    };
  };
  await timeRequests(base, walkers.length, outline);
  await timeRequests(base, 200, lesson);
  const lessons = await timeRequests(base, REQUESTS, lesson);
  const opened = await timeRequests(base, 4 * walkers.length, outline);
  line(label, 'next lesson (navigation)', lessons, BUDGET_MS);
  line(label, 'opening the player (outline)', opened);
  return p(lessons, 0.95);
}

const results = await onBothDatabases(company.rows, [5197, 5198], measure);
if (results.some((r) => r > BUDGET_MS)) process.exitCode = 1;
