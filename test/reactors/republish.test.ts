// `npm run republish`: when JetStream lost what a reactor had published (its stream gone before
// its consumers read it), the operator sends those messages again from the log, with the ids the
// reactor gave them; the live checkpoint bounds it, and bad input is answered, not thrown.
import { randomUUID } from 'node:crypto';
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Bus, BusMessage, Delivery } from '@printshop/shared-events/bus';
import { silentLogger } from '@printshop/shared-events/logger';
import { namespaceStream } from '@printshop/infra/bus/namespaced-bus';
import { connectNatsBus, NATS_URL_FILE } from '@printshop/infra/startup/bus';
import { republish } from '@printshop/projections/cli/republish';
import { migrateReactors, readReactorCheckpoints } from '@printshop/projections/reactors/checkpoints';
import { messageId, type Reactor } from '@printshop/projections/reactors/reactor';
import { createReactorRunner } from '@printshop/projections/reactors/runner';
import { deleteStream } from '@printshop/test/support/app';
import { natsUrl } from '@printshop/test/support/database';
import { createTestStore, type TestStore } from '@printshop/test/support/stores';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const namespace = `republish${randomUUID().slice(0, 8)}`;
const receipts: Reactor = {
  name: 'receipts',
  eventTypes: ['OrderPaid'],
  react: (event) => [{ id: messageId(event), subject: 'printshop.receipts.send', data: event.data }],
};
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let subject: TestStore;
let bus: Bus;
let paid: number[];
/** A moment between the third and the fourth payment. */
let afterThird: Date;

beforeAll(async () => {
  subject = await createTestStore('republish');
  await migrateReactors(subject.db);
  bus = await connectNatsBus(natsUrl(), namespace, silentLogger);
  paid = [];
  for (let n = 1; n <= 6; n += 1) {
    if (n === 4) {
      await sleep(20);
      afterThird = new Date();
      await sleep(20);
    }
    paid.push(
      (await subject.store.appendToStream(`order-${n}`, [{ type: 'OrderPaid', data: { n } }])).position,
    );
    await subject.store.appendToStream(`order-${n}`, [{ type: 'OrderShipped', data: { n } }]);
  }
  // The reactor publishes all six, then stops; nobody has read them yet.
  const runner = createReactorRunner({ reactor: receipts, store: subject.store, bus, db: subject.db });
  await runner.start();
  for (let i = 0; i < 400 && runner.status().position < paid.at(-1)!; i += 1) await sleep(25);
  await runner.stop();
  expect((await readReactorCheckpoints(subject.db))[0]?.position).toBeGreaterThanOrEqual(paid.at(-1)!);
});

afterAll(async () => {
  await bus.close();
  await deleteStream(namespaceStream(namespace).streamName);
  await subject.close();
});

async function run(args: string[], on: Bus = bus) {
  const lines: string[] = [];
  const code = await republish({
    db: subject.db,
    store: subject.store,
    projections: [],
    bus: on,
    reactors: [receipts],
    args,
    out: (line) => lines.push(line),
  });
  return { code, output: lines.join('\n') };
}

/** Everything a new consumer of the receipts subject finds on the bus within a moment. */
async function onTheBus(): Promise<Delivery[]> {
  const received: Delivery[] = [];
  const consumer = await bus.consume(
    { durable: `check_${randomUUID().slice(0, 8)}`, subject: 'printshop.receipts.>' },
    async (delivery) => void received.push(delivery),
  );
  await sleep(1_500);
  await consumer.stop();
  return received;
}

/** NATS lost its store: the stream is gone, and the shop's next connection makes it anew, empty. */
async function loseTheStream() {
  await bus.close();
  await deleteStream(namespaceStream(namespace).streamName);
  bus = await connectNatsBus(natsUrl(), namespace, silentLogger);
}

/** The ids the reactor gave its messages for these payments. */
async function idsOf(positions: number[]): Promise<string[]> {
  const { events } = await subject.store.readAll({ filter: { eventTypes: ['OrderPaid'] } });
  return events.filter((e) => positions.includes(e.position)).map((e) => `receipts:${messageId(e)}`);
}

describe('republish', () => {
  it('given the stream lost, when the operator republishes from the third payment, then the last four are back with their ids', async () => {
    await loseTheStream();
    expect(await onTheBus()).toHaveLength(0);

    const { code, output } = await run(['receipts', '--from', String(paid[2])]);

    expect(code).toBe(0);
    expect(output).toContain('sent 4 messages again for 4 events');
    const received = await onTheBus();
    expect(received.map((d) => (d.data as { n: number }).n)).toEqual([3, 4, 5, 6]);
    expect(received.map((d) => d.id)).toEqual(await idsOf(paid.slice(2)));
  });

  it('given a time instead of a position, then it starts at the first event recorded from then', async () => {
    await loseTheStream();
    const { code, output } = await run(['receipts', '--since', afterThird.toISOString()]);
    expect(code).toBe(0);
    expect(output).toContain(`positions ${paid[3]} to`);
    expect((await onTheBus()).map((d) => (d.data as { n: number }).n)).toEqual([4, 5, 6]);
    const later = await run(['receipts', '--since', new Date(Date.now() + 60_000).toISOString()]);
    expect(later).toEqual({ code: 0, output: expect.stringContaining('nothing to send again') });
  });

  it('given messages the bus still has, when they are sent again, then JetStream drops the copies', async () => {
    await loseTheStream();
    await run(['receipts', '--from', String(paid[0]), '--to', String(paid[1])]);
    const { code, output } = await run(['receipts', '--from', String(paid[0]), '--to', String(paid[1])]);
    expect(code).toBe(0);
    expect(output).toContain('sent 2 messages again for 2 events');
    expect((await onTheBus()).map((d) => (d.data as { n: number }).n)).toEqual([1, 2]);
  });

  it('given a range past the checkpoint, then it stops there: the reactor publishes the rest itself', async () => {
    await subject.store.appendToStream('order-7', [{ type: 'OrderPaid', data: { n: 7 } }]);
    await loseTheStream();
    const { code, output } = await run(['receipts', '--from', String(paid[5]), '--to', '999999']);
    expect(code).toBe(0);
    expect(output).toContain('sent 1 messages again for 1 events');
    expect((await onTheBus()).map((d) => (d.data as { n: number }).n)).toEqual([6]);
    const after = await run(['receipts', '--from', '999999']);
    expect(after).toEqual({ code: 0, output: expect.stringContaining('nothing to send again') });
  });

  it.each([
    [[], 'usage'],
    [['receipts'], 'usage'],
    [['receipts', '--from', '0'], 'usage'],
    [['receipts', '--from', 'x1'], 'usage'],
    [['receipts', '--from', '5', '--to', '4'], 'usage'],
    [['receipts', '--from', '1', '--size', '3'], 'usage'],
    [['receipts', '--since', 'yesterday-ish'], 'usage'],
    [['receipts', '--since', '2026-11-29T08:00:00Z', '--from', '3'], 'usage'],
    [['shipping', '--from', '1'], 'Unknown reactor shipping. Known: receipts'],
  ])('given %j, then it says how to use it and exits 2', async (args, says) => {
    const { code, output } = await run(args);
    expect(code).toBe(2);
    expect(output).toContain(says);
  });

  it('given a bus that refuses, then it exits 1 and says where to start again', async () => {
    const refusing = {
      ...bus,
      publish: (_message: BusMessage) => Promise.reject(new Error('no responders')),
    } as Bus;
    const { code, output } = await run(['receipts', '--from', String(paid[1])], refusing);
    expect(code).toBe(1);
    expect(output).toContain(`Run again with --from ${paid[1]}`);
  });

  /** The command as the operator runs it, without NATS_URL, in a DATA_DIR of its own. */
  const runCommand = (dataDir: string, args: string[]) => {
    const { DATABASE_URL: _, NATS_URL: __, ...env } = process.env;
    return promisify(execFile)(process.execPath, ['--import', 'tsx', 'infra/src/cli/republish.ts', ...args], {
      cwd: root,
      env: { ...env, DATABASE_URL: subject.url, DATA_DIR: dataDir, BUS_NAMESPACE: namespace },
    }).catch((error: { code: number; stdout: string }) => error);
  };

  it('given no NATS_URL and no shop running, then the command says which bus it needs', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'printshop-republish-'));
    const result = await runCommand(dataDir, ['webhooks', '--from', '1']);
    rmSync(dataDir, { recursive: true, force: true });
    expect(result).toMatchObject({ code: 2, stdout: expect.stringContaining('NATS_URL is not set') });
  });

  it("given no NATS_URL but npm start's nats-server noted in DATA_DIR, then it uses that one", async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'printshop-republish-'));
    writeFileSync(path.join(dataDir, NATS_URL_FILE), natsUrl());
    const result = await runCommand(dataDir, ['webhooks', '--from', '1']);
    rmSync(dataDir, { recursive: true, force: true });
    expect(result).toMatchObject({
      stdout: expect.stringContaining('webhooks has published up to position 0'),
    });
  });
});
