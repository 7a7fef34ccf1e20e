import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  // Client modules under test use the same aliases as in Vite.
  resolve: {
    alias: {
      '@/': fileURLToPath(new URL('./src/client/', import.meta.url)),
      '@shared/': fileURLToPath(new URL('./src/shared/', import.meta.url)),
    },
  },
  test: {
    include: ['tests/unit/**/*.test.ts', 'tests/api/**/*.test.ts'],
    // API suites build a real app on a real database each; argon2 hashing is CPU-bound on 2 cores.
    pool: 'forks',
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
