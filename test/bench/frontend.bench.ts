// `npm run bench -- frontend`: what the storefront costs a visitor of `/`, in headless Chromium on
// loopback against the whole shop serving the production build.
//   frontend-home-js: the JavaScript needed to render `/`: every script Chromium downloads for `/`
//                     on a cold profile until the network is idle (the entry, the preloaded home
//                     chunk and anything they or the page's first calls load; chunks a visitor's
//                     later clicks would load are not fetched, so they do not count), each body
//                     gzip-compressed at level 9, in KB, median of the runs (goal <= 120). This
//                     counts a script even when it arrives after LCP, so it is never lower than
//                     the bytes downloaded before LCP, which the details keep beside it
//                     (`beforeLcpKbGzip`: scripts whose response ended before the LCP time).
//   frontend-lcp:     Largest Contentful Paint of `/` on a cold profile, median of the runs, in ms
//                     (goal <= 1500).
// Details keep the build's static view too: the entry chunk plus its static imports, and each
// script of the first run with its gzip size.
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { silentLogger } from '@printshop/shared-events/logger';
import { loadConfig } from '@printshop/infra/config';
import { startPrintShop } from '@printshop/infra/startup/start-printshop';
import { createDatabaseOn } from '../support/database';
import { findOrStartNats, findOrStartPostgres } from '../support/services';
import { CHROMIUM, CHROMIUM_ARGS } from '../e2e/support/browser';
import { writeResult } from './results';

const RUNS = Number(process.env.BENCH_FRONTEND_RUNS ?? 5);
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const dist = path.join(root, 'frontend', 'dist');
const kb = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;
const gzipSize = (data: Buffer) => gzipSync(data, { level: 9 }).length;
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

/** The entry script of index.html and the chunks it names for modulepreload. */
function staticEntryBytes(): { files: string[]; gzip: number } {
  const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
  const files = [
    ...html.matchAll(/<script[^>]+src="([^"]+\.js)"/g),
    ...html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+\.js)"/g),
  ].map((m) => m[1]!);
  const gzip = files.reduce((sum, file) => sum + gzipSize(readFileSync(path.join(dist, file))), 0);
  return { files, gzip };
}

interface Measure {
  jsGzip: number;
  jsBeforeLcpGzip: number;
  scripts: { path: string; gzip: number }[];
  lcp: number;
  lcpElement: string;
}

async function measure(url: string): Promise<Measure> {
  const profile = mkdtempSync(path.join(os.tmpdir(), 'printshop-bench-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    args: CHROMIUM_ARGS,
    viewport: { width: 1280, height: 900 },
  });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    // Strings run in the page (this package is type-checked without the DOM library).
    await page.addInitScript(`
      window.__lcp = 0;
      window.__lcpElement = '';
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) {
          window.__lcp = entry.startTime;
          window.__lcpElement = entry.url ? new URL(entry.url).pathname : (entry.element?.tagName ?? '');
        }
      }).observe({ type: 'largest-contentful-paint', buffered: true });`);
    const scripts: Promise<{ url: string; gzip: number }>[] = [];
    page.on('response', (response) => {
      const type = response.headers()['content-type'] ?? '';
      if (response.request().resourceType() === 'script' || /javascript/.test(type)) {
        const size = response.body().then(gzipSize, () => 0);
        scripts.push(size.then((gzip) => ({ url: response.url(), gzip })));
      }
    });
    await page.goto(url, { waitUntil: 'networkidle' });
    await page.waitForTimeout(300); // let a late LCP candidate (an image decode) report
    const lcp = await page.evaluate<number>('window.__lcp');
    const lcpElement = await page.evaluate<string>('window.__lcpElement');
    // When each response ended, on the clock LCP is reported on (modulepreloads count as scripts).
    const ended = new Map(
      await page.evaluate<[string, number][]>(
        `performance.getEntriesByType('resource').map((e) => [e.name, e.responseEnd])`,
      ),
    );
    const sizes = await Promise.all(scripts);
    const sum = (list: { gzip: number }[]) => list.reduce((total, s) => total + s.gzip, 0);
    return {
      jsGzip: sum(sizes),
      jsBeforeLcpGzip: sum(sizes.filter((s) => (ended.get(s.url) ?? Infinity) <= lcp)),
      scripts: sizes.map((s) => ({ path: new URL(s.url).pathname, gzip: s.gzip })),
      lcp,
      lcpElement,
    };
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
}

export async function run(): Promise<void> {
  if (process.env.BENCH_SKIP_BUILD !== '1') {
    const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
    const build = spawnSync(npm, ['run', 'build', '-w', 'frontend'], { cwd: root, stdio: 'inherit' });
    if (build.status !== 0) throw new Error('frontend build failed');
  }
  const entry = staticEntryBytes();

  const scratch = mkdtempSync(path.join(os.tmpdir(), 'printshop-bench-'));
  const postgres = await findOrStartPostgres(scratch);
  const nats = await findOrStartNats(scratch);
  const database = await createDatabaseOn(postgres.url, 'bench_frontend');
  const config = loadConfig({
    DATABASE_URL: database.url,
    NATS_URL: nats.url,
    DATA_DIR: path.join(scratch, 'data'),
    PORT: '0',
    HOST: '127.0.0.1',
    BUS_NAMESPACE: `b${randomBytes(5).toString('hex')}`,
  });
  const shop = await startPrintShop({ config, logger: silentLogger, frontendDir: dist });
  try {
    const url = `http://127.0.0.1:${shop.port}/`;
    await measure(url); // warm the server (first requests compile nothing, but open pools)
    const runs = [];
    for (let i = 0; i < RUNS; i++) runs.push(await measure(url));
    const jsKb = kb(median(runs.map((r) => r.jsGzip)));
    const beforeLcpKb = kb(median(runs.map((r) => r.jsBeforeLcpGzip)));
    const lcp = Math.round(median(runs.map((r) => r.lcp)));
    writeResult({
      name: 'frontend-home-js',
      unit: 'KB gzip',
      value: jsKb,
      baseline: 120,
      ratio: jsKb / 120,
      details: {
        scripts: runs[0]?.scripts.length,
        beforeLcpKbGzip: beforeLcpKb,
        scriptsKbGzip: Object.fromEntries((runs[0]?.scripts ?? []).map((s) => [s.path, kb(s.gzip)])),
        entryAndStaticImportsKbGzip: kb(entry.gzip),
        entryFiles: entry.files,
        runs: RUNS,
      },
    });
    writeResult({
      name: 'frontend-lcp',
      unit: 'ms',
      value: lcp,
      baseline: 1500,
      ratio: lcp / 1500,
      details: {
        runsMs: runs.map((r) => Math.round(r.lcp)),
        element: runs[0]?.lcpElement,
        viewport: '1280x900',
        network: 'loopback',
      },
    });
  } finally {
    await shop.stop();
    await database.drop();
    await nats.stop();
    await postgres.stop();
    rmSync(scratch, { recursive: true, force: true });
  }
}
