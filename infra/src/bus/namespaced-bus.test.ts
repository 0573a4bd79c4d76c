// Two shops on one NATS: each namespace sees only its own messages.
import { randomBytes } from 'node:crypto';
import { connect } from 'nats';
import { afterAll, describe, expect, it } from 'vitest';
import type { Bus, Delivery } from '@printshop/shared-events/bus';
import { silentLogger } from '@printshop/shared-events/logger';
import { natsUrl } from '@printshop/test/support/database';
import { namespacedBus, namespaceStream } from './namespaced-bus';
import { createNatsBus } from './nats-bus';

const namespaces = [`a${randomBytes(4).toString('hex')}`, `b${randomBytes(4).toString('hex')}`];
const buses: Bus[] = [];

const open = async (namespace: string) => {
  const bus = namespacedBus(
    await createNatsBus({ servers: natsUrl(), logger: silentLogger, ...namespaceStream(namespace) }),
    namespace,
  );
  buses.push(bus);
  return bus;
};

afterAll(async () => {
  for (const bus of buses) await bus.close();
  const nc = await connect({ servers: natsUrl() });
  const jsm = await nc.jetstreamManager();
  for (const namespace of namespaces)
    await jsm.streams.delete(namespaceStream(namespace).streamName).catch(() => false);
  await nc.close();
});

describe('namespaced bus', () => {
  it('given two namespaces with the same durable and subject, when each publishes, then each consumer gets only its own', async () => {
    const [a, b] = await Promise.all(namespaces.map(open));
    const got: Record<string, string[]> = { a: [], b: [] };
    const consume = (bus: Bus, key: string) =>
      bus.consume({ durable: 'mailer', subject: 'printshop.mail.>' }, async (d: Delivery) => {
        expect(d.subject).toBe('printshop.mail.password-reset');
        got[key]!.push(d.id);
      });
    const consumers = await Promise.all([consume(a!, 'a'), consume(b!, 'b')]);
    await a!.publish({ id: 'from-a', subject: 'printshop.mail.password-reset', data: {} });
    await b!.publish({ id: 'from-b', subject: 'printshop.mail.password-reset', data: {} });
    for (let i = 0; i < 100 && (got.a!.length === 0 || got.b!.length === 0); i++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    await Promise.all(consumers.map((c) => c.stop()));
    expect(got).toEqual({ a: ['from-a'], b: ['from-b'] });
  });
});
