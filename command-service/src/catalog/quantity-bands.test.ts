// Quantity bands as the owner's: the code's bands are the seed, an admin's change (from any product
// of the group) is one dated QuantityBandsChanged with the bands before and after, the cart prices
// with the new bands, and bad bands are refused with a message naming their input.
import { describe, expect, it } from 'vitest';
import { fold } from '@printshop/shared-events/decider';
import type { CatalogEvent, SettingsSeeded } from '@printshop/shared-events/events/catalog';
import type { EventOf } from '@printshop/shared-events/event-registry';
import { ValidationError } from '@printshop/shared-events/errors';
import { priceCart } from '@printshop/shared-events/rules/cart-pricing';
import { seedCatalogEvents } from '@printshop/shared-events/rules/catalog-seed';
import { discountSchemeOf, evolveCatalogView } from '@printshop/shared-events/rules/catalog-view';
import { POSTER_DISCOUNT, UPLOAD_PANEL_DISCOUNT } from '@printshop/shared-events/rules/discounts';
import { catalogDecider, decideCatalog } from './decide';
import { BAND_MESSAGES } from '@printshop/shared-events/rules/quantity-bands';

const at = '2026-03-01T10:00:00.000Z';
const by = 'admin:a1';
const seeded = () => fold(catalogDecider, seedCatalogEvents('2026-01-01T00:00:00.000Z'));
const setBands = (bands: unknown, sku = 'POSTERA4', state = seeded()) =>
  decideCatalog({ type: 'EditProduct', data: { sku, bands, by, at } }, state);
const refusal = (bands: unknown, sku?: string) => {
  try {
    setBands(bands, sku);
  } catch (error) {
    return error as ValidationError;
  }
  throw new Error('expected the bands to be refused');
};
const SEED_POSTER_BANDS = [
  { minQuantity: 10, rateBps: 1124 },
  { minQuantity: 50, rateBps: 2247 },
  { minQuantity: 100, rateBps: 3371 },
];

describe('quantity bands as settings', () => {
  it('given a new shop, then its bands are the code’s (posters 10/50/100, the upload panel 50/100/250)', () => {
    const view = seeded();
    expect(view.settings?.quantityBands.poster).toEqual(SEED_POSTER_BANDS);
    expect(discountSchemeOf('poster', view)).toEqual(POSTER_DISCOUNT);
    expect(discountSchemeOf('upload-panel', view)).toEqual(UPLOAD_PANEL_DISCOUNT);
  });

  it('given a shop seeded before bands were settings, then it keeps the code’s bands', () => {
    const events = seedCatalogEvents(at).map((event) => {
      if (event.type !== 'SettingsSeeded') return event;
      const { quantityBands: _dropped, ...data } = event.data;
      return { ...event, data } as EventOf<typeof SettingsSeeded>;
    });
    const view = events.reduce(evolveCatalogView, catalogDecider.initialState());
    expect(discountSchemeOf('poster', view)).toEqual(POSTER_DISCOUNT);
    expect(discountSchemeOf('upload-panel', view)).toEqual(UPLOAD_PANEL_DISCOUNT);
  });

  it('given the poster bands, when an admin sets 5 posters at 10% and 20 at 25%, then QuantityBandsChanged carries before, after, who and when', () => {
    const bands = [
      { minQuantity: 5, rateBps: 1000 },
      { minQuantity: 20, rateBps: 2500 },
    ];
    expect(setBands(bands)).toEqual<CatalogEvent[]>([
      { type: 'QuantityBandsChanged', data: { group: 'poster', bands, previous: SEED_POSTER_BANDS, by, at } },
    ]);
  });

  it('given 5 A4 posters at 1.78 (no band), when the band of 5 at 10% is set, then the cart takes 0.89 off', () => {
    const before = seeded();
    const after = setBands([{ minQuantity: 5, rateBps: 1000 }]).reduce(evolveCatalogView, before);
    const cart = (catalog: typeof before) =>
      priceCart({ lines: [{ sku: 'POSTERA4', quantity: 5 }], currency: 'USD', country: 'US', catalog });
    expect(cart(before)).toMatchObject({ subtotal: 890, bandDiscount: 0 });
    expect(cart(after)).toMatchObject({ subtotal: 890, bandDiscount: 89, bands: [{ rateBps: 1000 }] });
    // The other group keeps its bands.
    expect(discountSchemeOf('upload-panel', after)).toEqual(UPLOAD_PANEL_DISCOUNT);
  });

  it('given a print of the upload panel, when bands are set, then they are the upload panel’s; none ends its discount', () => {
    const [event] = setBands([], '4X6PHOTOPRINT');
    expect(event).toMatchObject({ type: 'QuantityBandsChanged', data: { group: 'upload-panel', bands: [] } });
    const view = [event!].reduce(evolveCatalogView, seeded());
    expect(discountSchemeOf('upload-panel', view).bands).toEqual([{ minQuantity: 0, rateBps: 0 }]);
  });

  it('given the same bands, then nothing is recorded', () => {
    expect(setBands(SEED_POSTER_BANDS)).toEqual([]);
  });

  const band = (minQuantity: unknown, rateBps: unknown) => ({ minQuantity, rateBps });
  it.each([
    ['not a list', { minQuantity: 5 }, 'bands', BAND_MESSAGES.list],
    ['nine bands', Array.from({ length: 9 }, (_, i) => band(i + 1, i + 1)), 'bands', BAND_MESSAGES.list],
    ['a band that is not an object', [7], 'bands.0', BAND_MESSAGES.list],
    ['a band from 0', [band(0, 500)], 'bands.0.minQuantity', BAND_MESSAGES.minQuantity],
    ['a band from 2.5', [band(2.5, 500)], 'bands.0.minQuantity', BAND_MESSAGES.minQuantity],
    ['a band from a typo', [band(1_000_000, 500)], 'bands.0.minQuantity', BAND_MESSAGES.minQuantity],
    ['a quantity as text', [band('5', 500)], 'bands.0.minQuantity', BAND_MESSAGES.minQuantity],
    ['a rate of 0', [band(5, 0)], 'bands.0.rateBps', BAND_MESSAGES.rate],
    ['a rate in fractions', [band(5, 12.5)], 'bands.0.rateBps', BAND_MESSAGES.rate],
    ['a rate above 90%', [band(5, 9001)], 'bands.0.rateBps', BAND_MESSAGES.rate],
    ['bands out of order', [band(20, 1000), band(5, 2000)], 'bands.1.minQuantity', BAND_MESSAGES.ascending],
    [
      'two bands from one quantity',
      [band(5, 1000), band(5, 2000)],
      'bands.1.minQuantity',
      BAND_MESSAGES.ascending,
    ],
    ['a smaller rate for more', [band(5, 2000), band(20, 1000)], 'bands.1.rateBps', BAND_MESSAGES.rising],
  ])('given %s (%j), then it is refused on the input %s', (_, bands, field, message) => {
    const error = refusal(bands);
    expect(error).toBeInstanceOf(ValidationError);
    expect(error.message).toBe(message);
    expect(error.errors).toEqual({ [field]: message });
  });

  it('given a collage, when bands are set, then it is refused: collages have none', () => {
    const error = refusal([band(5, 1000)], 'TEMPLATE3_COLLAGE');
    expect(error.errors).toEqual({ bands: BAND_MESSAGES.noBands('TEMPLATE3_COLLAGE') });
  });
});
