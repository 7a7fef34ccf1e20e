import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';

/**
 * The Redis connection the instances share (the rate limit's counters, the job engine's events),
 * or none without REDIS_URL. Imported only when configured: ioredis is several MB a single
 * instance has no use for. Closed with the app.
 */
export async function connectRedis(app: FastifyInstance, url: string | undefined): Promise<Redis | undefined> {
  if (!url) return undefined;
  const redis = new (await import('ioredis')).Redis(url, { lazyConnect: false, maxRetriesPerRequest: 1 });
  app.addHook('onClose', async () => void (await redis.quit()));
  // ioredis reconnects on its own; a lost connection is worth a line in the log, not more.
  redis.on('error', (error: Error) => app.log.warn({ err: error }, 'Redis connection error; reconnecting'));
  return redis;
}
