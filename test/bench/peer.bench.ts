// `npm run bench -- peer`: the same shopper step on PrintShop and on a peer shop, Medusa v2 (a
// leading open-source shop backend of the Node ecosystem), in one run on this machine.
//   peer-cart: shopper steps per second, ours / theirs. A step is: add one line to one of 300
//              carts, then read that priced cart; 50 shoppers at once, each walking round its own
//              carts (Medusa locks a cart per add: two adds on one cart at once fail there).
//              Details keep both rates and both step p99s (goal: ratio >= 50 with a lower p99).
// Medusa is installed from the npm registry into PEER_MEDUSA_DIR (default: a folder under the OS
// temporary directory, reused by later runs), never into the repository; its database is created
// for the run and dropped after. The files it is set up with are in test/bench/peer-medusa/.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { freePort } from '@printshop/infra/embedded/nats';
import { findOrStartPostgres } from '../support/services';
import { inBatches, newSession, SKUS, startServer } from './cart.bench';
import { writeResult } from './results';

const SHOPPERS = 50;
const CARTS = 300;
const OURS_SECONDS = Number(process.env.BENCH_PEER_OURS_SECONDS ?? 10);
// The peer answers a step in seconds at this load: a longer run so its figure rests on enough steps.
const PEER_SECONDS = Number(process.env.BENCH_PEER_SECONDS ?? 30);
const here = path.dirname(fileURLToPath(import.meta.url));
const peerDir = process.env.PEER_MEDUSA_DIR ?? path.join(os.tmpdir(), 'printshop-peer-medusa');

interface StepResult {
  steps: number;
  rate: number;
  p50: number;
  p99: number;
  failed: number;
  seconds: number;
}

const percentile = (sorted: number[], p: number) =>
  sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

/**
 * SHOPPERS loops, each over its own carts (shopper s takes carts s, s + SHOPPERS, ...), until the
 * deadline; only steps that end by then count. A failed call counts as a failed step.
 */
async function shoppers(
  seconds: number,
  step: (cart: number, i: number) => Promise<void>,
): Promise<StepResult> {
  const deadline = performance.now() + seconds * 1000;
  const times: number[] = [];
  let failed = 0;
  let counter = 0;
  await Promise.all(
    Array.from({ length: SHOPPERS }, async (_, shopper) => {
      for (let turn = 0; performance.now() < deadline; turn++) {
        const cart = (shopper + turn * SHOPPERS) % CARTS;
        const started = performance.now();
        try {
          await step(cart, counter++);
          if (performance.now() <= deadline) times.push(performance.now() - started);
        } catch {
          failed += 1;
        }
      }
    }),
  );
  const sorted = times.sort((a, b) => a - b);
  const round = (ms: number) => Math.round(ms * 10) / 10;
  return {
    steps: sorted.length,
    rate: sorted.length / seconds,
    p50: round(percentile(sorted, 50)),
    p99: round(percentile(sorted, 99)),
    failed,
    seconds,
  };
}

async function ok(response: Response, what: string): Promise<unknown> {
  const body = await response.json().catch(() => undefined);
  if (!response.ok) throw new Error(`${what}: ${response.status} ${JSON.stringify(body)?.slice(0, 200)}`);
  return body;
}

async function measureOurs(): Promise<StepResult> {
  const server = startServer();
  try {
    const { shopUrl } = await server.ready;
    const sessions = await inBatches(CARTS, 8, (i) => newSession(shopUrl, i + 1));
    const step = async (cart: number, i: number) => {
      const { cookie, imageId } = sessions[cart]!;
      await ok(
        await fetch(`${shopUrl}/api/cart/item`, {
          method: 'POST',
          headers: { cookie, 'content-type': 'application/json' },
          body: JSON.stringify({ sku: SKUS[i % SKUS.length], quantity: 1, croppedImageId: imageId }),
        }),
        'add',
      );
      await ok(await fetch(`${shopUrl}/api/cart?currency=EUR&country=DE`, { headers: { cookie } }), 'read');
    };
    await shoppers(3, step); // warm-up
    const result = await shoppers(OURS_SECONDS, step);
    console.log(`PrintShop: ${describe(result)}`);
    return result;
  } finally {
    await server.stop();
  }
}

const describe = (r: StepResult) =>
  `${r.rate.toFixed(1)} steps/s, p50 ${r.p50} ms, p99 ${r.p99} ms (${r.steps} steps in ${r.seconds} s, ${r.failed} failed)`;

function runCommand(command: string, args: string[], options: { cwd: string; env?: NodeJS.ProcessEnv }) {
  const result = spawnSync(command, args, { ...options, stdio: 'inherit' });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed (${result.status})`);
}

/** Installs the peer once into peerDir (npm registry only), with our set-up files. */
function installMedusa(): void {
  cpSync(path.join(here, 'peer-medusa'), peerDir, { recursive: true });
  if (existsSync(path.join(peerDir, 'node_modules', '@medusajs', 'medusa'))) return;
  console.log(`[peer] installing Medusa into ${peerDir} (about 2 minutes the first time)`);
  runCommand('npm', ['install', '--no-audit', '--no-fund', '--loglevel=error'], { cwd: peerDir });
}

interface Medusa {
  url: string;
  seed: { publishableKey: string; regionId: string; variantIds: string[] };
  process: ChildProcess;
  stop(): Promise<void>;
}

async function startMedusa(adminUrl: string): Promise<Medusa> {
  const database = `medusa_peer_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${database}`);
  await admin.end();
  const databaseUrl = new URL(adminUrl);
  databaseUrl.pathname = `/${database}`;
  const port = await freePort();
  const env = {
    ...process.env,
    DATABASE_URL: databaseUrl.toString(),
    PORT: String(port),
    MEDUSA_DISABLE_TELEMETRY: 'true',
    JWT_SECRET: randomBytes(16).toString('hex'),
    COOKIE_SECRET: randomBytes(16).toString('hex'),
  };
  const cli = path.join(peerDir, 'node_modules', '@medusajs', 'cli', 'cli.js');
  runCommand(process.execPath, [cli, 'db:migrate'], { cwd: peerDir, env });
  runCommand(process.execPath, [cli, 'exec', './src/scripts/seed.ts'], { cwd: peerDir, env });
  const seed = JSON.parse(readFileSync(path.join(peerDir, 'seed-output.json'), 'utf8')) as Medusa['seed'];
  const child = spawn(process.execPath, [cli, 'start', '--port', String(port)], {
    cwd: peerDir,
    env,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    const healthy = await fetch(`${url}/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (healthy) break;
    if (i > 240 || child.exitCode !== null) throw new Error('Medusa did not start');
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  return {
    url,
    seed,
    process: child,
    stop: async () => {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
      if (child.exitCode === null) child.kill('SIGKILL');
      const drop = new pg.Client({ connectionString: adminUrl });
      await drop.connect();
      await drop.query(`drop database if exists ${database} with (force)`);
      await drop.end();
    },
  };
}

/** Waits until the peer has used under 5% of a core for a second: it keeps working on abandoned requests. */
async function settled(pid: number): Promise<void> {
  const ticks = () => {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return Number(fields[11]) + Number(fields[12]);
  };
  const started = Date.now();
  for (let quiet = 0; quiet < 2 && Date.now() - started < 120_000;) {
    const before = ticks();
    await new Promise((resolve) => setTimeout(resolve, 500));
    quiet = ticks() - before <= 2 ? quiet + 1 : 0;
  }
}

async function measureMedusa(adminUrl: string): Promise<StepResult> {
  installMedusa();
  const medusa = await startMedusa(adminUrl);
  try {
    const headers = {
      'x-publishable-api-key': medusa.seed.publishableKey,
      'content-type': 'application/json',
    };
    const carts = await inBatches(CARTS, 8, async () => {
      const body = (await ok(
        await fetch(`${medusa.url}/store/carts`, {
          method: 'POST',
          headers,
          body: JSON.stringify({ region_id: medusa.seed.regionId }),
        }),
        'create cart',
      )) as { cart: { id: string } };
      return body.cart.id;
    });
    const variants = medusa.seed.variantIds;
    const step = async (cart: number, i: number) => {
      const id = carts[cart]!;
      await ok(
        await fetch(`${medusa.url}/store/carts/${id}/line-items`, {
          method: 'POST',
          headers,
          body: JSON.stringify({ variant_id: variants[i % variants.length], quantity: 1 }),
          signal: AbortSignal.timeout(60_000),
        }),
        'add',
      );
      await ok(
        await fetch(`${medusa.url}/store/carts/${id}`, { headers, signal: AbortSignal.timeout(60_000) }),
        'read',
      );
    };
    await shoppers(5, step); // warm-up
    await settled(medusa.process.pid!);
    const result = await shoppers(PEER_SECONDS, step);
    console.log(`Medusa: ${describe(result)}`);
    return result;
  } finally {
    await medusa.stop();
  }
}

export async function run(): Promise<void> {
  const postgres = await findOrStartPostgres(path.join(os.tmpdir(), 'printshop-bench-peer'));
  try {
    const ours = await measureOurs();
    const theirs = await measureMedusa(postgres.url);
    writeResult({
      name: 'peer-cart',
      unit: 'shopper steps/s',
      value: ours.rate,
      baseline: theirs.rate,
      ratio: theirs.rate > 0 ? ours.rate / theirs.rate : null,
      details: {
        step: 'add one line to one of 300 carts, then read that priced cart',
        shoppers: SHOPPERS,
        goal: 'ratio >= 50 with a lower p99',
        printshop: ours,
        medusa: { version: '2.21.2', ...theirs },
        lowerP99: ours.p99 < theirs.p99,
        cores: os.cpus().length,
        loadAverage: os.loadavg(),
      },
    });
    writeFileSync(path.join(peerDir, 'last-run.json'), JSON.stringify({ ours, theirs }, null, 2));
  } finally {
    await postgres.stop();
  }
}
