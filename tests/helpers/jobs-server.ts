import { buildApp } from '../../src/server/app.ts';
import { parseEnv } from '../../src/server/env.ts';
import { testCourseKind } from './jobs-kind.ts';

/**
 * The server as its own process, as server.ts starts it, with the test job kind registered: the
 * restart tests kill it with SIGKILL mid-job (no handler runs, no lease is given back) and start
 * another on the same database.
 */
const env = parseEnv();
const app = await buildApp({ env, logger: false, clientDir: `${env.DATA_DIR}/no-client`, jobs: { kinds: [testCourseKind] } });
await app.listen({ port: env.PORT, host: '127.0.0.1' });
