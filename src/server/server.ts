import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.ts';
import { registerGracefulStop } from './http/graceful-stop.ts';
import { EnvError, parseEnv, type Env } from './env.ts';

/**
 * Connections waiting to be accepted. Node's default (511) overflows when a few hundred clients
 * connect at once while the event loop is busy; the kernel then drops their SYNs and they retry
 * after 1, 3, 7, 15 s — the multi-second stalls seen under load (ADR 010). The kernel caps it at
 * somaxconn.
 */
const LISTEN_BACKLOG = 4096;

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
  handleStopSignals(app, env.SHUTDOWN_TIMEOUT_MS);
  await listen(app, env);
}

/**
 * SIGTERM/SIGINT: a graceful stop (http/graceful-stop.ts) that answers every request already
 * received, within SHUTDOWN_TIMEOUT_MS, then exits 0. Only if closing itself hangs (the database,
 * say) does the process give up a few seconds later with exit code 1.
 */
function handleStopSignals(app: FastifyInstance, timeoutMs: number): void {
  const stop = registerGracefulStop(app, { timeoutMs });
  const onSignal = (signal: string) => {
    const hung = setTimeout(() => {
      app.log.error({ signal }, 'the app did not close after the stop deadline; exiting');
      process.exit(1);
    }, timeoutMs + 5000);
    hung.unref();
    stop(signal).then(
      () => process.exit(0),
      (error: unknown) => {
        app.log.error({ err: error }, 'error while stopping');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => onSignal('SIGTERM'));
  process.on('SIGINT', () => onSignal('SIGINT'));
}

/**
 * Listens, and says in one line where to open Kursa (PUBLIC_URL, not the bound address). A port
 * that is taken, or not ours to bind, is said plainly with how to choose another, not as a stack.
 */
async function listen(app: FastifyInstance, env: Env): Promise<void> {
  let first = true;
  try {
    await app.listen({
      port: env.PORT,
      host: env.HOST,
      backlog: LISTEN_BACKLOG,
      listenTextResolver: (address) => {
        const line = first ? `Kursa is running: open ${env.PUBLIC_URL} (listening on ${address})` : `also listening on ${address}`;
        first = false;
        return line;
      },
    });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== 'EADDRINUSE' && code !== 'EACCES' && code !== 'EADDRNOTAVAIL') throw error;
    await app.close();
    const reason =
      code === 'EADDRINUSE'
        ? `Port ${env.PORT} is already in use on ${env.HOST} (another Kursa, or another program, is listening there).`
        : code === 'EACCES'
          ? `Port ${env.PORT} on ${env.HOST} may not be used by this user (ports below 1024 need privileges).`
          : `The address ${env.HOST} does not belong to this machine (HOST).`;
    const hint =
      code === 'EADDRNOTAVAIL'
        ? 'Bind to this machine, for example: HOST=127.0.0.1 npm start'
        : `Choose another port, for example: PORT=${env.PORT === 5001 ? 5002 : 5001} npm start`;
    console.error(`${reason}\n${hint}`);
    process.exit(1);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
