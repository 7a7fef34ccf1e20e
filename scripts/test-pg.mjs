// `npm run test:pg`: the API suite against PostgreSQL. Each test file creates its own database on
// the server TEST_DATABASE_URL names (default: the local one) and drops it afterwards.
import { spawnSync } from 'node:child_process';

const env = { ...process.env, TEST_DATABASE_URL: process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres' };
const result = spawnSync('npx', ['vitest', 'run', 'tests/api', ...process.argv.slice(2)], { stdio: 'inherit', env });
process.exit(result.status ?? 1);
