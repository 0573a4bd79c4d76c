// One behaviour suite for both Bus adapters (JetStream on the shared NATS, and in-process), plus
// what only JetStream can show: malformed bytes on the wire, and an unreachable server.
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { connect } from 'nats';
import { afterAll, describe, expect, it } from 'vitest';
import type { Bus, Delivery } from '@printshop/shared-events/bus';
import { silentLogger } from '@printshop/shared-events/logger';
import { natsUrl } from '@printshop/test/support/database';
import { startNatsServer } from '../embedded/nats';
import { createInProcessBus } from './in-process-bus';
import { createNatsBus } from './nats-bus';
import { DEAD_LETTER_HEADERS } from './subjects';

const run = randomBytes(4).toString('hex');
const prefix = `t${run}`;
const streamName = `TEST_BUS_${run}`;
const fast = { maxDeliver: 3, backoffMs: [20, 40] } as const;

async function waitFor(condition: () => boolean, what: string, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`gave up waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const adapters: Array<{ name: string; create(): Promise<Bus> }> = [
  {
    name: 'NATS JetStream',
    create: () =>
      createNatsBus({ servers: natsUrl(), streamName, subjects: [`${prefix}.>`], logger: silentLogger }),
  },
  { name: 'in-process', create: async () => createInProcessBus({ logger: silentLogger }) },
];

afterAll(async () => {
  const nc = await connect({ servers: natsUrl() });
  const jsm = await nc.jetstreamManager();
  await jsm.streams.delete(streamName).catch(() => undefined);
  await nc.close();
});

describe.each(adapters)('Bus on $name', ({ name, create }) => {
  const buses: Bus[] = [];
  const newBus = async () => {
    const bus = await create();
    buses.push(bus);
    return bus;
  };
  // Subjects and durables unique per adapter and test, so nothing crosses over.
  let n = 0;
  const names = () => {
    n += 1;
    const topic = `${prefix}.${name === 'in-process' ? 'mem' : 'js'}${n}`;
    return { topic, durable: `${name === 'in-process' ? 'mem' : 'js'}_${run}_${n}` };
  };

  afterAll(async () => {
    await Promise.all(buses.map((bus) => bus.close()));
  });

  it('delivers a published message with its id, subject, data and headers', async () => {
    // given a consumer
    const bus = await newBus();
    const { topic, durable } = names();
    const seen: Delivery[] = [];
    await bus.consume({ durable, subject: `${topic}.>` }, async (d) => void seen.push(d));
    // when a message is published
    const id = randomUUID();
    await bus.publish({
      id,
      subject: `${topic}.OrderPaid`,
      data: { orderId: 'o-1', amount: 1299 },
      headers: { 'Correlation-Id': 'c-1' },
    });
    // then it arrives once, first attempt, intact
    await waitFor(() => seen.length === 1, 'the delivery');
    expect(seen[0]).toMatchObject({
      id,
      subject: `${topic}.OrderPaid`,
      data: { orderId: 'o-1', amount: 1299 },
      attempt: 1,
    });
    expect(seen[0]?.headers).toMatchObject({ 'Correlation-Id': 'c-1' });
  });

  it('redelivers after failures with growing attempt numbers until the handler succeeds', async () => {
    // given a handler that fails twice
    const bus = await newBus();
    const { topic, durable } = names();
    const attempts: number[] = [];
    const handled: string[] = [];
    await bus.consume({ durable, subject: `${topic}.>`, ...fast }, async (d) => {
      attempts.push(d.attempt);
      if (d.id === 'flaky' && d.attempt < 3) throw new Error(`fail ${d.attempt}`);
      handled.push(d.id);
    });
    // when a message is published, then a marker after its success
    await bus.publish({ id: 'flaky', subject: `${topic}.x`, data: 1 });
    await waitFor(() => handled.includes('flaky'), 'the third attempt');
    await bus.publish({ id: 'marker', subject: `${topic}.x`, data: 2 });
    await waitFor(() => handled.includes('marker'), 'the marker');
    // then it was tried 1, 2, 3 and handled once
    expect(attempts).toEqual([1, 2, 3, 1]);
    expect(handled).toEqual(['flaky', 'marker']);
  });

  it('moves a message to the dead-letter subject after maxDeliver failed tries', async () => {
    // given a handler that always fails, and a consumer of its dead letters
    const bus = await newBus();
    const { topic, durable } = names();
    const deadLetterSubject = `${topic}.dead`;
    const attempts: number[] = [];
    const dead: Delivery[] = [];
    await bus.consume({ durable, subject: `${topic}.in.>`, deadLetterSubject, ...fast }, async (d) => {
      attempts.push(d.attempt);
      throw new Error('printer on fire\nline two');
    });
    await bus.consume(
      { durable: `${durable}_dead`, subject: deadLetterSubject },
      async (d) => void dead.push(d),
    );
    // when a message is published
    await bus.publish({ id: 'doomed', subject: `${topic}.in.PrintJob`, data: { job: 7 } });
    // then after 3 tries it sits on the dead-letter subject, saying what failed
    await waitFor(() => dead.length === 1, 'the dead letter');
    expect(attempts).toEqual([1, 2, 3]);
    expect(dead[0]).toMatchObject({ id: 'doomed', subject: deadLetterSubject, data: { job: 7 } });
    expect(dead[0]?.headers).toMatchObject({
      [DEAD_LETTER_HEADERS.subject]: `${topic}.in.PrintJob`,
      [DEAD_LETTER_HEADERS.durable]: durable,
      [DEAD_LETTER_HEADERS.attempts]: '3',
      [DEAD_LETTER_HEADERS.error]: 'printer on fire line two',
    });
  });

  it('delivers a message published twice with the same id once', async () => {
    // given a consumer
    const bus = await newBus();
    const { topic, durable } = names();
    const seen: Delivery[] = [];
    await bus.consume({ durable, subject: `${topic}.>` }, async (d) => void seen.push(d));
    // when the same id is published twice (a retry), then another message
    await bus.publish({ id: 'same', subject: `${topic}.x`, data: 'first' });
    await bus.publish({ id: 'same', subject: `${topic}.x`, data: 'retry' });
    await bus.publish({ id: 'other', subject: `${topic}.x`, data: 'other' });
    await waitFor(() => seen.some((d) => d.id === 'other'), 'the last message');
    // then the duplicate was dropped
    expect(seen.map((d) => [d.id, d.data])).toEqual([
      ['same', 'first'],
      ['other', 'other'],
    ]);
  });

  it('shares a durable between two consumers: each message is handled once overall', async () => {
    // given two consumers on one durable
    const bus = await newBus();
    const other = await newBus();
    const { topic, durable } = names();
    const handled: Array<[string, string]> = [];
    const handler = (who: string) => async (d: Delivery) => void handled.push([who, d.id]);
    await bus.consume({ durable, subject: `${topic}.>` }, handler('a'));
    await other.consume({ durable, subject: `${topic}.>` }, handler('b'));
    // when 40 messages are published
    const ids = Array.from({ length: 40 }, (_, i) => `m${i}`);
    await Promise.all(ids.map((id) => bus.publish({ id, subject: `${topic}.x`, data: id })));
    // then every one is handled, none twice
    await waitFor(() => new Set(handled.map(([, id]) => id)).size === ids.length, 'all messages');
    expect(handled.map(([, id]) => id).sort()).toEqual([...ids].sort());
  });

  it('hands a consumer with concurrency that many deliveries at once, each acked once handled', async () => {
    // given a consumer of concurrency 5 whose handler waits until 5 deliveries are in it
    const bus = await newBus();
    const { topic, durable } = names();
    const inHandler = new Set<string>();
    let most = 0;
    const handled: string[] = [];
    let release: () => void = () => undefined;
    const full = new Promise<void>((resolve) => (release = resolve));
    await bus.consume({ durable, subject: `${topic}.>`, concurrency: 5 }, async (d) => {
      inHandler.add(d.id);
      most = Math.max(most, inHandler.size);
      if (inHandler.size >= 5) release();
      await full;
      inHandler.delete(d.id);
      handled.push(d.id);
    });
    // when 12 messages are published
    const ids = Array.from({ length: 12 }, (_, i) => `c${i}`);
    await Promise.all(ids.map((id) => bus.publish({ id, subject: `${topic}.x`, data: id })));
    // then 5 were in the handler at once, never more, and each was handled once (acked: no repeat)
    await waitFor(() => handled.length === ids.length, 'all messages');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(most).toBe(5);
    expect([...handled].sort()).toEqual([...ids].sort());
  });

  it('refuses bad messages and consumer names', async () => {
    const bus = await newBus();
    const { topic } = names();
    const circular: Record<string, unknown> = {};
    circular.self = circular;
    await expect(bus.publish({ id: 'x', subject: `${topic}.*`, data: 1 })).rejects.toThrow(/Invalid subject/);
    await expect(bus.publish({ id: 'x', subject: `${topic}..x`, data: 1 })).rejects.toThrow(
      /Invalid subject/,
    );
    await expect(bus.publish({ id: '', subject: `${topic}.x`, data: 1 })).rejects.toThrow(/needs an id/);
    await expect(bus.publish({ id: 'x', subject: `${topic}.x`, data: circular })).rejects.toThrow(/circular/);
    await expect(bus.consume({ durable: 'has.dot', subject: `${topic}.>` }, async () => {})).rejects.toThrow(
      /Invalid durable/,
    );
  });

  it('answers ping while open', async () => {
    const bus = await newBus();
    expect(await bus.ping()).toBe(true);
  });
});

describe('Bus on NATS JetStream, wire specifics', () => {
  it('dead-letters a payload that is not JSON and keeps consuming', async () => {
    // given a consumer and a dead-letter consumer
    const bus = await createNatsBus({
      servers: natsUrl(),
      streamName,
      subjects: [`${prefix}.>`],
      logger: silentLogger,
    });
    const topic = `${prefix}.raw`;
    const good: Delivery[] = [];
    const dead: Delivery[] = [];
    await bus.consume(
      { durable: `raw_${run}`, subject: `${topic}.in`, deadLetterSubject: `${topic}.dead` },
      async (d) => void good.push(d),
    );
    await bus.consume(
      { durable: `raw_dead_${run}`, subject: `${topic}.dead` },
      async (d) => void dead.push(d),
    );
    // when someone else puts raw bytes on the subject, then a good message
    const nc = await connect({ servers: natsUrl() });
    await nc.jetstream().publish(`${topic}.in`, new TextEncoder().encode('not json {'), { msgID: 'raw-1' });
    await nc.close();
    await bus.publish({ id: 'good-1', subject: `${topic}.in`, data: { ok: true } });
    // then the raw one is parked with the reason, and the good one handled
    await waitFor(() => good.length === 1 && dead.length === 1, 'both outcomes');
    expect(good[0]?.id).toBe('good-1');
    expect(dead[0]).toMatchObject({ id: 'raw-1', data: 'not json {' });
    expect(dead[0]?.headers?.[DEAD_LETTER_HEADERS.error]).toMatch(/malformed payload/);
    await bus.close();
  });

  it('rejects publish while NATS is unreachable, and publishes again once it is back', async () => {
    // given a bus on a nats-server of our own
    const storeDir = mkdtempSync(path.join(os.tmpdir(), 'printshop-nats-'));
    const server = await startNatsServer({ storeDir });
    if (!server) throw new Error('nats-server is not on PATH (apt-get install -y nats-server)');
    const bus = await createNatsBus({ servers: server.url, logger: silentLogger, publishTimeoutMs: 500 });
    try {
      await bus.publish({ id: 'before', subject: 'printshop.test.x', data: 1 });
      // when the server goes away
      await server.stop();
      // then publish rejects (rather than hanging) and ping says no
      await expect(bus.publish({ id: 'during', subject: 'printshop.test.x', data: 2 })).rejects.toThrow();
      expect(await bus.ping()).toBe(false);
      // when it comes back on the same port and store
      const again = await startNatsServer({ storeDir, port: server.port });
      try {
        // then the same bus publishes again
        let published = false;
        const deadline = Date.now() + 20_000;
        while (!published && Date.now() < deadline) {
          published = await bus.publish({ id: 'after', subject: 'printshop.test.x', data: 3 }).then(
            () => true,
            () => false,
          );
        }
        expect(published).toBe(true);
        expect(await bus.ping()).toBe(true);
      } finally {
        await again?.stop();
      }
    } finally {
      await bus.close();
      rmSync(storeDir, { recursive: true, force: true });
    }
  });
});
