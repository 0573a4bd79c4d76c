// The delivery worker's address guard, against real loopback receivers, a real store, the real
// webhooks model and the worker's tables. Names are resolved by an injected resolver (the one the
// worker's HTTP connection uses), so a public-looking name can point at 127.0.0.1 the way DNS
// rebinding would. Only `allowed.test` is listed in the policy. Also: a redirect is not followed,
// and the log never keeps an answer that echoes the request.
import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { allEvents } from '@printshop/shared-events/all-events';
import type { WebhookDelivery } from '@printshop/shared-events/api/admin';
import { EventRegistry } from '@printshop/shared-events/event-registry';
import { webhookStreamName } from '@printshop/shared-events/events/webhook';
import { parseAllowedHosts, type ResolveHost } from '@printshop/command-service/webhook/target-policy';
import { migrateProjections } from '@printshop/projections/runner/checkpoints';
import { startProjections, type ProjectionRunner } from '@printshop/projections/runner/projection-runner';
import {
  findWebhookEndpoint,
  webhookEndpointsPosition,
} from '@printshop/projections/webhooks/webhook-endpoints';
import { webhooksProjection } from '@printshop/projections/webhooks/webhooks-projection';
import { createInProcessBus } from '@printshop/infra/bus/in-process-bus';
import {
  createWebhookDeliveryLog,
  migrateWebhookDeliveries,
  recordDeliveries,
} from '@printshop/infra/webhooks/delivery-store';
import { startWebhookDeliveryWorker, type WebhookWorker } from '@printshop/infra/webhooks/delivery-worker';
import { ECHO_OMITTED, EXCERPT_CHARS } from '@printshop/infra/webhooks/post-webhook';
import { errorCatcher } from '@printshop/test/support/error-catcher';
import { createTestStore, type TestStore } from '@printshop/test/support/stores';
import { settle, startReceiver, type Receiver } from './support';

/** What the injected resolver answers; anything else does not exist. */
const NAMES: Record<string, string[]> = {
  'allowed.test': ['127.0.0.1'],
  'rebound.test': ['127.0.0.1'],
  'mixed.test': ['93.184.216.34', '127.0.0.1'],
  'metadata.test': ['169.254.169.254'],
};
const resolved: string[] = [];
const resolve: ResolveHost = async (host) => {
  resolved.push(host);
  const addresses = NAMES[host];
  if (!addresses) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' });
  return addresses.map((address) => ({ address, family: 4 }));
};

let subject: TestStore;
let projections: ProjectionRunner;
let worker: WebhookWorker;
const receivers: Receiver[] = [];

/** The worker's error lines fail the test that was running (a refused delivery logs a warning). */
const errors = errorCatcher('webhook_delivery_guard');
afterEach(() => errors.check());

beforeAll(async () => {
  subject = await createTestStore('webhook_guard', { registry: new EventRegistry(allEvents) });
  await migrateProjections(subject.db);
  await migrateWebhookDeliveries(subject.db);
  projections = startProjections({ db: subject.db, store: subject.store, projections: [webhooksProjection] });
  worker = await startWebhookDeliveryWorker({
    bus: createInProcessBus({ logger: errors.logger }),
    db: subject.db,
    secrets: { open: (sealed) => sealed },
    logger: errors.logger,
    targets: parseAllowedHosts('allowed.test'),
    resolve,
    backoffMs: [100, 100],
    timeoutMs: 3_000,
    pollMs: 100,
    durable: 'webhooks_guard',
  });
});
afterAll(async () => {
  await worker?.stop();
  await projections?.stop();
  await Promise.all(receivers.map((r) => r.close()));
  await subject?.close();
});

const receiver = async (...args: Parameters<typeof startReceiver>) => {
  const started = await startReceiver(...args);
  receivers.push(started);
  return started;
};
const portOf = (r: Receiver) => new URL(r.url).port;

/** An endpoint at `url` in the log and the model (written directly: no registration check). */
async function endpointAt(url: string): Promise<string> {
  const webhookId = randomUUID();
  const at = new Date().toISOString();
  await subject.store.appendToStream(webhookStreamName(webhookId), [
    {
      type: 'WebhookEndpointRegistered',
      data: { webhookId, url, events: ['order.paid'], sealedSecret: 'secret-0123456789', by: 'admin', at },
    },
  ]);
  await settle(
    async () => (await webhookEndpointsPosition(subject.db)) >= (await subject.store.headPosition()),
  );
  return webhookId;
}

/** Delivers one event to the endpoint and waits until its delivery has left `pending`. */
async function deliverTo(url: string, body = '{"id":"evt","type":"order.paid"}'): Promise<WebhookDelivery> {
  const webhookId = await endpointAt(url);
  await recordDeliveries(subject.db, [
    { id: randomUUID(), webhookId, eventId: randomUUID(), event: 'order.paid', body },
  ]);
  const log = createWebhookDeliveryLog(subject.db, (id) => findWebhookEndpoint(subject.db, id));
  const current = async () => (await log.list(webhookId))[0];
  await settle(async () => (await current())?.status !== 'pending' && (await current()) !== undefined);
  return (await current())!;
}

describe('addresses inside the network are refused at delivery', () => {
  it('given a name that now resolves to 127.0.0.1, when it is delivered to, then nothing connects and the delivery fails at once saying why', async () => {
    const target = await receiver();
    const delivery = await deliverTo(`http://rebound.test:${portOf(target)}/hook`);
    expect(target.requests).toEqual([]);
    expect(delivery).toMatchObject({ status: 'failed', attempts: 1, responseStatus: null });
    expect(delivery.lastError).toMatch(/rebound\.test is 127\.0\.0\.1 \(loopback\)/);
    expect(delivery.lastError).toMatch(/WEBHOOK_ALLOWED_HOSTS/);
    expect(resolved).toContain('rebound.test');
  });

  it('given a name with a public and a private address, then every address is checked and it is refused', async () => {
    const target = await receiver();
    const delivery = await deliverTo(`http://mixed.test:${portOf(target)}/hook`);
    expect(target.requests).toEqual([]);
    expect(delivery.status).toBe('failed');
    expect(delivery.lastError).toMatch(/mixed\.test is 127\.0\.0\.1/);
  });

  it('given the cloud metadata address behind a name, then it is refused as link-local', async () => {
    const delivery = await deliverTo('http://metadata.test/latest/meta-data');
    expect(delivery.status).toBe('failed');
    expect(delivery.lastError).toMatch(/169\.254\.169\.254 \(link-local\)/);
  });

  it.each(['127.0.0.1', '[::ffff:127.0.0.1]', '2130706433', '0x7f.0.0.1', '0177.0.0.1'])(
    'given the loopback address written as %s, then nothing connects',
    async (host) => {
      const target = await receiver();
      const delivery = await deliverTo(`http://${host}:${portOf(target)}/hook`);
      expect(target.requests).toEqual([]);
      expect(delivery).toMatchObject({ status: 'failed', attempts: 1 });
      expect(delivery.lastError).toMatch(/127\.0\.0\.1 \(loopback\)/);
    },
  );

  it('given a listed name resolving to 127.0.0.1, then it is delivered there: the checked address is the one connected to', async () => {
    const target = await receiver();
    const delivery = await deliverTo(`http://allowed.test:${portOf(target)}/hook`);
    expect(delivery).toMatchObject({ status: 'delivered', attempts: 1, responseStatus: 200 });
    expect(target.requests).toHaveLength(1);
    expect(target.requests[0]!.headers.host).toBe(`allowed.test:${portOf(target)}`);
  });
});

describe('redirects and what the log keeps', () => {
  it('given a receiver answering 302 to an internal address, then the redirect is not followed and the delivery fails at once', async () => {
    const inside = await receiver();
    const redirecting = await receiver(
      () => 302,
      () => ({ headers: { location: `${inside.url}?from=redirect` }, body: '' }),
    );
    const delivery = await deliverTo(`http://allowed.test:${portOf(redirecting)}/hook`);
    expect(redirecting.requests).toHaveLength(1);
    expect(inside.requests).toEqual([]);
    expect(delivery).toMatchObject({ status: 'failed', attempts: 1, responseStatus: 302 });
    expect(delivery.lastError).toMatch(/HTTP 302: redirects are not followed/);
  });

  it('given a receiver echoing the request, then the log keeps its status and no excerpt of it', async () => {
    const body = JSON.stringify({ id: randomUUID(), type: 'order.paid', data: { email: 'ada@example.com' } });
    const echo = await receiver(
      () => 200,
      (request) => ({ body: `you sent: ${request.body} with ${request.headers['x-printshop-delivery']}` }),
    );
    const delivery = await deliverTo(`http://allowed.test:${portOf(echo)}/hook`, body);
    expect(delivery).toMatchObject({ status: 'delivered', responseStatus: 200 });
    expect(delivery.log?.[0]?.responseSnippet).toBe(ECHO_OMITTED);
    expect(JSON.stringify(delivery)).not.toContain('ada@example.com');
  });

  it('given a long answer, then the log keeps its first characters only', async () => {
    const chatty = await receiver(
      () => 500,
      () => ({ body: 'x'.repeat(5_000) }),
    );
    const delivery = await deliverTo(`http://allowed.test:${portOf(chatty)}/hook`);
    expect(delivery.log?.[0]?.responseSnippet).toBe('x'.repeat(EXCERPT_CHARS));
  });
});
