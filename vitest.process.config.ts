import { defineConfig } from 'vitest/config';

/**
 * Tests that start several real server processes at once (`npm run test:process`): too slow for
 * `npm test`, so CI runs them as a step of their own. They need PostgreSQL (TEST_DATABASE_URL,
 * default the local server).
 */
export default defineConfig({
  test: {
    include: ['tests/process/**/*.test.ts'],
    pool: 'forks',
    // Each test already runs several servers on the machine's cores.
    maxWorkers: 1,
    testTimeout: 300_000,
    hookTimeout: 60_000,
  },
});
