// Every text file of the build is written beside itself as .br and .gz, so the gateway sends the
// smallest encoding the browser accepts without compressing on each request (koa-send picks them).
// Brotli at its best quality costs build time once and saves bytes on every visit. HTML is left out:
// the gateway fills in the shop's address and compresses each page itself (infra sent-pages.ts).
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Plugin } from 'vite';
// Relative: Vite bundles a config's relative imports, while a workspace package would load as .ts.
import { compressBest } from '../../shared-events/src/compress-best';

const TEXT = /\.(js|mjs|css|svg|json|txt|xml|webmanifest|map)$/;
/** Below this a compressed copy saves less than its own headers cost. */
const MIN_BYTES = 512;

async function* files(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else if (entry.isFile()) yield full;
  }
}

export async function precompressDir(dir: string): Promise<number> {
  let count = 0;
  for await (const file of files(dir)) {
    if (!TEXT.test(file) || (await stat(file)).size < MIN_BYTES) continue;
    const body = await readFile(file);
    const { br, gzip: gzipped } = await compressBest(body);
    // A copy that is not smaller would only cost the browser a decode.
    if (br.length < body.length) await writeFile(`${file}.br`, br);
    if (gzipped.length < body.length) await writeFile(`${file}.gz`, gzipped);
    count += 1;
  }
  return count;
}

export function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'printshop-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      await precompressDir(outDir);
    },
  };
}
