import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// react-router's package exports only its development build to bundlers; its production build
// (no dev warnings) is a third smaller, so the shop's bundle uses that.
const reactRouterProduction = fileURLToPath(
  new URL('../node_modules/react-router/dist/production/index.mjs', import.meta.url),
);

// `npm run dev -w frontend` serves the app with hot reload and sends API calls to `npm start`'s gateway.
export default defineConfig(({ command }) => ({
  plugins: [react()],
  resolve: {
    alias: command === 'build' ? [{ find: /^react-router$/, replacement: reactRouterProduction }] : [],
  },
  server: {
    proxy: {
      '/api': 'http://localhost:3000',
      '/images': 'http://localhost:3000',
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rollupOptions: {
      // shared-events is pure rules and schemas: a module none of whose exports are used can go
      // (importing the user schema must not drag in the address rules and libphonenumber).
      treeshake: { moduleSideEffects: (id) => !id.includes('/shared-events/src/') },
    },
  },
}));
