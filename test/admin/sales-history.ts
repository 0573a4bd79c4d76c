// A generated order history for the sales-report tests (seeded, so every run is the same): orders
// in five currencies, each at its own slightly different rate, placed over ~90 days, some never
// paid, some cancelled (paid or not), some refunded (partly or fully, some after a cancellation),
// some archived; event times near midnight and with non-UTC offsets, so day boundaries are tested.
import { randomUUID } from 'node:crypto';
import type { EventStore, NewEvent } from '@printshop/shared-events/event-store';
import { orderStreamName, type OrderPlacedData } from '@printshop/shared-events/events/order';
import { PRODUCTS } from '@printshop/shared-events/rules/catalog';
import { decimalsOf } from '@printshop/shared-events/rules/currencies';
import { convertFromUsdAtRate, convertToUsdAtRate } from '@printshop/shared-events/rules/money';

/** mulberry32: small, seeded, good enough to spread test data. */
export function seededRandom(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    chance: (p: number) => next() < p,
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!,
  };
}

export const HISTORY_CURRENCIES = { USD: 1, EUR: 0.92, GBP: 0.79, JPY: 149, AUD: 1.52 } as const;
export type HistoryCurrency = keyof typeof HISTORY_CURRENCIES;

const DAY_MS = 86_400_000;

/** An ISO time written with the given offset (minutes east of UTC), e.g. '...T01:30:00.000+02:00'. */
export function withOffset(time: number, offsetMinutes: number): string {
  const local = new Date(time + offsetMinutes * 60_000).toISOString().slice(0, 23);
  const sign = offsetMinutes < 0 ? '-' : '+';
  const abs = Math.abs(offsetMinutes);
  return `${local}${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
}

export interface GeneratedOrder {
  orderId: string;
  /** Placement and payment (when paid), appended together. */
  placement: NewEvent[];
  /** Later events, each with the time it is appended in order of. */
  later: Array<{ time: number; event: NewEvent }>;
}

export function generateHistory(o: { orders: number; firstDay: string; days: number; seed: number }) {
  const random = seededRandom(o.seed);
  const start = Date.parse(`${o.firstDay}T00:00:00.000Z`);
  const products = PRODUCTS.filter((product) => !product.sizes).slice(0, 14);
  const currencies = Object.keys(HISTORY_CURRENCIES) as HistoryCurrency[];
  const orders: GeneratedOrder[] = [];
  /** A time near a day boundary now and then, and sometimes written with an offset. */
  const eventTime = (time: number) => {
    const offset = random.chance(0.15) ? random.pick([120, -300, 330, 540]) : 0;
    return { time, at: offset === 0 ? new Date(time).toISOString() : withOffset(time, offset) };
  };

  for (let n = 0; n < o.orders; n++) {
    const orderId = randomUUID();
    const currency = random.pick(currencies);
    const decimals = decimalsOf(currency);
    // The order's own rate: up to 2% off the list rate, as if rates moved over the quarter.
    const rate = Number((HISTORY_CURRENCIES[currency] * (0.98 + random.next() * 0.04)).toFixed(4));
    const day = random.int(0, o.days - 1);
    const secondOfDay = random.chance(0.1) ? random.pick([0, 1, 86_398, 86_399]) : random.int(0, 86_399);
    const placedTime = start + day * DAY_MS + secondOfDay * 1000;
    const lines = Array.from({ length: random.int(1, 3) }, (_, index) => {
      const product = random.pick(products);
      const quantity = random.int(1, 6);
      const unitPriceUsd = random.int(199, 4999);
      const unitPrice = convertFromUsdAtRate(unitPriceUsd, rate, decimals);
      return {
        lineId: `l${index}`,
        sku: product.sku,
        name: product.name,
        // Some lines carry no category: the report takes the catalog's.
        ...(random.chance(0.7) && { category: product.category }),
        quantity,
        unitPrice,
        lineTotal: unitPrice * quantity,
        unitPriceUsd,
        croppedImageId: randomUUID(),
      };
    });
    const subtotal = lines.reduce((sum, line) => sum + line.lineTotal, 0);
    const units = lines.reduce((sum, line) => sum + line.quantity, 0);
    const discount = units >= 5 ? Math.floor(subtotal / 10) : 0;
    const loyaltyDiscount = random.chance(0.2) ? Math.min(subtotal - discount, random.int(1, 500)) : 0;
    const shipping = random.chance(0.3)
      ? 0
      : convertFromUsdAtRate(random.pick([499, 799, 1299]), rate, decimals);
    const total = subtotal - discount - loyaltyDiscount + shipping;
    // Priced in USD on its own (as the cart does), so a few cents from converting the total back.
    const usdTotal = Math.max(1, convertToUsdAtRate(total, rate, decimals) + random.int(-3, 3));
    const placedAt = eventTime(placedTime);
    const placed: OrderPlacedData = {
      orderId,
      orderNumber: `PS-H${String(n).padStart(6, '0')}`,
      checkoutId: randomUUID(),
      cartId: randomUUID(),
      email: `buyer${n}@example.com`,
      lines,
      amounts: {
        currency,
        subtotal,
        discount,
        loyaltyDiscount,
        loyaltyPoints: loyaltyDiscount,
        shipping,
        total,
        usdPaidSubtotal: Math.max(0, usdTotal - convertToUsdAtRate(shipping, rate, decimals)),
        usdTotal,
        rate,
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
      placedAt: placedAt.at,
    };
    const meta = (at: string) => ({ actor: 'system', at });
    const placement: NewEvent[] = [{ type: 'OrderPlaced', data: placed, metadata: meta(placedAt.at) }];
    const later: GeneratedOrder['later'] = [];
    const paid = !random.chance(0.04);
    let time = placedTime;
    const after = (minDays: number, maxDays: number) => {
      time += random.int(minDays * 86_400, maxDays * 86_400) * 1000 + 1000;
      return eventTime(time);
    };
    const add = (
      type: string,
      data: Record<string, unknown>,
      at: { time: number; at: string },
      by = 'admin:h',
    ) =>
      later.push({
        time: at.time,
        event: { type, data: { orderId, ...data, by, at: at.at }, metadata: meta(at.at) },
      });

    if (paid) {
      // Paid seconds after placement: across midnight when placed just before it.
      const paidAt = after(0, 0);
      placement.push({
        type: 'OrderPaid',
        data: { orderId, amount: total, currency, at: paidAt.at },
        metadata: meta(paidAt.at),
      });
      const path = random.next();
      if (path < 0.08) {
        add('OrderCancelled', {}, after(0, 10));
        // Most cancelled paid orders are then refunded: the refund counts only as money given back.
        if (random.chance(0.6)) add('OrderRefunded', { amount: total, currency }, after(0, 5));
      } else if (path < 0.2) {
        if (random.chance(0.3)) add('OrderStatusChanged', { status: 'in_production' }, after(0, 2));
        const amount = random.chance(0.5) ? total : random.int(1, total);
        add('OrderRefunded', { amount, currency }, after(0, 20));
      } else if (path < 0.3) {
        add('OrderStatusChanged', { status: 'in_production' }, after(0, 3));
      }
    } else if (random.chance(0.6)) {
      add('OrderCancelled', {}, after(0, 3));
    }
    if (random.chance(0.05)) add('OrderArchived', {}, after(0, 30));
    orders.push({ orderId, placement, later });
  }
  return orders;
}

/** Appends the history: placements first (8 at a time), then later events in time order. */
export async function appendHistory(store: EventStore, orders: readonly GeneratedOrder[]): Promise<void> {
  const run = async <T>(items: readonly T[], work: (item: T) => Promise<unknown>) => {
    let next = 0;
    await Promise.all(
      Array.from({ length: 8 }, async () => {
        while (next < items.length) await work(items[next++]!);
      }),
    );
  };
  await run(orders, (order) =>
    store.appendToStream(orderStreamName(order.orderId), order.placement, { expectedRevision: 'no_stream' }),
  );
  const later = orders
    .flatMap((order) => order.later.map((item) => ({ ...item, orderId: order.orderId })))
    .sort((a, b) => a.time - b.time);
  // One order's events stay in their order: each order's later events go one after another.
  const byOrder = new Map<string, typeof later>();
  for (const item of later) byOrder.set(item.orderId, [...(byOrder.get(item.orderId) ?? []), item]);
  await run([...byOrder.entries()], async ([orderId, items]) => {
    for (const item of items) await store.appendToStream(orderStreamName(orderId), [item.event]);
  });
}
