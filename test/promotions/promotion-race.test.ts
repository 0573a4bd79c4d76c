// A code limited to 5 uses, 20 shoppers paying at once: exactly 5 orders get the discount, 15 are
// refused with "This code has been used up.", and the promotions read model rebuilt from the log is
// the live one, row for row.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderResponseSchema } from '@printshop/shared-events/api/orders';
import { promotionDetailResponseSchema } from '@printshop/shared-events/api/promotions';
import { promotionStreamName } from '@printshop/shared-events/events/promotion';
import { promotionsProjection } from '@printshop/projections/promotions/promotions-projection';
import { verifyProjection } from '@printshop/projections/runner/verify';
import type { TestApp } from '@printshop/test/support/app';
import { eventLog } from '../payments/support';
import {
  adminApi,
  applyCode,
  checkoutId,
  confirm,
  createCode,
  freshCode,
  shopperWithPosters,
  startPayment,
  startPromotionApp,
} from './support';

let app: TestApp;
beforeAll(async () => {
  app = await startPromotionApp('promotion_race');
});
afterAll(async () => {
  await app?.stop();
});

const SHOPPERS = 20;
const LIMIT = 5;

describe('racing for the last uses of a code', () => {
  it('given a code limited to 5 uses on 20 carts, when the 20 payments start at once, then 5 hold a use, 15 are refused, and the 5 orders are the only discounted ones', async () => {
    const admin = await adminApi(app);
    const { code } = await createCode(admin, { code: freshCode('RACE'), maxUses: LIMIT });
    const shoppers = [];
    for (let i = 0; i < SHOPPERS; i += 5) {
      shoppers.push(...(await Promise.all(Array.from({ length: 5 }, () => shopperWithPosters(app)))));
    }
    const checkouts: string[] = [];
    for (const shopper of shoppers) {
      expect((await applyCode(shopper, code)).status).toBe(200);
      checkouts.push(await checkoutId(shopper));
    }

    const started = Date.now();
    const starts = await Promise.all(shoppers.map((shopper, i) => startPayment(shopper, checkouts[i]!)));
    const raceMs = Date.now() - started;

    const statuses = starts.map((answer) => answer.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(LIMIT);
    expect(statuses.filter((s) => s === 422)).toHaveLength(SHOPPERS - LIMIT);
    for (const refused of starts.filter((answer) => answer.status === 422)) {
      expect(refused.body.message).toBe('This code has been used up.');
    }
    const winners = shoppers.flatMap((shopper, i) =>
      starts[i]!.status === 200 ? [{ shopper, intent: starts[i]!.body }] : [],
    );
    const paid = await Promise.all(
      winners.map(({ shopper, intent }) => confirm(shopper, intent.paymentIntentId)),
    );
    const orders = paid.map((answer) => {
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      admin.observe(answer.headers.get('x-event-position'));
      return orderResponseSchema.parse(answer.body).order;
    });
    expect(orders.map((order) => order.discount)).toEqual(Array(LIMIT).fill(0.36));

    const events = await eventLog(app).readStream(promotionStreamName(code));
    const count = (type: string) => events.filter((event) => event.type === type).length;
    expect([count('PromotionUseReserved'), count('PromotionUseSpent')]).toEqual([LIMIT, LIMIT]);
    const detail = promotionDetailResponseSchema.parse(
      (await admin.get(`/api/admin/promotions/${code}`)).body,
    );
    expect(detail.promotion).toMatchObject({ uses: LIMIT, reserved: 0, state: 'used_up' });
    expect(detail.useList.map((use) => use.orderNumber).sort()).toEqual(
      orders.map((o) => o.orderNumber).sort(),
    );
    console.log(
      `promotion race: ${SHOPPERS} payment starts in ${raceMs} ms -> ${statuses.filter((s) => s === 200).length} held, ` +
        `${statuses.filter((s) => s === 422).length} refused; ${orders.length} discounted orders`,
    );

    // Replay: the read model rebuilt from the log at the live checkpoint equals the live one.
    const replay = await verifyProjection({
      db: app.db,
      store: eventLog(app),
      projection: promotionsProjection,
    });
    expect(replay.differences).toEqual([]);
    const rows = await app.db
      .withSchema('rm_promotions')
      .table('promotion_uses')
      .where({ code })
      .count({ n: '*' });
    expect(Number(rows[0]!.n)).toBe(LIMIT);
  });
});
