// Promotion codes, pure: the code's spelling, its messages, what it takes off and whether it may be
// used. Stated once:
// - Order of application: quantity-band discount, then the code, then loyalty points (capped at
//   half of what is left), then shipping, which is judged on the subtotal before every discount.
// - The code discounts the eligible lines (its product families; all lines when it names none)
//   after their band discount: their lineTotal less the band's rate of them (discounts.ts rounding).
// - Percentage: eligible x rate, rounded half up to the minor unit (discounts.ts discountAmount).
//   Fixed: the amount of the cart's currency, at most the eligible amount, so no total goes below 0.
//   USD figures (reports, points earned): the same rate of the USD amounts; a fixed amount converted
//   to USD cents by money.ts.
// - Minimum: `minSubtotalUsdCents` converted to the cart's currency (as shipping thresholds are) and
//   compared with the cart's subtotal before discounts.
import type { PromotionTerms } from '../events/promotion';
import type { BandDiscount, PricedItem, PricingLine } from './cart-pricing';
import { bandGroupOf } from './cart-pricing';
import type { CurrencyCode } from './currencies';
import { discountAmount } from './discounts';
import { convertFromUsd, convertToUsd, formatMoney, sumMinor, type CurrencyRates } from './money';

export const PROMOTION_MESSAGES = {
  invalid: 'This code is not valid.',
  expired: 'This code has expired.',
  notStarted: 'This code is not active yet.',
  minimum: (amount: string) => `Add ${amount} more to use this code.`,
  usedUp: 'This code has been used up.',
  notForItems: 'This code does not apply to the items in your cart.',
  alreadyUsed: 'You have already used this code.',
  notForCurrency: (currency: string) => `This code cannot be used with prices in ${currency}.`,
  format: 'A code is 3 to 32 letters, digits, - or _.',
  taken: 'A promotion with this code already exists.',
  notFound: 'Promotion not found',
  ended: 'This promotion has ended and cannot be changed.',
  oneKind: 'Give either a percentage (percentBps) or amounts per currency (amountsOff), not both.',
  endsBeforeStart: 'The end must be after the start.',
} as const;

const CODE = /^[A-Z0-9_-]{3,32}$/;

/** Codes are case-insensitive: stored and compared upper-case, surrounding spaces ignored. */
export const normalizePromotionCode = (raw: string): string => raw.trim().toUpperCase();
export const isPromotionCode = (code: string): boolean => CODE.test(code);

/** Who a per-customer limit counts: the user, or a guest by the checkout's e-mail. */
export function customerKey(who: { userId?: string; email?: string }): string | undefined {
  if (who.userId) return `user:${who.userId}`;
  const email = who.email?.trim().toLowerCase();
  return email ? `email:${email}` : undefined;
}

/** A code as a check needs it: its terms, whether it was ended, and the uses others hold. */
export interface PromotionStatus {
  code: string;
  terms: PromotionTerms;
  endedAt?: string;
  /** Live holds and spent uses, the asking checkout's own excluded. */
  usesTaken: number;
  /** The same for this customer (undefined: not known yet, e.g. a guest before checkout). */
  customerUses?: number;
}

export interface EligibleAmounts {
  display: number;
  usd: number;
}

/** The eligible lines' amount after their band discount, in the display currency and USD cents. */
export function eligibleAmounts<L extends PricingLine>(
  terms: Pick<PromotionTerms, 'families'>,
  items: readonly PricedItem<L>[],
  bands: readonly BandDiscount[],
): EligibleAmounts {
  const eligible = items.filter((item) => !terms.families || terms.families.includes(item.family));
  const display = sumMinor(eligible.map((item) => item.lineTotal));
  const usd = sumMinor(eligible.map((item) => item.lineUsdCents));
  let bandDisplay = 0;
  let bandUsd = 0;
  for (const band of bands) {
    const members = eligible.filter((item) => bandGroupOf(item.family) === band.group);
    bandDisplay += discountAmount(sumMinor(members.map((item) => item.lineTotal)), band.rateBps);
    bandUsd += discountAmount(sumMinor(members.map((item) => item.lineUsdCents)), band.rateBps);
  }
  return { display: Math.max(0, display - bandDisplay), usd: Math.max(0, usd - bandUsd) };
}

/** What the code takes off the eligible amounts; undefined when it has no amount for `currency`. */
export function promotionDiscount(
  terms: Pick<PromotionTerms, 'percentBps' | 'amountsOff'>,
  eligible: EligibleAmounts,
  currency: CurrencyCode,
  rates?: CurrencyRates,
): EligibleAmounts | undefined {
  if (terms.percentBps !== undefined) {
    return {
      display: discountAmount(eligible.display, terms.percentBps),
      usd: discountAmount(eligible.usd, terms.percentBps),
    };
  }
  const amount = terms.amountsOff?.[currency];
  if (amount === undefined) return undefined;
  const display = Math.min(amount, eligible.display);
  return { display, usd: Math.min(convertToUsd(display, currency, rates), eligible.usd) };
}

/** Why the code cannot be used now on this cart; undefined when it can. */
export function promotionRefusal(
  status: PromotionStatus,
  cart: { at: string; currency: CurrencyCode; subtotal: number; eligible: EligibleAmounts },
  rates?: CurrencyRates,
): string | undefined {
  const { terms } = status;
  const at = Date.parse(cart.at);
  if (status.endedAt !== undefined || (terms.endsAt !== undefined && Date.parse(terms.endsAt) <= at)) {
    return PROMOTION_MESSAGES.expired;
  }
  if (Date.parse(terms.startsAt) > at) return PROMOTION_MESSAGES.notStarted;
  if (terms.percentBps === undefined && terms.amountsOff?.[cart.currency] === undefined) {
    return PROMOTION_MESSAGES.notForCurrency(cart.currency);
  }
  if (cart.eligible.display <= 0) return PROMOTION_MESSAGES.notForItems;
  const minimum = convertFromUsd(terms.minSubtotalUsdCents ?? 0, cart.currency, rates);
  if (cart.subtotal < minimum) {
    return PROMOTION_MESSAGES.minimum(formatMoney(minimum - cart.subtotal, cart.currency));
  }
  if (terms.maxUses !== undefined && status.usesTaken >= terms.maxUses) return PROMOTION_MESSAGES.usedUp;
  if (
    terms.maxUsesPerCustomer !== undefined &&
    status.customerUses !== undefined &&
    status.customerUses >= terms.maxUsesPerCustomer
  ) {
    return PROMOTION_MESSAGES.alreadyUsed;
  }
  return undefined;
}
