// Without NATS_URL the shop starts a nats-server from PATH and says where it listens, in DATA_DIR,
// for the operator commands; the note goes when the server does. A server that dies is started
// again, and the bus publishes through it once it is back.
import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { silentLogger } from '@printshop/shared-events/logger';
import type { Config } from '../config';
import { canConnect, findNatsServer } from '../embedded/nats';
import { NATS_URL_FILE, provideBus } from './bus';

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'printshop-bus-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('the bus of a shop without NATS_URL', () => {
  it('given a nats-server on PATH, then its address is in DATA_DIR while it runs', async () => {
    if (!findNatsServer()) throw new Error('nats-server is not on PATH (apt-get install -y nats-server)');
    const provided = await provideBus({ dataDir } as Config, silentLogger);
    const file = path.join(dataDir, NATS_URL_FILE);
    try {
      const url = new URL(readFileSync(file, 'utf8'));
      expect(await canConnect(url.hostname, Number(url.port))).toBe(true);
    } finally {
      await provided.bus.close();
      await provided.stopServer?.();
    }
    expect(existsSync(file)).toBe(false);
  });

  it('given the nats-server is killed, then it is started again on the same address and a publish goes through', async () => {
    if (!findNatsServer()) throw new Error('nats-server is not on PATH (apt-get install -y nats-server)');
    const killedDir = mkdtempSync(path.join(os.tmpdir(), 'printshop-bus-killed-'));
    const provided = await provideBus({ dataDir: killedDir } as Config, silentLogger);
    try {
      const url = new URL(readFileSync(path.join(killedDir, NATS_URL_FILE), 'utf8'));
      const pid = Number(readFileSync(path.join(killedDir, 'nats.pid'), 'utf8'));
      process.kill(pid, 'SIGKILL');
      // The new server's pid is written when it is spawned, before it listens (CI once read the
      // port closed right then): both are waited for.
      await vi.waitFor(
        async () => {
          expect(Number(readFileSync(path.join(killedDir, 'nats.pid'), 'utf8'))).not.toBe(pid);
          expect(await canConnect(url.hostname, Number(url.port))).toBe(true);
        },
        { timeout: 15_000, interval: 100 },
      );
      // A publish made while the client is still reconnecting may time out (CI saw it under load);
      // the shop's outbox publishes again, and so does this test, until one goes through.
      const message = { id: randomUUID(), subject: 'printshop.test.after-restart', data: {} };
      await vi.waitFor(() => provided.bus.publish(message), { timeout: 30_000, interval: 200 });
    } finally {
      await provided.bus.close();
      await provided.stopServer?.();
      rmSync(killedDir, { recursive: true, force: true });
    }
  }, 60_000);
});
