// The public pages get their HTML at build (the issue "Fast as delivered"): after the client build,
// the app is built once more for Node (src/prerender/render-page.tsx), each path of
// PRERENDERED_PATHS is rendered into a copy of index.html, and written as <path>/index.html
// (`/` as index.html itself); the empty shell that other paths boot from is kept as SHELL_FILE.
// The gateway (infra/src/gateway/serve-frontend.ts) serves them by PAGES_FILE.
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, type Plugin, type ResolvedConfig } from 'vite';

export const SHELL_FILE = 'shell.html';
export const PAGES_FILE = 'prerendered.json';

interface ServerEntry {
  PRERENDERED_PATHS: readonly string[];
  renderPage(path: string): Promise<string>;
}

/** React renders a page's title, meta and link tags ahead of its body: they belong in <head>. */
const HEAD_TAGS = /^(?:<title>[^<]*<\/title>|<meta [^>]*\/?>|<link [^>]*\/?>)+/;

export function pageDocument(shell: string, rendered: string): string {
  const head = HEAD_TAGS.exec(rendered)?.[0] ?? '';
  const body = rendered.slice(head.length);
  if (!shell.includes('<div id="root"></div>')) throw new Error('index.html has no empty #root');
  return shell
    .replace('</head>', `${head}</head>`)
    .replace('<div id="root"></div>', () => `<div id="root">${body}</div>`);
}

export const pageFile = (outDir: string, pagePath: string) =>
  path.join(outDir, ...pagePath.split('/').filter(Boolean), 'index.html');

export function prerender(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'printshop-prerender',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    closeBundle: {
      // Awaited before the plugins after it (precompress) start theirs.
      sequential: true,
      async handler() {
        const outDir = path.resolve(config.root, config.build.outDir);
        // Inside the project, so the server build's imports resolve from its node_modules.
        const serverDir = path.join(config.root, 'node_modules', '.prerender');
        await build({
          configFile: config.configFile,
          root: config.root,
          mode: config.mode,
          logLevel: 'warn',
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
          const file = pageFile(outDir, pagePath);
          await mkdir(path.dirname(file), { recursive: true });
          await writeFile(file, pageDocument(shell, await entry.renderPage(pagePath)));
        }
        await writeFile(path.join(outDir, PAGES_FILE), JSON.stringify(entry.PRERENDERED_PATHS));
        await rm(serverDir, { recursive: true, force: true });
        config.logger.info(`prerendered ${entry.PRERENDERED_PATHS.length} pages`);
      },
    },
  };
}
