// The storefront's build. `/` is held to a JavaScript budget (`npm run bench -- frontend`, <= 120 KB
// gzip), so what the first page downloads is kept to what it shows: the public pages are prerendered
// with their route's chunks preloaded (build-plugins/prerender.ts), the plugins below give the shell
// its own small zod and cut unused react-router code; terser minifies.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { precompress } from './build-plugins/precompress';
import { prerender } from './build-plugins/prerender';

// react-router's package exports only its development build to bundlers, warnings and checks
// included; the shop's bundle uses its production build, which has neither (an ES module that
// tree-shakes like the other: about 0.6 KB gzip smaller for what the shell uses).
const reactRouterProduction = fileURLToPath(
  new URL('../node_modules/react-router/dist/production/index.mjs', import.meta.url),
);

/** `@/x` is frontend/src/x (tsconfig.json paths); the prerender step's server build uses this config too. */
const srcAlias = { find: /^@\//, replacement: `${fileURLToPath(new URL('./src/', import.meta.url))}` };

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

/**
 * react-router's bundle is not written for its declarative mode to shed the rest: two pieces the
 * shop never runs stay in `/` (about 3 KB gzip), so the build cuts them from the production build.
 * <Form> is created by a call not marked pure and named afterwards, so it is kept though never
 * rendered (the shop has no route actions). <Link>'s prefetching (its `prefetch` prop) is framework
 * mode's: it needs that mode's route manifest and throws in declarative mode; the shop never asks
 * for it. Should a react-router upgrade change these lines, the build warns and is only bigger.
 */
function trimReactRouter(): Plugin {
  // Each cut is a set of edits made together or not at all.
  const cuts: Record<string, [from: string, to: string][]> = {
    '<Form>': [
      ['var Form = React10.forwardRef(', 'var Form = /* @__PURE__ */ React10.forwardRef('],
      ['Form.displayName = "Form";', ''],
    ],
    '<Link> prefetching': [
      [
        'let [shouldPrefetch, prefetchRef, prefetchHandlers] = usePrefetchBehavior(\n      prefetch,\n      rest\n    );',
        'let prefetchRef = null, prefetchHandlers = {};',
      ],
      [
        'return shouldPrefetch && !isAbsolute ? /* @__PURE__ */ React10.createElement(React10.Fragment, null, link, /* @__PURE__ */ React10.createElement(PrefetchPageLinks, { page: href })) : link;',
        'return link;',
      ],
    ],
  };
  return {
    name: 'printshop-trim-react-router',
    apply: 'build',
    transform(code, id) {
      if (!id.startsWith(path.dirname(reactRouterProduction)) || !code.includes('var Link = ')) return null;
      let trimmed = code;
      for (const [name, edits] of Object.entries(cuts)) {
        if (!edits.every(([from]) => trimmed.includes(from))) {
          this.warn(`react-router changed: ${name} is kept`);
          continue;
        }
        for (const [from, to] of edits) trimmed = trimmed.replace(from, to);
      }
      return { code: trimmed, map: null };
    },
  };
}

// `npm run dev -w frontend` serves the app with hot reload and sends API calls to `npm start`'s gateway.
// The prerender step's own server build (isSsrBuild) needs none of the client's bundle shaping.
export default defineConfig(({ command, isSsrBuild }) => ({
  plugins: isSsrBuild
    ? [react()]
    : // prerender() writes its pages before precompress() compresses every file.
      [react(), shellZodCopy(), trimReactRouter(), prerender(), precompress()],
  resolve: {
    alias: [
      srcAlias,
      ...(command === 'build' ? [{ find: /^react-router$/, replacement: reactRouterProduction }] : []),
    ],
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
    // terser packs the bundle about 2 % smaller than esbuild's minifier (the `/` budget is gzip bytes).
    minify: 'terser',
    // No modulepreload polyfill in the entry: a browser without it (Safari before 17) only fetches later.
    modulePreload: { polyfill: false },
    rollupOptions: {
      treeshake: {
        // shared-events is pure rules and schemas: a module none of whose exports are used can go
        // (importing the user schema must not drag in the address rules and libphonenumber).
        moduleSideEffects: (id) => !id.includes('/shared-events/src/'),
        // jotai/utils builds its default JSON storage when loaded; the shop uses no atomWithStorage.
        manualPureFunctions: ['createJSONStorage'],
      },
      // zod's own sources place two @__PURE__ notes where Rollup cannot use them (it drops them, and
      // says so for each copy in every build): a library's comment, nothing for us to act on.
      onwarn(warning, warn) {
        if (warning.code === 'INVALID_ANNOTATION' && warning.id?.includes('/node_modules/zod/')) return;
        warn(warning);
      },
    },
  },
}));
