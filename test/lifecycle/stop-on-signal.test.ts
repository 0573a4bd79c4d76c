// Whoever stops `npm start` (a process manager's SIGTERM to it, a container runtime or a terminal
// signalling its whole process group), the whole shop stops in order: exit 0, no embedded Postgres
// or nats-server left, no error in the log.
import { describe, expect, it } from 'vitest';
import {
  descendantsOf,
  errorLines,
  exitWithin,
  isAlive,
  processesMentioning,
  servicePids,
  startShop,
  waitUntil,
  lifecycleFolder,
} from './shop-process';

const STOP_WITHIN_MS = 15_000;

/** The parts in the order the shop logged stopping them (debug level). */
const stoppingOrder = (lines: readonly string[]) =>
  lines.flatMap((line) => {
    if (!line.startsWith('{')) return [];
    const entry = JSON.parse(line) as { msg?: string; part?: string };
    return entry.msg === 'stopping' && entry.part ? [entry.part] : [];
  });

const folder = lifecycleFolder();
const { started } = folder;

const cases: Array<{ who: string; signal: NodeJS.Signals; group: boolean }> = [
  { who: 'SIGTERM to the npm start process', signal: 'SIGTERM', group: false },
  { who: 'SIGTERM to its process group', signal: 'SIGTERM', group: true },
  { who: 'Ctrl-C (SIGINT to its process group)', signal: 'SIGINT', group: true },
];

describe('stopping npm start', () => {
  it('given the shop started by `npm start` itself, when npm gets SIGTERM, then the shop stops in time, leaves no process and logs no error', async () => {
    const npm = startShop({ dataDir: folder.dataDir, pgPort: folder.pgPort, viaNpm: true });
    started.push(npm);
    const base = await npm.running;
    expect((await fetch(`${base}/readyz`)).status).toBe(200);
    // npm's shell, the shop's node process(es), nats-server…
    const below = descendantsOf(npm.pid);
    const services = servicePids(folder.dataDir);
    expect(below.length).toBeGreaterThan(1);

    const signalledAt = Date.now();
    process.kill(npm.pid, 'SIGTERM');
    // npm itself exits at once (143); the shop it ran stops on its own, in order
    expect(await waitUntil(() => !below.some(isAlive), STOP_WITHIN_MS)).toBe(true);
    console.log(`[lifecycle] SIGTERM to npm: shop stopped in ${Date.now() - signalledAt} ms`);
    await npm.exited;

    for (const pid of [services.postgres!, services.nats!]) {
      expect(await waitUntil(() => !isAlive(pid), 5_000)).toBe(true);
    }
    expect(processesMentioning(folder.dataDir)).toEqual([]);
    // The shop's last lines reach us through npm's pipe: give a loaded machine a moment to read them.
    const stopped = await waitUntil(() => npm.lines.some((line) => line.includes('"msg":"stopped"')), 5_000);
    expect(stopped, `the last lines:\n${npm.lines.slice(-12).join('\n')}`).toBe(true);
    expect(errorLines(npm.lines)).toEqual([]);
  });

  it.each(cases)(
    'given a running shop, when $who, then it exits 0 in time, leaves no process and logs no error',
    async ({ signal, group }) => {
      const shop = startShop({ dataDir: folder.dataDir, pgPort: folder.pgPort, env: { LOG_LEVEL: 'debug' } });
      started.push(shop);
      const base = await shop.running;
      expect((await fetch(`${base}/readyz`)).status).toBe(200);
      const services = servicePids(folder.dataDir);
      expect(services.postgres).toBeDefined();
      expect(services.nats).toBeDefined();

      const signalledAt = Date.now();
      process.kill(group ? -shop.pid : shop.pid, signal);
      const exit = await exitWithin(shop, STOP_WITHIN_MS);
      console.log(
        `[lifecycle] ${signal}${group ? ' to the group' : ''}: stopped in ${Date.now() - signalledAt} ms`,
      );

      expect(exit).toEqual({ code: 0, signal: null });
      for (const pid of [services.postgres!, services.nats!]) {
        expect(await waitUntil(() => !isAlive(pid), 5_000)).toBe(true);
      }
      expect(processesMentioning(folder.dataDir)).toEqual([]);
      expect(errorLines(shop.lines)).toEqual([]);
      // in order: the gateway first, then reactors and projections, then the bus, NATS, Postgres
      const order = stoppingOrder(shop.lines);
      const at = (part: string) => order.indexOf(part);
      expect(order.length).toBeGreaterThan(0);
      expect(at('http server')).toBe(0);
      expect(at('http server')).toBeLessThan(at('reactor mail'));
      expect(at('reactor mail')).toBeLessThan(at('projections'));
      expect(at('projections')).toBeLessThan(at('bus'));
      expect(at('bus')).toBeLessThan(at('nats-server'));
      expect(at('nats-server')).toBeLessThan(at('database pool'));
      expect(at('database pool')).toBeLessThan(at('embedded postgres'));
    },
  );
});
