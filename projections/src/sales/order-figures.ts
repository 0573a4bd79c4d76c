// What one order adds to the sales report, pure. Amounts are minor units of the order's currency,
// and USD cents at the order's own rate (never today's):
//   net_usd       the order's usdTotal, as recorded when it was priced (the figure the orders and
//                 users lists show), so the dashboard's revenue agrees with them to the cent;
//   shipping_usd  and discounts_usd: converted at the order's `rate` (money.ts rounding rule);
//   gross_usd     the balancing figure net_usd - shipping_usd + discounts_usd, so that
//                 gross - discounts + shipping = net holds exactly in USD as in the currency (it is
//                 within a few cents of converting the gross on its own).
// Lines (for categories and top products): gross is the line total; net is the line total less its
// share of the order's discounts (split in proportion to line totals); the USD figures split the
// order's USD gross and USD product net (net_usd - shipping_usd) the same way. A refund lowers the
// lines' net (refundLineParts) and a cancellation takes out what they still hold
// (cancelLineFigures).
import type { OrderPlacedData } from '@printshop/shared-events/events/order';
import { productBySku } from '@printshop/shared-events/rules/catalog';
import { decimalsOf } from '@printshop/shared-events/rules/currencies';
import { convertToUsdAtRate } from '@printshop/shared-events/rules/money';
import { allocate } from './allocate';

export interface SalesFigures {
  orders: number;
  units: number;
  gross: number;
  discounts: number;
  shipping: number;
  net: number;
  grossUsd: number;
  discountsUsd: number;
  shippingUsd: number;
  netUsd: number;
}

export interface LineFigures {
  sku: string;
  name: string;
  category: string;
  units: number;
  gross: number;
  net: number;
  grossUsd: number;
  netUsd: number;
}

export interface OrderFigures {
  currency: string;
  sale: SalesFigures;
  lines: LineFigures[];
  /** The promotion code's part of the discounts (absent: no code, or rows from before codes). */
  promotion?: { code: string; discount: number; discountUsd: number };
}

/** A line's category: as recorded on the line, else the catalog's, else 'Other'. */
export const categoryOf = (line: { sku: string; category?: string }): string =>
  line.category ?? productBySku(line.sku)?.category ?? 'Other';

export function saleFigures(placed: OrderPlacedData): OrderFigures {
  const { amounts, lines } = placed;
  const decimals = decimalsOf(amounts.currency);
  const discounts = amounts.discount + (amounts.promotionDiscount ?? 0) + amounts.loyaltyDiscount;
  const shippingUsd = convertToUsdAtRate(amounts.shipping, amounts.rate, decimals);
  const discountsUsd = convertToUsdAtRate(discounts, amounts.rate, decimals);
  const netUsd = amounts.usdTotal;
  const grossUsd = netUsd - shippingUsd + discountsUsd;

  const lineGross = lines.map((line) => line.lineTotal);
  const lineDiscounts = allocate(discounts, lineGross);
  const lineNet = lineGross.map((gross, index) => gross - lineDiscounts[index]!);
  const lineGrossUsd = allocate(grossUsd, lineGross);
  const lineNetUsd = allocate(
    netUsd - shippingUsd,
    lineNet.map((net) => Math.max(0, net)),
  );
  return {
    currency: amounts.currency,
    sale: {
      orders: 1,
      units: lines.reduce((sum, line) => sum + line.quantity, 0),
      gross: amounts.subtotal,
      discounts,
      shipping: amounts.shipping,
      net: amounts.total,
      grossUsd,
      discountsUsd,
      shippingUsd,
      netUsd,
    },
    lines: lines.map((line, index) => ({
      sku: line.sku,
      name: line.name,
      category: categoryOf(line),
      units: line.quantity,
      gross: lineGross[index]!,
      net: lineNet[index]!,
      grossUsd: lineGrossUsd[index]!,
      netUsd: lineNetUsd[index]!,
    })),
    ...(amounts.promotionCode &&
      (amounts.promotionDiscount ?? 0) > 0 && {
        promotion: {
          code: amounts.promotionCode,
          discount: amounts.promotionDiscount!,
          discountUsd: convertToUsdAtRate(amounts.promotionDiscount!, amounts.rate, decimals),
        },
      }),
  };
}

export interface RefundState {
  /** The order's net (its total) and USD net. */
  net: number;
  netUsd: number;
  /** Refunded so far. */
  refunded: number;
  refundedUsd: number;
}

/**
 * A refund of `amount` (minor units): at most what is left of the order's net; in USD in proportion
 * to the order's USD net (half away from zero), and exactly what is left in USD when it refunds all
 * that is left, so a fully refunded order nets to zero in USD too.
 */
export function refundFigures(order: RefundState, amount: number): { amount: number; amountUsd: number } {
  const left = order.net - order.refunded;
  const leftUsd = order.netUsd - order.refundedUsd;
  const refunded = Math.min(amount, left);
  if (refunded <= 0) return { amount: 0, amountUsd: 0 };
  if (refunded === left) return { amount: refunded, amountUsd: leftUsd };
  const numerator = BigInt(refunded) * BigInt(order.netUsd);
  const denominator = BigInt(order.net);
  let usd = numerator / denominator;
  if ((numerator % denominator) * 2n >= denominator) usd += 1n;
  return { amount: refunded, amountUsd: Math.max(0, Math.min(Number(usd), leftUsd)) };
}

/** What a cancellation subtracts: the sale reversed, net only by what was not refunded already. */
export function cancelFigures(sale: SalesFigures, order: RefundState): SalesFigures {
  return {
    orders: -sale.orders,
    units: -sale.units,
    gross: -sale.gross,
    discounts: -sale.discounts,
    shipping: -sale.shipping,
    net: -(order.net - order.refunded),
    grossUsd: -sale.grossUsd,
    discountsUsd: -sale.discountsUsd,
    shippingUsd: -sale.shippingUsd,
    netUsd: -(order.netUsd - order.refundedUsd),
  };
}

/** What a line has given back to refunds so far, in minor units and in USD cents. */
export interface LineRefund {
  net: number;
  netUsd: number;
}

const NOTHING_REFUNDED: LineRefund = { net: 0, netUsd: 0 };

/**
 * The lines' parts of a refund (`refund`: refundFigures' answer). A refund is taken from the lines
 * up to what they still hold together (their net less their earlier parts); what is beyond that is
 * shipping's and lowers no product. The lines' part is split in proportion to what each still holds
 * (at the first refund, its net), by largest remainder (allocate.ts: the units left over go to the
 * largest fractions, ties to the earlier line), so the parts add up exactly and none goes below
 * zero; the same in USD cents with the refund's USD amount. `refunded`: the lines' earlier parts, in
 * the order of `lines` (missing ones count as nothing: rows from before refunds reached lines).
 */
export function refundLineParts(
  lines: readonly LineFigures[],
  refunded: readonly LineRefund[],
  refund: { amount: number; amountUsd: number },
): LineRefund[] {
  const earlier = (index: number) => refunded[index] ?? NOTHING_REFUNDED;
  const left = lines.map((line, index) => Math.max(0, line.net - earlier(index).net));
  const leftUsd = lines.map((line, index) => Math.max(0, line.netUsd - earlier(index).netUsd));
  const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);
  const parts = allocate(Math.min(Math.max(0, refund.amount), sum(left)), left);
  const partsUsd = allocate(Math.min(Math.max(0, refund.amountUsd), sum(leftUsd)), leftUsd);
  return lines.map((_, index) => ({ net: parts[index]!, netUsd: partsUsd[index]! }));
}

/** The lines' refunds after one more: `refunded` plus `parts`, line by line. */
export function addLineRefunds(refunded: readonly LineRefund[], parts: readonly LineRefund[]): LineRefund[] {
  return parts.map((part, index) => {
    const earlier = refunded[index] ?? NOTHING_REFUNDED;
    return { net: earlier.net + part.net, netUsd: earlier.netUsd + part.netUsd };
  });
}

/** What a cancellation subtracts from a line: the whole line, net only by what its refunds left. */
export function cancelLineFigures(line: LineFigures, refunded: LineRefund = NOTHING_REFUNDED): LineFigures {
  return {
    ...line,
    units: -line.units,
    gross: -line.gross,
    net: -(line.net - refunded.net),
    grossUsd: -line.grossUsd,
    netUsd: -(line.netUsd - refunded.netUsd),
  };
}
