// The two quantity-discount schemes of spec 2 §9. Rates are integer basis points (1% = 100 bps) so
// no float enters a price. Rounding, stated once: discount = total x rate rounded half up to the
// nearest minor unit; final = total - discount, so the parts always add up to the total exactly.

export interface DiscountBand {
  /** Smallest total quantity (across all images of the order) that gets this rate. */
  minQuantity: number;
  rateBps: number;
}

/** The product groups that share a scheme (cart-pricing.ts bandGroupOf). */
export type BandGroup = 'poster' | 'upload-panel';
export const BAND_GROUPS: readonly BandGroup[] = ['poster', 'upload-panel'];

export interface DiscountScheme {
  name: BandGroup;
  /** Ascending by minQuantity; the first band starts at 0 with rate 0. */
  bands: readonly DiscountBand[];
}

const BPS = 10_000;

/**
 * Upload-and-price panel: below 50 0%, 50-99 20%, 100-249 30%, 250 or more 40%. The spec gives two
 * parameters, "threshold default 50" and "top rate default 0.4", but not how the middle bands follow
 * from them; we scale both ways proportionally (bands at 1x, 2x and 5x the threshold, rates at 1/2,
 * 3/4 and 1x the top rate), which yields exactly the spec's bands for the defaults.
 */
export function uploadPanelDiscountScheme(
  options: { threshold?: number; topRate?: number } = {},
): DiscountScheme {
  const threshold = options.threshold ?? 50;
  const topRateBps = Math.round((options.topRate ?? 0.4) * BPS);
  if (!Number.isInteger(threshold) || threshold < 1)
    throw new RangeError('threshold must be a whole number of at least 1');
  if (topRateBps < 0 || topRateBps > BPS) throw new RangeError('topRate must be between 0 and 1');
  return {
    name: 'upload-panel',
    bands: [
      { minQuantity: 0, rateBps: 0 },
      { minQuantity: threshold, rateBps: Math.round(topRateBps / 2) },
      { minQuantity: threshold * 2, rateBps: Math.round((topRateBps * 3) / 4) },
      { minQuantity: threshold * 5, rateBps: topRateBps },
    ],
  };
}

export const UPLOAD_PANEL_DISCOUNT: DiscountScheme = uploadPanelDiscountScheme();

/** Poster pages: under 10 0, 10-49 11.24%, 50-99 22.47%, 100 or more 33.71%. */
export const POSTER_DISCOUNT: DiscountScheme = {
  name: 'poster',
  bands: [
    { minQuantity: 0, rateBps: 0 },
    { minQuantity: 10, rateBps: 1124 },
    { minQuantity: 50, rateBps: 2247 },
    { minQuantity: 100, rateBps: 3371 },
  ],
};

/** The code's schemes: the seed of a new shop and the bands of one seeded before bands were settings. */
export const SEED_DISCOUNT_SCHEMES: Readonly<Record<BandGroup, DiscountScheme>> = {
  poster: POSTER_DISCOUNT,
  'upload-panel': UPLOAD_PANEL_DISCOUNT,
};

/**
 * The bands an owner edits: every band from quantity 1 up. Below the first one nothing is taken off,
 * which is the scheme's implicit first band (0, 0%).
 */
export const ownedBands = (scheme: DiscountScheme): DiscountBand[] =>
  scheme.bands.filter((band) => band.minQuantity >= 1).map((band) => ({ ...band }));

/** The scheme of a group with the owner's bands (ascending, each from 1 up, as decided). */
export const schemeWith = (name: BandGroup, bands: readonly DiscountBand[]): DiscountScheme => ({
  name,
  bands: [{ minQuantity: 0, rateBps: 0 }, ...bands.map((band) => ({ ...band }))],
});

const assertQuantity = (quantity: number): void => {
  if (!Number.isInteger(quantity) || quantity < 0)
    throw new RangeError(`quantity must be a whole number >= 0, got ${quantity}`);
};

/** The band a total quantity falls in. */
export function discountBand(scheme: DiscountScheme, totalQuantity: number): DiscountBand {
  assertQuantity(totalQuantity);
  let found = scheme.bands[0]!;
  for (const band of scheme.bands) if (totalQuantity >= band.minQuantity) found = band;
  return found;
}

/** How many more items reach the next band, and its rate; undefined in the top band ("add N more to save"). */
export function nextBand(
  scheme: DiscountScheme,
  totalQuantity: number,
): { itemsNeeded: number; minQuantity: number; rateBps: number } | undefined {
  assertQuantity(totalQuantity);
  const next = scheme.bands.find((band) => band.minQuantity > totalQuantity);
  return (
    next && {
      itemsNeeded: next.minQuantity - totalQuantity,
      minQuantity: next.minQuantity,
      rateBps: next.rateBps,
    }
  );
}

/** Discount on an amount in minor units at a rate in bps, rounded half up (exact, via BigInt). */
export function discountAmount(totalMinor: number, rateBps: number): number {
  if (!Number.isSafeInteger(totalMinor) || totalMinor < 0)
    throw new RangeError(`amount must be whole minor units >= 0, got ${totalMinor}`);
  if (!Number.isInteger(rateBps) || rateBps < 0 || rateBps > BPS)
    throw new RangeError(`rate must be 0..${BPS} bps, got ${rateBps}`);
  return Number((BigInt(totalMinor) * BigInt(rateBps) + BigInt(BPS / 2)) / BigInt(BPS));
}

export interface DiscountLine {
  quantity: number;
  /** Price of one item in minor units. */
  unitPrice: number;
}

export interface DiscountResult {
  totalQuantity: number;
  total: number;
  rateBps: number;
  discount: number;
  final: number;
}

/** Total = sum of quantity x unit price; the band comes from the total quantity of all lines. */
export function applyQuantityDiscount(
  scheme: DiscountScheme,
  lines: readonly DiscountLine[],
): DiscountResult {
  let totalQuantity = 0;
  let total = 0;
  for (const line of lines) {
    assertQuantity(line.quantity);
    if (!Number.isSafeInteger(line.unitPrice) || line.unitPrice < 0) {
      throw new RangeError(`unitPrice must be whole minor units >= 0, got ${line.unitPrice}`);
    }
    totalQuantity += line.quantity;
    total += line.quantity * line.unitPrice;
  }
  const { rateBps } = discountBand(scheme, totalQuantity);
  const discount = discountAmount(total, rateBps);
  return { totalQuantity, total, rateBps, discount, final: total - discount };
}

/** '11.24%', '20%': a rate for display. */
export const formatRate = (rateBps: number): string => `${Number((rateBps / 100).toFixed(2))}%`;

// The bulk-discount table of the poster pages: one row per band of the scheme, with the price per
// item that band really charges (the unit price less the band's rate, by discountAmount) and the
// saving as a rate. The spec's table showed rupee-looking numbers (A4 89/79/69/59) that no cart ever
// charged; the table now states what the cart takes, in the shopper's currency.
export interface BandRow {
  /** '1-9', '10-49', '100+'. */
  label: string;
  rateBps: number;
  /** Price per item in this band, in the unit price's minor units. */
  unitPrice: number;
}

export function bandTable(scheme: DiscountScheme, unitPrice: number): BandRow[] {
  return scheme.bands.map((band, index) => {
    const next = scheme.bands[index + 1];
    const from = Math.max(1, band.minQuantity);
    return {
      label: next ? `${from}-${next.minQuantity - 1}` : `${from}+`,
      rateBps: band.rateBps,
      unitPrice: unitPrice - discountAmount(unitPrice, band.rateBps),
    };
  });
}
