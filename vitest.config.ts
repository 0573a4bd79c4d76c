import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['{shared-events,command-service,query-service,projections,infra,test}/**/*.test.ts'],
    exclude: ['**/node_modules/**', 'test/e2e/**'],
    globalSetup: ['test/support/global-setup.ts'],
    pool: 'forks',
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // Two cores here: the concurrency proofs are heavy, so at most two files at once.
    maxWorkers: 2,
    minWorkers: 1,
  },
});
