import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { connect } from 'nats';
import { trackingBody } from '../../tracking/support';

let received = 0;
const sink = createServer((req, res) => { req.resume(); req.on('end', () => { received++; res.end('{}'); }); });
await new Promise<void>((r) => sink.listen(0, '127.0.0.1', r));
const url = `http://127.0.0.1:${(sink.address() as AddressInfo).port}/`;
const child = spawn(process.execPath, ['--import', 'tsx', 'test/bench/tracking-server.ts'], { stdio: ['pipe', 'pipe', 'inherit'], env: { ...process.env, TRACKING_SINK_URL: url } });
const lines = createInterface({ input: child.stdout! })[Symbol.asyncIterator]();
const { shopUrl } = JSON.parse((await lines.next()).value as string);
const nc = await connect({ servers: 'nats://127.0.0.1:4222' });
const jsm = await nc.jetstreamManager();
const N = Number(process.argv[2] ?? 1000);
const t0 = performance.now();
let next = 0;
await Promise.all(Array.from({ length: 20 }, async () => {
  while (next++ < N) {
    const r = await fetch(`${shopUrl}/api/track/add-to-cart`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(trackingBody('add-to-cart')) });
    await r.arrayBuffer();
  }
}));
console.log('calls done', Math.round(performance.now() - t0), 'ms');
for (;;) {
  let published = 0;
  for await (const s of await jsm.streams.list()) if (s.config.name.startsWith('PRINTSHOP_B')) published += s.state.messages;
  console.log(Math.round(performance.now() - t0), 'ms published', published, 'sink', received);
  if (received >= N) break;
  await new Promise((r) => setTimeout(r, 1000));
}
await nc.close();
child.stdin!.end();
await new Promise((r) => child.once('exit', r));
sink.close();
process.exit(0);
