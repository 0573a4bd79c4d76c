// What the Stripe checkout tests share: the checkout body, the intent and its confirmation with a
// test card, the events of a stream, the PaymentIntent object Stripe would send, and the rebuild of
// the read models each file ends with.
import { expect } from 'vitest';
import { createPaymentIntentResponseSchema, orderResponseSchema } from '@printshop/shared-events/api/orders';
import type { RecordedEvent } from '@printshop/shared-events/event-store';
import { toMinor } from '@printshop/shared-events/rules/money';
import { checkoutsProjection } from '@printshop/projections/checkouts/checkouts-projection';
import { loyaltyProjection } from '@printshop/projections/loyalty/loyalty-projection';
import { ordersProjection } from '@printshop/projections/orders/orders-projection';
import { verifyProjection } from '@printshop/projections/runner/verify';
import type { TestApp } from '@printshop/test/support/app';
import type { Browser } from '../cart/support';
import { ADDRESS, CARD_OK, eventLog } from './support';

export const startBody = (email: string) => ({
  email,
  shippingAddress: ADDRESS,
  currency: 'USD',
  country: 'US',
});

export async function createIntent(b: Browser, body: Record<string, unknown>) {
  const answer = await b.call('POST', '/api/stripe/create-payment-intent', body);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  expect(Number(answer.headers.get('x-event-position'))).toBeGreaterThan(0);
  return {
    ...createPaymentIntentResponseSchema.parse(answer.body),
    checkoutId: answer.body.checkoutId as string,
  };
}

export async function confirm(b: Browser, paymentIntentId: string, testCard?: string) {
  return b.call('POST', '/api/stripe/confirm-payment', { paymentIntentId, ...(testCard && { testCard }) });
}

export async function paidOrder(b: Browser, paymentIntentId: string) {
  const answer = await confirm(b, paymentIntentId, CARD_OK);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return orderResponseSchema.parse(answer.body).order;
}

export const eventsOf = async (app: TestApp, stream: string): Promise<RecordedEvent[]> =>
  eventLog(app).readStream(stream);
export const count = (events: RecordedEvent[], type: string) => events.filter((e) => e.type === type).length;

/** The PaymentIntent object Stripe would send for this intent. */
export const intentObject = (
  intent: { paymentIntentId: string; amount: number; checkoutId: string },
  status: string,
) => ({
  id: intent.paymentIntentId,
  amount: toMinor(intent.amount, 'USD'),
  currency: 'usd',
  status,
  metadata: { checkoutId: intent.checkoutId },
});

/** Orders, checkouts and loyalty rebuilt from the app's log give the rows the projections wrote. */
export async function expectRebuiltReadModelsSame(app: TestApp) {
  for (const projection of [ordersProjection, checkoutsProjection, loyaltyProjection]) {
    const result = await verifyProjection({ db: app.db, store: eventLog(app), projection });
    expect(result.position).toBeGreaterThan(0);
    expect(result.differences, projection.name).toEqual([]);
  }
}
