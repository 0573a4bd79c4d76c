import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type HtmlTagDescriptor, type Plugin } from 'vite';

// react-router's package exports only its development build to bundlers, warnings and checks
// included; the shop's bundle uses its production build, which has neither (an ES module that
// tree-shakes like the other: about 0.6 KB gzip smaller for what the shell uses).
const reactRouterProduction = fileURLToPath(
  new URL('../node_modules/react-router/dist/production/index.mjs', import.meta.url),
);

/**
 * The home page is a lazy route like every page, but it is the most visited: index.html asks the
 * browser to fetch its chunk (and that chunk's imports and CSS) alongside the entry, so `/` does
 * not wait for the entry to run before requesting it.
 */
function preloadHomeRoute(): Plugin {
  return {
    name: 'printshop-preload-home-route',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, { bundle }) {
        if (!bundle) return [];
        const chunks = Object.values(bundle).filter((c) => c.type === 'chunk');
        const home = chunks.find((c) => c.facadeModuleId?.endsWith('/src/app/routes/home.tsx'));
        if (!home) return [];
        const entry = chunks.find((c) => c.isEntry)?.fileName;
        const scripts = [home.fileName, ...home.imports.filter((file) => file !== entry)];
        const styles = scripts.flatMap((file) => {
          const chunk = bundle[file];
          return chunk?.type === 'chunk' ? [...(chunk.viteMetadata?.importedCss ?? [])] : [];
        });
        return [
          ...scripts.map((file): HtmlTagDescriptor => ({
            tag: 'link',
            attrs: { rel: 'modulepreload', href: `/${file}` },
            injectTo: 'head',
          })),
          ...styles.map((file): HtmlTagDescriptor => ({
            tag: 'link',
            attrs: { rel: 'preload', as: 'style', href: `/${file}` },
            injectTo: 'head',
          })),
        ];
      },
    },
  };
}

/**
 * The first page parses its answers with zod/mini (src/lib/mini-schemas), which needs a sliver of
 * zod's core. Rollup keeps one copy of each module holding whatever any chunk uses from it, and
 * places it in the entry when the entry uses it: the later pages' classic zod schemas would pull
 * nearly all of zod's core into `/`'s download. So the shell's zod/mini imports get a copy of zod
 * of their own, tree-shaken to what they use. zod is made to run as several copies (its config
 * lives on globalThis and its instanceof checks go by name), and the later pages' chunks keep the
 * full copy.
 */
function shellZodCopy(): Plugin {
  const COPY = '?shell-zod';
  const shell = /\/frontend\/src\/lib\/(mini-schemas\/[^/]+|api-client)\.ts$/;
  return {
    name: 'printshop-shell-zod-copy',
    apply: 'build',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (!importer) return null;
      const fromShell = source === 'zod/mini' && shell.test(importer);
      const insideCopy = importer.endsWith(COPY) && source.startsWith('.');
      if (!fromShell && !insideCopy) return null;
      const resolved = await this.resolve(source, importer.replace(COPY, ''), { ...options, skipSelf: true });
      return resolved ? { ...resolved, id: `${resolved.id}${COPY}` } : null;
    },
  };
}

// `npm run dev -w frontend` serves the app with hot reload and sends API calls to `npm start`'s gateway.
export default defineConfig(({ command }) => ({
  plugins: [react(), preloadHomeRoute(), shellZodCopy()],
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
