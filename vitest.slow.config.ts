import { defineConfig } from 'vitest/config';

/**
 * Tests that run the real server as a process (`npm run test:slow`): stopping it under load, its
 * start-up and time-outs, a job taken over after a kill -9, several instances started together.
 * Each spends seconds waiting on real processes, so they stay out of `npm test`; CI runs them on
 * SQLite and again on PostgreSQL (TEST_DATABASE_URL). Starting several instances together always
 * needs PostgreSQL (TEST_DATABASE_URL, default the local server).
 */
export default defineConfig({
  test: {
    include: ['tests/slow/**/*.test.ts'],
    pool: 'forks',
    // One at a time: each test already runs one or more servers on the machine's two cores.
    maxWorkers: 1,
    testTimeout: 300_000,
    hookTimeout: 60_000,
  },
});
