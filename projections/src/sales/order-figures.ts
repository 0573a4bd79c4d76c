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
// order's USD gross and USD product net (net_usd - shipping_usd) the same way.
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
