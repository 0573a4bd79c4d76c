// A start that cannot succeed says why in one line (and leaves nothing running), instead of a bare
// "could not start" or a stack trace.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { namespaceStream } from '@printshop/infra/bus/namespaced-bus';
import { deleteStream } from '@printshop/test/support/app';
import { createTestDatabase, natsUrl, type TestDatabase } from '@printshop/test/support/database';
import { exitWithin, freePort, processesMentioning, startShop, type ShopProcess } from './shop-process';

let scratch: string;
const others: net.Server[] = [];

beforeAll(() => {
  scratch = mkdtempSync(path.join(os.tmpdir(), 'printshop-lifecycle-'));
});

afterAll(async () => {
  for (const server of others) await new Promise((resolve) => server.close(resolve));
  rmSync(scratch, { recursive: true, force: true });
});

/** Another program holding a port. */
async function somebodyListens(): Promise<number> {
  const server = net.createServer((socket) => socket.destroy());
  others.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as net.AddressInfo).port;
}

/** What it printed that is not a JSON log line: the words meant for the person who started it. */
const said = (shop: ShopProcess) => shop.lines.filter((line) => line.trim() && !line.startsWith('{'));
const stackFrames = (shop: ShopProcess) => shop.lines.filter((line) => /^\s+at\s|\\n\s+at\s/.test(line));

describe('a start that cannot succeed', () => {
  it('given EMBEDDED_PG_PORT held by another program, then it exits 1 naming the port, and starts no Postgres', async () => {
    const dataDir = path.join(scratch, 'pg-port');
    const taken = await somebodyListens();
    const shop = startShop({ dataDir, pgPort: taken });

    expect(await exitWithin(shop, 30_000)).toEqual({ code: 1, signal: null });
    expect(said(shop)).toEqual([
      `PrintShop could not start: EMBEDDED_PG_PORT ${taken} is in use by another program: stop it or choose another port`,
    ]);
    expect(stackFrames(shop)).toEqual([]);
    expect(processesMentioning(dataDir)).toEqual([]);
  });

  it('given a DATA_DIR we cannot write (a path through a file), then it exits 2 naming DATA_DIR', async () => {
    const file = path.join(scratch, 'a-file');
    writeFileSync(file, '');
    const shop = startShop({ dataDir: path.join(file, 'data'), pgPort: await freePort() });

    expect(await exitWithin(shop, 30_000)).toEqual({ code: 2, signal: null });
    const lines = said(shop);
    expect(lines.filter((line) => line.includes('DATA_DIR'))).toEqual([
      expect.stringMatching(
        /^ {2}DATA_DIR: cannot keep the secret \w+ in .*a-file.* \(ENOTDIR.*must be a folder we can write$/,
      ),
    ]);
    expect(stackFrames(shop)).toEqual([]);
  });

  describe('given PORT held by another program', () => {
    let database: TestDatabase;
    const namespace = `t${randomBytes(5).toString('hex')}`;
    beforeAll(async () => {
      database = await createTestDatabase('lifecycle');
    });
    afterAll(async () => {
      await deleteStream(namespaceStream(namespace).streamName);
      await database?.drop();
    });

    it('then it exits 1 naming the port', async () => {
      const taken = await somebodyListens();
      const shop = startShop({
        dataDir: path.join(scratch, 'http-port'),
        pgPort: await freePort(),
        env: {
          PORT: String(taken),
          DATABASE_URL: database.url,
          NATS_URL: natsUrl(),
          BUS_NAMESPACE: namespace,
        },
      });

      expect(await exitWithin(shop, 45_000)).toEqual({ code: 1, signal: null });
      expect(said(shop)).toEqual([
        `PrintShop could not start: PORT ${taken} is in use by another program: choose another port`,
      ]);
      expect(stackFrames(shop)).toEqual([]);
    });
  });
});
