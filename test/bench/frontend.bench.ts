// `npm run bench -- frontend`: what the storefront costs a visitor of `/`, in headless Chromium on
// loopback against the whole shop serving the production build.
//   frontend-home-js: the JavaScript Chromium downloads for `/` (every script until the network is
//                     idle, lazy chunks included), gzip-compressed, in KB (goal <= 120).
//   frontend-lcp:     Largest Contentful Paint of `/` on a cold profile, median of the runs, in ms
//                     (goal <= 1500).
// Details keep the build's static view too: the entry chunk plus its static imports.
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

async function measure(url: string): Promise<{ jsGzip: number; jsFiles: number; lcp: number }> {
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
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) window.__lcp = entry.startTime;
      }).observe({ type: 'largest-contentful-paint', buffered: true });`);
    const scripts: Promise<number>[] = [];
    page.on('response', (response) => {
      const type = response.headers()['content-type'] ?? '';
      if (response.request().resourceType() === 'script' || /javascript/.test(type)) {
        scripts.push(response.body().then(gzipSize, () => 0));
      }
    });
    await page.goto(url, { waitUntil: 'networkidle' });
    await page.waitForTimeout(300); // let a late LCP candidate (an image decode) report
    const lcp = await page.evaluate<number>('window.__lcp');
    const sizes = await Promise.all(scripts);
    return { jsGzip: sizes.reduce((a, b) => a + b, 0), jsFiles: sizes.length, lcp };
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
    const lcp = Math.round(median(runs.map((r) => r.lcp)));
    writeResult({
      name: 'frontend-home-js',
      unit: 'KB gzip',
      value: jsKb,
      baseline: 120,
      ratio: jsKb / 120,
      details: {
        scripts: runs[0]?.jsFiles,
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
      details: { runsMs: runs.map((r) => Math.round(r.lcp)), viewport: '1280x900', network: 'loopback' },
    });
  } finally {
    await shop.stop();
    await database.drop();
    await nats.stop();
    await postgres.stop();
    rmSync(scratch, { recursive: true, force: true });
  }
}
