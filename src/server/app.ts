import path from 'node:path';
import fastifyCookie from '@fastify/cookie';
import fastifyRateLimit, { normalizeIP } from '@fastify/rate-limit';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { Redis } from 'ioredis';
import { RATE_LIMIT } from '../shared/constants.ts';
import { CvrApiRegistry } from './cvr/cvrapi.ts';
import { OfflineCvrRegistry } from './cvr/offline.ts';
import type { CvrRegistry } from './cvr/registry.ts';
import { migrate, openDatabase, type DbHandle } from './db/database.ts';
import { seedDemo } from './db/seed.ts';
import type { Env } from './env.ts';
import { frameworkErrorHandler, registerErrorHandler } from './http/errors.ts';
import { registerOriginCheck } from './http/origin-check.ts';
import { registerSecurityHeaders } from './http/security-headers.ts';
import { registerSessionAuth } from './http/session.ts';
import { registerStaticAndFallback } from './http/static.ts';
import { authRoutes } from './modules/auth/routes.ts';
import { AuthService } from './modules/auth/service.ts';
import { configRoutes, healthRoutes } from './modules/config/routes.ts';
import { cvrRoutes } from './modules/cvr/routes.ts';
import { CvrService } from './modules/cvr/service.ts';
import { usersRoutes } from './modules/users/routes.ts';
import { UsersService } from './modules/users/service.ts';

export const PROJECT_ROOT = path.resolve(import.meta.dirname, '..', '..');

export interface AppOptions {
  env: Env;
  /** Tests hand in a registry (e.g. cvrapi pointed at a local fake); otherwise CVR_PROVIDER decides. */
  cvrRegistry?: CvrRegistry;
  /** Where the built client is; tests of the API alone leave it absent. */
  clientDir?: string;
  logger?: boolean;
}

export function createCvrRegistry(env: Env): CvrRegistry {
  return env.CVR_PROVIDER === 'cvrapi'
    ? new CvrApiRegistry({ userAgent: env.CVRAPI_USER_AGENT ?? 'Kursa' })
    : new OfflineCvrRegistry();
}

/** Builds the whole app: database (migrated, maybe seeded), plugins, modules, errors, static files. */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { env } = options;
  const handle: DbHandle = openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR });
  const app = Fastify({
    logger: options.logger === false ? false : { level: env.LOG_LEVEL, redact: ['req.headers.cookie', 'req.headers.authorization'] },
    bodyLimit: 1024 * 1024,
    trustProxy: env.TRUST_PROXY,
    forceCloseConnections: 'idle',
    frameworkErrors: frameworkErrorHandler,
  });
  app.addHook('onClose', async () => handle.db.destroy());
  try {
    await migrate(handle.db);
    if (env.SEED_DEMO && (await seedDemo(handle.db))) app.log.info('seeded the demo company into an empty database');
  } catch (error) {
    await app.close();
    throw error;
  }
  app.log.info({ database: handle.kind, at: handle.description }, 'database ready');

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);

  const https = env.PUBLIC_URL.startsWith('https:');
  registerSecurityHeaders(app, { https });
  await app.register(fastifyCookie);
  registerOriginCheck(app, env.PUBLIC_URL);
  registerSessionAuth(app, handle.db);

  await app.register(fastifySwagger, {
    openapi: {
      info: { title: 'Kursa API', version: '1', description: 'The JSON API behind the Kursa web app.' },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });

  const cvr = new CvrService(handle.db, options.cvrRegistry ?? createCvrRegistry(env));
  const auth = new AuthService(handle.db, cvr);
  const users = new UsersService(handle.db);
  const redis = env.REDIS_URL ? new Redis(env.REDIS_URL, { lazyConnect: false, maxRetriesPerRequest: 1 }) : undefined;
  if (redis) app.addHook('onClose', async () => void (await redis.quit()));

  await app.register(async (api) => {
    // A ceiling for the whole API, shared across instances through Redis when set. Logged-in users
    // count per session, so a company's office behind one NAT address is not throttled as one client.
    await api.register(fastifyRateLimit, {
      timeWindow: '1 minute',
      keyGenerator: (request) => (request.auth ? `s:${request.auth.sessionId}` : `ip:${normalizeIP(request.ip, 64)}`),
      max: (_request, key) => (key.startsWith('s:') ? RATE_LIMIT.perSessionPerMinute : RATE_LIMIT.perIpPerMinute),
      ...(redis && { redis, nameSpace: 'kursa-rl:' }),
    });
    await api.register(healthRoutes, { db: handle.db });
    await api.register(configRoutes, { db: handle.db, seedDemo: env.SEED_DEMO, cvrProvider: cvr.registry.name });
    await api.register(authRoutes, { db: handle.db, auth, secureCookies: https });
    await api.register(usersRoutes, { users });
    await api.register(cvrRoutes, { cvr });
  });

  await registerStaticAndFallback(app, options.clientDir ?? path.join(PROJECT_ROOT, 'dist', 'client'));
  return app;
}
