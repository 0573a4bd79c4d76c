// `npm run bench -- frontend`: what a visitor gets from a running `npm start` (the real launcher,
// serving the production build), measured in headless Chromium through the DevTools protocol.
//   frontend-home-transfer-js: KB of JavaScript transferred for `/` (bytes on the wire, headers
//       included, as served with `Accept-Encoding: gzip, deflate, br`) until the network is idle.
//       Baseline: the same scripts' decoded size, what an uncompressed server sends. Goal <= 120.
//   frontend-phone-fcp / frontend-phone-lcp: First and Largest Contentful Paint of `/` on a phone
//       profile (390x844 at 3x, touch, CPU slowed 4x, 150 ms round trip, 8 Mbit/s each way), cold
//       profile, median of the runs. Baseline: the same figure for a one-heading HTML page served
//       from loopback under the same profile (the floor of that profile). Goals 1800 / 2500 ms.
//   frontend-desktop-lcp: LCP of `/` at 1280x900 unthrottled; baseline the floor page. Goal 1000.
//   frontend-collage-cls: Cumulative Layout Shift of a collage page, worst of the phone and desktop
//       runs. Baseline: the goal 0.05 (a shift has no measured floor but 0). Details keep the
//       bytes transferred for `/` and a product page (all resources, by type) and every run, and
//       (in frontend-home-transfer-js) the home page's CLS for each phone and desktop run.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type BrowserContextOptions } from 'playwright-core';
import { createDatabaseOn } from '../support/database';
import { findOrStartNats, findOrStartPostgres } from '../support/services';
import { CHROMIUM, CHROMIUM_ARGS } from '../e2e/support/browser';
import { writeResult } from './results';

const RUNS = Number(process.env.BENCH_FRONTEND_RUNS ?? 5);
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const kb = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

interface Profile {
  name: 'phone' | 'desktop';
  context: BrowserContextOptions;
  throttle?: { cpuRate: number; latencyMs: number; bitsPerSecond: number };
}

const PHONE: Profile = {
  name: 'phone',
  context: { viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true },
  throttle: { cpuRate: 4, latencyMs: 150, bitsPerSecond: 8_000_000 },
};
const DESKTOP: Profile = { name: 'desktop', context: { viewport: { width: 1280, height: 900 } } };

interface PageLoad {
  fcp: number;
  lcp: number;
  cls: number;
  lcpElement: string;
  /** Bytes on the wire (headers included) and decoded body bytes, by resource type. */
  transfer: Record<string, { wire: number; decoded: number; count: number }>;
}

/** One cold load of `url` in a fresh Chromium profile under `profile`. */
async function load(url: string, profile: Profile): Promise<PageLoad> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'printshop-bench-chromium-'));
  const context = await chromium.launchPersistentContext(dir, {
    executablePath: CHROMIUM,
    headless: true,
    args: CHROMIUM_ARGS,
    ...profile.context,
  });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    if (profile.throttle) {
      const bytesPerSecond = profile.throttle.bitsPerSecond / 8;
      await cdp.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: profile.throttle.latencyMs,
        downloadThroughput: bytesPerSecond,
        uploadThroughput: bytesPerSecond,
      });
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: profile.throttle.cpuRate });
    }
    const types = new Map<string, string>();
    const decoded = new Map<string, number>();
    const transfer: PageLoad['transfer'] = {};
    cdp.on('Network.responseReceived', (e) => types.set(e.requestId, e.type));
    cdp.on('Network.dataReceived', (e) =>
      decoded.set(e.requestId, (decoded.get(e.requestId) ?? 0) + e.dataLength),
    );
    cdp.on('Network.loadingFinished', (e) => {
      const type = types.get(e.requestId) ?? 'Other';
      const entry = (transfer[type] ??= { wire: 0, decoded: 0, count: 0 });
      entry.wire += e.encodedDataLength;
      entry.decoded += decoded.get(e.requestId) ?? 0;
      entry.count += 1;
    });
    // Strings run in the page (this package is type-checked without the DOM library).
    await page.addInitScript(`
      window.__lcp = 0; window.__lcpElement = ''; window.__cls = 0;
      new PerformanceObserver((list) => {
        for (const e of list.getEntries()) {
          window.__lcp = e.startTime;
          window.__lcpElement = e.url ? new URL(e.url).pathname : (e.element?.tagName ?? '');
        }
      }).observe({ type: 'largest-contentful-paint', buffered: true });
      new PerformanceObserver((list) => {
        for (const e of list.getEntries()) if (!e.hadRecentInput) window.__cls += e.value;
      }).observe({ type: 'layout-shift', buffered: true });`);
    await page.goto(url, { waitUntil: 'networkidle', timeout: 60_000 });
    await page.waitForTimeout(500); // a late LCP candidate (an image decode) or shift still reports
    const [fcp, lcp, cls, lcpElement] = await page.evaluate<[number, number, number, string]>(
      `[performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? 0, window.__lcp, window.__cls, window.__lcpElement]`,
    );
    return { fcp, lcp, cls, lcpElement, transfer };
  } finally {
    await context.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The floor of a profile: a one-heading page from a bare loopback server. */
async function floorServer(): Promise<{ url: string; close(): Promise<void> }> {
  const html =
    '<!doctype html><html lang="en"><meta name="viewport" content="width=device-width"><title>floor</title>' +
    '<h1 style="font:700 32px sans-serif">PrintShop</h1><p>Your photos, printed.</p></html>';
  const server = http.createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
    res.end(html);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** `npm start`'s launcher on the given services; resolves with its address once it prints it. */
async function startShop(env: Record<string, string>): Promise<{ url: string; stop(): Promise<void> }> {
  const child: ChildProcess = spawn(process.execPath, ['infra/bin/start.mjs'], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`npm start did not start:\n${output}`)), 120_000);
    const read = (chunk: Buffer) => {
      output += String(chunk);
      const match = /PrintShop is running at (http:\/\/\S+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]!.replace('localhost', '127.0.0.1'));
      }
    };
    child.stdout!.on('data', read);
    child.stderr!.on('data', read);
    child.once('exit', (code) => reject(new Error(`npm start exited ${code}:\n${output}`)));
  });
  return {
    url,
    stop: async () => {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGINT');
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 20_000))]);
      if (child.exitCode === null) child.kill('SIGKILL');
    },
  };
}

async function runs(url: string, profile: Profile, count = RUNS): Promise<PageLoad[]> {
  await load(url, profile); // warm the server's pools and the OS file cache; not counted
  const all: PageLoad[] = [];
  for (let i = 0; i < count; i++) all.push(await load(url, profile));
  return all;
}

const totals = (load: PageLoad) =>
  Object.fromEntries(
    Object.entries(load.transfer).map(([type, t]) => [
      type,
      { wireKb: kb(t.wire), decodedKb: kb(t.decoded), count: t.count },
    ]),
  );

export async function run(): Promise<void> {
  if (process.env.BENCH_SKIP_BUILD !== '1') {
    const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
    const build = spawnSync(npm, ['run', 'build', '-w', 'frontend'], { cwd: root, stdio: 'inherit' });
    if (build.status !== 0) throw new Error('frontend build failed');
  }
  const scratch = mkdtempSync(path.join(os.tmpdir(), 'printshop-bench-'));
  const postgres = await findOrStartPostgres(scratch);
  const nats = await findOrStartNats(scratch);
  const database = await createDatabaseOn(postgres.url, 'bench_frontend');
  const floor = await floorServer();
  const shop = await startShop({
    DATABASE_URL: database.url,
    NATS_URL: nats.url,
    DATA_DIR: path.join(scratch, 'data'),
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    BUS_NAMESPACE: `b${randomBytes(5).toString('hex')}`,
  });
  try {
    const home = shop.url + '/';
    const product = shop.url + '/product/4x6-photo-prints';
    const collage = shop.url + '/product/template3-collage';

    const phoneHome = await runs(home, PHONE);
    const phoneFloor = await runs(floor.url, PHONE);
    const desktopHome = await runs(home, DESKTOP);
    const desktopFloor = await runs(floor.url, DESKTOP);
    const phoneProduct = await runs(product, PHONE, Math.min(RUNS, 3));
    const phoneCollage = await runs(collage, PHONE, Math.min(RUNS, 3));
    const desktopCollage = await runs(collage, DESKTOP, Math.min(RUNS, 3));

    const js = median(desktopHome.map((r) => r.transfer.Script?.wire ?? 0));
    const jsDecoded = median(desktopHome.map((r) => r.transfer.Script?.decoded ?? 0));
    const pageDetails = {
      homeTransfer: totals(desktopHome[0]!),
      productTransfer: totals(phoneProduct[0]!),
      productPhoneFcpMs: Math.round(median(phoneProduct.map((r) => r.fcp))),
      productPhoneLcpMs: Math.round(median(phoneProduct.map((r) => r.lcp))),
      // Until the network is idle: the showcase's live list has answered by then.
      homeCls: {
        phone: phoneHome.map((r) => Math.round(r.cls * 1000) / 1000),
        desktop: desktopHome.map((r) => Math.round(r.cls * 1000) / 1000),
      },
      runs: RUNS,
    };
    writeResult({
      name: 'frontend-home-transfer-js',
      unit: 'KB transferred',
      value: kb(js),
      baseline: kb(jsDecoded),
      ratio: js / jsDecoded,
      details: { goalKb: 120, baselineIs: 'the same scripts uncompressed', ...pageDetails },
    });
    const figure = (
      name: string,
      unit: string,
      loads: PageLoad[],
      floors: PageLoad[],
      pick: (l: PageLoad) => number,
      goal: number,
      profile: Profile,
    ) => {
      const value = Math.round(median(loads.map(pick)));
      const baseline = Math.round(median(floors.map(pick)));
      writeResult({
        name,
        unit,
        value,
        baseline,
        ratio: value / baseline,
        details: {
          goal,
          baselineIs: 'a one-heading HTML page from loopback under the same profile',
          profile: { ...profile.context, ...profile.throttle },
          runsMs: loads.map((l) => Math.round(pick(l))),
          lcpElement: loads[0]?.lcpElement,
        },
      });
    };
    figure('frontend-phone-fcp', 'ms', phoneHome, phoneFloor, (l) => l.fcp, 1800, PHONE);
    figure('frontend-phone-lcp', 'ms', phoneHome, phoneFloor, (l) => l.lcp, 2500, PHONE);
    figure('frontend-desktop-lcp', 'ms', desktopHome, desktopFloor, (l) => l.lcp, 1000, DESKTOP);
    const cls = Math.max(...[...phoneCollage, ...desktopCollage].map((r) => r.cls));
    writeResult({
      name: 'frontend-collage-cls',
      unit: 'CLS',
      value: Math.round(cls * 1000) / 1000,
      baseline: 0.05,
      ratio: cls / 0.05,
      details: {
        baselineIs: 'the goal (Core Web Vitals "good" is <= 0.1; ours 0.05)',
        page: '/product/template3-collage',
        phoneRuns: phoneCollage.map((r) => Math.round(r.cls * 1000) / 1000),
        desktopRuns: desktopCollage.map((r) => Math.round(r.cls * 1000) / 1000),
      },
    });
  } finally {
    await shop.stop();
    await floor.close();
    await database.drop();
    await nats.stop();
    await postgres.stop();
    rmSync(scratch, { recursive: true, force: true });
  }
}
