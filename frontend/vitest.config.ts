import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

// Component tests: jsdom and Testing Library. Calls go to small real HTTP servers the tests start.
export default defineConfig({
  plugins: [react()],
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test/setup.ts'],
    css: false,
    restoreMocks: true,
    testTimeout: 15_000,
  },
});
