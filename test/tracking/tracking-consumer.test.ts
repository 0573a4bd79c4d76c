// The tracking consumer under load and faults, against a real Postgres and the in-process bus, with
// a sink of the test's own (the HttpSink port): deliveries are claimed, sent and settled in batches;
// no pool connection is held while the sink answers and the consumer never uses more than its share;
// a claim whose holder died is taken over after its lease (at least once); a batch the sink refuses
// is asked again event by event, so only the bad event is refused; two copies of one event reach the
// sink once. A delivery may carry a batch of events (as the tracking reactor publishes them): it is
// acked when all are settled, and a redelivery does not count the ones already settled as copies.
import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, beforeEach, expect, it, vi } from 'vitest';
import type { Bus, Consumer } from '@printshop/shared-events/bus';
import { TRACKING_BODY_SCHEMAS } from '@printshop/shared-events/api/tracking';
import {
  trackingSubject,
  type BrowserTrackingMessage,
  type TrackingBatch,
} from '@printshop/shared-events/tracking-messages';
import { trackedCall } from '@printshop/command-service/tracking/tracked-call';
import type { Knex } from 'knex';
import { createInProcessBus } from '@printshop/infra/bus/in-process-bus';
import { createDb } from '@printshop/infra/postgres/db';
import type { ConversionsEvent } from '@printshop/infra/tracking/conversions-event';
import type { HttpSink, SinkAnswer } from '@printshop/infra/tracking/http-sink';
import {
  migrateTrackingEvents,
  startTrackingConsumer,
  TRACKING_TABLE,
  type TrackingEventRow,
} from '@printshop/infra/tracking/tracking-consumer';
import { claimTrackingEvents } from '@printshop/infra/tracking/tracking-store';
import { errorCatcher } from '@printshop/test/support/error-catcher';
import { createTestStore, type TestStore } from '@printshop/test/support/stores';
import { trackingBody } from './support';

const waitFor = <T>(find: () => T | Promise<T>) => vi.waitFor(find, { timeout: 20_000, interval: 20 });

/** A sink that records each request; `answer` decides (a promise: it answers when that settles). */
function testSink(answer: (events: readonly ConversionsEvent[]) => Promise<SinkAnswer> | SinkAnswer) {
  const requests: ConversionsEvent[][] = [];
  const sink: HttpSink = {
    async send(events) {
      requests.push([...events]);
      return answer(events);
    },
  };
  const received = (eventId: string) => requests.flat().filter((e) => e.event_id === eventId);
  return { sink, requests, received };
}
const OK: SinkAnswer = { status: 200, snippet: '{"events_received":1}' };

let testStore: TestStore;
/** The consumer's own pool (the test reads through testStore.db), to count its connections. */
let consumerDb: Knex;
let bus: Bus;
let consumer: Consumer | undefined;
/** Pool connections in use right now, and the most seen at once. */
const inUse = { now: 0, max: 0 };
/** The consumer's error lines fail the test that was running (a refusing sink logs warnings). */
const errors = errorCatcher('tracking_consumer');

beforeAll(async () => {
  testStore = await createTestStore('tracking_consumer');
  consumerDb = createDb(testStore.url, { poolMax: 10 });
  await migrateTrackingEvents(consumerDb);
  const pool = (consumerDb.client as { pool: NodeJS.EventEmitter }).pool;
  pool.on('acquireSuccess', () => (inUse.max = Math.max(inUse.max, ++inUse.now)));
  pool.on('release', () => inUse.now--);
});
beforeEach(async () => {
  await consumer?.stop();
  consumer = undefined;
  await bus?.close();
  bus = createInProcessBus({ logger: errors.logger });
  inUse.max = inUse.now;
});
afterEach(() => errors.check());
afterAll(async () => {
  await consumer?.stop();
  await bus?.close();
  await consumerDb?.destroy();
  await testStore?.close();
});

const start = (sink: HttpSink, o: { connections?: number; leaseMs?: number } = {}) =>
  startTrackingConsumer({
    bus,
    db: consumerDb,
    store: testStore.store,
    sink,
    logger: errors.logger,
    durable: 'tracking_test',
    ...o,
  }).then((started) => (consumer = started));

/** The message the tracking reactor publishes for an add-to-cart call. */
function addToCart(eventId?: string) {
  const body = TRACKING_BODY_SCHEMAS['add-to-cart'].parse(trackingBody('add-to-cart', { eventId }));
  const message: BrowserTrackingMessage = {
    source: 'browser',
    ...trackedCall('add-to-cart', body, { ip: '203.0.113.7', receivedAt: new Date() }).data,
  };
  return { eventId: body.event_id, message };
}

const publish = (id: string, message: BrowserTrackingMessage) =>
  bus.publish({ id, subject: trackingSubject('add-to-cart'), data: message });

const publishBatch = (id: string, messages: BrowserTrackingMessage[]) =>
  bus.publish({
    id,
    subject: trackingSubject('add-to-cart'),
    data: { events: messages } satisfies TrackingBatch,
  });

const row = async (eventId: string) =>
  testStore
    .db<TrackingEventRow>(TRACKING_TABLE)
    .where({ event_name: 'AddToCart', event_id: eventId })
    .first();

it('given many deliveries at once, then they reach the sink once each, in few requests, through at most the given share of the pool', async () => {
  // given a consumer allowed one pool connection
  const { sink, requests, received } = testSink(() => OK);
  await start(sink, { connections: 1 });
  // when 250 events come at once (more than one batch holds)
  const calls = Array.from({ length: 250 }, () => addToCart());
  await Promise.all(calls.map(({ eventId, message }) => publish(`tracking:${eventId}`, message)));
  // then each reached the sink once and its row is settled as forwarded
  await waitFor(async () => {
    const rows = await testStore.db<TrackingEventRow>(TRACKING_TABLE).whereIn(
      'event_id',
      calls.map((c) => c.eventId),
    );
    expect(rows.filter((r) => r.forwarded_at !== null && r.claim_until === null)).toHaveLength(250);
  });
  for (const { eventId } of calls) expect(received(eventId)).toHaveLength(1);
  expect(requests.length).toBeLessThan(30);
  expect(inUse.max).toBeLessThanOrEqual(1);
});

it('given a slow sink, when it has the events, then the consumer holds no pool connection', async () => {
  // given a sink that answers only when told
  let answer: () => void = () => undefined;
  const answered = new Promise<void>((resolve) => (answer = resolve));
  const { sink, received } = testSink(async () => {
    await answered;
    return OK;
  });
  await start(sink);
  // when an event is with the sink
  const { eventId, message } = addToCart();
  await publish(`tracking:${eventId}`, message);
  await waitFor(() => expect(received(eventId)).toHaveLength(1));
  // then no connection is in use, the row is claimed, and once answered it is settled
  try {
    expect(inUse.now).toBe(0);
    expect(await row(eventId)).toMatchObject({ forwarded_at: null, claim_until: expect.any(Date) });
  } finally {
    // Else the consumer's stop would wait for the sink forever.
    answer();
  }
  await waitFor(async () =>
    expect(await row(eventId)).toMatchObject({ sink_status: 200, claim_until: null }),
  );
});

it('given a claim whose holder died, when the event is delivered after its lease, then it reaches the sink', async () => {
  // given a row claimed by a delivery that never settled it (its process died), for 300 ms
  const { eventId, message } = addToCart();
  const { sink, received } = testSink(() => OK);
  const dead = { source: 'browser' as const, messageId: 'dead', claim: randomUUID(), forward: true };
  const event = { event_name: 'AddToCart', event_id: eventId } as ConversionsEvent;
  expect(await claimTrackingEvents(testStore.db, [{ ...dead, event }], 300)).toEqual(['claimed']);
  // when the bus delivers the event again (the first try finds the row busy, the retry finds it free)
  await start(sink);
  await publish(`tracking:${eventId}`, message);
  // then the sink gets it once, and the row is settled as forwarded, not counted as a duplicate
  await waitFor(async () =>
    expect(await row(eventId)).toMatchObject({ sink_status: 200, claim_until: null, duplicates: 0 }),
  );
  expect(received(eventId)).toHaveLength(1);
});

it('given the sink refuses a batch for good, then each event is asked alone and only the bad one is refused', async () => {
  // given a sink that refuses any request holding the bad event
  const bad = addToCart();
  const good = [addToCart(), addToCart(), addToCart()];
  const { sink, requests } = testSink((events) =>
    events.some((e) => e.event_id === bad.eventId) ? { status: 400, snippet: '{"error":"bad event"}' } : OK,
  );
  await start(sink);
  // when they come together
  await Promise.all([bad, ...good].map(({ eventId, message }) => publish(`tracking:${eventId}`, message)));
  // then the good ones are forwarded and the bad one is kept as refused (not tried again)
  await waitFor(async () => {
    for (const { eventId } of good)
      expect(await row(eventId)).toMatchObject({ sink_status: 200, claim_until: null });
    expect(await row(bad.eventId)).toMatchObject({
      sink_status: 400,
      sink_error: '{"error":"bad event"}',
      forwarded_at: null,
      claim_until: null,
    });
  });
  expect(requests.filter((r) => r.length === 1 && r[0]!.event_id === bad.eventId)).toHaveLength(1);
});

it('given two copies of one event at once, then the sink gets it once and the copy is counted', async () => {
  const { sink, received } = testSink(() => OK);
  await start(sink);
  const { eventId, message } = addToCart();
  // Two bus messages (different ids, so neither bus drops one) carrying the same event.
  await Promise.all([publish(`a:${eventId}`, message), publish(`b:${eventId}`, message)]);
  await waitFor(async () => expect(await row(eventId)).toMatchObject({ duplicates: 1, claim_until: null }));
  expect(received(eventId)).toHaveLength(1);
});

it('given a batch in one message, then each event reaches the sink once, its row naming its place in the message', async () => {
  const { sink, received } = testSink(() => OK);
  await start(sink);
  const calls = [addToCart(), addToCart(), addToCart()];
  await publishBatch(
    'tracking:batch-1',
    calls.map((c) => c.message),
  );
  await waitFor(async () => {
    for (const [i, { eventId }] of calls.entries())
      expect(await row(eventId)).toMatchObject({
        sink_status: 200,
        claim_until: null,
        duplicates: 0,
        message_id: `tracking:batch-1#${i}`,
      });
  });
  for (const { eventId } of calls) expect(received(eventId)).toHaveLength(1);
});

it('given a batch with one event held by another delivery, when the message is tried again, then every event reaches the sink once and none counts as a copy', async () => {
  // given the middle event claimed for 300 ms by a delivery that died
  const calls = [addToCart(), addToCart(), addToCart()];
  const held = { source: 'browser' as const, messageId: 'dead', claim: randomUUID(), forward: true };
  const event = { event_name: 'AddToCart', event_id: calls[1]!.eventId } as ConversionsEvent;
  expect(await claimTrackingEvents(testStore.db, [{ ...held, event }], 300)).toEqual(['claimed']);
  const { sink, received } = testSink(() => OK);
  await start(sink);
  // when the three come in one message (the first try settles two; the retry finds the third free)
  await publishBatch(
    'tracking:batch-2',
    calls.map((c) => c.message),
  );
  // then all three are forwarded once and the redelivery counted no copy
  await waitFor(async () => {
    for (const { eventId } of calls)
      expect(await row(eventId)).toMatchObject({ sink_status: 200, claim_until: null, duplicates: 0 });
  });
  for (const { eventId } of calls) expect(received(eventId)).toHaveLength(1);
});

it('given two copies of one event in one message, then the sink gets it once and the copy is counted', async () => {
  const { sink, received } = testSink(() => OK);
  await start(sink);
  const { eventId, message } = addToCart();
  await publishBatch('tracking:batch-3', [message, addToCart().message, message]);
  await waitFor(async () => expect(await row(eventId)).toMatchObject({ duplicates: 1, claim_until: null }));
  expect(received(eventId)).toHaveLength(1);
});
