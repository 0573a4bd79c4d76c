// The fan-out half of the delivery worker against a real store, the real webhooks projection and
// the worker's tables: a message from the webhook reactor becomes one delivery per subscribed
// active endpoint registered before the event; the same message again (a bus redelivery or a
// republish after the dedup window) adds nothing; a model not yet at the event's position makes
// it wait and, past the wait, refuse (so the bus redelivers it later).
import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { allEvents } from '@printshop/shared-events/all-events';
import type { Delivery, MessageHandler } from '@printshop/shared-events/bus';
import { EventRegistry } from '@printshop/shared-events/event-registry';
import type { RecordedEvent } from '@printshop/shared-events/event-store';
import { webhookStreamName } from '@printshop/shared-events/events/webhook';
import { webhookReactor } from '@printshop/projections/reactors/webhook-reactor';
import { migrateProjections } from '@printshop/projections/runner/checkpoints';
import { startProjections, type ProjectionRunner } from '@printshop/projections/runner/projection-runner';
import { webhookEndpointsPosition } from '@printshop/projections/webhooks/webhook-endpoints';
import { webhooksProjection } from '@printshop/projections/webhooks/webhooks-projection';
import { createInProcessBus } from '@printshop/infra/bus/in-process-bus';
import { migrateWebhookDeliveries, WEBHOOK_DELIVERIES_TABLE } from '@printshop/infra/webhooks/delivery-store';
import { fanOutHandler, type WebhookWorkerOptions } from '@printshop/infra/webhooks/delivery-worker';
import { parseAllowedHosts } from '@printshop/command-service/webhook/target-policy';
import { errorCatcher } from '@printshop/test/support/error-catcher';
import { createTestStore, type TestStore } from '@printshop/test/support/stores';
import { payOrder, settle } from './support';

let subject: TestStore;
let projections: ProjectionRunner;
let options: WebhookWorkerOptions;
let handle: MessageHandler;
let woken = 0;

/** The worker's error lines fail the test that was running (a refused delivery logs a warning). */
const errors = errorCatcher('webhook_fan_out');
afterEach(() => errors.check());

beforeAll(async () => {
  subject = await createTestStore('webhook_fan_out', { registry: new EventRegistry(allEvents) });
  await migrateProjections(subject.db);
  await migrateWebhookDeliveries(subject.db);
  projections = startProjections({ db: subject.db, store: subject.store, projections: [webhooksProjection] });
  options = {
    bus: createInProcessBus({ logger: errors.logger }),
    db: subject.db,
    secrets: { open: (sealed) => sealed },
    logger: errors.logger,
    targets: parseAllowedHosts(undefined),
    modelWaitMs: 300,
  };
  handle = fanOutHandler(options, () => void woken++);
});
afterAll(async () => {
  await projections?.stop();
  await options?.bus.close();
  await subject?.close();
});

async function endpoint(events: string[], active = true): Promise<string> {
  const webhookId = randomUUID();
  const at = new Date().toISOString();
  const stamp = { webhookId, by: 'admin-1', at };
  await subject.store.appendToStream(webhookStreamName(webhookId), [
    {
      type: 'WebhookEndpointRegistered',
      data: { ...stamp, url: 'https://hooks.example.com', events, sealedSecret: 'x' },
    },
    ...(active ? [] : [{ type: 'WebhookEndpointDisabled', data: stamp }]),
  ]);
  return webhookId;
}

/** The reactor's message for a recorded event, as the bus hands it over. */
async function messageFor(eventId: string): Promise<Delivery> {
  const { events } = await subject.store.readAll({ fromPosition: 0 });
  const event = events.find((e) => e.id === eventId) as RecordedEvent;
  const [message] = await webhookReactor.react(event);
  return { ...message!, attempt: 1 };
}

const rowsOf = (eventId: string) =>
  subject.db(WEBHOOK_DELIVERIES_TABLE).where({ event_id: eventId }).orderBy('webhook_id');

describe('fanning a webhook message out', () => {
  it('given endpoints of every kind, when an order is paid, then one delivery per subscribed active endpoint registered before it', async () => {
    const paidSubscriber = await endpoint(['order.paid']);
    const both = await endpoint(['order.shipped', 'order.paid']);
    await endpoint(['order.shipped']);
    await endpoint(['order.paid'], false);
    const { paidEventId } = await payOrder(subject.store);
    const registeredAfter = await endpoint(['order.paid']);
    const message = await messageFor(paidEventId);
    await settle(
      async () => (await webhookEndpointsPosition(subject.db)) >= (await subject.store.headPosition()),
    );

    const wokenBefore = woken;
    await handle(message);
    const rows = await rowsOf(paidEventId);
    expect(rows.map((r) => r.webhook_id).sort()).toEqual([paidSubscriber, both].sort());
    expect(rows.map((r) => r.webhook_id)).not.toContain(registeredAfter);
    for (const row of rows) {
      expect(row).toMatchObject({ status: 'pending', attempts: 0, event_type: 'order.paid' });
      expect(JSON.parse(row.body)).toMatchObject({ id: paidEventId, type: 'order.paid' });
    }
    expect(woken).toBe(wokenBefore + 1);

    // when the same message comes again, then nothing is added and nobody is woken
    await handle({ ...message, attempt: 2 });
    await handle(message);
    expect((await rowsOf(paidEventId)).map((r) => r.id).sort()).toEqual(rows.map((r) => r.id).sort());
    expect(woken).toBe(wokenBefore + 1);
  });

  it('given the model behind the event, when the wait is over, then the message is refused for a later try', async () => {
    const { paidEventId } = await payOrder(subject.store);
    const message = await messageFor(paidEventId);
    await projections.stop();
    try {
      const ahead = { ...message, data: { ...(message.data as object), position: 10_000_000 } };
      await expect(handle(ahead)).rejects.toThrow(/webhooks model has not reached position 10000000/);
    } finally {
      projections = startProjections({
        db: subject.db,
        store: subject.store,
        projections: [webhooksProjection],
      });
    }
  });

  it('given a message that is not a webhook message, then it is refused', async () => {
    await expect(
      handle({ id: 'x', subject: 'printshop.webhook.OrderPaid', data: { hello: 1 }, attempt: 1 }),
    ).rejects.toThrow();
  });
});
