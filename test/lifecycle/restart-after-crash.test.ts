// `npm start` killed with SIGKILL (a crash, the OOM killer) leaves its embedded Postgres and
// nats-server running; the next `npm start` on the same DATA_DIR must still come up, with the
// password it generated the first time, and leave nothing behind when stopped.
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import {
  errorLines,
  exitWithin,
  freePort,
  isAlive,
  processesMentioning,
  servicePids,
  startShop,
  waitUntil,
  type ShopProcess,
  lifecycleFolder,
} from './shop-process';

const folder = lifecycleFolder();
const { started } = folder;

const run = (shop: ShopProcess) => {
  started.push(shop);
  return shop.running;
};

const mode = (entry: string) => (statSync(path.join(folder.dataDir, entry)).mode & 0o777).toString(8);

async function connects(password: string): Promise<boolean> {
  const client = new pg.Client({
    connectionString: `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${folder.pgPort}/printshop`,
  });
  try {
    await client.connect();
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

describe('npm start after a crash', () => {
  it('given a shop on a fresh DATA_DIR, then its secrets and private folders are closed to others and its Postgres takes only the generated password', async () => {
    const shop = startShop({ dataDir: folder.dataDir, pgPort: folder.pgPort });
    await run(shop);

    expect(mode('secrets')).toBe('700');
    for (const secret of ['postgres', 'jwt']) expect(mode(`secrets/${secret}`)).toBe('600');
    expect(mode('mail')).toBe('700');
    expect(mode('images')).toBe('700');
    const password = readFileSync(path.join(folder.dataDir, 'secrets', 'postgres'), 'utf8').trim();
    expect(password.length).toBeGreaterThanOrEqual(32);
    expect(await connects(password)).toBe(true);
    expect(await connects('printshop')).toBe(false);
  });

  it('given that shop running, when a second start runs on its DATA_DIR, then it refuses in one line and the first keeps its services', async () => {
    const first = started[0]!;
    const services = servicePids(folder.dataDir);

    const second = startShop({ dataDir: folder.dataDir, pgPort: await freePort() });
    started.push(second);
    expect(await exitWithin(second, 30_000)).toEqual({ code: 1, signal: null });
    expect(second.lines.filter((line) => !line.startsWith('{'))).toEqual([
      `PrintShop could not start: DATA_DIR ${folder.dataDir} is in use by another PrintShop (pid ${first.pid}): stop it, or give this one its own DATA_DIR`,
    ]);

    expect(servicePids(folder.dataDir)).toEqual(services);
    expect(isAlive(services.nats!)).toBe(true);
    expect((await fetch(`${await first.running}/readyz`)).status).toBe(200);
  });

  it('when the node process is killed with SIGKILL, then a second start on the same DATA_DIR runs, is ready and stops leaving nothing behind', async () => {
    const first = started[0]!;
    const orphans = servicePids(folder.dataDir);
    expect(orphans.postgres).toBeDefined();
    expect(orphans.nats).toBeDefined();

    // when: a crash of the node process alone; its children are orphaned, as in a real crash
    process.kill(first.pid, 'SIGKILL');
    await first.exited;
    expect(isAlive(orphans.postgres!)).toBe(true);

    const restartedAt = Date.now();
    const second = startShop({ dataDir: folder.dataDir, pgPort: folder.pgPort });
    const base = await run(second);
    const restartMs = Date.now() - restartedAt;
    console.log(`[lifecycle] restart after kill -9: running in ${restartMs} ms`);

    const ready = await fetch(`${base}/readyz`);
    expect(ready.status).toBe(200);
    const password = readFileSync(path.join(folder.dataDir, 'secrets', 'postgres'), 'utf8').trim();
    expect(await connects(password)).toBe(true);
    // the nats-server the crash left is not running beside the new one
    expect(await waitUntil(() => !isAlive(orphans.nats!), 5_000)).toBe(true);

    const running = servicePids(folder.dataDir);
    process.kill(second.pid, 'SIGTERM');
    expect(await exitWithin(second, 20_000)).toEqual({ code: 0, signal: null });
    for (const pid of [orphans.postgres!, running.postgres!, running.nats!]) {
      expect(await waitUntil(() => !isAlive(pid), 5_000)).toBe(true);
    }
    expect(processesMentioning(folder.dataDir)).toEqual([]);
    expect(errorLines(second.lines)).toEqual([]);
  });
});
