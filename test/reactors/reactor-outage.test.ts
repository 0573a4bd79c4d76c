// A reactor keeps publishing through a NATS outage: a real nats-server of our own is stopped for 10 s
// while events keep being appended, then started again on the same port and store. Every event's
// message must arrive; the only duplicates allowed are republishes carrying the same id.
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import type { Bus, Delivery } from '@printshop/shared-events/bus';
import { silentLogger } from '@printshop/shared-events/logger';
import { createNatsBus } from '@printshop/infra/bus/nats-bus';
import { freePort, startNatsServer, type NatsServerHandle } from '@printshop/infra/embedded/nats';
import { migrateReactors } from '@printshop/projections/reactors/checkpoints';
import { messageId, type Reactor } from '@printshop/projections/reactors/reactor';
import { createReactorRunner, type ReactorRunner } from '@printshop/projections/reactors/runner';
import { createTestStore, type TestStore } from '@printshop/test/support/stores';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** Waits until the condition holds or the time is up; the assertions after it say what went wrong. */
async function settle(condition: () => boolean, timeoutMs = 60_000) {
  for (const deadline = Date.now() + timeoutMs; !condition() && Date.now() < deadline;) await sleep(50);
}

const storeDir = mkdtempSync(path.join(os.tmpdir(), 'printshop-outage-nats-'));
let server: NatsServerHandle | undefined;
let testStore: TestStore | undefined;
let bus: Bus | undefined;
let runner: ReactorRunner | undefined;

afterAll(async () => {
  await runner?.stop();
  await bus?.close();
  await server?.stop();
  await testStore?.close();
  rmSync(storeDir, { recursive: true, force: true });
});

const ticketReactor: Reactor = {
  name: 'tickets',
  eventTypes: ['TicketIssued'],
  react: (event) => [{ id: messageId(event), subject: 'printshop.tickets.issued', data: event.data }],
};

it(
  'publishes every event at least once across a 10 s NATS outage, duplicates sharing their id',
  { timeout: 180_000 },
  async () => {
    // given a reactor publishing to a nats-server of our own, and a consumer collecting its messages
    const port = await freePort();
    server = await startNatsServer({ storeDir, port });
    if (!server) throw new Error('nats-server is not on PATH (apt-get install -y nats-server)');
    testStore = await createTestStore('reactor_outage');
    const { store, db } = testStore;
    await migrateReactors(db);
    bus = await createNatsBus({ servers: server.url, logger: silentLogger, publishTimeoutMs: 500 });
    runner = createReactorRunner({ reactor: ticketReactor, store, bus, db, retryMaxMs: 1_000 });
    const received: Delivery<{ n: number }>[] = [];
    await bus.consume<{ n: number }>(
      { durable: 'ticket_check', subject: 'printshop.tickets.>' },
      async (d) => void received.push(d),
    );
    await runner.start();

    // and a writer appending events the whole time (with others the reactor ignores)
    const appended = new Map<string, number>();
    let writing = true;
    const writer = (async () => {
      for (let n = 0; writing; n++) {
        const id = randomUUID();
        await store.appendToStream(`ticket-${n % 7}`, [
          { id, type: 'TicketIssued', data: { n } },
          { type: 'TicketViewed', data: { n } },
        ]);
        appended.set(id, n);
        await sleep(20);
      }
    })();
    await settle(() => received.length >= 20);
    expect(received.length).toBeGreaterThanOrEqual(20);

    // when NATS is down for 10 s while appends go on
    await server.stop();
    const beforeOutage = appended.size;
    let sawRefused = false;
    for (const end = Date.now() + 10_000; Date.now() < end; await sleep(100)) {
      sawRefused ||=
        runner.status().state === 'retrying' && /publish failed/.test(runner.status().lastError ?? '');
    }
    const duringOutage = appended.size - beforeOutage;
    // and comes back on the same port and store, and appends go on a little longer
    server = await startNatsServer({ storeDir, port });
    await sleep(2_000);
    writing = false;
    await writer;

    // then the reactor catches up to the head and every event's message has arrived
    const head = await store.headPosition();
    // The runner prefixes message ids with the reactor's name (ids are unique per JetStream stream).
    const eventIdOf = (messageId: string) => messageId.replace(/^tickets:/, '');
    const receivedIds = () => new Set(received.map((d) => eventIdOf(d.id)));
    await settle(() => runner!.status().position >= head && receivedIds().size >= appended.size);
    expect(sawRefused).toBe(true);
    expect(duringOutage).toBeGreaterThan(0);
    expect(runner.status().position).toBeGreaterThanOrEqual(head);
    const got = receivedIds();
    const lost = [...appended].filter(([id]) => !got.has(id)).map(([, n]) => n);
    expect(lost).toEqual([]);
    expect(got.size).toBe(appended.size);
    // and each delivery, duplicate or not, carries its event's id and data
    for (const delivery of received) {
      expect(delivery.id).toMatch(/^tickets:/);
      expect(delivery.data).toEqual({ n: appended.get(eventIdOf(delivery.id)) });
    }
    expect(runner.status()).toMatchObject({ state: 'running', lastError: null });
  },
);
