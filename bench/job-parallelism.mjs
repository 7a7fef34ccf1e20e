// Budget for AI jobs: the real 'whole-course' job kind generates a 3-module, 12-lesson course with a
// quiz per module (16 model calls) against a fake OpenAI-compatible provider that answers every call
// after a fixed delay, and must finish in <= 1.3 x its critical path — the longest chain of calls
// (outline -> lesson -> quiz: 3) times the provider's delay — as the browser sees it: from the job's
// creation until its last event reaches a client of its event stream over HTTP. Everything but the
// model is real: the production build of the AI runner (the AI SDK client streaming structured
// answers, validation, metering, the adaptive per-provider limit), the course-generation steps
// writing the course, the job engine (worker, stores, SQL, the fair share per company) and the
// event stream with its pushed signals, on a fresh SQLite file and a fresh PostgreSQL database, each
// migrated as at start. The settings are the defaults unless the environment sets them.
// Usage: npm run build:server && npm run bench:jobs
//   (BENCH_DELAY_MS per call, default 400; BENCH_RUNS per database after one warm-up run, default 5;
//    AI_JOB_CONCURRENCY, AI_COMPANY_CONCURRENCY, AI_PROVIDER_CONCURRENCY, AI_PROVIDER_CONCURRENCY_MAX as
//    for the server; BENCH_PG_URL, default postgres://postgres@127.0.0.1:5432/postgres; BENCH_SKIP_PG=1
//    or BENCH_SKIP_SQLITE=1). Exits 1 when a database's median ratio is over 1.3.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
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
const { JobSignals } = await import(dist('jobs/signals.js'));
const { JobEventStreams } = await import(dist('jobs/event-streams.js'));
const { migrate, openDatabase } = await import(dist('db/database.js'));
const { parseEnv } = await import(dist('env.js'));
const { createAiProviders } = await import(dist('ai/providers.js'));
const { AiMeter } = await import(dist('ai/metering.js'));
const { AiRunner } = await import(dist('ai/run-task.js'));
const { generationJobKinds } = await import(dist('domains/authoring/course-generation/job-kinds.js'));
// The fake provider the API tests use (tests/helpers), with their model-like course answers.
const { startFakeOpenAi } = await import(path.join(root, 'tests/helpers/fake-openai.ts'));
const { courseAnswer, taskOf } = await import(path.join(root, 'tests/helpers/course-answers.ts'));

const DELAY_MS = Number(process.env.BENCH_DELAY_MS ?? 400);
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const MODULES = 3;
const LESSONS_PER_MODULE = 4;
const LESSONS = MODULES * LESSONS_PER_MODULE;
const BUDGET = 1.3;
/** The longest chain of calls: the outline, then a lesson, then its module's quiz. */
const CHAIN = 3;

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
/** The server's settings, from this environment as the server would read them (defaults where unset). */
const tuning = Object.fromEntries(
  ['AI_JOB_CONCURRENCY', 'AI_COMPANY_CONCURRENCY', 'AI_PROVIDER_CONCURRENCY', 'AI_PROVIDER_CONCURRENCY_MAX']
    .filter((name) => process.env[name])
    .map((name) => [name, process.env[name]]),
);
const settings = parseEnv(tuning);
const STEPS = 1 + LESSONS + MODULES;
const critical = CHAIN * DELAY_MS;
console.log(
  `The whole-course kind on a ${MODULES}-module, ${LESSONS}-lesson course: ${STEPS} calls of ${DELAY_MS} ms each; ` +
    `AI_JOB_CONCURRENCY=${settings.AI_JOB_CONCURRENCY}, AI_COMPANY_CONCURRENCY=${settings.AI_COMPANY_CONCURRENCY ?? '(fair share)'}, ` +
    `AI_PROVIDER_CONCURRENCY=${settings.AI_PROVIDER_CONCURRENCY} (max ${settings.AI_PROVIDER_CONCURRENCY_MAX}). ` +
    `Critical path (${CHAIN} calls in a chain): ${critical} ms; all calls one after another: ${STEPS * DELAY_MS} ms.`,
);

/**
 * Follows a job's event stream over HTTP as a browser does, and says when its last event arrived
 * (the stream ends once the job has finished and everything is sent).
 */
async function lastEventAt(url) {
  const response = await fetch(url);
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  let last;
  let status;
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return { at: last, status };
    buffer += decoder.decode(value, { stream: true });
    for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      if (!block.includes('\nevent: ')) continue;
      last = performance.now();
      const data = block.split('\n').find((line) => line.startsWith('data: '));
      if (block.includes('event: job') && data) status = JSON.parse(data.slice(6)).status;
    }
  }
}

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
    ...tuning,
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
    concurrency: { initial: env.AI_PROVIDER_CONCURRENCY, max: env.AI_PROVIDER_CONCURRENCY_MAX },
  });
  const kinds = new JobKinds(generationJobKinds({ db, ai }));
  // Wired as src/server/jobs/setup.ts does, in one process (so without a transport between instances).
  const signals = new JobSignals(undefined, quiet);
  const worker = new JobWorker(
    db,
    handle.kind,
    kinds,
    {
      jobConcurrency: env.AI_JOB_CONCURRENCY,
      companyConcurrency: env.AI_COMPANY_CONCURRENCY,
      capacity: () => ai.capacity(),
      leaseMs: env.AI_JOB_LEASE_MS,
      maxRunMs: 3_600_000,
    },
    quiet,
    signals,
  );
  const service = new JobsService(db, kinds, () => worker.wake(), signals);
  const streams = new JobEventStreams(db, signals, { heartbeatMs: 15_000, pollMs: 5000 });
  const server = http.createServer((req, res) => {
    const id = decodeURIComponent(req.url.slice('/events/'.length));
    const { body, end } = streams.stream(id, 0, 'en');
    res.once('close', end);
    res.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-store' });
    body.pipe(res);
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const eventsUrl = (id) => `http://127.0.0.1:${server.address().port}/events/${encodeURIComponent(id)}`;
  worker.start();
  const ratios = [];
  try {
    // Run 0 warms up (the AI SDK's code paths, the pool's connections) and is not counted.
    for (let run = 0; run <= RUNS; run++) {
      const courseId = await seed(db, run);
      const before = fake.requests.length;
      const started = performance.now();
      const job = await service.create({
        kind: 'whole-course',
        organisationId: 'bench-org',
        userId: 'bench-user',
        courseId,
        input: { courseId, language: 'da', options: { moduleCount: MODULES, lessonsPerModule: LESSONS_PER_MODULE } },
      });
      // The browser's view: the job's last event arriving on its stream (opened once the job exists,
      // as the page opens it once the POST that starts the job has answered).
      const seen = await lastEventAt(eventsUrl(job.id));
      const wall = seen.at - started;
      const row = await db.selectFrom('ai_jobs').select(['status', 'error']).where('id', '=', job.id).executeTakeFirstOrThrow();
      const calls = fake.requests.slice(before);
      const lessons = await db.selectFrom('lessons').select(['kind', 'source']).where('course_id', '=', courseId).execute();
      const written = lessons.filter((l) => l.source === 'ai').length;
      if (row.status !== 'succeeded' || seen.status !== 'succeeded' || calls.length !== STEPS || written !== LESSONS + MODULES) {
        throw new Error(
          `${label}: the job ended ${row.status} (${row.error}) after ${calls.length} calls (${calls.map(taskOf).join(', ')}), ${written} lessons written`,
        );
      }
      const ratio = wall / critical;
      if (run === 0) {
        console.log(`${label}: warm-up: ${wall.toFixed(0)} ms wall; ratio ${ratio.toFixed(3)} (not counted)`);
        continue;
      }
      ratios.push(ratio);
      console.log(
        `${label}: run ${run}: ${wall.toFixed(0)} ms wall for ${calls.length} calls and ${written} lessons written (${(wall - critical).toFixed(0)} ms over the critical path, provider limit now ${ai.capacity()}); ratio ${ratio.toFixed(3)}`,
      );
    }
    const median = [...ratios].sort((a, b) => a - b)[Math.floor(ratios.length / 2)];
    console.log(
      `${label}: median ratio to the critical path ${median.toFixed(3)} (budget <= ${BUDGET}) — ${median <= BUDGET ? 'within budget' : 'OVER BUDGET'}`,
    );
    return median;
  } finally {
    streams.closeAll();
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
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
