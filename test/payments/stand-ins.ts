// Local HTTP servers standing in for Stripe's and Razorpay's APIs. Their real servers cannot be
// reached from here, so this is the one piece that is not the real thing: the shop's clients (the
// official stripe SDK, the Razorpay REST client) talk HTTP to these exactly as they would to the
// providers, and the tests read what arrived and decide what the provider answers.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Received {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  body: string;
}

async function start(handler: (request: Received, response: ServerResponse) => void) {
  const received: Received[] = [];
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    req.on('end', () => {
      const request = { method: req.method ?? '', path: req.url ?? '', headers: req.headers, body };
      received.push(request);
      handler(request, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    received,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const json = (res: ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
};

interface Intent {
  id: string;
  object: 'payment_intent';
  amount: number;
  currency: string;
  status: string;
  client_secret: string;
  metadata: Record<string, string>;
  last_payment_error: { code: string; message: string } | null;
}

interface Refund {
  id: string;
  object: 'refund';
  amount: number;
  payment_intent: string;
  status: 'succeeded';
}

/**
 * Stripe's PaymentIntents API: create (honouring Idempotency-Key) and retrieve; and refunds of a
 * succeeded intent (honouring Idempotency-Key), refused past what was paid as Stripe refuses them.
 */
export async function startStripeStandIn(options: { refuseCurrency?: string } = {}) {
  const intents = new Map<string, Intent>();
  const byKey = new Map<string, string>();
  const refunds: Refund[] = [];
  const refundByKey = new Map<string, Refund>();
  let next = 1;
  const server = await start((request, res) => {
    if (request.method === 'POST' && request.path === '/v1/refunds') {
      const form = new URLSearchParams(request.body);
      const key = String(request.headers['idempotency-key'] ?? '');
      const known = refundByKey.get(key);
      if (known) return json(res, 200, known);
      const intent = intents.get(form.get('payment_intent') ?? '');
      const amount = Number(form.get('amount') ?? intent?.amount);
      const refunded = refunds
        .filter((r) => r.payment_intent === intent?.id)
        .reduce((sum, r) => sum + r.amount, 0);
      if (!intent || intent.status !== 'succeeded' || refunded + amount > intent.amount) {
        return json(res, 400, {
          error: {
            type: 'invalid_request_error',
            code: 'charge_already_refunded',
            message: `Charge for ${intent?.id ?? 'that payment'} has already been refunded.`,
          },
        });
      }
      const refund: Refund = {
        id: `re_standin${next++}`,
        object: 'refund',
        amount,
        payment_intent: intent.id,
        status: 'succeeded',
      };
      refunds.push(refund);
      if (key) refundByKey.set(key, refund);
      return json(res, 200, refund);
    }
    if (request.method === 'POST' && request.path === '/v1/payment_intents') {
      const form = new URLSearchParams(request.body);
      const currency = form.get('currency') ?? '';
      if (currency === options.refuseCurrency) {
        json(res, 400, {
          error: {
            type: 'invalid_request_error',
            code: 'parameter_invalid',
            message: `Invalid currency: ${currency}.`,
          },
        });
        return;
      }
      const key = String(request.headers['idempotency-key'] ?? '');
      const known = byKey.get(key);
      if (known) return json(res, 200, intents.get(known));
      const id = `pi_standin${next++}`;
      const intent: Intent = {
        id,
        object: 'payment_intent',
        amount: Number(form.get('amount')),
        currency,
        status: 'requires_payment_method',
        client_secret: `${id}_secret_standin`,
        metadata: { checkoutId: form.get('metadata[checkoutId]') ?? '' },
        last_payment_error: null,
      };
      intents.set(id, intent);
      if (key) byKey.set(key, id);
      return json(res, 200, intent);
    }
    const match = /^\/v1\/payment_intents\/([^/?]+)/.exec(request.path);
    if (request.method === 'GET' && match) {
      const intent = intents.get(decodeURIComponent(match[1]!));
      if (intent) return json(res, 200, intent);
      return json(res, 404, {
        error: {
          type: 'invalid_request_error',
          code: 'resource_missing',
          message: `No such payment_intent: '${match[1]}'`,
        },
      });
    }
    json(res, 404, { error: { type: 'invalid_request_error', message: 'Unrecognized request URL' } });
  });
  return {
    ...server,
    intents,
    refunds,
    /** What the customer did at Stripe (in the browser, with Stripe.js). */
    settle(id: string, status: string, error?: { code: string; message: string }) {
      const intent = intents.get(id)!;
      intents.set(id, { ...intent, status, last_payment_error: error ?? null });
    },
  };
}

/** Razorpay's orders API: create an order, list an order's payments; refund a payment (X-Refund-Idempotency). */
export async function startRazorpayStandIn() {
  const orders = new Map<
    string,
    {
      id: string;
      amount: number;
      currency: string;
      receipt: string;
      notes: Record<string, string>;
      status: string;
    }
  >();
  const payments = new Map<
    string,
    Array<{ id: string; order_id: string; status: string; amount: number; currency: string }>
  >();
  const refunds: Array<{ id: string; amount: number; currency: string; payment_id: string; status: string }> =
    [];
  const refundByKey = new Map<string, (typeof refunds)[number]>();
  let next = 1;
  const server = await start((request, res) => {
    if (request.method === 'POST' && request.path === '/v1/orders') {
      const body = JSON.parse(request.body) as {
        amount: number;
        currency: string;
        receipt: string;
        notes: Record<string, string>;
      };
      const order = { id: `order_standin${next++}`, ...body, status: 'created' };
      orders.set(order.id, order);
      payments.set(order.id, []);
      return json(res, 200, { entity: 'order', ...order });
    }
    const refund = /^\/v1\/payments\/([^/]+)\/refund$/.exec(request.path);
    if (request.method === 'POST' && refund) {
      const key = String(request.headers['x-refund-idempotency'] ?? '');
      const known = refundByKey.get(key);
      if (known) return json(res, 200, known);
      const paymentId = decodeURIComponent(refund[1]!);
      const payment = [...payments.values()].flat().find((p) => p.id === paymentId);
      const { amount } = JSON.parse(request.body) as { amount: number };
      const refunded = refunds
        .filter((r) => r.payment_id === paymentId)
        .reduce((sum, r) => sum + r.amount, 0);
      if (!payment || refunded + amount > payment.amount) {
        return json(res, 400, {
          error: {
            code: 'BAD_REQUEST_ERROR',
            description: 'The refund amount provided is greater than amount captured',
          },
        });
      }
      const made = {
        id: `rfnd_standin${next++}`,
        entity: 'refund',
        amount,
        currency: payment.currency,
        payment_id: paymentId,
        status: 'processed',
      };
      refunds.push(made);
      if (key) refundByKey.set(key, made);
      return json(res, 200, made);
    }
    const match = /^\/v1\/orders\/([^/]+)\/payments$/.exec(request.path);
    if (request.method === 'GET' && match) {
      const list = payments.get(decodeURIComponent(match[1]!));
      if (!list)
        return json(res, 400, {
          error: { code: 'BAD_REQUEST_ERROR', description: 'The id provided does not exist' },
        });
      return json(res, 200, { entity: 'collection', count: list.length, items: list });
    }
    json(res, 404, {
      error: { code: 'BAD_REQUEST_ERROR', description: 'The requested URL was not found on the server.' },
    });
  });
  return {
    ...server,
    orders,
    refunds,
    /** The customer paid the order in Razorpay's checkout; the payment's id. */
    pay(orderId: string) {
      const order = orders.get(orderId)!;
      const id = `pay_standin${next++}`;
      payments
        .get(orderId)!
        .push({ id, order_id: orderId, status: 'captured', amount: order.amount, currency: order.currency });
      return id;
    },
  };
}
