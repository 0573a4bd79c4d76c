import { describe, expect, it } from 'vitest';
import type { OrderPlacedData } from '@printshop/shared-events/events/order';
import {
  addLineRefunds,
  cancelFigures,
  cancelLineFigures,
  refundFigures,
  refundLineParts,
  saleFigures,
} from './order-figures';

const line = (sku: string, quantity: number, unitPrice: number, category?: string) => ({
  lineId: sku,
  sku,
  name: `${sku} name`,
  ...(category !== undefined && { category }),
  quantity,
  unitPrice,
  lineTotal: unitPrice * quantity,
  unitPriceUsd: unitPrice,
  croppedImageId: 'img',
});

const placed = (
  over: Partial<OrderPlacedData['amounts']> = {},
  lines = [line('A', 2, 1000, 'Posters'), line('B', 1, 500)],
) =>
  ({
    orderId: 'o1',
    orderNumber: 'PS-1',
    checkoutId: 'c1',
    cartId: 'k1',
    email: 'a@example.com',
    lines,
    amounts: {
      currency: 'EUR',
      subtotal: 2500,
      discount: 250,
      loyaltyDiscount: 50,
      loyaltyPoints: 50,
      shipping: 400,
      total: 2600,
      usdPaidSubtotal: 2391,
      usdTotal: 2826,
      rate: 0.92,
      ...over,
    },
    shippingAddress: { fullName: 'A', phone: '1', line1: 'x', city: 'y', country: 'DE' },
    payment: { provider: 'stripe', paymentId: 'pi', testMode: true },
    placedAt: '2025-03-01T10:00:00.000Z',
  }) as OrderPlacedData;

describe('sale figures', () => {
  it('given an order, then currency figures come from its amounts and USD ones at its own rate', () => {
    const { sale, lines, currency } = saleFigures(placed());
    expect(currency).toBe('EUR');
    // 400 / 0.92 = 434.78 -> 435; 300 / 0.92 = 326.08 -> 326
    expect(sale).toEqual({
      orders: 1,
      units: 3,
      gross: 2500,
      discounts: 300,
      shipping: 400,
      net: 2600,
      grossUsd: 2826 - 435 + 326,
      discountsUsd: 326,
      shippingUsd: 435,
      netUsd: 2826,
    });
    expect(sale.grossUsd - sale.discountsUsd + sale.shippingUsd).toBe(sale.netUsd);
    // discounts 300 split 2000:500 -> 240 and 60
    expect(
      lines.map(({ sku, category, units, gross, net }) => ({ sku, category, units, gross, net })),
    ).toEqual([
      { sku: 'A', category: 'Posters', units: 2, gross: 2000, net: 1760 },
      { sku: 'B', category: 'Other', units: 1, gross: 500, net: 440 },
    ]);
    expect(lines.reduce((sum, l) => sum + l.netUsd, 0)).toBe(sale.netUsd - sale.shippingUsd);
    expect(lines.reduce((sum, l) => sum + l.grossUsd, 0)).toBe(sale.grossUsd);
  });

  it('given a line without a category, then the catalog names it', () => {
    const { lines } = saleFigures(placed({}, [line('POSTERA3', 1, 2500)]));
    expect(lines[0]!.category).toBe('Posters');
  });
});

describe('refunds and cancellations', () => {
  const order = { net: 2600, netUsd: 2826, refunded: 0, refundedUsd: 0 };

  it('given a partial refund, then USD in proportion, half away from zero', () => {
    // 1000 * 2826 / 2600 = 1086.92 -> 1087
    expect(refundFigures(order, 1000)).toEqual({ amount: 1000, amountUsd: 1087 });
  });

  it('given a refund of all that is left, then exactly what is left in USD', () => {
    expect(refundFigures({ ...order, refunded: 1000, refundedUsd: 1087 }, 1600)).toEqual({
      amount: 1600,
      amountUsd: 2826 - 1087,
    });
    expect(refundFigures({ ...order, refunded: 1000, refundedUsd: 1087 }, 9999)).toEqual({
      amount: 1600,
      amountUsd: 2826 - 1087,
    });
    expect(refundFigures({ ...order, refunded: 2600, refundedUsd: 2826 }, 1)).toEqual({
      amount: 0,
      amountUsd: 0,
    });
  });

  it('given a cancellation, then the sale is reversed and net by what the order still held', () => {
    const { sale } = saleFigures(placed());
    const cancel = cancelFigures(sale, { ...order, refunded: 600, refundedUsd: 652 });
    expect(cancel).toMatchObject({ orders: -1, units: -3, gross: -2500, discounts: -300, shipping: -400 });
    expect(cancel.net).toBe(-2000);
    expect(cancel.netUsd).toBe(-(2826 - 652));
  });
});

describe('refunds and cancellations of the lines (categories and products)', () => {
  // A: net 1760, USD 1913; B: net 440, USD 478 (USD product net 2826 - 435 = 2391); shipping 400.
  const { lines } = saleFigures(placed());

  it('given a partial refund, then the lines lose it in proportion to their net, the leftover unit to the largest fraction, in USD as well', () => {
    expect(lines.map((line) => [line.net, line.netUsd])).toEqual([
      [1760, 1913],
      [440, 478],
    ]);
    // 1000 split 1760:440 -> 800 and 200; USD 1087 -> 869.6 and 217.4 -> 870 and 217
    const parts = refundLineParts(lines, [], { amount: 1000, amountUsd: 1087 });
    expect(parts).toEqual([
      { net: 800, netUsd: 870 },
      { net: 200, netUsd: 217 },
    ]);
  });

  it('given lines that hold the same, then the units left over go to the earlier lines', () => {
    const same = saleFigures(
      placed(
        { subtotal: 300, discount: 0, loyaltyDiscount: 0, shipping: 0, total: 300, usdTotal: 300, rate: 1 },
        [line('A', 1, 100), line('B', 1, 100), line('C', 1, 100)],
      ),
    ).lines;
    expect(refundLineParts(same, [], { amount: 200, amountUsd: 200 })).toEqual([
      { net: 67, netUsd: 67 },
      { net: 67, netUsd: 67 },
      { net: 66, netUsd: 66 },
    ]);
  });

  it('given a refund beyond what the lines still hold, then they lose what they hold and the rest is shipping', () => {
    const first = refundLineParts(lines, [], { amount: 1000, amountUsd: 1087 });
    const refunded = addLineRefunds([], first);
    const rest = refundLineParts(lines, refunded, { amount: 1600, amountUsd: 2826 - 1087 });
    expect(rest).toEqual([
      { net: 960, netUsd: 1913 - 870 },
      { net: 240, netUsd: 478 - 217 },
    ]);
    expect(addLineRefunds(refunded, rest)).toEqual(lines.map((l) => ({ net: l.net, netUsd: l.netUsd })));
    // nothing left: a further refund takes nothing from them
    expect(refundLineParts(lines, addLineRefunds(refunded, rest), { amount: 5, amountUsd: 5 })).toEqual([
      { net: 0, netUsd: 0 },
      { net: 0, netUsd: 0 },
    ]);
  });

  it('given a refunded line, when its order is cancelled, then the line is reversed and its net by what it still held', () => {
    const cancel = cancelLineFigures(lines[0]!, { net: 800, netUsd: 870 });
    expect(cancel).toMatchObject({ sku: 'A', units: -2, gross: -2000, net: -960, netUsd: -(1913 - 870) });
    expect(cancelLineFigures(lines[1]!)).toMatchObject({ units: -1, gross: -500, net: -440, netUsd: -478 });
  });
});

describe('promotion code figures', () => {
  it('given an order priced with a code, then its part of the discounts is kept with the code, in USD at the order rate', () => {
    const { sale, promotion } = saleFigures(placed({ promotionCode: 'SUMMER10', promotionDiscount: 92 }));
    // 92 / 0.92 = 100
    expect(promotion).toEqual({ code: 'SUMMER10', discount: 92, discountUsd: 100 });
    expect(sale.discounts).toBe(250 + 92 + 50);
  });

  it('given an order without a code, then no code figures', () => {
    expect(saleFigures(placed()).promotion).toBeUndefined();
  });
});
