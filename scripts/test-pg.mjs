// `npm run test:pg`: the API suite against PostgreSQL. Each test file creates its own database on
// the server TEST_DATABASE_URL names (default: the local one) and drops it afterwards.
// `npm run test:pg -- tests/api/x.test.ts` runs only the files named; options alone keep the suite.
import { spawnSync } from 'node:child_process';

const env = { ...process.env, TEST_DATABASE_URL: process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres' };
const args = process.argv.slice(2);
// vitest runs every file that matches any filter, so the whole folder goes only when none is named.
const namesFiles = args.some((a) => !a.startsWith('-') && a.includes('tests/'));
const result = spawnSync('npx', ['vitest', 'run', ...(namesFiles ? [] : ['tests/api']), ...args], { stdio: 'inherit', env });
process.exit(result.status ?? 1);
