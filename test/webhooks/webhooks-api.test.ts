// Outgoing webhooks over HTTP, against real local receivers: registering endpoints (the secret is
// shown once), who may call, bad input, a receiver failing three times before it gets the order
// exactly once, signatures, a disabled endpoint, a ping, manual retry of a failed delivery, delete.
import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  webhookDeliveriesResponseSchema,
  webhookDeliveryResponseSchema,
  webhookResponseSchema,
  webhooksResponseSchema,
  type WebhookDelivery,
} from '@printshop/shared-events/api/admin';
import { errorResponseSchema } from '@printshop/shared-events/api/common';
import type { EventStore } from '@printshop/shared-events/event-store';
import { MAX_WEBHOOK_ENDPOINTS, WEBHOOK_MESSAGES } from '@printshop/command-service/webhook/endpoint-rules';
import { startTestApp, type TestApp } from '@printshop/test/support/app';
import { api, appStore, payOrder, settle, startReceiver, type Receiver } from './support';

const ADMIN_EMAIL = 'hooks-admin@example.com';
const ADMIN_PASSWORD = 'HooksPass123';
/** Six tries a round, quickly. */
const BACKOFF = '100,200,300,400,500';
const TRIES = 6;

let app: TestApp;
let store: EventStore;
let admin: ReturnType<typeof api>;
let customerToken: string;
const receivers: Receiver[] = [];

beforeAll(async () => {
  app = await startTestApp({
    label: 'webhooks',
    // The receivers listen on loopback, which webhooks may only reach when it is listed.
    env: {
      ADMIN_EMAIL,
      ADMIN_PASSWORD,
      WEBHOOK_BACKOFF_MS: BACKOFF,
      WEBHOOK_TIMEOUT_MS: '5000',
      WEBHOOK_ALLOWED_HOSTS: '127.0.0.1',
    },
  });
  store = appStore(app.db);
  const login = await api(app).post('/api/auth/login', { email: ADMIN_EMAIL, password: ADMIN_PASSWORD });
  expect(login.status).toBe(200);
  admin = api(app, login.body.token);
  const registered = await api(app).post('/api/auth/register', {
    email: 'customer-hooks@example.com',
    password: 'Secret123',
    firstName: 'Cus',
    lastName: 'Tomer',
  });
  expect(registered.status).toBe(201);
  customerToken = registered.body.token;
});
afterAll(async () => {
  await Promise.all(receivers.map((r) => r.close()));
  await store?.close();
  await app?.stop();
});

const receiver = async (answer?: (n: number) => number) => {
  const started = await startReceiver(answer);
  receivers.push(started);
  return started;
};

async function register(body: Record<string, unknown>) {
  const answer = await admin.post('/api/admin/webhooks', body);
  expect(answer.status, answer.text).toBe(201);
  return webhookResponseSchema.parse(answer.body).webhook;
}

async function listed() {
  const answer = await admin.get('/api/admin/webhooks');
  expect(answer.status, answer.text).toBe(200);
  return { webhooks: webhooksResponseSchema.parse(answer.body).webhooks, text: answer.text };
}

async function deliveries(webhookId: string): Promise<WebhookDelivery[]> {
  const answer = await admin.get(`/api/admin/webhooks/${webhookId}/deliveries`);
  expect(answer.status, answer.text).toBe(200);
  return webhookDeliveriesResponseSchema.parse(answer.body).deliveries;
}

/** Waits until the endpoint's delivery matching `which` has the status. */
async function deliveryOf(
  webhookId: string,
  which: (d: WebhookDelivery) => boolean,
  status: WebhookDelivery['status'],
): Promise<WebhookDelivery> {
  const current = async () => (await deliveries(webhookId)).find(which);
  await settle(async () => (await current())?.status === status);
  const found = await current();
  expect(found?.status, JSON.stringify(found)).toBe(status);
  return found!;
}

/** What a receiver does: recompute the HMAC of "<t>.<body>" with the secret it was given. */
function signatureMatches(secret: string, request: { headers: Record<string, unknown>; body: string }) {
  const header = String(request.headers['x-printshop-signature']);
  const match = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(header);
  if (!match) return false;
  return createHmac('sha256', secret).update(`${match[1]}.${request.body}`).digest('hex') === match[2];
}

describe('who may call', () => {
  const calls = [
    ['GET', '/api/admin/webhooks'],
    ['POST', '/api/admin/webhooks'],
    ['PUT', '/api/admin/webhooks/some-id'],
    ['DELETE', '/api/admin/webhooks/some-id'],
    ['GET', '/api/admin/webhooks/some-id/deliveries'],
    ['POST', '/api/admin/webhooks/some-id/ping'],
    ['POST', '/api/admin/webhooks/deliveries/some-id/retry'],
  ] as const;
  const body = { url: 'https://hooks.example.com/x', events: ['order.paid'] };
  const send = (client: ReturnType<typeof api>, method: (typeof calls)[number][0], path: string) =>
    method === 'GET'
      ? client.get(path)
      : method === 'DELETE'
        ? client.delete(path)
        : method === 'PUT'
          ? client.put(path, body)
          : client.post(path, body);

  it.each(calls)('given no token, when %s %s, then 401', async (method, path) => {
    const answer = await send(api(app), method, path);
    expect(answer.status).toBe(401);
    expect(errorResponseSchema.parse(answer.body).code).toBe('UNAUTHORIZED');
  });

  it.each(calls)('given a customer token, when %s %s, then 403', async (method, path) => {
    const answer = await send(api(app, customerToken), method, path);
    expect(answer.status).toBe(403);
    expect(errorResponseSchema.parse(answer.body).code).toBe('FORBIDDEN');
  });
});

describe('registering endpoints', () => {
  it('given no secret, when an endpoint is registered, then a generated secret is shown once and never again', async () => {
    const webhook = await register({ url: 'https://hooks.example.com/a', events: ['order.shipped'] });
    expect(webhook).toMatchObject({
      url: 'https://hooks.example.com/a',
      events: ['order.shipped'],
      active: true,
    });
    expect(webhook.secret).toMatch(/^whsec_/);
    const secret = webhook.secret!;

    const changed = await admin.put(`/api/admin/webhooks/${webhook.id}`, {
      events: ['order.shipped', 'order.paid'],
    });
    expect(changed.status).toBe(200);
    expect(changed.headers.get('x-event-position')).toMatch(/^\d+$/);
    const list = await listed();
    expect(list.webhooks.find((w) => w.id === webhook.id)).toEqual({
      id: webhook.id,
      url: 'https://hooks.example.com/a',
      events: ['order.shipped', 'order.paid'],
      active: true,
      createdAt: webhook.createdAt,
    });
    // Nowhere again: not in the list, not in the update's answer, not in the event log.
    for (const text of [list.text, changed.text]) expect(text).not.toContain(secret);
    const logged = await app
      .db('es_events')
      .where({ stream_name: `webhook-${webhook.id}` })
      .orderBy('revision');
    expect(logged.length).toBe(2);
    expect(JSON.stringify(logged)).not.toContain(secret);
    expect(logged[0].data.sealedSecret).toMatch(/^v1\./);
  });

  it('given a secret, when an endpoint is registered inactive, then that secret is shown and it is listed inactive', async () => {
    const webhook = await register({
      url: 'http://127.0.0.1:1/x',
      events: ['order.refunded'],
      secret: 'my-own-secret-0123456789',
      active: false,
    });
    expect(webhook).toMatchObject({ secret: 'my-own-secret-0123456789', active: false });
    expect((await listed()).webhooks.find((w) => w.id === webhook.id)?.active).toBe(false);
  });

  it.each([
    [{ url: 'ftp://hooks.example.com/x', events: ['order.paid'] }, 'url'],
    [{ url: 'not a url', events: ['order.paid'] }, 'url'],
    [{ url: 'https://user:pw@hooks.example.com/x', events: ['order.paid'] }, 'url'],
    [{ url: 'https://hooks.example.com/x', events: ['order.eaten'] }, 'events'],
    [{ url: 'https://hooks.example.com/x', events: [] }, 'events'],
    [{ url: 'https://hooks.example.com/x' }, 'events'],
    [{ events: ['order.paid'] }, 'url'],
    [{ url: 'https://hooks.example.com/x', events: ['order.paid'], secret: 'short' }, 'secret'],
    [{ url: `https://hooks.example.com/${'x'.repeat(2001)}`, events: ['order.paid'] }, 'url'],
  ])('given %j, when it is registered, then 400 naming that field', async (body, field) => {
    const answer = await admin.post('/api/admin/webhooks', body);
    expect(answer.status).toBe(400);
    expect(Object.keys(errorResponseSchema.parse(answer.body).errors ?? {})).toContain(field);
  });

  it('given credentials in a new URL, when an endpoint is changed, then 400; unknown ids are 404', async () => {
    const webhook = await register({ url: 'https://hooks.example.com/b', events: ['order.paid'] });
    const bad = await admin.put(`/api/admin/webhooks/${webhook.id}`, {
      url: 'https://a:b@hooks.example.com',
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual({ url: WEBHOOK_MESSAGES.credentials });
    expect((await admin.put('/api/admin/webhooks/nope', { active: false })).status).toBe(404);
    expect((await admin.delete('/api/admin/webhooks/nope')).status).toBe(404);
    expect((await admin.post('/api/admin/webhooks/nope/ping')).status).toBe(404);
    expect((await admin.get('/api/admin/webhooks/nope/deliveries')).status).toBe(404);
    expect((await admin.post('/api/admin/webhooks/deliveries/nope/retry')).status).toBe(404);
    expect((await admin.delete(`/api/admin/webhooks/${webhook.id}`)).status).toBe(200);
  });
});

describe('delivering', () => {
  it('given a receiver failing 3 times, when an order is paid, then it gets the order exactly once as a success, signed', async () => {
    const flaky = await receiver((n) => (n <= 3 ? 500 : 200));
    const webhook = await register({ url: flaky.url, events: ['order.paid'] });
    const { orderId, paidEventId } = await payOrder(store);

    const delivery = await deliveryOf(webhook.id, (d) => d.eventId === paidEventId, 'delivered');
    expect(delivery).toMatchObject({
      event: 'order.paid',
      attempts: 4,
      responseStatus: 200,
      webhookId: webhook.id,
    });
    expect(delivery.log?.map((a) => [a.attempt, a.responseStatus, a.responseSnippet])).toEqual([
      [1, 500, 'answer 1: 500'],
      [2, 500, 'answer 2: 500'],
      [3, 500, 'answer 3: 500'],
      [4, 200, 'answer 4: 200'],
    ]);
    // Only the subscribed type: OrderPlaced made no delivery.
    expect((await deliveries(webhook.id)).map((d) => d.eventId)).toEqual([paidEventId]);

    // Every try was the same delivery of the same event, signed with the secret shown at creation.
    expect(flaky.requests.map((r) => r.status)).toEqual([500, 500, 500, 200]);
    for (const request of flaky.requests) {
      expect(request.headers['x-printshop-event']).toBe('order.paid');
      expect(request.headers['x-printshop-delivery']).toBe(delivery.id);
      expect(request.headers['content-type']).toBe('application/json');
      expect(signatureMatches(webhook.secret!, request)).toBe(true);
      expect(signatureMatches('whsec_someone-else', request)).toBe(false);
      expect(JSON.parse(request.body)).toEqual({
        id: paidEventId,
        type: 'order.paid',
        createdAt: expect.any(String),
        data: { orderId, amount: 2599, currency: 'USD', at: expect.any(String) },
      });
    }

    // And nothing more of it: a ping sent afterwards arrives, and the order still has one success.
    expect((await admin.post(`/api/admin/webhooks/${webhook.id}/ping`)).status).toBe(202);
    await deliveryOf(webhook.id, (d) => d.event === 'webhook.ping', 'delivered');
    const ofOrder = flaky.requests.filter((r) => JSON.parse(r.body).id === paidEventId);
    expect(ofOrder.map((r) => r.status)).toEqual([500, 500, 500, 200]);
  });

  it('given an active and a disabled endpoint, when an order is paid, then only the active one receives it', async () => {
    const on = await receiver();
    const off = await receiver();
    const active = await register({ url: on.url, events: ['order.paid'] });
    const disabled = await register({ url: off.url, events: ['order.paid'] });
    const put = await admin.put(`/api/admin/webhooks/${disabled.id}`, { active: false });
    expect(put.status).toBe(200);
    expect(put.body.webhook).toMatchObject({ id: disabled.id, active: false });
    expect(put.body.webhook.secret).toBeUndefined();
    const ping = await admin.post(`/api/admin/webhooks/${disabled.id}/ping`);
    expect(ping.status).toBe(422);
    expect(ping.body.message).toBe(WEBHOOK_MESSAGES.pingInactive);

    const { paidEventId } = await payOrder(store);
    await deliveryOf(active.id, (d) => d.eventId === paidEventId, 'delivered');
    // Every endpoint's row of an event is written in one go when it is fanned out: none for the disabled.
    expect(await deliveries(disabled.id)).toEqual([]);
    expect(off.requests).toEqual([]);
    expect(on.requests.map((r) => JSON.parse(r.body).id)).toEqual([paidEventId]);
  });

  it('given a receiver that always fails, when its tries are used up, then the delivery has failed, and a manual retry delivers it', async () => {
    const down = await receiver(() => 503);
    const webhook = await register({ url: down.url, events: ['order.paid'] });
    expect((await admin.post(`/api/admin/webhooks/${webhook.id}/ping`)).status).toBe(202);
    const failed = await deliveryOf(webhook.id, (d) => d.event === 'webhook.ping', 'failed');
    expect(failed).toMatchObject({ attempts: TRIES, responseStatus: 503, lastError: 'HTTP 503' });
    expect(failed.log?.map((a) => a.responseStatus)).toEqual(Array(TRIES).fill(503));
    expect(down.requests).toHaveLength(TRIES);
    expect(JSON.parse(down.requests[0]!.body)).toMatchObject({
      type: 'webhook.ping',
      data: { webhookId: webhook.id },
    });

    // when the receiver is back and the admin retries it
    down.answer = () => 200;
    const retried = await admin.post(`/api/admin/webhooks/deliveries/${failed.id}/retry`);
    expect(retried.status, retried.text).toBe(200);
    expect(webhookDeliveryResponseSchema.parse(retried.body).delivery).toMatchObject({
      id: failed.id,
      status: 'pending',
    });
    const delivered = await deliveryOf(webhook.id, (d) => d.id === failed.id, 'delivered');
    expect(delivered).toMatchObject({ attempts: TRIES + 1, responseStatus: 200, lastError: null });
    expect(delivered.log?.at(-1)).toMatchObject({ attempt: TRIES + 1, responseStatus: 200 });
    expect(down.requests).toHaveLength(TRIES + 1);

    // and a delivery that has not failed cannot be retried
    expect((await admin.post(`/api/admin/webhooks/deliveries/${failed.id}/retry`)).status).toBe(409);
  });

  it('given a receiver that is not listening, then each try records the connection error', async () => {
    const gone = await receiver();
    await gone.close();
    const webhook = await register({ url: gone.url, events: ['order.paid'] });
    await admin.post(`/api/admin/webhooks/${webhook.id}/ping`);
    const failed = await deliveryOf(webhook.id, () => true, 'failed');
    expect(failed.attempts).toBe(TRIES);
    expect(failed.responseStatus ?? null).toBeNull();
    expect(failed.log?.[0]?.error).toMatch(/ECONNREFUSED/);
  });
});

describe('deleting and the cap', () => {
  it('given an endpoint, when it is deleted, then it is gone from the list and its calls are 404', async () => {
    const webhook = await register({ url: 'https://hooks.example.com/gone', events: ['order.paid'] });
    expect((await admin.delete(`/api/admin/webhooks/${webhook.id}`)).status).toBe(200);
    expect((await listed()).webhooks.map((w) => w.id)).not.toContain(webhook.id);
    expect((await admin.get(`/api/admin/webhooks/${webhook.id}/deliveries`)).status).toBe(404);
    expect((await admin.put(`/api/admin/webhooks/${webhook.id}`, { active: true })).status).toBe(404);
  });

  it(`given ${MAX_WEBHOOK_ENDPOINTS} endpoints, when one more is registered, then 422`, async () => {
    while ((await listed()).webhooks.length < MAX_WEBHOOK_ENDPOINTS) {
      await register({ url: 'https://hooks.example.com/filler', events: ['order.delivered'] });
    }
    const refused = await admin.post('/api/admin/webhooks', {
      url: 'https://hooks.example.com/one-more',
      events: ['order.paid'],
    });
    expect(refused.status).toBe(422);
    expect(refused.body.message).toBe(WEBHOOK_MESSAGES.tooMany);
  });
});
