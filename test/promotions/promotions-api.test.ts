// Promotion codes over HTTP: the admin's calls (admin checked on each), the cart's code with every
// message, and a code through checkout, payment and order (spent once, released on a failed payment).
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loyaltyStreamName } from '@printshop/shared-events/events/loyalty';
import { cartResponseSchema } from '@printshop/shared-events/api/cart';
import { orderResponseSchema } from '@printshop/shared-events/api/orders';
import {
  promotionDetailResponseSchema,
  promotionResponseSchema,
  promotionsResponseSchema,
} from '@printshop/shared-events/api/promotions';
import { PROMOTION_MESSAGES } from '@printshop/shared-events/rules/promotions';
import type { TestApp } from '@printshop/test/support/app';
import { api } from '../admin/support';
import { browser, type Browser } from '../cart/support';
import { addPrints, CARD_DECLINED, eventLog, expectError } from '../payments/support';
import {
  adminApi,
  applyCode,
  checkoutId,
  confirm,
  createCode,
  freshCode,
  shopperWithPosters,
  startCheckout,
  startPayment,
  startPromotionApp,
  type Api,
} from './support';

let app: TestApp;
let admin: Api;
beforeAll(async () => {
  app = await startPromotionApp('promotions_api');
  admin = await adminApi(app);
});
afterAll(async () => {
  await app?.stop();
});

const cartOf = async (b: Browser) => cartResponseSchema.parse((await b.call('GET', '/api/cart')).body);
const PAST = '2025-01-01T00:00:00.000Z';
const FUTURE = '2099-01-01T00:00:00.000Z';

describe('admin calls', () => {
  it('given a guest or a customer who is not an admin, when they call any promotion admin call, then 401 or 403 and nothing is made', async () => {
    const code = freshCode();
    const customer = browser(app);
    await customer.register();
    const calls: Array<[string, string, unknown?]> = [
      ['GET', '/api/admin/promotions'],
      ['POST', '/api/admin/promotions', { code, percentBps: 1000 }],
      ['GET', `/api/admin/promotions/${code}`],
      ['PATCH', `/api/admin/promotions/${code}`, { end: true }],
    ];
    for (const [method, path, body] of calls) {
      expect((await api(app).call(method, path, body)).status, `${method} ${path}`).toBe(401);
      expect((await customer.call(method, path, body)).status, `${method} ${path}`).toBe(403);
    }
    expect((await admin.get(`/api/admin/promotions/${code}`)).status).toBe(404);
  });

  it('given a path that is not a code (a NUL byte, a space), when an admin reads or changes it, then 404 with the JSON error', async () => {
    for (const bad of ['%00ABC', 'A%20B', 'x'.repeat(40)]) {
      const read = await admin.get(`/api/admin/promotions/${bad}`);
      expect(read.status, bad).toBe(404);
      expect(read.body, bad).toMatchObject({ success: false, message: PROMOTION_MESSAGES.notFound });
      expect((await admin.call('PATCH', `/api/admin/promotions/${bad}`, { end: true })).status, bad).toBe(
        404,
      );
    }
  });

  it('given an admin, when a code is created in lower case, then it is listed upper-case, active, with no uses; the same code again is 409 and a malformed one 400', async () => {
    const code = freshCode('SUMMER');
    const created = promotionResponseSchema.parse(
      (await admin.post('/api/admin/promotions', { code: code.toLowerCase(), percentBps: 1000, maxUses: 5 }))
        .body,
    );
    expect(created.promotion).toMatchObject({ code, percentBps: 1000, maxUses: 5, uses: 0, state: 'active' });
    const list = promotionsResponseSchema.parse((await admin.get('/api/admin/promotions')).body);
    expect(list.promotions.find((p) => p.code === code)).toMatchObject({
      uses: 0,
      reserved: 0,
      state: 'active',
    });

    expectError(
      await admin.post('/api/admin/promotions', { code, percentBps: 500 }),
      409,
      'A promotion with this code already exists.',
    );
    expectError(
      await admin.post('/api/admin/promotions', { code: 'no spaces', percentBps: 500 }),
      400,
      'A code is 3 to 32 letters, digits, - or _.',
    );
    expectError(
      await admin.post('/api/admin/promotions', {
        code: freshCode(),
        percentBps: 500,
        amountsOff: { EUR: 5 },
      }),
      400,
      /either a percentage/,
    );
    // Amounts are kept in minor units: one that rounds to none is refused, not saved as 0 (it was a 500).
    const tiny = expectError(
      await admin.post('/api/admin/promotions', { code: freshCode(), amountsOff: { JPY: 0.4, USD: 0.004 } }),
      400,
      /./,
    );
    expect(tiny.errors).toEqual({
      'amountsOff.JPY': 'Enter at least ¥1',
      'amountsOff.USD': 'Enter at least $0.01',
    });
  });

  it('given a code, when an admin raises its limit and then ends it, then it says so and shoppers are told it expired', async () => {
    const { code } = await createCode(admin, { code: freshCode(), maxUses: 1 });
    const changed = await admin.call('PATCH', `/api/admin/promotions/${code}`, { maxUses: 10 });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(changed.body.promotion).toMatchObject({ maxUses: 10, state: 'active' });
    const ended = await admin.call('PATCH', `/api/admin/promotions/${code}`, { end: true });
    expect(ended.body.promotion).toMatchObject({ state: 'ended' });
    expectError(await admin.call('PATCH', `/api/admin/promotions/${code}`, { maxUses: 3 }), 409, /has ended/);

    expectError(await applyCode(await shopperWithPosters(app), code), 422, 'This code has expired.');
  });
});

describe('editing a code', () => {
  it('given a code, when an admin sets a minimum and new dates, then the answer and the cart follow them; null removes the minimum', async () => {
    const { code } = await createCode(admin, { code: freshCode() });
    const changed = await admin.call('PATCH', `/api/admin/promotions/${code}`, {
      minSubtotalUsd: 5,
      startsAt: PAST,
      endsAt: FUTURE,
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(promotionResponseSchema.parse(changed.body).promotion).toMatchObject({
      minSubtotalUsd: 5,
      startsAt: PAST,
      endsAt: FUTURE,
      state: 'active',
    });
    const shopper = await shopperWithPosters(app);
    expectError(await applyCode(shopper, code), 422, 'Add $1.44 more to use this code.');

    const cleared = await admin.call('PATCH', `/api/admin/promotions/${code}`, { minSubtotalUsd: null });
    expect(cleared.body.promotion).toMatchObject({ minSubtotalUsd: 0 });
    expect((await applyCode(shopper, code)).status).toBe(200);
  });

  it('given bad values, when an admin changes a code, then 400 with a message per field and nothing changes', async () => {
    const { code } = await createCode(admin, { code: freshCode(), endsAt: FUTURE });
    const startAfterEnd = expectError(
      await admin.call('PATCH', `/api/admin/promotions/${code}`, { startsAt: '2099-06-01T00:00:00.000Z' }),
      400,
      PROMOTION_MESSAGES.endsBeforeStart,
    );
    expect(startAfterEnd.errors).toEqual({ startsAt: PROMOTION_MESSAGES.endsBeforeStart });
    const bad = expectError(
      await admin.call('PATCH', `/api/admin/promotions/${code}`, { minSubtotalUsd: -1, maxUses: 0 }),
      400,
      /./,
    );
    expect(Object.keys(bad.errors ?? {}).sort()).toEqual(['maxUses', 'minSubtotalUsd']);
    const detail = promotionDetailResponseSchema.parse(
      (await admin.get(`/api/admin/promotions/${code}`)).body,
    );
    expect(detail.promotion).toMatchObject({ minSubtotalUsd: 0, maxUses: null, endsAt: FUTURE });
  });
});

describe('the use list', () => {
  it('given a hold whose time ended (not yet released in the log) and one still running, then the first is "expired", the second "reserved"', async () => {
    const { code } = await createCode(admin, { code: freshCode(), maxUses: 5 });
    const shopper = await shopperWithPosters(app);
    expect((await applyCode(shopper, code)).status).toBe(200);
    const running = await checkoutId(shopper);
    expect((await startPayment(shopper, running)).status).toBe(200);
    // A payment started two hours ago and never finished: its hold ended an hour ago.
    const hoursAgo = (h: number) => new Date(Date.now() - h * 3_600_000).toISOString();
    const { position } = await eventLog(app).appendToStream(`promotion-${code}`, [
      {
        type: 'PromotionUseReserved',
        data: {
          checkoutId: 'ended-hold',
          customer: 'email:gone@example.com',
          expiresAt: hoursAgo(1),
          at: hoursAgo(2),
        },
        metadata: { actor: 'system' },
      },
    ]);
    admin.observe(position);

    const detail = promotionDetailResponseSchema.parse(
      (await admin.get(`/api/admin/promotions/${code}`)).body,
    );
    const statusOf = Object.fromEntries(detail.useList.map((use) => [use.checkoutId, use.status]));
    expect(statusOf).toEqual({ [running]: 'reserved', 'ended-hold': 'expired' });
    expect(detail.promotion).toMatchObject({ reserved: 1 });
  });
});

describe('the code on the cart', () => {
  it('given no such code, when applied, then "This code is not valid." and the cart has none', async () => {
    const shopper = await shopperWithPosters(app);
    expectError(await applyCode(shopper, 'NOSUCHCODE'), 422, 'This code is not valid.');
    expectError(await applyCode(shopper, 'x'), 422, 'This code is not valid.');
    expect((await cartOf(shopper)).promotion).toBeUndefined();
  });

  it('given 10% off, when applied in lower case, then the cart shows the code and its discount; removed, it is gone', async () => {
    const { code } = await createCode(admin, { code: freshCode() });
    const shopper = await shopperWithPosters(app);
    const applied = await applyCode(shopper, ` ${code.toLowerCase()} `);
    expect(applied.status, JSON.stringify(applied.body)).toBe(200);
    expect(applied.body).toEqual({ success: true, code, discount: 0.36, currency: 'USD' });

    const cart = await cartOf(shopper);
    expect(cart.promotion).toEqual({ code, discount: 0.36, message: null });
    expect(cart).toMatchObject({ subtotal: 3.56, discount: 0.36, shippingFee: 10, grandTotal: 13.2 });

    expect((await shopper.call('DELETE', '/api/cart/promotion-code')).status).toBe(200);
    const after = await cartOf(shopper);
    expect(after.promotion).toBeUndefined();
    expect(after.grandTotal).toBe(13.56);
  });

  it('given a 5.00 USD minimum, then a 3.56 cart is told what to add, a 7.12 cart gets it, and the cart says so when it drops below again', async () => {
    const { code } = await createCode(admin, { code: freshCode(), minSubtotalUsd: 5 });
    const shopper = browser(app);
    const { item } = await addPrints(shopper, 'POSTERA4', 2);
    expectError(await applyCode(shopper, code), 422, 'Add $1.44 more to use this code.');
    expect((await shopper.call('PUT', `/api/cart/item/${item.id}`, { quantity: 4 })).status).toBe(200);
    expect((await applyCode(shopper, code)).status).toBe(200);

    expect((await shopper.call('PUT', `/api/cart/item/${item.id}`, { quantity: 2 })).status).toBe(200);
    const cart = await cartOf(shopper);
    expect(cart.promotion).toEqual({ code, discount: 0, message: 'Add $1.44 more to use this code.' });
    expect(cart.discount).toBe(0);
    expectError(await startCheckout(shopper), 422, 'Add $1.44 more to use this code.');
  });

  it('given codes that ended, start later or are for greeting cards, then each says why', async () => {
    const shopper = await shopperWithPosters(app);
    const past = await createCode(admin, {
      code: freshCode(),
      startsAt: '2024-01-01T00:00:00.000Z',
      endsAt: PAST,
    });
    const later = await createCode(admin, { code: freshCode(), startsAt: FUTURE });
    const cards = await createCode(admin, { code: freshCode(), families: ['greeting-cards'] });
    const euros = await createCode(admin, {
      code: freshCode(),
      percentBps: undefined,
      amountsOff: { EUR: 2 },
    });
    expectError(await applyCode(shopper, past.code), 422, 'This code has expired.');
    expectError(await applyCode(shopper, later.code), 422, 'This code is not active yet.');
    expectError(
      await applyCode(shopper, cards.code),
      422,
      'This code does not apply to the items in your cart.',
    );
    expectError(await applyCode(shopper, euros.code), 422, 'This code cannot be used with prices in USD.');
    const inEuros = await applyCode(shopper, euros.code, '?currency=EUR&country=DE');
    expect(inEuros.status, JSON.stringify(inEuros.body)).toBe(200);
    expect(inEuros.body).toMatchObject({ discount: 2, currency: 'EUR' });
  });

  it('given the only use is held by another payment, when a second shopper applies the code, then "This code has been used up."', async () => {
    const { code } = await createCode(admin, { code: freshCode(), maxUses: 1 });
    const first = await shopperWithPosters(app);
    expect((await applyCode(first, code)).status).toBe(200);
    expect((await startPayment(first, await checkoutId(first))).status).toBe(200);

    expectError(await applyCode(await shopperWithPosters(app), code), 422, 'This code has been used up.');
  });
});

describe('a code and loyalty points', () => {
  it("given 10% off on a customer's cart of 20 A4 posters, when they redeem 2,000 points, then the answer says the points the cart applies after the code (half of what is left)", async () => {
    const { code } = await createCode(admin, { code: freshCode() });
    const customer = browser(app);
    const { userId } = await customer.register();
    await eventLog(app).appendToStream(loyaltyStreamName(userId), [
      {
        type: 'PointsEarned',
        data: { orderId: randomUUID(), orderNumber: 'PS-TEST', points: 2000, at: new Date().toISOString() },
      },
    ]);
    await addPrints(customer, 'POSTERA4', 20); // 35.60 USD, 4.00 off for 20 posters: 31.60
    expect((await applyCode(customer, code)).status).toBe(200); // 3.16 off: 28.44 left

    const redeemed = await customer.call('POST', '/api/loyalty/redeem', { pointsToRedeem: 2000 });
    expect(redeemed.status, JSON.stringify(redeemed.body)).toBe(200);
    expect(redeemed.body).toMatchObject({ balance: 2000, pointsApplied: 1422, discount: 14.22 });
    expect(await cartOf(customer)).toMatchObject({ loyaltyPointsUsed: 1422, discount: 21.38 });
  });
});

describe('a code through checkout, payment and order', () => {
  it('given 10% on the cart, when the order is paid, then the order carries the discount, the use is spent once and the cart forgets the code', async () => {
    const { code } = await createCode(admin, { code: freshCode(), maxUses: 3 });
    const shopper = await shopperWithPosters(app);
    expect((await applyCode(shopper, code)).status).toBe(200);
    const intent = await startPayment(shopper, await checkoutId(shopper));
    expect(intent.body.amount).toBe(13.2);
    const paid = await confirm(shopper, intent.body.paymentIntentId);
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    const { order } = orderResponseSchema.parse(paid.body);
    expect(order).toMatchObject({
      subtotal: 3.56,
      discount: 0.36,
      total: 13.2,
      promotion: { code, discount: 0.36 },
    });
    const [placed] = await eventLog(app).readStream(`order-${order.id}`, { maxCount: 1 });
    expect((placed!.data as { amounts: object }).amounts).toMatchObject({
      promotionCode: code,
      promotionDiscount: 36,
    });

    admin.observe(paid.headers.get('x-event-position'));
    const detail = promotionDetailResponseSchema.parse(
      (await admin.get(`/api/admin/promotions/${code}`)).body,
    );
    expect(detail.promotion).toMatchObject({ uses: 1, reserved: 0 });
    expect(detail.useList).toMatchObject([
      { status: 'spent', orderNumber: order.orderNumber, discount: 0.36, currency: 'USD' },
    ]);
    expect((await cartOf(shopper)).promotion).toBeUndefined();
  });

  it('given the last use held by a payment that is declined, then the use is free again for another shopper', async () => {
    const { code } = await createCode(admin, { code: freshCode(), maxUses: 1 });
    const first = await shopperWithPosters(app);
    await applyCode(first, code);
    const intent = await startPayment(first, await checkoutId(first));
    expect(intent.status).toBe(200);
    expectError(
      await confirm(first, intent.body.paymentIntentId, CARD_DECLINED),
      402,
      'Your card was declined.',
    );

    const second = await shopperWithPosters(app);
    expect((await applyCode(second, code)).status).toBe(200);
    expect((await startPayment(second, await checkoutId(second))).status).toBe(200);
  });

  it('given one use per customer, when a guest paid with an e-mail, then another checkout with that e-mail in other case is refused', async () => {
    const { code } = await createCode(admin, { code: freshCode(), maxUsesPerCustomer: 1 });
    const email = `Ada.${freshCode().toLowerCase()}@example.com`;
    const first = await shopperWithPosters(app);
    await applyCode(first, code);
    const intent = await startPayment(first, await checkoutId(first, email));
    expect((await confirm(first, intent.body.paymentIntentId)).status).toBe(200);

    const again = await shopperWithPosters(app);
    expect((await applyCode(again, code)).status).toBe(200);
    expectError(await startCheckout(again, email.toUpperCase()), 422, 'You have already used this code.');
  });
});
