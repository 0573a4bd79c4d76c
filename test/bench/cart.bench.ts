// `npm run bench -- cart`: the cart over HTTP at 50 connections (autocannon), across many guest carts
// (one cart_session cookie and one uploaded image each), beside a bare Koa route served by the same
// server process in the same run.
//   cart-add-p99: POST /api/cart/item p99 latency in ms; baseline the bare route's p99 (goal <= 50 ms).
//   cart-add-vs-insert: POST /api/cart/item requests/s; baseline the rate of a raw single-row INSERT
//                 (an event row of its own) through the shop's own pool at the same concurrency, run
//                 in the bench server process; ratio = add / insert (goal >= 0.5).
//   cart-get:     GET /api/cart?currency=EUR&country=DE requests/s; baseline the bare route's rate;
//                 ratio = cart / bare (goal >= 0.4).
// The runs alternate (bare, insert, add, get) for BENCH_CART_ROUNDS rounds (2); each result keeps its
// best round, compared with that round's baseline. GET runs once the read model has every add.
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { pngBytes } from '../cart/support';
import { cpuMeter, profileFlags } from './cpu';
import { writeResult } from './results';

const CONNECTIONS = 50;
const DURATION_S = Number(process.env.BENCH_CART_SECONDS ?? 10);
const CARTS = Number(process.env.BENCH_CART_CARTS ?? 300);
const ROUNDS = Number(process.env.BENCH_CART_ROUNDS ?? 2);
export const SKUS = ['POSTERA4', 'POSTERA3', '4X6PHOTOPRINT', '8X10PHOTOPRINT'];

export interface Session {
  cookie: string;
  imageId: string;
}

interface Measured {
  rate: number;
  p50: number;
  p99: number;
  requests: number;
  /** CPU ms per request of the shop process, Postgres, nats-server and the load generator. */
  cpuMs?: Record<string, number>;
}

export function startServer() {
  const script = path.join(path.dirname(fileURLToPath(import.meta.url)), 'cart-server.ts');
  const child = spawn(process.execPath, [...profileFlags(), '--import', 'tsx', script], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const lines = createInterface({ input: child.stdout! })[Symbol.asyncIterator]();
  const nextLine = async () => {
    const { value, done } = await lines.next();
    if (done) throw new Error(`the bench server exited (${child.exitCode})`);
    return JSON.parse(value as string) as Record<string, unknown>;
  };
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.stdin!.end();
    });
  return {
    pid: child.pid,
    ready: nextLine() as Promise<{ shopUrl: string; bareUrl: string }>,
    /** Raw single-row INSERTs through the shop's own pool, in the server process. */
    async insert(seconds: number, concurrency: number): Promise<Measured> {
      const meter = cpuMeter(child.pid);
      child.stdin!.write(`${JSON.stringify({ insert: { seconds, concurrency } })}\n`);
      const { insert } = (await nextLine()) as {
        insert: { count: number; seconds: number; p50: number; p99: number };
      };
      const cpuMs = meter.perRequest(insert.count);
      const measured = {
        rate: insert.count / insert.seconds,
        p50: insert.p50,
        p99: insert.p99,
        requests: insert.count,
        ...(cpuMs ? { cpuMs } : {}),
      };
      console.log(
        `raw INSERT (${concurrency} in flight): ${Math.round(measured.rate)} rows/s, p99 ${measured.p99} ms (${insert.count} rows)` +
          (cpuMs ? `; CPU ms per row: ${JSON.stringify(cpuMs)}` : ''),
      );
      return measured;
    },
    stop,
  };
}

/** A guest session with its own uploaded image (the real upload route). */
export async function newSession(shopUrl: string, seed: number): Promise<Session> {
  const form = new FormData();
  form.append('image', new Blob([await pngBytes(seed)], { type: 'image/png' }), 'photo.png');
  const response = await fetch(`${shopUrl}/api/images/single`, { method: 'POST', body: form });
  const body = (await response.json()) as { image?: { id: string } };
  if (response.status !== 201 || !body.image) throw new Error(`upload failed: ${response.status}`);
  const cookie = response.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');
  return { cookie, imageId: body.image.id };
}

/** Waits until the carts read model has every add of the run, so the GET run measures reads only. */
async function caughtUp(shopUrl: string, session: Session): Promise<void> {
  const added = await fetch(`${shopUrl}/api/cart/item`, {
    method: 'POST',
    headers: { cookie: session.cookie, 'content-type': 'application/json' },
    body: JSON.stringify({ sku: SKUS[0], quantity: 1, croppedImageId: session.imageId }),
  });
  const position = added.headers.get('x-event-position') ?? '0';
  for (;;) {
    const read = await fetch(`${shopUrl}/api/cart`, {
      headers: { cookie: session.cookie, 'x-min-position': position },
    });
    await read.arrayBuffer();
    if (read.ok && !read.headers.get('x-stale')) return;
  }
}

export async function inBatches<T>(
  count: number,
  width: number,
  make: (i: number) => Promise<T>,
): Promise<T[]> {
  const out: T[] = [];
  for (let start = 0; start < count; start += width) {
    const batch = Array.from({ length: Math.min(width, count - start) }, (_, k) => make(start + k));
    out.push(...(await Promise.all(batch)));
  }
  return out;
}

async function measure(
  name: string,
  options: autocannon.Options,
  seconds = DURATION_S,
  shopPid?: number,
): Promise<Measured> {
  const meter = cpuMeter(shopPid);
  const result = await autocannon({ connections: CONNECTIONS, duration: seconds, ...options });
  const cpuMs = meter.perRequest(result.requests.total);
  const failed = result.non2xx + result.errors + result.timeouts;
  if (failed > 0) {
    throw new Error(
      `${name}: ${result.non2xx} non-2xx, ${result.errors} errors, ${result.timeouts} timeouts`,
    );
  }
  const measured = {
    rate: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    requests: result.requests.total,
    ...(cpuMs ? { cpuMs } : {}),
  };
  console.log(
    `${name}: ${Math.round(measured.rate)} req/s, p50 ${measured.p50} ms, p99 ${measured.p99} ms (${measured.requests} requests)` +
      (cpuMs ? `; CPU ms per request: ${JSON.stringify(cpuMs)}` : ''),
  );
  return measured;
}

/** Requests that walk round the sessions, one cookie (cart) after another. */
function roundRobin(sessions: Session[], request: (session: Session, i: number) => autocannon.Request) {
  let next = 0;
  return [
    {
      setupRequest: (req: autocannon.Request) => {
        const i = next++;
        const session = sessions[i % sessions.length]!;
        const own = request(session, i);
        return { ...req, ...own, headers: { ...req.headers, ...own.headers, cookie: session.cookie } };
      },
    },
  ];
}

export async function run() {
  const server = startServer();
  try {
    const { shopUrl, bareUrl } = await server.ready;
    const sessions = await inBatches(CARTS, 8, (i) => newSession(shopUrl, i + 1));

    const add = (warm: boolean) =>
      measure(
        warm ? 'warm-up add' : 'POST /api/cart/item',
        {
          url: shopUrl,
          requests: roundRobin(sessions, (session, i) => ({
            method: 'POST',
            path: '/api/cart/item',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({
              sku: SKUS[i % SKUS.length],
              quantity: 1,
              croppedImageId: session.imageId,
            }),
          })),
        },
        warm ? 3 : DURATION_S,
        server.pid,
      );
    const get = (warm: boolean) =>
      measure(
        warm ? 'warm-up get' : 'GET /api/cart',
        {
          url: shopUrl,
          requests: roundRobin(sessions, () => ({
            method: 'GET',
            path: '/api/cart?currency=EUR&country=DE',
          })),
        },
        warm ? 3 : DURATION_S,
        server.pid,
      );
    const bareRun = (warm: boolean) =>
      measure(
        warm ? 'warm-up bare' : 'bare Koa route',
        { url: `${bareUrl}/bare` },
        warm ? 3 : DURATION_S,
        server.pid,
      );

    // The machine is shared: warm each up, then alternate the three runs and keep each one's best round.
    await bareRun(true);
    await add(true);
    await caughtUp(shopUrl, sessions[0]!);
    await get(true);
    await server.insert(3, CONNECTIONS);
    const rounds: Array<{ bare: Measured; insert: Measured; added: Measured; got: Measured }> = [];
    for (let round = 0; round < ROUNDS; round++) {
      const bare = await bareRun(false);
      const insert = await server.insert(DURATION_S, CONNECTIONS);
      const added = await add(false);
      await caughtUp(shopUrl, sessions[0]!);
      const got = await get(false);
      rounds.push({ bare, insert, added, got });
    }
    // Each figure is compared with the bare route of its own round (the same load on the machine).
    const addRound = rounds.reduce((a, b) => (b.added.p99 < a.added.p99 ? b : a));
    const insertRound = rounds.reduce((a, b) =>
      b.added.rate / b.insert.rate > a.added.rate / a.insert.rate ? b : a,
    );
    const getRound = rounds.reduce((a, b) => (b.got.rate / b.bare.rate > a.got.rate / a.bare.rate ? b : a));

    const details = {
      connections: CONNECTIONS,
      seconds: DURATION_S,
      rounds: ROUNDS,
      carts: CARTS,
      cores: os.cpus().length,
      loadAverage: os.loadavg()[0],
    };
    writeResult({
      name: 'cart-add-p99',
      unit: 'ms',
      value: addRound.added.p99,
      baseline: addRound.bare.p99,
      ratio: addRound.added.p99 / Math.max(addRound.bare.p99, 1),
      details: { ...details, goal: 'p99 <= 50 ms', add: addRound.added, bare: addRound.bare, rounds },
    });
    writeResult({
      name: 'cart-add-vs-insert',
      unit: 'req/s',
      value: insertRound.added.rate,
      baseline: insertRound.insert.rate,
      ratio: insertRound.added.rate / insertRound.insert.rate,
      details: {
        ...details,
        goal: 'ratio >= 0.5',
        add: insertRound.added,
        insert: insertRound.insert,
        rounds,
      },
    });
    writeResult({
      name: 'cart-get',
      unit: 'req/s',
      value: getRound.got.rate,
      baseline: getRound.bare.rate,
      ratio: getRound.got.rate / getRound.bare.rate,
      details: { ...details, goal: 'ratio >= 0.4', get: getRound.got, bare: getRound.bare, rounds },
    });
  } finally {
    await server.stop();
  }
}
