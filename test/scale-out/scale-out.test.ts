// The scale-out shape end to end: the real entry point as separate processes (two gateways, two
// projections, two reactors) on one Postgres database and one NATS namespace, sharing DATA_DIR and
// JWT_SECRET as README's recipe says. One shopper goes from gateway to gateway, as behind a load
// balancer, while the active projections process and the active reactors process are killed
// (SIGKILL): the standbys take over from the checkpoints, nothing is lost and nothing is sent twice.
// Card payments use Stripe's test mode (the shop's stand-in for Stripe's servers); mail goes to the
// dev mailbox; webhooks to a loopback receiver.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Knex } from 'knex';
import { connect } from 'nats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cartResponseSchema } from '@printshop/shared-events/api/cart';
import { createPaymentIntentResponseSchema, orderResponseSchema } from '@printshop/shared-events/api/orders';
import { allEvents } from '@printshop/shared-events/all-events';
import { EventRegistry } from '@printshop/shared-events/event-registry';
import { orderStreamName } from '@printshop/shared-events/events/order';
import { allProjections } from '@printshop/projections/registry';
import { allReactors } from '@printshop/projections/reactors/registry';
import { namespaceStream } from '@printshop/infra/bus/namespaced-bus';
import { createDb } from '@printshop/infra/postgres/db';
import { createPostgresEventStore } from '@printshop/infra/postgres/event-store';
import { deleteStream } from '@printshop/test/support/app';
import { createTestDatabase, natsUrl, type TestDatabase } from '@printshop/test/support/database';
import { browser, type Browser } from '../cart/support';
import { ADDRESS, CARD_OK, postWebhook, signedStripeEvent, stripeWebhookSecret } from '../payments/support';
import { settle, startReceiver, type Receiver } from '../webhooks/support';
import { loggedAt, startRole, type RoleProcess } from './role-process';

const ADMIN = { email: 'scale-admin@example.com', password: 'ScaleAdmin123' };

let database: TestDatabase;
let db: Knex;
let dataDir: string;
let namespace: string;
let receiver: Receiver;
const processes: RoleProcess[] = [];
let env: Record<string, string>;

const role = (name: string, which: RoleProcess['role'], extra: Record<string, string> = {}) => {
  const started = startRole(name, which, { ...env, ...extra });
  processes.push(started);
  return started;
};

/** Waits for the log lines, failing with the process's output when they do not come. */
async function logged(proc: RoleProcess, what: string, done: () => boolean, timeoutMs = 60_000) {
  await settle(done, timeoutMs);
  if (!done()) throw new Error(`${proc.name}: no ${what} within ${timeoutMs} ms:\n${proc.output()}`);
}
const allActive =
  (proc: RoleProcess, since = 0) =>
  () =>
    allProjections.every((p) =>
      loggedAt(proc, (l) => l.projection === p.name && /lock acquired/.test(l.msg), since),
    );
const allRunning =
  (proc: RoleProcess, since = 0) =>
  () =>
    allReactors.every((r) =>
      loggedAt(proc, (l) => l.reactor === r.name && l.msg === 'reactor running', since),
    );

let projections1: RoleProcess, projections2: RoleProcess, reactors1: RoleProcess, reactors2: RoleProcess;
let gatewayA: RoleProcess, gatewayB: RoleProcess;

beforeAll(async () => {
  database = await createTestDatabase('scale_out');
  db = createDb(database.url, { poolMax: 2 });
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'printshop-scale-out-'));
  namespace = `t${randomBytes(5).toString('hex')}`;
  receiver = await startReceiver();
  env = {
    DATABASE_URL: database.url,
    NATS_URL: natsUrl(),
    BUS_NAMESPACE: namespace,
    // One DATA_DIR (photos, the test-mode payment secrets, the dev mailbox) and one JWT_SECRET.
    DATA_DIR: dataDir,
    JWT_SECRET: randomBytes(32).toString('base64url'),
    HOST: '127.0.0.1',
    PORT: '0',
    LOG_LEVEL: 'info',
    WEBHOOK_ALLOWED_HOSTS: '127.0.0.1',
    WEBHOOK_TIMEOUT_MS: '5000',
  };
  // The first of each pair starts before its twin, so it is the active one; the twin stands by.
  projections1 = role('projections-1', 'projections');
  reactors1 = role('reactors-1', 'reactors');
  gatewayA = role('gateway-a', 'gateway', { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password });
  gatewayB = role('gateway-b', 'gateway');
  await Promise.all([projections1.running, reactors1.running]);
  await logged(projections1, 'active projections', allActive(projections1));
  await logged(reactors1, 'running reactors', allRunning(reactors1));
  projections2 = role('projections-2', 'projections');
  reactors2 = role('reactors-2', 'reactors');
  await Promise.all(processes.map((p) => p.running));
}, 150_000);

afterAll(async () => {
  await Promise.all(processes.map((p) => p.stop()));
  await receiver?.close();
  if (namespace) await deleteStream(namespaceStream(namespace).streamName);
  await db?.destroy();
  await database?.drop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
}, 60_000);

/** What a load balancer would do for one request: send it to the gateway the test names. */
function shopper(): Browser & { via(gateway: RoleProcess): Browser } {
  const balancer = { url: '' };
  const b = browser(balancer);
  return Object.assign(b, {
    via(gateway: RoleProcess) {
      balancer.url = gateway.url;
      return b;
    },
  });
}

const mails = () => {
  const dir = path.join(dataDir, 'mail');
  try {
    return readdirSync(dir).map((name) => readFileSync(path.join(dir, name), 'utf8'));
  } catch {
    return [];
  }
};

/** Messages of this shop's JetStream stream, per subject (namespace prefix dropped). */
async function streamSubjects(): Promise<Record<string, number>> {
  const nc = await connect({ servers: natsUrl() });
  try {
    const info = await (
      await nc.jetstreamManager()
    ).streams.info(namespaceStream(namespace).streamName, { subjects_filter: '>' });
    return Object.fromEntries(
      Object.entries(info.state.subjects ?? {}).map(([subject, n]) => [
        subject.slice(namespace.length + 1),
        n,
      ]),
    );
  } finally {
    await nc.close();
  }
}

describe('the scale-out shape', () => {
  it('given two gateways, two projections and two reactors, when a shopper crosses gateways while the active projections and reactors are killed, then the standbys take over and the order, its mail and its webhooks arrive once', async () => {
    const figures: Record<string, number | string> = {};
    const admin = shopper();
    expect((await admin.via(gatewayA).login(ADMIN)).status).toBe(200);
    const hook = await admin.via(gatewayA).call('POST', '/api/admin/webhooks', {
      url: receiver.url,
      events: ['order.placed', 'order.paid'],
    });
    expect(hook.status, JSON.stringify(hook.body)).toBe(201);

    // Given a guest's photo and cart line written on gateway A
    const guest = shopper();
    const imageId = await guest.via(gatewayA).uploadImage();
    const first = await guest.via(gatewayA).call('POST', '/api/cart/item', {
      sku: 'POSTERA4',
      quantity: 2,
      croppedImageId: imageId,
    });
    expect(first.status, JSON.stringify(first.body)).toBe(201);

    // When the active projections process dies and the guest writes meanwhile
    const projectionsKilledAt = Date.now();
    await projections1.kill();
    const second = await guest.via(gatewayA).call('POST', '/api/cart/item', {
      sku: '4X6PHOTOPRINT',
      quantity: 3,
      croppedImageId: imageId,
    });
    expect(second.status, JSON.stringify(second.body)).toBe(201);

    // Then gateway B reads both lines (X-Min-Position) once the standby has caught up
    let cart = await guest.via(gatewayB).call('GET', '/api/cart');
    while (cart.headers.get('x-stale') === '1' && Date.now() - projectionsKilledAt < 30_000)
      cart = await guest.via(gatewayB).call('GET', '/api/cart');
    figures['projections: kill -> cart write read on B (ms)'] = Date.now() - projectionsKilledAt;
    expect(cart.headers.get('x-stale')).toBeNull();
    expect(cartResponseSchema.parse(cart.body).items.map((i) => [i.sku, i.quantity])).toEqual([
      ['POSTERA4', 2],
      ['4X6PHOTOPRINT', 3],
    ]);
    await logged(projections2, 'takeover', allActive(projections2, projectionsKilledAt), 30_000);
    figures['projections: kill -> last projection active on standby (ms)'] =
      Math.max(
        ...allProjections.map((p) =>
          loggedAt(projections2, (l) => l.projection === p.name && /lock acquired/.test(l.msg))!,
        ),
      ) - projectionsKilledAt;

    // When the guest signs up on B (the guest cart is merged) and the active reactors process dies
    const { email } = await guest.via(gatewayB).register();
    const merged = cartResponseSchema.parse((await guest.via(gatewayA).call('GET', '/api/cart')).body);
    expect(merged.items).toHaveLength(2);
    const reactorsKilledAt = Date.now();
    await reactors1.kill();

    // And pays: intent on B, confirmed with a test card on A, Stripe's webhook on A
    const created = await guest.via(gatewayB).call('POST', '/api/stripe/create-payment-intent', {
      email,
      shippingAddress: ADDRESS,
      currency: 'USD',
      country: 'US',
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const intent = createPaymentIntentResponseSchema.parse(created.body);
    const confirmed = await guest.via(gatewayA).call('POST', '/api/stripe/confirm-payment', {
      paymentIntentId: intent.paymentIntentId,
      testCard: CARD_OK,
    });
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
    const order = orderResponseSchema.parse(confirmed.body).order;
    const { payload, signature } = signedStripeEvent(
      stripeWebhookSecret({ dataDir }),
      'payment_intent.succeeded',
      {
        id: intent.paymentIntentId,
        amount: Math.round(intent.amount * 100),
        currency: 'usd',
        status: 'succeeded',
        metadata: { checkoutId: created.body.checkoutId as string },
      },
    );
    expect((await postWebhook(gatewayA, payload, signature)).status).toBe(200);

    // Then the order is visible on B
    const seen = await guest.via(gatewayB).call('GET', `/api/orders/${order.id}`);
    expect(seen.status, JSON.stringify(seen.body)).toBe(200);
    expect(seen.headers.get('x-stale')).toBeNull();
    expect(orderResponseSchema.parse(seen.body).order).toMatchObject({ id: order.id, status: 'paid', email });
    const store = createPostgresEventStore({
      db,
      connectionString: '',
      registry: new EventRegistry(allEvents),
    });
    const orderEvents = await store.readStream(orderStreamName(order.id));
    expect(orderEvents.filter((e) => e.type === 'OrderPlaced')).toHaveLength(1);

    // And the standby reactors publish what happened while none was active: one mail, one webhook each
    const isOrderMail = (mail: string) => mail.includes(order.orderNumber);
    await settle(() => mails().some(isOrderMail) && receiver.requests.length >= 2, 45_000);
    figures['reactors: kill -> order mail in the mailbox (ms)'] = Date.now() - reactorsKilledAt;
    await logged(reactors2, 'takeover', allRunning(reactors2, reactorsKilledAt), 15_000);
    figures['reactors: kill -> last reactor running on standby (ms)'] =
      Math.max(
        ...allReactors.map((r) =>
          loggedAt(reactors2, (l) => l.reactor === r.name && l.msg === 'reactor running')!,
        ),
      ) - reactorsKilledAt;
    // A second copy would come from a republish or a redelivery: give it time to show.
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    const deliveries = receiver.requests.map((r) => JSON.parse(r.body) as { id: string; type: string });
    const seenCounts = {
      'order mails in the mailbox': mails().filter(isOrderMail).length,
      'order.placed webhooks received': deliveries.filter((d) => d.type === 'order.placed').length,
      'order.paid webhooks received': deliveries.filter((d) => d.type === 'order.paid').length,
      'distinct webhook payload ids': new Set(deliveries.map((d) => d.id)).size,
      // What the reactors published, as the stream holds it (JetStream drops a republished id).
      'bus messages by subject': await streamSubjects(),
    };
    const expectedCounts = {
      'order mails in the mailbox': 1,
      'order.placed webhooks received': 1,
      'order.paid webhooks received': 1,
      'distinct webhook payload ids': 2,
      'bus messages by subject': {
        'printshop.mail.order-confirmation': 1,
        'printshop.tracking.purchase': 1,
        'printshop.webhook.OrderPlaced': 1,
        'printshop.webhook.OrderPaid': 1,
      },
    };
    console.info(
      'scale-out figures:',
      JSON.stringify({ ...figures, expected: expectedCounts, seen: seenCounts }, null, 2),
    );
    expect(seenCounts).toEqual(expectedCounts);
  }, 120_000);
});
