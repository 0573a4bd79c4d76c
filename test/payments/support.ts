// Helpers of the payment API tests: carts filled through the cart and image routes, a valid
// shipping address, the app's event log, and the test-mode secrets the app generated under its
// data dir (what a tester signs Stripe webhooks and Razorpay results with).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import Stripe from 'stripe';
import { expect } from 'vitest';
import { errorResponseSchema } from '@printshop/shared-events/api/common';
import { allEvents } from '@printshop/shared-events/all-events';
import { EventRegistry } from '@printshop/shared-events/event-registry';
import type { EventStore } from '@printshop/shared-events/event-store';
import { createPostgresEventStore } from '@printshop/infra/postgres/event-store';
import type { TestApp } from '@printshop/test/support/app';
import type { Answer, Browser } from '../cart/support';

export const ADDRESS = {
  fullName: 'Ada Lovelace',
  phone: '+1 201-555-0123',
  line1: '12 Example Street',
  city: 'Springfield',
  state: 'IL',
  postalCode: '62701',
  country: 'US',
};

export const CARD_OK = '4242424242424242';
export const CARD_DECLINED = '4000000000000002';

/** The app's event log (reads and test set-up), on the app's own database. */
export const eventLog = (app: TestApp): EventStore =>
  createPostgresEventStore({ db: app.db, connectionString: '', registry: new EventRegistry(allEvents) });

const secret = (app: Pick<TestApp, 'dataDir'>, name: string) =>
  readFileSync(path.join(app.dataDir, 'secrets', name), 'utf8').trim();
export const stripeWebhookSecret = (app: Pick<TestApp, 'dataDir'>) =>
  `whsec_${secret(app, 'stripe-webhook-test')}`;
export const razorpayKeySecret = (app: Pick<TestApp, 'dataDir'>) => secret(app, 'razorpay-test');

/** Adds `quantity` prints of a freshly uploaded photo to the browser's cart. */
export async function addPrints(b: Browser, sku = 'POSTERA4', quantity = 2) {
  const croppedImageId = await b.uploadImage();
  const answer = await b.call('POST', '/api/cart/item', { sku, quantity, croppedImageId });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return { croppedImageId, item: answer.body.item };
}

export function expectError(answer: Answer, status: number, message: string | RegExp) {
  expect(answer.status, JSON.stringify(answer.body)).toBe(status);
  const body = errorResponseSchema.parse(answer.body);
  if (typeof message === 'string') expect(body.message).toBe(message);
  else expect(body.message).toMatch(message);
  return body;
}

/** Stripe's event for a PaymentIntent, with a real Stripe-Signature header over its exact bytes. */
export function signedStripeEvent(
  secretKey: string,
  type: string,
  intent: Record<string, unknown>,
  id = `evt_${Math.random().toString(36).slice(2)}`,
): { payload: string; signature: string } {
  const payload = JSON.stringify({
    id,
    object: 'event',
    type,
    data: { object: { object: 'payment_intent', ...intent } },
  });
  return { payload, signature: Stripe.webhooks.generateTestHeaderString({ payload, secret: secretKey }) };
}

export async function postWebhook(
  app: Pick<TestApp, 'url'>,
  payload: string,
  signature?: string,
): Promise<Answer> {
  const response = await fetch(`${app.url}/api/stripe/webhook`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(signature !== undefined && { 'stripe-signature': signature }),
    },
    body: payload,
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : undefined, headers: response.headers };
}
