import type { FastifyInstance } from 'fastify';
import { JobKinds } from '../../src/server/jobs/kinds.ts';
import { JobsService } from '../../src/server/jobs/service.ts';
import type { JobsOptions } from '../../src/server/jobs/setup.ts';
import { openDatabase, type Db } from '../../src/server/db/database.ts';
import { buildTestApp } from './app.ts';
import { createTestDatabase, type TestDatabase } from './database.ts';
import { startFakeProvider, type FakeProvider } from './jobs-provider.ts';
import { testCourseKind } from './jobs-kind.ts';

/** Short leases, so a lost worker is noticed within a second or two. */
export const JOBS_ENV = { AI_JOB_LEASE_MS: '1000', AI_JOB_CONCURRENCY: '3', AI_COMPANY_CONCURRENCY: '6' };

/** An app instance on the test database that knows the test kind and runs its worker. */
export async function jobsApp(database: TestDatabase, env: Record<string, string> = {}, jobs: JobsOptions = {}): Promise<FastifyInstance> {
  // An empty value leaves the setting unset (its default), as an empty line in .env does.
  const settings = Object.fromEntries(Object.entries({ ...JOBS_ENV, ...env }).filter(([, value]) => value !== ''));
  const app = await buildTestApp(database, { env: settings, jobs: { kinds: [testCourseKind], ...jobs } });
  await app.ready();
  return app;
}

/** A test file's database, a connection of its own to it, and the apps and fakes to close at the end. */
export class JobsBed {
  database!: TestDatabase;
  db!: Db;
  private readonly apps: FastifyInstance[] = [];
  private readonly providers: FakeProvider[] = [];

  /** On the database TEST_DATABASE_URL names, or on `admin`'s server when given. */
  async open(admin?: string): Promise<void> {
    this.database = await createTestDatabase(...(admin ? [admin] : []));
    this.db = openDatabase({ databaseUrl: this.database.url, dataDir: this.database.dataDir }).db;
  }

  async app(env: Record<string, string> = {}, jobs: JobsOptions = {}): Promise<FastifyInstance> {
    const app = await jobsApp(this.database, env, jobs);
    this.apps.push(app);
    return app;
  }

  async provider(delayMs = 60): Promise<FakeProvider> {
    const provider = await startFakeProvider(delayMs);
    this.providers.push(provider);
    return provider;
  }

  async close(): Promise<void> {
    for (const app of this.apps) await app.close();
    for (const provider of this.providers) await provider.close();
    await this.db.destroy();
    await this.database.drop();
  }
}

/** Creates a course-shaped test job the way other modules will: through the service, not a route. */
export async function createCourseJob(
  db: Db,
  owner: { id: string; organisationId: string },
  provider: FakeProvider,
  shape = { modules: 2, lessonsPerModule: 3 },
) {
  const service = new JobsService(db, new JobKinds([testCourseKind]));
  return service.create({
    kind: 'test-course',
    organisationId: owner.organisationId,
    userId: owner.id,
    input: { providerUrl: provider.url, ...shape },
  });
}

export const jobRow = (db: Db, id: string) => db.selectFrom('ai_jobs').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
export const stepRows = (db: Db, id: string) =>
  db.selectFrom('ai_job_steps').selectAll().where('job_id', '=', id).orderBy('position').execute();

/** Waits until `check` answers truthy (state written by a worker, perhaps in another process). */
export async function until<T>(
  check: () => Promise<T> | T,
  what: string,
  timeoutMs = 20_000,
): Promise<Exclude<T, false | null | undefined | 0 | ''>> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value as Exclude<T, false | null | undefined | 0 | ''>;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

export async function finished(db: Db, id: string) {
  return until(async () => {
    const job = await jobRow(db, id);
    return ['succeeded', 'failed', 'cancelled'].includes(job.status) && job;
  }, `job ${id} to finish`);
}
