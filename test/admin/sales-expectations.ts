// The sales report computed straight from the raw order events, on its own (no code of the
// projection or the query is used), by the rules the report documents:
// - a sale counts when paid, on the UTC day of OrderPaid; a cancel of a paid order subtracts the
//   whole sale on its own day (net: what was not refunded yet); a cancel of an unpaid order counts
//   nothing; a refund subtracts its amount (at most what is left) from net on its day, and after a
//   cancellation it counts only in refunds (money given back), net untouched; archiving changes nothing;
// - a refund lowers the lines' net too: up to what they still hold together, split by what each
//   still holds (largest remainder), the rest being shipping's; in USD the same with its USD
//   amount; a cancel takes out what each line still holds; a category or product with no units
//   and no net left is not listed;
// - USD: net = the order's usdTotal, shipping and discounts converted at the order's own rate,
//   gross = net - shipping + discounts; a refund in proportion to usdTotal / total (exactly what
//   is left when it refunds all that is left);
// - lines: net = line total less the discounts split by line totals (largest remainder), USD gross
//   split by line totals, USD product net (usdTotal - USD shipping) split by line nets.
import type { EventStore, RecordedEvent } from '@printshop/shared-events/event-store';
import type { OrderPlacedData } from '@printshop/shared-events/events/order';
import { productBySku } from '@printshop/shared-events/rules/catalog';
import { decimalsOf } from '@printshop/shared-events/rules/currencies';
import { convertToUsdAtRate } from '@printshop/shared-events/rules/money';

const DAY_MS = 86_400_000;

interface Money {
  gross: number;
  discounts: number;
  shipping: number;
  net: number;
}
interface LineFact {
  sku: string;
  name: string;
  category: string;
  units: number;
  gross: number;
  net: number;
  usd: { gross: number; net: number };
}
export interface Fact extends Money {
  day: string;
  currency: string;
  kind: 'sale' | 'cancel' | 'refund';
  orders: number;
  units: number;
  usd: Money;
  lines: LineFact[];
  /** Money given back after a cancellation (net untouched), in minor units and in USD cents. */
  returned?: { amount: number; usd: number };
}

/** Every order event of the store, in log order. */
export async function readOrderEvents(store: EventStore): Promise<RecordedEvent[]> {
  const events: RecordedEvent[] = [];
  const head = await store.headPosition();
  for (let position = 0; position < head;) {
    const page = await store.readAll({
      fromPosition: position,
      maxCount: 2000,
      filter: {
        eventTypes: ['OrderPlaced', 'OrderPaid', 'OrderCancelled', 'OrderRefunded', 'OrderArchived'],
      },
    });
    events.push(...page.events);
    if (page.lastPosition <= position) break;
    position = page.lastPosition;
  }
  return events;
}

/** Largest-remainder split, plainly: floors first, the units left to the largest remainders. */
function split(amount: number, weights: number[]): number[] {
  if (amount < 0) return split(-amount, weights).map((part) => -part);
  const w = weights.every((weight) => weight === 0) ? weights.map(() => 1) : weights;
  const total = w.reduce((sum, weight) => sum + weight, 0);
  const parts = w.map((weight) => Math.floor((amount * weight) / total));
  const order = w
    .map((weight, index) => ({ index, remainder: amount * weight - parts[index]! * total }))
    .sort((a, b) => b.remainder - a.remainder || a.index - b.index);
  let left = amount - parts.reduce((sum, part) => sum + part, 0);
  for (const { index } of order) {
    if (left-- <= 0) break;
    parts[index]! += 1;
  }
  return parts;
}

const dayOf = (at: string) => new Date(at).toISOString().slice(0, 10);

export function salesFacts(events: readonly RecordedEvent[]): Fact[] {
  const byStream = new Map<string, RecordedEvent[]>();
  for (const event of events)
    byStream.set(event.streamName, [...(byStream.get(event.streamName) ?? []), event]);
  const facts: Fact[] = [];
  for (const stream of byStream.values()) {
    const placedEvent = stream.find((event) => event.type === 'OrderPlaced');
    if (!placedEvent) continue;
    const placed = placedEvent.data as OrderPlacedData;
    const a = placed.amounts;
    const decimals = decimalsOf(a.currency);
    const discounts = a.discount + a.loyaltyDiscount;
    const usdShipping = convertToUsdAtRate(a.shipping, a.rate, decimals);
    const usdDiscounts = convertToUsdAtRate(discounts, a.rate, decimals);
    const usd = {
      gross: a.usdTotal - usdShipping + usdDiscounts,
      discounts: usdDiscounts,
      shipping: usdShipping,
      net: a.usdTotal,
    };
    const totals = placed.lines.map((line) => line.lineTotal);
    const lineNets = split(discounts, totals).map((share, index) => totals[index]! - share);
    const lineUsdGross = split(usd.gross, totals);
    const lineUsdNet = split(
      a.usdTotal - usdShipping,
      lineNets.map((net) => Math.max(0, net)),
    );
    const lines: LineFact[] = placed.lines.map((line, index) => ({
      sku: line.sku,
      name: line.name,
      category: line.category ?? productBySku(line.sku)?.category ?? 'Other',
      units: line.quantity,
      gross: line.lineTotal,
      net: lineNets[index]!,
      usd: { gross: lineUsdGross[index]!, net: lineUsdNet[index]! },
    }));
    const units = placed.lines.reduce((sum, line) => sum + line.quantity, 0);
    let status: 'placed' | 'counted' | 'cancelled' | 'void' = 'placed';
    let refunded = 0;
    let refundedUsd = 0;
    const linesRefunded = lines.map(() => ({ net: 0, usd: 0 }));
    for (const event of stream) {
      const at = (event.data as { at?: string }).at;
      if (event.type === 'OrderPaid' && status === 'placed') {
        status = 'counted';
        facts.push({
          day: dayOf(at!),
          currency: a.currency,
          kind: 'sale',
          orders: 1,
          units,
          gross: a.subtotal,
          discounts,
          shipping: a.shipping,
          net: a.total,
          usd,
          lines,
        });
      } else if (event.type === 'OrderCancelled' && status === 'placed') {
        status = 'void';
      } else if (event.type === 'OrderCancelled' && status === 'counted') {
        status = 'cancelled';
        facts.push({
          day: dayOf(at!),
          currency: a.currency,
          kind: 'cancel',
          orders: -1,
          units: -units,
          gross: -a.subtotal,
          discounts: -discounts,
          shipping: -a.shipping,
          net: -(a.total - refunded),
          usd: {
            gross: -usd.gross,
            discounts: -usd.discounts,
            shipping: -usd.shipping,
            net: -(a.usdTotal - refundedUsd),
          },
          lines: lines.map((line, index) => ({
            ...line,
            units: -line.units,
            gross: -line.gross,
            net: -(line.net - linesRefunded[index]!.net),
            usd: { gross: -line.usd.gross, net: -(line.usd.net - linesRefunded[index]!.usd) },
          })),
        });
      } else if (event.type === 'OrderRefunded' && (status === 'counted' || status === 'cancelled')) {
        const left = a.total - refunded;
        const amount = Math.min((event.data as { amount: number }).amount, left);
        if (amount <= 0) continue;
        const leftUsd = a.usdTotal - refundedUsd;
        const amountUsd =
          amount === left
            ? leftUsd
            : Math.max(0, Math.min(leftUsd, Math.round((amount * a.usdTotal) / a.total)));
        refunded += amount;
        refundedUsd += amountUsd;
        if (status === 'cancelled') {
          const nothing = { gross: 0, discounts: 0, shipping: 0, net: 0 };
          facts.push({
            day: dayOf(at!),
            currency: a.currency,
            kind: 'refund',
            orders: 0,
            units: 0,
            ...nothing,
            usd: nothing,
            lines: [],
            returned: { amount, usd: amountUsd },
          });
          continue;
        }
        const leftNet = lines.map((line, index) => Math.max(0, line.net - linesRefunded[index]!.net));
        const leftUsdNet = lines.map((line, index) => Math.max(0, line.usd.net - linesRefunded[index]!.usd));
        const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);
        const parts = split(Math.min(amount, sum(leftNet)), leftNet);
        const partsUsd = split(Math.min(amountUsd, sum(leftUsdNet)), leftUsdNet);
        parts.forEach((part, index) => (linesRefunded[index]!.net += part));
        partsUsd.forEach((part, index) => (linesRefunded[index]!.usd += part));
        facts.push({
          day: dayOf(at!),
          currency: a.currency,
          kind: 'refund',
          orders: 0,
          units: 0,
          gross: 0,
          discounts: 0,
          shipping: 0,
          net: -amount,
          usd: { gross: 0, discounts: 0, shipping: 0, net: -amountUsd },
          lines: lines.map((line, index) => ({
            ...line,
            units: 0,
            gross: 0,
            net: -parts[index]!,
            usd: { gross: 0, net: -partsUsd[index]! },
          })),
        });
      }
    }
  }
  return facts;
}

/** ISO 8601 week of a day: the week (Monday first) of its Thursday, in the Thursday's year. */
export function isoWeek(day: string): string {
  const time = Date.parse(`${day}T00:00:00.000Z`);
  const weekday = (new Date(time).getUTCDay() + 6) % 7;
  const thursday = new Date(time + (3 - weekday) * DAY_MS);
  const year = thursday.getUTCFullYear();
  const week = 1 + Math.floor((thursday.getTime() - Date.UTC(year, 0, 1)) / (7 * DAY_MS));
  return `${year}-W${String(week).padStart(2, '0')}`;
}

export interface ExpectedFigures {
  orders: number;
  units: number;
  gross: number;
  discounts: number;
  shipping: number;
  net: number;
  cancellations: number;
  refunds: number;
}

export interface ExpectedReport {
  series: Array<ExpectedFigures & { period: string; start: string; end: string }>;
  totals: ExpectedFigures;
  byCategory: Array<{ category: string; units: number; gross: number; net: number }>;
  topProducts: Array<{ sku: string; name: string; units: number; gross: number; net: number }>;
}

const zero = (): ExpectedFigures => ({
  orders: 0,
  units: 0,
  gross: 0,
  discounts: 0,
  shipping: 0,
  net: 0,
  cancellations: 0,
  refunds: 0,
});

/** Minor units (or USD cents when converted). */
export function expectedReport(
  facts: readonly Fact[],
  query: { from: string; to: string; groupBy: 'day' | 'week' | 'month'; currency: string },
): ExpectedReport {
  const converted = query.currency === 'USD-converted';
  const label = (day: string) =>
    query.groupBy === 'day' ? day : query.groupBy === 'month' ? day.slice(0, 7) : isoWeek(day);
  const series: ExpectedReport['series'] = [];
  for (let time = Date.parse(query.from); time <= Date.parse(query.to); time += DAY_MS) {
    const day = new Date(time).toISOString().slice(0, 10);
    const period = label(day);
    if (series.at(-1)?.period !== period) series.push({ period, start: day, end: day, ...zero() });
    series.at(-1)!.end = day;
  }
  const inRange = facts.filter(
    (fact) =>
      fact.day >= query.from && fact.day <= query.to && (converted || fact.currency === query.currency),
  );
  const totals = zero();
  const categories = new Map<string, { category: string; units: number; gross: number; net: number }>();
  const products = new Map<
    string,
    { sku: string; name: string; units: number; gross: number; net: number }
  >();
  for (const fact of inRange) {
    const money = converted ? fact.usd : fact;
    const target = series.find((period) => period.period === label(fact.day))!;
    for (const figures of [target, totals]) {
      figures.orders += fact.orders;
      figures.units += fact.units;
      figures.gross += money.gross;
      figures.discounts += money.discounts;
      figures.shipping += money.shipping;
      figures.net += money.net;
      if (fact.kind === 'cancel') figures.cancellations += 1;
      if (fact.kind === 'refund')
        figures.refunds += -money.net + ((converted ? fact.returned?.usd : fact.returned?.amount) ?? 0);
    }
    for (const line of fact.lines) {
      const gross = converted ? line.usd.gross : line.gross;
      const net = converted ? line.usd.net : line.net;
      const category = categories.get(line.category) ?? {
        category: line.category,
        units: 0,
        gross: 0,
        net: 0,
      };
      category.units += line.units;
      category.gross += gross;
      category.net += net;
      categories.set(line.category, category);
      const product = products.get(line.sku) ?? {
        sku: line.sku,
        name: line.name,
        units: 0,
        gross: 0,
        net: 0,
      };
      product.units += line.units;
      product.gross += gross;
      product.net += net;
      products.set(line.sku, product);
    }
  }
  const somethingLeft = (row: { units: number; net: number }) => row.units !== 0 || row.net !== 0;
  const byCategory = [...categories.values()]
    .filter(somethingLeft)
    .sort((a, b) => b.net - a.net || (a.category < b.category ? -1 : 1));
  const topProducts = [...products.values()]
    .filter(somethingLeft)
    .sort((a, b) => b.net - a.net || b.units - a.units || (a.sku < b.sku ? -1 : 1))
    .slice(0, 10);
  return { series, totals, byCategory, topProducts };
}
