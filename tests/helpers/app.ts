import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { JobsOptions } from '../../src/server/jobs/setup.ts';
import { buildApp } from '../../src/server/app.ts';
import type { RetryPolicy } from '../../src/server/ai/retry.ts';
import type { CvrRegistry } from '../../src/server/cvr/registry.ts';
import { openDatabase, type Db } from '../../src/server/db/database.ts';
import { parseEnv } from '../../src/server/env.ts';
import { freshCvr } from './cvr.ts';
import { createTestDatabase, type TestDatabase } from './database.ts';

export { freshCvr };

export const PUBLIC_URL = 'http://localhost:5000';

export interface TestApp {
  app: FastifyInstance;
  /** A second connection to the same database, for arranging and checking state directly. */
  db: Db;
  database: TestDatabase;
  close(): Promise<void>;
}

export interface AppTestOptions {
  env?: Record<string, string>;
  cvrRegistry?: CvrRegistry;
  clientDir?: string;
  aiRetry?: RetryPolicy;
  jobs?: JobsOptions;
  clock?: () => Date;
}

export async function createTestApp(options: AppTestOptions = {}): Promise<TestApp> {
  const database = await createTestDatabase();
  const app = await buildTestApp(database, options);
  const handle = openDatabase({ databaseUrl: database.url, dataDir: database.dataDir });
  const t: TestApp = {
    app,
    db: handle.db,
    database,
    close: async () => {
      // The app in use now: a test may have restarted it (buildTestApp).
      await t.app.close();
      await handle.db.destroy();
      await database.drop();
    },
  };
  return t;
}

/** The app on a test database that exists: another instance on it, or the same one restarted (same DATA_DIR). */
export function buildTestApp(database: TestDatabase, options: AppTestOptions = {}): Promise<FastifyInstance> {
  const env = parseEnv({
    DATABASE_URL: database.url,
    DATA_DIR: database.dataDir,
    PUBLIC_URL,
    SEED_DEMO: 'false',
    LOG_LEVEL: 'silent',
    ...options.env,
  });
  return buildApp({
    env,
    logger: false,
    ...(options.cvrRegistry && { cvrRegistry: options.cvrRegistry }),
    ...(options.aiRetry && { aiRetry: options.aiRetry }),
    ...(options.jobs && { jobs: options.jobs }),
    ...(options.clock && { clock: options.clock }),
    clientDir: options.clientDir ?? `${database.dataDir}/no-client`,
  });
}

/** The session cookie a response set, as a Cookie header value. */
export function sessionCookie(response: LightMyRequestResponse): string {
  const cookie = response.cookies.find((c) => c.name === 'kursa_session');
  if (!cookie) throw new Error(`no session cookie in response ${response.statusCode}: ${response.body}`);
  return `kursa_session=${cookie.value}`;
}

let counter = 0;

export function registration(overrides: Record<string, unknown> = {}) {
  const n = ++counter;
  return {
    companyName: 'Nordisk Læring ApS',
    cvrNumber: freshCvr(),
    contactName: 'Anne Jensen',
    email: `anne${n}.${Date.now()}@example.dk`,
    phone: '+45 12 34 56 78',
    address: 'Nørregade 10',
    city: 'Aarhus C',
    postalCode: '8000',
    password: 'correct-horse-1',
    confirmPassword: 'correct-horse-1',
    acceptTerms: true,
    ...overrides,
  };
}

let registrations = 0;

/**
 * Registers a company through the API and returns its admin's cookie and user. Each call comes
 * from its own loopback address, so a test file's set-up never meets the per-IP registration
 * throttle (tests of the throttle send their own requests).
 */
export async function registerCompany(app: FastifyInstance, overrides: Record<string, unknown> = {}) {
  const body = registration(overrides);
  const n = ++registrations;
  const remoteAddress = `127.1.${(n >> 8) & 255}.${n & 255}`;
  const response = await app.inject({ method: 'POST', url: '/api/register', payload: body, remoteAddress });
  if (response.statusCode !== 201) throw new Error(`register failed ${response.statusCode}: ${response.body}`);
  return { cookie: sessionCookie(response), user: response.json(), body };
}
