// The public pages get their HTML at build (the issue "Fast as delivered"): after the client build,
// the app is built once more for Node (src/prerender/render-page.tsx), each path of
// PRERENDERED_PATHS is rendered into a copy of index.html with its route's chunks preloaded and its
// CSS linked (so the page is styled at first paint and hydrates without a waterfall), and written
// as <path>/index.html (`/` as index.html itself). The empty shell that other paths boot from is
// kept as SHELL_FILE; the gateway (infra/src/gateway/serve-frontend.ts) reads PAGES_FILE.
// Each page's <head> starts with one inline script: the price guard (src/lib/currency/price-guard.ts:
// a visitor who saved another currency sees no USD price before the app applies it), then the
// early-tap keeper (src/lib/early-taps.ts: a tap on the menu before hydration is not lost). The CSP
// forbids inline scripts but for the hashes of INLINE_SCRIPTS_FILE, computed here from the exact
// text written (infra/src/gateway/security-headers.ts reads it).
import { createHash } from 'node:crypto';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, type Plugin, type ResolvedConfig, type Rollup } from 'vite';

export const SHELL_FILE = 'shell.html';
export const PAGES_FILE = 'prerendered.json';
export const INLINE_SCRIPTS_FILE = 'inline-script-hashes.json';
/** The export the server build adds to each route module (MODULE_ID of render-page.tsx). */
const MODULE_ID = '__moduleId';
const ROUTE_MODULE = /\/src\/app\/routes\/.+\.tsx$/;

interface ServerEntry {
  PRERENDERED_PATHS: readonly string[];
  HEAD_SCRIPT: string;
  renderPage(path: string): Promise<{ html: string; modules: string[] }>;
}

export interface PageAssets {
  scripts: string[];
  styles: string[];
}

/** React renders a page's title, meta and link tags ahead of its body: they belong in <head>. */
const HEAD_TAGS = /^(?:<title>[^<]*<\/title>|<meta [^>]*\/?>|<link [^>]*\/?>)+/;

/** A CSP source allowing exactly this inline script: 'sha256-<base64 of the text's digest>'. */
export const scriptHash = (script: string) =>
  `'sha256-${createHash('sha256').update(script, 'utf8').digest('base64')}'`;

/** Right after <meta charset>: before any stylesheet, so it runs at once and before the body shows. */
const CHARSET = /<meta charset="[^"]*"\s*\/?>/i;

export function pageDocument(
  shell: string,
  rendered: string,
  assets: PageAssets,
  headScript?: string,
): string {
  const head = HEAD_TAGS.exec(rendered)?.[0] ?? '';
  const body = rendered.slice(head.length);
  if (!shell.includes('<div id="root"></div>')) throw new Error('index.html has no empty #root');
  if (headScript !== undefined && !CHARSET.test(shell)) throw new Error('index.html has no <meta charset>');
  if (headScript?.includes('</')) throw new Error('an inline script may not contain "</"');
  const links = [
    // crossorigin as Vite's loader asks for a chunk's stylesheet, or the browser fetches it twice.
    ...assets.styles.map((file) => `<link rel="stylesheet" crossorigin href="/${file}">`),
    ...assets.scripts.map((file) => `<link rel="modulepreload" href="/${file}">`),
  ].join('');
  return (
    shell
      // The page shows without JavaScript: the shell's "needs JavaScript" notice does not apply.
      // (Taken out before the page goes in: the page's own <noscript> notes stay.)
      .replace(/\s*<noscript>[\s\S]*?<\/noscript>/, '')
      .replace(CHARSET, (charset) =>
        headScript === undefined ? charset : `${charset}<script>${headScript}</script>`,
      )
      .replace('</head>', () => `${links}${head}</head>`)
      .replace('<div id="root"></div>', () => `<div id="root">${body}</div>`)
  );
}

/** The chunks of the given route modules with what they import (but the entry), and their CSS. */
export function pageAssets(bundle: Rollup.OutputBundle, moduleIds: string[]): PageAssets {
  const chunks = Object.values(bundle).filter((c): c is Rollup.OutputChunk => c.type === 'chunk');
  const entry = chunks.find((c) => c.isEntry)?.fileName;
  const scripts = new Set<string>();
  const visit = (file: string) => {
    const chunk = bundle[file];
    if (file === entry || scripts.has(file) || chunk?.type !== 'chunk') return;
    scripts.add(file);
    chunk.imports.forEach(visit);
  };
  for (const id of moduleIds) {
    const chunk = chunks.find((c) => c.facadeModuleId === id);
    if (!chunk) throw new Error(`no client chunk for ${id}`);
    visit(chunk.fileName);
  }
  const styles = [...scripts].flatMap((file) => {
    const chunk = bundle[file];
    return chunk?.type === 'chunk' ? [...(chunk.viteMetadata?.importedCss ?? [])] : [];
  });
  return { scripts: [...scripts], styles: [...new Set(styles)] };
}

export const pageFile = (outDir: string, pagePath: string) =>
  path.join(outDir, ...pagePath.split('/').filter(Boolean), 'index.html');

/** In the server build, each route module says which source file it is. */
function tagRouteModules(): Plugin {
  return {
    name: 'printshop-tag-route-modules',
    transform(code, id) {
      if (!ROUTE_MODULE.test(id)) return null;
      return { code: `${code}\nexport const ${MODULE_ID} = ${JSON.stringify(id)};`, map: null };
    },
  };
}

export function prerender(): Plugin {
  let config: ResolvedConfig;
  let client: Rollup.OutputBundle | undefined;
  return {
    name: 'printshop-prerender',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    writeBundle(_options, bundle) {
      client = bundle;
    },
    closeBundle: {
      // Awaited before the plugins after it (precompress) start theirs.
      sequential: true,
      async handler() {
        if (!client) return; // the build failed
        const outDir = path.resolve(config.root, config.build.outDir);
        // Inside the project, so the server build's imports resolve from its node_modules.
        const serverDir = path.join(config.root, 'node_modules', '.prerender');
        await build({
          configFile: config.configFile,
          root: config.root,
          mode: config.mode,
          logLevel: 'warn',
          plugins: [tagRouteModules()],
          build: {
            ssr: 'src/prerender/render-page.tsx',
            outDir: serverDir,
            emptyOutDir: true,
            minify: false,
          },
        });
        const entry = (await import(
          pathToFileURL(path.join(serverDir, 'render-page.js')).href
        )) as ServerEntry;
        const shell = await readFile(path.join(outDir, 'index.html'), 'utf8');
        await writeFile(path.join(outDir, SHELL_FILE), shell);
        for (const pagePath of entry.PRERENDERED_PATHS) {
          const { html, modules } = await entry.renderPage(pagePath);
          const file = pageFile(outDir, pagePath);
          await mkdir(path.dirname(file), { recursive: true });
          const assets = pageAssets(client, modules);
          await writeFile(file, pageDocument(shell, html, assets, entry.HEAD_SCRIPT));
        }
        await writeFile(path.join(outDir, PAGES_FILE), JSON.stringify(entry.PRERENDERED_PATHS));
        await writeFile(
          path.join(outDir, INLINE_SCRIPTS_FILE),
          JSON.stringify([scriptHash(entry.HEAD_SCRIPT)]),
        );
        await rm(serverDir, { recursive: true, force: true });
        config.logger.info(`prerendered ${entry.PRERENDERED_PATHS.length} pages`);
      },
    },
  };
}
