import { defineConfig } from 'vitest/config';

// Browser journeys: real Chromium (playwright-core, /usr/bin/chromium) against the whole shop
// serving the built frontend. Build first: `npm run build -w frontend` (infra/bin/test.mjs does).
export default defineConfig({
  test: {
    include: ['test/e2e/**/*.e2e.test.ts'],
    globalSetup: ['test/support/global-setup.ts'],
    // Uncaught errors in any page fail the journey running.
    setupFiles: ['test/e2e/support/page-errors.ts'],
    pool: 'forks',
    // One browser at a time on a two-core machine.
    fileParallelism: false,
    testTimeout: 90_000,
    hookTimeout: 120_000,
  },
});
