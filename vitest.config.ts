import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const alias = {
  // Client modules under test use the same aliases as in Vite.
  '@/': fileURLToPath(new URL('./src/client/', import.meta.url)),
  '@shared/': fileURLToPath(new URL('./src/shared/', import.meta.url)),
};

/**
 * `npm test`: unit and API tests (tests that run the server as a process are `npm run test:slow`).
 * The server's tests share their workers' loaded modules (isolate: false): each API file builds its
 * own app on its own database, and the server keeps no module-level state but a cached dummy
 * password hash, so importing the whole app once per worker instead of once per file halves the
 * run. The client's tests mock modules (vi.mock), which must not leak into another file: they
 * stay isolated.
 */
export default defineConfig({
  resolve: { alias },
  test: {
    // API suites build a real app on a real database each; argon2 hashing is CPU-bound on 2 cores.
    pool: 'forks',
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    projects: [
      { extends: true, test: { name: 'client', include: ['tests/unit/client/**/*.test.ts'] } },
      {
        extends: true,
        test: {
          name: 'server',
          include: ['tests/unit/**/*.test.ts', 'tests/api/**/*.test.ts'],
          exclude: ['tests/unit/client/**'],
          isolate: false,
        },
      },
    ],
  },
});
