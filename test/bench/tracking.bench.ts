// `npm run bench -- tracking`: the tracking calls of spec 2 §7 through the whole outbox path (call ->
// event log -> tracking reactor -> NATS -> tracking consumer -> a Conversions-API-style sink served
// here), beside NATS's own JetStream publish rate measured in the same run, from the shop's process.
//   tracking: POST /api/track/add-to-cart requests/s at 50 connections (autocannon); baseline the
//             raw JetStream publish rate of the same payload (50 in flight, the shop's connection options,
//             median of several rounds); ratio = calls / publishes.
//             details: the calls' p50/p99, the end-to-end time from call to sink (median and p90 over
//             sequential samples on an idle shop), how fast the sink received the load's events, and
//             the statements and rows per call in the shop's database (counts, which the machine's
//             changing speed does not move).
//   tracking-call-alone: the same calls to the gateway role alone (the log is written, nothing reads
//             it), against the same raw publish rate: what the call itself costs, the pipeline aside.
import { spawn } from 'node:child_process';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { TRACKING_BODY_SCHEMAS } from '@printshop/shared-events/api/tracking';
import type { BrowserTrackingMessage } from '@printshop/shared-events/tracking-messages';
import { trackedCall } from '@printshop/command-service/tracking/tracked-call';
import { trackingBody } from '../tracking/support';
import { cpuMeter, profileFlags } from './cpu';
import { round, writeResult } from './results';

const CONNECTIONS = 50;
const DURATION_S = Number(process.env.BENCH_TRACKING_SECONDS ?? 10);
const E2E_SAMPLES = Number(process.env.BENCH_TRACKING_SAMPLES ?? 40);
const RAW_PUBLISHES = Number(process.env.BENCH_TRACKING_RAW ?? 20_000);
// A round of raw publishes lasts about a second, and one round's rate was seen anywhere from 20 to
// 28 thousand a second on one machine: the baseline is the median of several.
const RAW_ROUNDS = Number(process.env.BENCH_TRACKING_RAW_ROUNDS ?? 5);
const DRAIN_TIMEOUT_MS = 10 * 60_000;

/** The bench's sink: when each event id arrived (ms, performance.now()). */
async function startSink() {
  const arrivals = new Map<string, number>();
  const waiters = new Map<string, () => void>();
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const now = performance.now();
      const { data } = JSON.parse(Buffer.concat(chunks).toString('utf8')) as {
        data: Array<{ event_id: string }>;
      };
      for (const { event_id: id } of data) {
        if (!arrivals.has(id)) arrivals.set(id, now);
        waiters.get(id)?.();
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"events_received":1}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/events`,
    arrivals,
    arrival: (id: string) =>
      new Promise<number>((resolve) => {
        const done = () => {
          waiters.delete(id);
          resolve(arrivals.get(id)!);
        };
        if (arrivals.has(id)) done();
        else waiters.set(id, done);
      }),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The shop database's counters, as tracking-server.ts reports them. */
type DatabaseStats = Record<'commits' | 'inserted' | 'updated' | 'hotUpdated', number>;

function startServer(sinkUrl: string) {
  const script = path.join(path.dirname(fileURLToPath(import.meta.url)), 'tracking-server.ts');
  const child = spawn(process.execPath, [...profileFlags(), '--import', 'tsx', script], {
    stdio: ['pipe', 'pipe', 'inherit'],
    env: { ...process.env, TRACKING_SINK_URL: sinkUrl },
  });
  const lines = createInterface({ input: child.stdout! })[Symbol.asyncIterator]();
  const nextLine = async () => {
    const { value, done } = await lines.next();
    if (done) throw new Error('the bench server exited');
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
    ready: nextLine() as Promise<{ shopUrl: string; callOnlyUrl: string }>,
    async rawPublish(count: number, concurrency: number, payload: unknown) {
      child.stdin!.write(`${JSON.stringify({ raw: { count, concurrency, payload } })}\n`);
      return ((await nextLine()) as { raw: { count: number; seconds: number } }).raw;
    },
    /** The shop database's counters (tracking-server.ts). */
    async stats() {
      child.stdin!.write(`${JSON.stringify({ stats: true })}\n`);
      return ((await nextLine()) as { stats: DatabaseStats }).stats;
    },
    stop,
  };
}

/**
 * The database's counters once every connection has reported its own: an idle Postgres backend
 * reports what it counted within 10 s (PGSTAT_IDLE_INTERVAL), so the read waits a little longer.
 */
async function settledStats(server: { stats(): Promise<DatabaseStats> }) {
  await new Promise((resolve) => setTimeout(resolve, 11_000));
  return server.stats();
}

/** A load's rate and latencies, as the results keep them. */
const callsOf = (result: autocannon.Result) => ({
  rate: result.requests.average,
  p50: result.latency.p50,
  p99: result.latency.p99,
  requests: result.requests.total,
});

const median = (values: number[]) => quantile(values, 0.5);
function quantile(values: number[], q: number) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
}

export async function run() {
  const sink = await startSink();
  const server = startServer(sink.url);
  try {
    const { shopUrl, callOnlyUrl } = await server.ready;
    const sent: string[] = [];
    const load = (seconds: number, url = shopUrl) =>
      autocannon({
        url,
        connections: CONNECTIONS,
        duration: seconds,
        requests: [
          {
            method: 'POST',
            path: '/api/track/add-to-cart',
            headers: { 'content-type': 'application/json' },
            // One request in flight per connection: its context knows which event id was answered.
            setupRequest: (req, context) => {
              const body = trackingBody('add-to-cart');
              (context as { eventId?: string }).eventId = body.event_id;
              return { ...req, body: JSON.stringify(body) };
            },
            onResponse: (status, _body, context) => {
              if (status === 202) sent.push((context as { eventId: string }).eventId);
            },
          },
        ],
      });
    const check = (name: string, result: autocannon.Result) => {
      const failed = result.non2xx + result.errors + result.timeouts;
      if (failed > 0)
        throw new Error(
          `${name}: ${result.non2xx} non-2xx, ${result.errors} errors, ${result.timeouts} timeouts`,
        );
    };

    check('warm-up', await load(3));
    const drainFrom = async (ids: string[], since: number) => {
      await Promise.race([
        Promise.all(ids.map((id) => sink.arrival(id))),
        new Promise((_, reject) =>
          setTimeout(() => reject(new Error('the sink did not get every event')), DRAIN_TIMEOUT_MS),
        ),
      ]);
      return (performance.now() - since) / 1000;
    };
    await drainFrom([...sent], performance.now());

    // The measured load: the events answered 202 are the ones the sink must get.
    sent.length = 0;
    const statsBefore = await settledStats(server);
    const meter = cpuMeter(server.pid);
    const started = performance.now();
    const result = await load(DURATION_S);
    check('tracking calls', result);
    const loadEnded = performance.now();
    const answered = [...sent];
    const drainSeconds = await drainFrom(answered, loadEnded);
    // Once the sink has every event, the pipeline's statements for them are all counted.
    const statsAfter = await settledStats(server);
    const perCall = (key: keyof DatabaseStats) =>
      round((statsAfter[key] - statsBefore[key]) / Math.max(1, answered.length));
    const database = {
      commitsPerCall: perCall('commits'),
      rowsInsertedPerCall: perCall('inserted'),
      rowsUpdatedPerCall: perCall('updated'),
      hotUpdatesPerCall: perCall('hotUpdated'),
    };
    // Until the sink had every event: the call, the log, the reactor, NATS, the consumer, the sink.
    const cpuMs = meter.perRequest(result.requests.total);
    const sinkSeconds = (loadEnded - started) / 1000 + drainSeconds;
    const calls = callsOf(result);
    console.log(
      `tracking calls: ${Math.round(calls.rate)} req/s, p50 ${calls.p50} ms, p99 ${calls.p99} ms (${calls.requests} requests); ` +
        `the sink had them all ${round(drainSeconds)} s after the load (${Math.round(answered.length / sinkSeconds)} events/s end to end); ` +
        `per call in Postgres: ${JSON.stringify(database)}` +
        (cpuMs ? `; CPU ms per call, end to end: ${JSON.stringify(cpuMs)}` : ''),
    );

    // End to end on an idle shop: one call at a time, from sending it to the sink receiving it.
    const e2e: number[] = [];
    for (let i = 0; i < E2E_SAMPLES; i++) {
      const body = trackingBody('add-to-cart');
      const t0 = performance.now();
      const response = await fetch(`${shopUrl}/api/track/add-to-cart`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      await response.arrayBuffer();
      if (response.status !== 202) throw new Error(`e2e sample: ${response.status}`);
      e2e.push((await sink.arrival(body.event_id)) - t0);
    }
    const endToEnd = { medianMs: round(median(e2e)), p90Ms: round(quantile(e2e, 0.9)), samples: e2e.length };
    console.log(
      `call to sink: median ${endToEnd.medianMs} ms, p90 ${endToEnd.p90Ms} ms (${e2e.length} samples)`,
    );

    // The call alone: the gateway role on a log nobody reads.
    check('warm-up call alone', await load(3, callOnlyUrl));
    const aloneMeter = cpuMeter(server.pid);
    const aloneResult = await load(DURATION_S, callOnlyUrl);
    check('tracking calls alone', aloneResult);
    const alone = callsOf(aloneResult);
    const aloneCpuMs = aloneMeter.perRequest(alone.requests);
    console.log(
      `tracking calls alone (nothing reads the log): ${Math.round(alone.rate)} req/s, p50 ${alone.p50} ms, p99 ${alone.p99} ms (${alone.requests} requests)` +
        (aloneCpuMs ? `; CPU ms per call: ${JSON.stringify(aloneCpuMs)}` : ''),
    );

    // NATS itself: the payload the tracking reactor publishes for such a call, 50 in flight.
    const body = TRACKING_BODY_SCHEMAS['add-to-cart'].parse(trackingBody('add-to-cart'));
    const payload: BrowserTrackingMessage = {
      source: 'browser',
      ...trackedCall('add-to-cart', body, { ip: '203.0.113.7', userAgent: 'bench', receivedAt: new Date() })
        .data,
    };
    await server.rawPublish(2_000, CONNECTIONS, payload); // warm-up
    const rounds: Array<{ count: number; seconds: number }> = [];
    for (let i = 0; i < RAW_ROUNDS; i++)
      rounds.push(await server.rawPublish(RAW_PUBLISHES, CONNECTIONS, payload));
    const rateOf = (r: { count: number; seconds: number }) => r.count / r.seconds;
    const raw = [...rounds].sort((a, b) => rateOf(a) - rateOf(b))[Math.floor(rounds.length / 2)]!;
    const rawRate = rateOf(raw);
    const roundRates = rounds.map((r) => Math.round(rateOf(r)));
    console.log(
      `raw JetStream publish: ${Math.round(rawRate)} msg/s, the median of ${rounds.length} rounds (${roundRates.join(', ')}) of ${raw.count}, ${CONNECTIONS} in flight, ${JSON.stringify(payload).length} bytes`,
    );

    const run = {
      connections: CONNECTIONS,
      seconds: DURATION_S,
      cores: os.cpus().length,
      loadAverage: os.loadavg()[0],
    };
    writeResult({
      name: 'tracking',
      unit: 'req/s',
      value: calls.rate,
      baseline: rawRate,
      ratio: calls.rate / rawRate,
      details: {
        ...run,
        calls,
        ...(cpuMs ? { cpuMsPerCall: cpuMs } : {}),
        endToEnd,
        database,
        sink: {
          events: answered.length,
          drainSecondsAfterLoad: round(drainSeconds),
          eventsPerSecond: round(answered.length / sinkSeconds),
        },
        rawPublish: {
          ...raw,
          rate: round(rawRate),
          roundRates,
          payloadBytes: JSON.stringify(payload).length,
        },
      },
    });
    writeResult({
      name: 'tracking-call-alone',
      unit: 'req/s',
      value: alone.rate,
      baseline: rawRate,
      ratio: alone.rate / rawRate,
      details: {
        ...run,
        calls: alone,
        ...(aloneCpuMs ? { cpuMsPerCall: aloneCpuMs } : {}),
        rawPublish: { ...raw, rate: round(rawRate), roundRates },
      },
    });
  } finally {
    await server.stop();
    await sink.close();
  }
}
