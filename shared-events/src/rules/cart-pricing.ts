// The price of a cart, in one pure function used by GET /api/cart and by checkout. Every unit price
// comes from the catalog (a price sent by a client is never an input). Amounts are integer minor
// units of the display currency, and the same amounts in USD cents beside them.
//
// Choices, in order of application:
// - Lines: converted by the reconciliation rule of money.ts (convertLines), so unit x quantity is
//   the line and the lines add up to the subtotal exactly.
// - Quantity bands (discounts.ts), per group, over the group's total quantity:
//     posters                                    -> the 'poster' bands;
//     prints, strips and cards (upload panel)    -> the 'upload-panel' bands;
//     collages                                   -> none: their pages price unit x quantity with no
//                                                   bands (spec 2 §9), so the cart does not add one.
//   The bands are the owner's (catalog-view.ts discountSchemeOf; the code's POSTER_DISCOUNT and
//   UPLOAD_PANEL_DISCOUNT are their seed). The band's rate applies to the group's subtotal in each
//   currency (so the displayed discount is exactly that rate of the displayed amounts).
// - Promotion code (promotions.ts), when the caller passes one it checked: off the eligible lines
//   after their band discount.
// - Loyalty (loyalty.ts): the points' USD value, capped at half the subtotal after the band
//   and code discounts and refused below the minimum; converted to the display currency.
// - Shipping (shipping-terms.ts): the country's threshold in the display currency is compared with
//   the displayed subtotal BEFORE discounts (spec 1 §9: "the order subtotal"), so a discount never
//   takes free shipping away and the cart's "unlocked" message always matches the fee. An empty
//   cart ships nothing and costs nothing.
// - grandTotal = subtotal - discount + shippingFee; never negative, as discounts stay below the
//   subtotal.
import { pricedSku, shortName, type Family } from './catalog';
import { discountSchemeOf, ratesOf, type CatalogView } from './catalog-view';
import { lineTemplate } from './collage-slots';
import type { CurrencyCode } from './currencies';
import { applyQuantityDiscount, BAND_GROUPS, discountAmount, type BandGroup } from './discounts';
import { redeemableDiscount } from './loyalty';
import { convertFromUsd, convertLines, sumMinor } from './money';
import { eligibleAmounts, promotionDiscount } from './promotions';
import type { PromotionTerms } from '../events/promotion';
import type { Zone } from './shipping';
import { shippingTermsIn, shipsFree } from './shipping-terms';

export interface PricingLine {
  sku: string;
  quantity: number;
}

export interface CartPricingInput<L extends PricingLine> {
  lines: readonly L[];
  currency: CurrencyCode;
  /** ISO country code; countries without a rule get the rest-of-world rule. */
  country: string;
  /** Points the customer set on this cart; what may be used of them is decided here. */
  loyaltyPoints?: number;
  /** A code the caller already judged usable (promotions.ts promotionRefusal). */
  promotion?: { code: string; terms: Pick<PromotionTerms, 'percentBps' | 'amountsOff' | 'families'> };
  /** The owner's current catalog and settings (catalog-view.ts); the code's seed values when absent. */
  catalog?: CatalogView;
}

export interface PricedItem<L extends PricingLine> {
  line: L;
  sku: string;
  name: string;
  family: Family;
  quantity: number;
  unitUsdCents: number;
  lineUsdCents: number;
  /** Minor units of the display currency. */
  pricePerUnit: number;
  lineTotal: number;
}

export type { BandGroup };

export interface BandDiscount {
  group: BandGroup;
  quantity: number;
  rateBps: number;
  discount: number;
  discountUsdCents: number;
}

/** shippingInfo of API.md: baseRate and freeShippingThreshold in major units of the rule's `currency`. */
export interface ShippingInfo {
  country: string;
  countryName: string;
  zone: Zone;
  currency: string;
  baseRate: number;
  freeShippingThreshold: number | null;
  isFree: boolean;
  estimatedDays: { min: number; max: number };
  /** False when the rest-of-world rule applied. */
  listed: boolean;
}

export interface CartAmounts {
  subtotal: number;
  bandDiscount: number;
  loyaltyDiscount: number;
  /** What the promotion code takes off (0 without one). */
  promotionDiscount: number;
  /** bandDiscount + promotionDiscount + loyaltyDiscount (API.md). */
  discount: number;
  shippingFee: number;
  grandTotal: number;
  /** The country's free-shipping threshold; null when it has none. */
  freeShippingThreshold: number | null;
}

export interface PricedCart<L extends PricingLine> extends CartAmounts {
  currency: CurrencyCode;
  country: string;
  items: PricedItem<L>[];
  /** Lines whose SKU the catalog no longer sells: not priced, not counted. */
  unavailable: L[];
  totalQuantity: number;
  bands: BandDiscount[];
  /** Points that this cart's loyalty discount uses (0 when below the minimum). */
  loyaltyPointsUsed: number;
  /** The code applied (upper-case), when one was passed and it has an amount for this currency. */
  promotionCode?: string;
  /** The same amounts in USD cents. */
  usd: CartAmounts;
  shippingInfo: ShippingInfo;
}

/** Which quantity bands a product family counts towards (see the top of this file). */
export function bandGroupOf(family: Family): BandGroup | undefined {
  switch (family) {
    case 'posters':
      return 'poster';
    case 'collages':
      return undefined;
    case 'retro-prints':
    case 'standard-prints':
    case 'film-strips':
    case 'photo-strips':
    case 'greeting-cards':
      return 'upload-panel';
  }
}

function bandDiscounts<L extends PricingLine>(
  items: readonly PricedItem<L>[],
  catalog: CatalogView | undefined,
): BandDiscount[] {
  const bands: BandDiscount[] = [];
  for (const group of BAND_GROUPS) {
    const members = items.filter((item) => bandGroupOf(item.family) === group);
    if (members.length === 0) continue;
    // The band comes from the group's total quantity; the same rate applies in both currencies.
    const display = applyQuantityDiscount(
      discountSchemeOf(group, catalog),
      members.map((item) => ({ quantity: item.quantity, unitPrice: item.pricePerUnit })),
    );
    const usdTotal = sumMinor(members.map((item) => item.lineUsdCents));
    bands.push({
      group,
      quantity: display.totalQuantity,
      rateBps: display.rateBps,
      discount: display.discount,
      discountUsdCents: discountAmount(usdTotal, display.rateBps),
    });
  }
  return bands;
}

/** The lines the catalog sells, each priced in `currency` (money.ts reconciliation rule); the rest apart. */
/**
 * A collage line is named after the template it was made on: template32 sells under TEMPLATE12,
 * whose catalog name is the 7-photo film strip's.
 */
function lineName(
  line: PricingLine & { customizationData?: unknown },
  priced: NonNullable<ReturnType<typeof pricedSku>>,
) {
  const path = (line.customizationData as { templatePath?: unknown } | undefined)?.templatePath;
  const template = priced.size && typeof path === 'string' ? lineTemplate(priced.sku, path) : undefined;
  if (!template || template.id === priced.product.collage?.id) return priced.name;
  return priced.name.replace(shortName(priced.product.name), template.name);
}

export function priceLines<L extends PricingLine>(
  lines: readonly L[],
  currency: CurrencyCode,
  catalog?: CatalogView,
): { items: PricedItem<L>[]; unavailable: L[]; subtotal: number } {
  const known: Array<{ line: L; priced: NonNullable<ReturnType<typeof pricedSku>> }> = [];
  const unavailable: L[] = [];
  for (const line of lines) {
    const priced = pricedSku(line.sku, catalog);
    if (priced) known.push({ line, priced });
    else unavailable.push(line);
  }
  const converted = convertLines(
    known.map(({ line, priced }) => ({ unitUsdCents: priced.unitPriceUsdCents, quantity: line.quantity })),
    currency,
    ratesOf(catalog),
  );
  const items = known.map(({ line, priced }, index): PricedItem<L> => {
    const display = converted.lines[index]!;
    return {
      line,
      sku: priced.sku,
      name: lineName(line, priced),
      family: priced.product.family,
      quantity: line.quantity,
      unitUsdCents: priced.unitPriceUsdCents,
      lineUsdCents: priced.unitPriceUsdCents * line.quantity,
      pricePerUnit: display.unitMinor,
      lineTotal: display.lineMinor,
    };
  });
  return { items, unavailable, subtotal: converted.totalMinor };
}

export function priceCart<L extends PricingLine>(input: CartPricingInput<L>): PricedCart<L> {
  const { currency } = input;
  const { items, unavailable, subtotal } = priceLines(input.lines, currency, input.catalog);
  const totalQuantity = items.reduce((sum, item) => sum + item.quantity, 0);
  const subtotalUsd = sumMinor(items.map((item) => item.lineUsdCents));

  const bands = bandDiscounts(items, input.catalog);
  const bandDiscount = sumMinor(bands.map((band) => band.discount));
  const bandDiscountUsd = sumMinor(bands.map((band) => band.discountUsdCents));

  const promotion =
    input.promotion &&
    promotionDiscount(
      input.promotion.terms,
      eligibleAmounts(input.promotion.terms, items, bands),
      currency,
      ratesOf(input.catalog),
    );
  const promotionDiscountDisplay = promotion?.display ?? 0;
  const promotionDiscountUsd = promotion?.usd ?? 0;

  const loyalty = redeemableDiscount(
    input.loyaltyPoints ?? 0,
    subtotalUsd - bandDiscountUsd - promotionDiscountUsd,
  );
  const loyaltyDiscountUsd = loyalty.discountUsdCents;
  // Half-unit rounding of the conversion must never push the discount past what is left.
  const loyaltyDiscount = Math.min(
    convertFromUsd(loyaltyDiscountUsd, currency, ratesOf(input.catalog)),
    subtotal - bandDiscount - promotionDiscountDisplay,
  );

  const goods = subtotal - bandDiscount - promotionDiscountDisplay - loyaltyDiscount;
  const goodsUsd = subtotalUsd - bandDiscountUsd - promotionDiscountUsd - loyaltyDiscountUsd;

  // Shipping looks at the subtotal before discounts (spec 1 §9; see shipping-terms.ts).
  const terms = shippingTermsIn(input.country, currency, input.catalog?.settings);
  const { rule } = terms;
  const shipsSomething = totalQuantity > 0;
  const isFree = shipsFree(terms, subtotal);
  const shippingFee = shipsSomething && !isFree ? terms.baseRate : 0;
  const shippingFeeUsd = shipsSomething && !isFree ? terms.baseRateUsdCents : 0;
  const freeShippingThreshold = terms.freeShippingThreshold;
  const thresholdUsd = terms.freeShippingThresholdUsdCents;
  const country = terms.listed ? rule.country : input.country.trim().toUpperCase() || rule.country;

  return {
    currency,
    country,
    items,
    unavailable,
    totalQuantity,
    bands,
    loyaltyPointsUsed: loyalty.points,
    ...(promotion && { promotionCode: input.promotion!.code }),
    subtotal,
    bandDiscount,
    loyaltyDiscount,
    promotionDiscount: promotionDiscountDisplay,
    discount: bandDiscount + promotionDiscountDisplay + loyaltyDiscount,
    shippingFee,
    grandTotal: goods + shippingFee,
    freeShippingThreshold,
    usd: {
      subtotal: subtotalUsd,
      bandDiscount: bandDiscountUsd,
      loyaltyDiscount: loyaltyDiscountUsd,
      promotionDiscount: promotionDiscountUsd,
      discount: bandDiscountUsd + promotionDiscountUsd + loyaltyDiscountUsd,
      shippingFee: shippingFeeUsd,
      grandTotal: goodsUsd + shippingFeeUsd,
      freeShippingThreshold: thresholdUsd,
    },
    shippingInfo: {
      country,
      countryName: rule.countryName,
      zone: rule.zone,
      currency: rule.currency,
      baseRate: rule.baseRate,
      freeShippingThreshold: rule.freeShippingThreshold,
      isFree,
      estimatedDays: { ...rule.estimatedDays },
      listed: terms.listed,
    },
  };
}
