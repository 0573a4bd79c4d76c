import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import autocannon from 'autocannon';
import { pngBytes } from '../cart/support';

const args = process.argv.slice(2);
const prof = args.includes('--prof');
const child = spawn(
  process.execPath,
  [
    ...(prof ? ['--cpu-prof', '--cpu-prof-dir=/tmp/cartprobe'] : []),
    '--import',
    'tsx',
    'test/bench/cart-server.ts',
  ],
  { stdio: ['pipe', 'pipe', 'inherit'] },
);
const { shopUrl, databaseUrl } = await new Promise<{ shopUrl: string; databaseUrl: string }>((r) =>
  createInterface({ input: child.stdout! }).once('line', (l) => r(JSON.parse(l))),
);
const sessions: { cookie: string; imageId: string }[] = [];
for (let i = 0; i < 100; i++) {
  const form = new FormData();
  form.append('image', new Blob([await pngBytes(i + 1)], { type: 'image/png' }), 'p.png');
  const res = await fetch(`${shopUrl}/api/images/single`, { method: 'POST', body: form });
  const body = (await res.json()) as { image: { id: string } };
  sessions.push({
    cookie: res.headers
      .getSetCookie()
      .map((l) => l.split(';')[0])
      .join('; '),
    imageId: body.image.id,
  });
}
let n = 0;
const which = args.find((a) => !a.startsWith('--')) ?? 'healthz';
const opts: autocannon.Options =
  which === 'healthz'
    ? { url: `${shopUrl}/healthz` }
    : which === 'get'
      ? {
          url: shopUrl,
          requests: [
            {
              setupRequest: (req) => ({
                ...req,
                method: 'GET',
                path: '/api/cart?currency=EUR&country=DE',
                headers: { cookie: sessions[n++ % sessions.length]!.cookie },
              }),
            },
          ],
        }
      : {
          url: shopUrl,
          requests: [
            {
              setupRequest: (req) => {
                const s = sessions[n++ % sessions.length]!;
                return {
                  ...req,
                  method: 'POST',
                  path: '/api/cart/item',
                  headers: { cookie: s.cookie, 'content-type': 'application/json' },
                  body: JSON.stringify({ sku: 'POSTERA4', quantity: 1, croppedImageId: s.imageId }),
                };
              },
            },
          ],
        };
import pg from 'pg';
const pc = new pg.Client({ connectionString: databaseUrl }); await pc.connect();
const stat = async () => (await pc.query('select xact_commit, tup_returned, tup_fetched, tup_inserted, tup_updated, blks_hit from pg_stat_database where datname = current_database()')).rows[0];
await pc.query('select pg_stat_clear_snapshot()');
const s0 = await stat();
const r = await autocannon({ connections: 50, duration: 8, ...opts });
await new Promise((res) => setTimeout(res, 600));
await pc.query('select pg_stat_clear_snapshot()');
const s1 = await stat();
const per = (k: string) => ((Number(s1[k]) - Number(s0[k])) / r.requests.total).toFixed(1);
console.log('per request: commits', per('xact_commit'), 'tup_returned', per('tup_returned'), 'fetched', per('tup_fetched'), 'inserted', per('tup_inserted'), 'updated', per('tup_updated'), 'blks_hit', per('blks_hit'));
await pc.end();
console.log(
  which,
  Math.round(r.requests.average),
  'req/s p50',
  r.latency.p50,
  'p99',
  r.latency.p99,
  'non2xx',
  r.non2xx,
  'err',
  r.errors,
);
child.stdin!.end();
await new Promise((r) => child.once('exit', r));
process.exit(0);
