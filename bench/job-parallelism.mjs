// Issue 7 §2 performance: with a fake provider that answers each call after a fixed delay, a
// 4-module, 12-lesson course finishes in <= 1.3 x (outline + the slowest chain of lessons at the
// set concurrency + quiz), not the sum of all calls. The job is course-shaped: outline -> 12
// lessons (3 per module) -> 4 quizzes, each quiz needing its module's lessons; every step is one
// HTTP call to a local fake provider. It runs on the production build of the job engine (worker,
// stores, SQL) against a fresh SQLite file and a fresh PostgreSQL database, each migrated as at
// start, and prints the wall time of each run, the ideal, and their ratio against the budget.
// Usage: npm run build:server && npm run bench:jobs
//   (BENCH_DELAY_MS per call, default 300; BENCH_RUNS per database, default 3; AI_JOB_CONCURRENCY, default 3;
//    BENCH_PG_URL, default postgres://postgres@127.0.0.1:5432/postgres; BENCH_SKIP_PG=1 or BENCH_SKIP_SQLITE=1)
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { withPostgres } from './learning-seed.mjs';

const root = path.resolve(import.meta.dirname, '..');
const dist = (file) => path.join(root, 'dist', 'server', file);
if (!existsSync(dist('ai/jobs/worker.js'))) {
  console.error('No server build: run `npm run build:server` first.');
  process.exit(1);
}
const { JobKinds, defineJobKind } = await import(dist('ai/jobs/kinds.js'));
const { JobWorker } = await import(dist('ai/jobs/worker.js'));
const { JobsService } = await import(dist('ai/jobs/service.js'));
const { migrate, openDatabase } = await import(dist('db/database.js'));

const DELAY_MS = Number(process.env.BENCH_DELAY_MS ?? 300);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const CONCURRENCY = Number(process.env.AI_JOB_CONCURRENCY ?? 3);
const MODULES = 4;
const LESSONS_PER_MODULE = 3;
const BUDGET = 1.3;

// The fake provider: every call is answered after DELAY_MS.
let calls = 0;
const provider = http.createServer((req, res) => {
  calls++;
  req.resume();
  req.on('end', () => setTimeout(() => res.writeHead(200, { 'content-type': 'application/json' }).end('{"text":"ok","tokens":{"input":100,"output":400}}'), DELAY_MS));
});
await new Promise((r) => provider.listen(0, '127.0.0.1', r));
const providerUrl = `http://127.0.0.1:${provider.address().port}/v1/answer`;

const lessons = (m) => Array.from({ length: LESSONS_PER_MODULE }, (_, i) => `lesson:${m}.${i + 1}`);
const course = defineJobKind({
  name: 'bench-course',
  input: { parse: (value) => value },
  plan(_input, steps) {
    const plan = [{ key: 'outline', phase: 'outline', input: { modules: MODULES } }];
    if (steps.get('outline')?.status !== 'done') return plan;
    for (let m = 1; m <= MODULES; m++) for (const key of lessons(m)) plan.push({ key, phase: 'lessons', input: { key }, dependsOn: ['outline'] });
    for (let m = 1; m <= MODULES; m++) plan.push({ key: `quiz:${m}`, phase: 'quizzes', input: { module: m }, dependsOn: lessons(m) });
    return plan;
  },
  async runStep({ step, signal, reportTokens }) {
    const response = await fetch(providerUrl, { method: 'POST', body: JSON.stringify(step.input), signal });
    const answer = await response.json();
    reportTokens(answer.tokens);
    return answer.text;
  },
});

const quiet = { error: console.error, warn: console.warn, info() {}, debug() {}, trace() {}, fatal: console.error, child: () => quiet, level: 'warn' };
const STEPS = 1 + MODULES * LESSONS_PER_MODULE + MODULES;
const floor = DELAY_MS * (1 + Math.ceil((STEPS - 1) / CONCURRENCY));
const ideal = DELAY_MS * (1 + Math.ceil(LESSONS_PER_MODULE * MODULES / CONCURRENCY) + 1);
console.log(
  `A ${MODULES}-module, ${MODULES * LESSONS_PER_MODULE}-lesson course: ${STEPS} steps of ${DELAY_MS} ms each at ${CONCURRENCY} per job. ` +
    `Ideal (outline + ${Math.ceil((LESSONS_PER_MODULE * MODULES) / CONCURRENCY)} rounds of lessons + quiz): ${ideal} ms; all calls one after another: ${STEPS * DELAY_MS} ms; ` +
    `the floor with the quizzes sharing the job's ${CONCURRENCY} slots: ${floor} ms (ratio ${(floor / ideal).toFixed(3)}).`,
);

async function measure(label, databaseUrl, dataDir) {
  const handle = openDatabase({ databaseUrl, dataDir });
  const { db } = handle;
  await migrate(db);
  const now = new Date().toISOString();
  await db.insertInto('organisations').values({ id: 'bench-org', cvr: '10000009', name: 'Bench ApS', address: 'Vej 1', city: 'By', postal_code: '1000', created_at: now, updated_at: now }).execute();
  const kinds = new JobKinds([course]);
  const options = { jobConcurrency: CONCURRENCY, companyConcurrency: 64, leaseMs: 30_000, maxRunMs: 3_600_000 };
  const worker = new JobWorker(db, handle.kind, kinds, options, quiet);
  const service = new JobsService(db, kinds, () => worker.wake());
  worker.start();
  const ratios = [];
  try {
    for (let run = 1; run <= RUNS; run++) {
      const before = calls;
      const started = performance.now();
      const job = await service.create({ kind: 'bench-course', organisationId: 'bench-org', userId: null, input: {} });
      let row;
      do {
        await new Promise((r) => setTimeout(r, 2));
        row = await db.selectFrom('ai_jobs').select(['status']).where('id', '=', job.id).executeTakeFirstOrThrow();
      } while (row.status === 'queued' || row.status === 'running');
      const wall = performance.now() - started;
      if (row.status !== 'succeeded' || calls - before !== STEPS) throw new Error(`${label}: the job ended ${row.status} after ${calls - before} calls`);
      const ratio = wall / ideal;
      ratios.push(ratio);
      console.log(`${label}: run ${run}: ${wall.toFixed(0)} ms wall for ${calls - before} calls (the engine's own time ${(wall - floor).toFixed(0)} ms over the floor); ratio ${ratio.toFixed(3)}`);
    }
    const median = [...ratios].sort((a, b) => a - b)[Math.floor(ratios.length / 2)];
    console.log(`${label}: median ratio ${median.toFixed(3)} (budget <= ${BUDGET}) — ${median <= BUDGET ? 'within budget' : 'OVER BUDGET'}`);
    return median;
  } finally {
    await worker.stop();
    await db.destroy();
  }
}

const medians = [];
if (!process.env.BENCH_SKIP_SQLITE) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'kursa-bench-jobs-'));
  try {
    medians.push(await measure('SQLite', `sqlite:${path.join(dataDir, 'kursa.db')}`, dataDir));
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
if (!process.env.BENCH_SKIP_PG) {
  const adminUrl = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  medians.push(await withPostgres(adminUrl, (url) => measure('PostgreSQL', url, tmpdir())));
}
provider.close();
if (medians.some((m) => m > BUDGET)) process.exitCode = 1;
