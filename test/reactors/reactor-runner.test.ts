// The reactor runner over the Postgres event store: one active instance per reactor (advisory lock),
// resuming from its checkpoint, and stopping loudly on a reactor bug instead of retrying forever.
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Bus, Delivery } from '@printshop/shared-events/bus';
import { silentLogger } from '@printshop/shared-events/logger';
import { createInProcessBus } from '@printshop/infra/bus/in-process-bus';
import { migrateReactors, readReactorCheckpoints } from '@printshop/projections/reactors/checkpoints';
import { messageId, type Reactor } from '@printshop/projections/reactors/reactor';
import { createReactorRunner, type ReactorRunner } from '@printshop/projections/reactors/runner';
import { createTestStore, type TestStore } from '@printshop/test/support/stores';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** Waits until the condition holds or the time is up; the assertions after it say what went wrong. */
async function settle(condition: () => boolean, timeoutMs = 20_000) {
  for (const deadline = Date.now() + timeoutMs; !condition() && Date.now() < deadline;) await sleep(20);
}

let testStore: TestStore;
let bus: Bus;
const runners: ReactorRunner[] = [];

beforeAll(async () => {
  testStore = await createTestStore('reactor_runner');
  await migrateReactors(testStore.db);
  bus = createInProcessBus({ logger: silentLogger });
});

afterAll(async () => {
  await Promise.all(runners.map((runner) => runner.stop()));
  await bus.close();
  await testStore.close();
});

const runner = (reactor: Reactor, options: { idleCheckpointMs?: number } = {}) => {
  const created = createReactorRunner({
    reactor,
    store: testStore.store,
    bus,
    db: testStore.db,
    standbyMs: 100,
    ...options,
  });
  runners.push(created);
  return created;
};

/** Appends one event per number, in order; returns their global positions. */
const append = async (type: string, ns: number[]) => {
  const positions: number[] = [];
  for (const n of ns)
    positions.push((await testStore.store.appendToStream(`order-${n}`, [{ type, data: { n } }])).position);
  return positions;
};

it('runs one instance at a time; the standby takes over from the checkpoint without republishing', async () => {
  // given two runners of one reactor and a consumer of its messages
  const reactor: Reactor = {
    name: 'receipts',
    eventTypes: ['OrderPaid'],
    react: (event) => [{ id: messageId(event), subject: 'printshop.receipts.send', data: event.data }],
  };
  const received: Delivery[] = [];
  await bus.consume(
    { durable: 'receipts_check', subject: 'printshop.receipts.>' },
    async (d) => void received.push(d),
  );
  const first = runner(reactor);
  const second = runner(reactor);
  await first.start();
  await settle(() => first.status().state === 'running');
  await second.start();
  await settle(() => second.status().state === 'standby');
  expect([first.status().state, second.status().state]).toEqual(['running', 'standby']);

  // when events are appended, the active one stops, and more are appended
  await append('OrderPaid', [0, 1, 2, 3, 4]);
  await append('OrderShipped', [0]);
  await settle(() => received.length === 5);
  await first.stop();
  await append('OrderPaid', [5, 6, 7]);
  await settle(() => received.length >= 8);

  // then the standby took over and each event was published exactly once
  expect(second.status().state).toBe('running');
  expect(received.map((d) => (d.data as { n: number }).n)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
  const head = await testStore.store.headPosition();
  await settle(() => second.status().position === head);
  const [checkpoint] = (await readReactorCheckpoints(testStore.db)).filter((c) => c.name === 'receipts');
  expect(checkpoint).toMatchObject({ position: head, lastError: null });
});

it.each([
  {
    why: 'its react throws',
    react: (n: number) => {
      if (n === 2) throw new Error('template missing');
      return 'printshop.mail.send';
    },
    error: /template missing/,
  },
  {
    why: 'it makes a message the bus would refuse',
    react: (n: number) => (n === 2 ? 'printshop.mail.*' : 'printshop.mail.send'),
    error: /invalid subject/,
  },
])(
  'stops at the failing event, keeping its checkpoint before it, when $why',
  async ({ why, react, error }) => {
    // given a reactor that fails on the third event
    const name = `mailer_${why.length}`;
    const type = `MailRequested${why.length}`;
    const reactor: Reactor = {
      name,
      eventTypes: [type],
      react: (event) => {
        const n = (event.data as { n: number }).n;
        return [{ id: messageId(event), subject: react(n), data: { n } }];
      },
    };
    const failing = runner(reactor);
    await failing.start();
    // when the events are appended
    const [, , third = 0] = await append(type, [0, 1, 2, 3]);
    await settle(() => failing.status().state === 'failed');
    // then it stopped, saying where and why, short of the failing event
    expect(failing.status().state).toBe('failed');
    expect(failing.status().lastError).toMatch(new RegExp(`position ${third}\\b`));
    expect(failing.status().lastError).toMatch(error);
    const [checkpoint] = (await readReactorCheckpoints(testStore.db)).filter((c) => c.name === name);
    expect(checkpoint?.position).toBeLessThan(third);
    expect(checkpoint?.lastError).toMatch(error);
  },
);

it('does not write its checkpoint for every batch of events it has nothing to publish for, and saves it when stopping', async () => {
  // given a reactor of an event type nobody appends, saving idle batches at most once a minute
  const name = 'quiet';
  const quiet = runner(
    { name, eventTypes: ['NeverAppended'], react: () => [] },
    { idleCheckpointMs: 60_000 },
  );
  await quiet.start();
  await settle(() => quiet.status().state === 'running');
  const checkpoint = async () =>
    (await readReactorCheckpoints(testStore.db)).find((c) => c.name === name)?.position;
  const before = await checkpoint();
  // when other events are appended one by one (batch after batch)
  for (let i = 0; i < 5; i++) await append('OrderShipped', [100 + i]);
  const head = await testStore.store.headPosition();
  await settle(() => quiet.status().position === head);
  // then it has read them all without writing its checkpoint, and stopping saves it
  expect(quiet.status().position).toBe(head);
  expect(await checkpoint()).toBe(before);
  await quiet.stop();
  expect(await checkpoint()).toBe(head);
});

it('refuses a reactor name that cannot key a lock', () => {
  expect(() => runner({ name: 'has space', eventTypes: [], react: () => [] })).toThrow(
    /Invalid reactor name/,
  );
});

it("publishes a combining reactor's read batch as the messages it combines it into, each id named for the reactor", async () => {
  // given a reactor that folds a batch's messages into one, stopped while events are appended
  const reactor: Reactor = {
    name: 'digests',
    eventTypes: ['DigestItemAdded'],
    react: (event) => [{ id: messageId(event), subject: 'printshop.digests.send', data: event.data }],
    combine: (messages) => [
      {
        id: `${messages[0]!.id}..${messages.at(-1)!.id}`,
        subject: 'printshop.digests.send',
        data: { items: messages.map((m) => m.data) },
      },
    ],
  };
  const received: Delivery[] = [];
  await bus.consume(
    { durable: 'digests_check', subject: 'printshop.digests.>' },
    async (d) => void received.push(d),
  );
  const digests = runner(reactor);
  await digests.start();
  await settle(() => digests.status().state === 'running');
  await digests.stop();
  // (in one append: a read sees all three or none, whatever other readers of the log do meanwhile)
  await testStore.store.appendToStream(
    'order-digest',
    [1, 2, 3].map((n) => ({ type: 'DigestItemAdded', data: { n } })),
  );
  // when it starts again, reading the three in one batch
  await digests.start();
  const head = await testStore.store.headPosition();
  await settle(() => digests.status().position === head && received.length > 0);
  // then one message carries all three, under the reactor's name
  expect(received.map((d) => d.data)).toEqual([{ items: [{ n: 1 }, { n: 2 }, { n: 3 }] }]);
  expect(received[0]!.id).toMatch(/^digests:[\w-]+\.\.[\w-]+$/);
});
