// Budget for AI jobs: the real 'whole-course' job kind generates a 4-module, 12-lesson course
// against a fake OpenAI-compatible provider that answers every call after a fixed delay, and must
// finish in <= 1.3 x (outline + the slowest chain of lessons at the set concurrency + quiz), not
// the sum of all calls. Everything but the model is real: the production build of the AI runner
// (the AI SDK client streaming structured answers, validation, metering), the course-generation
// steps writing the course (outline, 12 TipTap lessons, 4 quizzes, revisions) and the job engine
// (worker, stores, SQL), on a fresh SQLite file and a fresh PostgreSQL database, each migrated as at
// start. It prints the wall time of each run, the ideal, the floor and their ratio against the budget.
// Usage: npm run build:server && npm run bench:jobs
//   (BENCH_DELAY_MS per call, default 300; BENCH_RUNS per database after one warm-up run, default 5; AI_JOB_CONCURRENCY, default 3;
//    BENCH_PG_URL, default postgres://postgres@127.0.0.1:5432/postgres; BENCH_SKIP_PG=1 or BENCH_SKIP_SQLITE=1)
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { withPostgres } from './learning-seed.mjs';

const root = path.resolve(import.meta.dirname, '..');
const dist = (file) => path.join(root, 'dist', 'server', file);
if (!existsSync(dist('domains/authoring/course-generation/job-kinds.js'))) {
  console.error('No server build: run `npm run build:server` first.');
  process.exit(1);
}
const { JobKinds } = await import(dist('jobs/kinds.js'));
const { JobWorker } = await import(dist('jobs/worker.js'));
const { JobsService } = await import(dist('jobs/service.js'));
const { migrate, openDatabase } = await import(dist('db/database.js'));
const { parseEnv } = await import(dist('env.js'));
const { createAiProviders } = await import(dist('ai/providers.js'));
const { AiMeter } = await import(dist('ai/metering.js'));
const { AiRunner } = await import(dist('ai/run-task.js'));
const { generationJobKinds } = await import(dist('domains/authoring/course-generation/job-kinds.js'));
// The fake provider the API tests use (tests/helpers), with their model-like course answers.
const { startFakeOpenAi } = await import(path.join(root, 'tests/helpers/fake-openai.ts'));
const { courseAnswer, taskOf } = await import(path.join(root, 'tests/helpers/course-answers.ts'));

const DELAY_MS = Number(process.env.BENCH_DELAY_MS ?? 300);
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const CONCURRENCY = Number(process.env.AI_JOB_CONCURRENCY ?? 3);
const MODULES = 4;
const LESSONS_PER_MODULE = 3;
const LESSONS = MODULES * LESSONS_PER_MODULE;
const BUDGET = 1.3;

const fake = await startFakeOpenAi();
fake.answerWith((request) => courseAnswer(request, { delayMs: DELAY_MS }));

const quiet = {
  error: console.error,
  warn: console.warn,
  info() {},
  debug() {},
  trace() {},
  fatal: console.error,
  child: () => quiet,
  level: 'warn',
};
const STEPS = 1 + LESSONS + MODULES;
const rounds = Math.ceil(LESSONS / CONCURRENCY);
const ideal = DELAY_MS * (1 + rounds + 1);
const floor = DELAY_MS * (1 + Math.ceil((STEPS - 1) / CONCURRENCY));
console.log(
  `The whole-course kind on a ${MODULES}-module, ${LESSONS}-lesson course: ${STEPS} calls of ${DELAY_MS} ms each at ${CONCURRENCY} per job. ` +
    `Ideal (outline + ${rounds} rounds of lessons + quiz): ${ideal} ms; all calls one after another: ${STEPS * DELAY_MS} ms; ` +
    `the floor with the quizzes sharing the job's ${CONCURRENCY} slots: ${floor} ms (ratio ${(floor / ideal).toFixed(3)}).`,
);

async function seed(db, run) {
  const now = new Date().toISOString();
  if (run === 0) {
    await db
      .insertInto('organisations')
      .values({
        id: 'bench-org',
        cvr: '10000009',
        name: 'Bench ApS',
        address: 'Vej 1',
        city: 'By',
        postal_code: '1000',
        created_at: now,
        updated_at: now,
      })
      .execute();
    await db
      .insertInto('users')
      .values({
        id: 'bench-user',
        organisation_id: 'bench-org',
        email: 'bench@example.dk',
        password_hash: 'x',
        contact_name: 'Bench',
        phone: '12345678',
        role: 'admin',
        preferences: '{}',
        created_at: now,
        updated_at: now,
      })
      .execute();
  }
  const id = `bench-course-${run}`;
  await db
    .insertInto('courses')
    .values({
      id,
      organisation_id: 'bench-org',
      owner_id: 'bench-user',
      title: 'Sikkerhed på lageret',
      slug: id,
      subtitle: '',
      description: 'Et kursus om at arbejde sikkert.',
      category: 'business',
      level: 'beginner',
      language: 'da',
      tags: '[]',
      thumbnail_upload_id: null,
      learning_objectives: '["Kende reglerne"]',
      target_audience: 'Nye medarbejdere',
      duration_minutes: null,
      pricing: 'free',
      price: 0,
      currency: 'DKK',
      visibility: 'public',
      status: 'draft',
      published_at: null,
      source: 'manual',
      source_model: null,
      version: 1,
      created_at: now,
      updated_at: now,
    })
    .execute();
  return id;
}

async function measure(label, databaseUrl, dataDir) {
  const handle = openDatabase({ databaseUrl, dataDir });
  const { db } = handle;
  await migrate(db);
  const env = parseEnv({
    DATABASE_URL: databaseUrl,
    DATA_DIR: dataDir,
    OPENAI_BASE_URL: fake.url,
    AI_MODEL: 'bench-model',
    AI_TIMEOUT_MS: '30000',
  });
  const ai = new AiRunner(createAiProviders(env), new AiMeter(db, env.AI_MONTHLY_TOKENS_PER_COMPANY), {
    timeoutMs: env.AI_TIMEOUT_MS,
    retry: { retries: 0, baseDelayMs: 100, maxDelayMs: 1000 },
    log: quiet,
  });
  const kinds = new JobKinds(generationJobKinds({ db, ai }));
  const worker = new JobWorker(
    db,
    handle.kind,
    kinds,
    { jobConcurrency: CONCURRENCY, companyConcurrency: 64, leaseMs: 30_000, maxRunMs: 3_600_000 },
    quiet,
  );
  const service = new JobsService(db, kinds, () => worker.wake());
  worker.start();
  const ratios = [];
  try {
    // Run 0 warms up (the AI SDK's code paths, the pool's connections) and is not counted.
    for (let run = 0; run <= RUNS; run++) {
      const courseId = await seed(db, run);
      const before = fake.requests.length;
      const started = Date.now();
      const job = await service.create({
        kind: 'whole-course',
        organisationId: 'bench-org',
        userId: 'bench-user',
        courseId,
        input: { courseId, language: 'da', options: { moduleCount: MODULES, lessonsPerModule: LESSONS_PER_MODULE } },
      });
      // The wall time is the job's own finish time as it stored it (the engine's clock, to the ms),
      // so the bench looks for the end only now and then: a tight poll of its own would be load on
      // the very event loop and database it measures (a browser follows a job at the event stream's pace).
      let row;
      do {
        await new Promise((r) => setTimeout(r, 100));
        row = await db.selectFrom('ai_jobs').select(['status', 'error', 'finished_at']).where('id', '=', job.id).executeTakeFirstOrThrow();
      } while (row.status === 'queued' || row.status === 'running');
      const wall = Date.parse(row.finished_at) - started;
      const calls = fake.requests.slice(before);
      const lessons = await db.selectFrom('lessons').select(['kind', 'source']).where('course_id', '=', courseId).execute();
      const written = lessons.filter((l) => l.source === 'ai').length;
      if (row.status !== 'succeeded' || calls.length !== STEPS || written !== LESSONS + MODULES) {
        throw new Error(
          `${label}: the job ended ${row.status} (${row.error}) after ${calls.length} calls (${calls.map(taskOf).join(', ')}), ${written} lessons written`,
        );
      }
      const ratio = wall / ideal;
      if (run === 0) {
        console.log(`${label}: warm-up: ${wall.toFixed(0)} ms wall; ratio ${ratio.toFixed(3)} (not counted)`);
        continue;
      }
      ratios.push(ratio);
      console.log(
        `${label}: run ${run}: ${wall.toFixed(0)} ms wall for ${calls.length} calls and ${written} lessons written (${(wall - floor).toFixed(0)} ms over the floor); ratio ${ratio.toFixed(3)}`,
      );
    }
    const median = [...ratios].sort((a, b) => a - b)[Math.floor(ratios.length / 2)];
    console.log(
      `${label}: median ratio ${median.toFixed(3)} (budget <= ${BUDGET}) — ${median <= BUDGET ? 'within budget' : 'OVER BUDGET'}`,
    );
    return median;
  } finally {
    await worker.stop();
    await db.destroy();
  }
}

const medians = [];
try {
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
} finally {
  await fake.close();
}
if (medians.some((m) => m > BUDGET)) process.exitCode = 1;
