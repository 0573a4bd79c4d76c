// Helpers of the webhook tests: a real HTTP receiver (node:http) that records every request and
// answers as told, a JSON client, orders written to the app's event log, and waiting for a condition.
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Knex } from 'knex';
import { allEvents } from '@printshop/shared-events/all-events';
import { EventRegistry } from '@printshop/shared-events/event-registry';
import type { EventStore } from '@printshop/shared-events/event-store';
import { orderStreamName } from '@printshop/shared-events/events/order';
import { createPostgresEventStore } from '@printshop/infra/postgres/event-store';
import type { TestApp } from '@printshop/test/support/app';

export interface ReceivedRequest {
  headers: IncomingHttpHeaders;
  body: string;
  /** What the receiver answered. */
  status: number;
}

export interface Receiver {
  url: string;
  requests: ReceivedRequest[];
  /** The status to answer the n-th request (1-based) with. */
  answer: (n: number) => number;
  close(): Promise<void>;
}

/** What a receiver sends back beside the status (default: `answer <n>: <status>` as text). */
export interface Reply {
  headers?: Record<string, string>;
  body?: string;
}

export async function startReceiver(
  answer: (n: number) => number = () => 200,
  reply?: (request: ReceivedRequest, n: number) => Reply,
): Promise<Receiver> {
  const receiver: Receiver = { url: '', requests: [], answer, close: async () => undefined };
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const n = receiver.requests.length + 1;
      const received = {
        headers: request.headers,
        body: Buffer.concat(chunks).toString('utf8'),
        status: receiver.answer(n),
      };
      receiver.requests.push(received);
      const custom = reply?.(received, n);
      response.writeHead(received.status, { 'content-type': 'text/plain', ...custom?.headers });
      response.end(custom?.body ?? `answer ${n}: ${received.status}`);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  receiver.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
  receiver.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return receiver;
}

export interface Answer {
  status: number;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- asserted field by field
  body: any;
  text: string;
  headers: Headers;
}

/**
 * A JSON client. Like the frontend, it sends the highest X-Event-Position it has seen as
 * X-Min-Position, so a read reflects its own earlier writes.
 */
export function api(app: TestApp, token?: string) {
  let seen = 0;
  const call = async (method: string, path: string, body?: unknown): Promise<Answer> => {
    const response = await fetch(`${app.url}${path}`, {
      method,
      headers: {
        'content-type': 'application/json',
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(seen > 0 ? { 'x-min-position': String(seen) } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    seen = Math.max(seen, Number(response.headers.get('x-event-position') ?? 0));
    const text = await response.text();
    return {
      status: response.status,
      body: text ? JSON.parse(text) : undefined,
      text,
      headers: response.headers,
    };
  };
  return {
    get: (path: string) => call('GET', path),
    post: (path: string, body: unknown = {}) => call('POST', path, body),
    put: (path: string, body: unknown) => call('PUT', path, body),
    delete: (path: string) => call('DELETE', path),
  };
}

/** The app's event log, for writing orders as checkout would. Close it after use. */
export function appStore(db: Knex): EventStore {
  const connection = db.client.config.connection as Knex.PgConnectionConfig;
  return createPostgresEventStore({
    db,
    connectionString: connection.connectionString!,
    registry: new EventRegistry(allEvents),
  });
}

/** An order placed and paid, as the payment path appends it; returns the OrderPaid event's id. */
export async function payOrder(
  store: EventStore,
  amount = 2599,
): Promise<{ orderId: string; paidEventId: string }> {
  const orderId = randomUUID();
  const paidEventId = randomUUID();
  const at = new Date().toISOString();
  await store.appendToStream(orderStreamName(orderId), [
    {
      type: 'OrderPlaced',
      data: {
        orderId,
        orderNumber: `PS-${orderId.slice(0, 8).toUpperCase()}`,
        checkoutId: randomUUID(),
        cartId: randomUUID(),
        email: 'buyer@example.com',
        lines: [
          {
            lineId: 'l1',
            sku: 'PRINT-4X6',
            name: '4x6 Print',
            quantity: 1,
            unitPrice: amount,
            lineTotal: amount,
            unitPriceUsd: amount,
            croppedImageId: randomUUID(),
          },
        ],
        amounts: {
          currency: 'USD',
          subtotal: amount,
          discount: 0,
          loyaltyDiscount: 0,
          loyaltyPoints: 0,
          shipping: 0,
          total: amount,
          usdPaidSubtotal: amount,
          usdTotal: amount,
          rate: 1,
        },
        shippingAddress: {
          fullName: 'Ada Lovelace',
          phone: '+1 201-555-0123',
          line1: '12 Example Street',
          city: 'Springfield',
          state: 'IL',
          postalCode: '62701',
          country: 'US',
        },
        payment: { provider: 'stripe', paymentId: `pi_${orderId}`, testMode: true },
        placedAt: at,
      },
      metadata: { actor: 'system', at },
    },
    {
      id: paidEventId,
      type: 'OrderPaid',
      data: { orderId, amount, currency: 'USD', at },
      metadata: { actor: 'system', at },
    },
  ]);
  return { orderId, paidEventId };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits until the condition holds or the time is up; the assertions after it say what went wrong. */
export async function settle(condition: () => boolean | Promise<boolean>, timeoutMs = 30_000): Promise<void> {
  for (const deadline = Date.now() + timeoutMs; !(await condition()) && Date.now() < deadline;)
    await sleep(50);
}
