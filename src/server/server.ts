import { buildApp } from './app.ts';
import { EnvError, parseEnv } from './env.ts';

/** Starts Kursa: env, app, listen, and a graceful stop on SIGTERM/SIGINT. */
async function main(): Promise<void> {
  let env;
  try {
    env = parseEnv();
  } catch (error) {
    if (error instanceof EnvError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const app = await buildApp({ env });
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'stopping: no new connections, finishing requests in flight');
    // Fastify's close stops accepting, waits for in-flight requests, then runs onClose (the DB).
    const force = setTimeout(() => {
      app.log.error('requests still running after 10 s; exiting');
      process.exit(1);
    }, 10_000);
    force.unref();
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        app.log.error({ err: error }, 'error while stopping');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
  await app.listen({ port: env.PORT, host: env.HOST });
  app.log.info(`Kursa is running at ${env.PUBLIC_URL}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
