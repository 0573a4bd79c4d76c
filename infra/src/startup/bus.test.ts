// Without NATS_URL the shop starts a nats-server from PATH and says where it listens, in DATA_DIR,
// for the operator commands; the note goes when the server does.
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
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
});
