import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// `npm run dev -w frontend` serves the app with hot reload and sends API calls to `npm start`'s gateway.
export default defineConfig({
  plugins: [react()],
  server: {
    proxy: {
      '/api': 'http://localhost:3000',
      '/images': 'http://localhost:3000',
    },
  },
  build: { outDir: 'dist', emptyOutDir: true },
});
