// The rules of an owner's quantity bands (posters, or the upload panel's prints, strips and cards):
// every band from quantity 1 up, ascending with no overlap, each a larger discount than the one
// before (buying more never saves less), rates in whole basis points. The command that saves them
// and the price preview that shows them check them alike. Each refusal names the input it is about
// (bands.1.rateBps), so the editor can show it there.
import { ValidationError } from '../errors';
import type { QuantityBand } from '../events/catalog';

export const MAX_BANDS = 8;
/** Far above any order a shop of prints takes; a typo of a few zeros is refused. */
export const MAX_BAND_QUANTITY = 100_000;
/** 90%: a band never gives the goods away. */
export const MAX_BAND_RATE_BPS = 9_000;

export const BAND_MESSAGES = {
  noBands: (sku: string) => `"${sku}" is priced without quantity bands (collages are unit x quantity).`,
  list: `Quantity bands are a list of at most ${MAX_BANDS} bands, each {minQuantity, rateBps}.`,
  minQuantity: `A band starts at a whole quantity from 1 to ${MAX_BAND_QUANTITY}.`,
  ascending: 'Each band starts above the band before it (ascending, no overlap).',
  rate: `A band’s discount is whole basis points from 1 to ${MAX_BAND_RATE_BPS} (100 = 1%).`,
  rising: 'Each band’s discount is larger than the discount of the band before it.',
} as const;

const invalid = (field: string, message: string) => new ValidationError(message, { [field]: message });
const isWhole = (value: unknown, min: number, max: number): value is number =>
  typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max;

/** The bands as given, checked; the first fault found is refused with its input's name. */
export function checkBands(given: unknown): QuantityBand[] {
  if (!Array.isArray(given) || given.length > MAX_BANDS) throw invalid('bands', BAND_MESSAGES.list);
  const bands: QuantityBand[] = [];
  given.forEach((band: unknown, index) => {
    const field = `bands.${index}`;
    if (typeof band !== 'object' || band === null) throw invalid(field, BAND_MESSAGES.list);
    const { minQuantity, rateBps } = band as Record<string, unknown>;
    if (!isWhole(minQuantity, 1, MAX_BAND_QUANTITY))
      throw invalid(`${field}.minQuantity`, BAND_MESSAGES.minQuantity);
    if (!isWhole(rateBps, 1, MAX_BAND_RATE_BPS)) throw invalid(`${field}.rateBps`, BAND_MESSAGES.rate);
    const before = bands[index - 1];
    if (before && minQuantity <= before.minQuantity)
      throw invalid(`${field}.minQuantity`, BAND_MESSAGES.ascending);
    if (before && rateBps <= before.rateBps) throw invalid(`${field}.rateBps`, BAND_MESSAGES.rising);
    bands.push({ minQuantity, rateBps });
  });
  return bands;
}
