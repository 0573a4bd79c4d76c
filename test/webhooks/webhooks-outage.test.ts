// Webhooks survive a NATS outage: the shop runs on a nats-server of our own, which is stopped for
// 10 s while orders keep being paid, then started again on the same port and store. Every order's
// webhook must arrive, each exactly once as a success.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { webhookResponseSchema } from '@printshop/shared-events/api/admin';
import type { EventStore } from '@printshop/shared-events/event-store';
import { freePort, startNatsServer, type NatsServerHandle } from '@printshop/infra/embedded/nats';
import { startTestApp, type TestApp } from '@printshop/test/support/app';
import { api, appStore, payOrder, settle, startReceiver, type Receiver } from './support';

const ADMIN_EMAIL = 'outage-admin@example.com';
const ADMIN_PASSWORD = 'OutagePass123';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const storeDir = mkdtempSync(path.join(os.tmpdir(), 'printshop-webhook-outage-nats-'));
let server: NatsServerHandle | undefined;
let app: TestApp | undefined;
let store: EventStore | undefined;
let hooks: Receiver | undefined;

afterAll(async () => {
  await hooks?.close();
  await store?.close();
  await app?.stop();
  await server?.stop();
  rmSync(storeDir, { recursive: true, force: true });
});

it(
  'delivers every order webhook paid during a 10 s NATS outage once it is back',
  { timeout: 180_000 },
  async () => {
    // given the shop on a nats-server of our own, and an endpoint subscribed to paid orders
    const port = await freePort();
    server = await startNatsServer({ storeDir, port });
    if (!server) throw new Error('nats-server is not on PATH (apt-get install -y nats-server)');
    app = await startTestApp({
      label: 'webhook_outage',
      env: {
        NATS_URL: server.url,
        ADMIN_EMAIL,
        ADMIN_PASSWORD,
        WEBHOOK_BACKOFF_MS: '200,400,800,1600,3200',
        WEBHOOK_ALLOWED_HOSTS: '127.0.0.1',
      },
    });
    store = appStore(app.db);
    hooks = await startReceiver();
    const login = await api(app).post('/api/auth/login', { email: ADMIN_EMAIL, password: ADMIN_PASSWORD });
    const admin = api(app, login.body.token);
    const registered = await admin.post('/api/admin/webhooks', { url: hooks.url, events: ['order.paid'] });
    expect(registered.status, registered.text).toBe(201);
    const { secret } = webhookResponseSchema.parse(registered.body).webhook;
    expect(secret).toBeDefined();

    const paid: string[] = [];
    const arrivedIds = () =>
      hooks!.requests.filter((r) => r.status === 200).map((r) => JSON.parse(r.body).id);
    for (let i = 0; i < 3; i++) paid.push((await payOrder(store)).paidEventId);
    await settle(() => arrivedIds().length >= 3);
    expect(arrivedIds()).toHaveLength(3);

    // when NATS is down for 10 s while orders keep being paid
    await server.stop();
    const duringOutage: string[] = [];
    for (const end = Date.now() + 10_000; Date.now() < end; await sleep(500)) {
      duringOutage.push((await payOrder(store)).paidEventId);
    }
    const arrivedDuringOutage = arrivedIds().filter((id) => duringOutage.includes(id));
    // and it comes back on the same port and store, and a few more are paid
    server = await startNatsServer({ storeDir, port });
    for (let i = 0; i < 3; i++) paid.push((await payOrder(store)).paidEventId);
    paid.push(...duringOutage);

    // then every order's webhook arrives, each exactly once
    await settle(() => new Set(arrivedIds()).size >= paid.length, 90_000);
    expect(duringOutage.length).toBeGreaterThanOrEqual(10);
    expect(arrivedDuringOutage).toEqual([]);
    expect([...arrivedIds()].sort()).toEqual([...paid].sort());
    expect(hooks.requests.every((r) => r.status === 200)).toBe(true);
  },
);
