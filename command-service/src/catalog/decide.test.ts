import { describe, expect, it } from 'vitest';
import { fold } from '@printshop/shared-events/decider';
import type { CatalogEvent } from '@printshop/shared-events/events/catalog';
import { NotFound, RuleBroken, ValidationError } from '@printshop/shared-events/errors';
import { PRODUCTS } from '@printshop/shared-events/rules/catalog';
import { seedCatalogEvents } from '@printshop/shared-events/rules/catalog-seed';
import { CATALOG_MESSAGES, catalogDecider, decideCatalog, type CatalogCommand } from './decide';

const at = '2026-03-01T10:00:00.000Z';
const by = 'admin:a1';
const seeded = () => fold(catalogDecider, seedCatalogEvents('2026-01-01T00:00:00.000Z'));
const edit = (data: Omit<Extract<CatalogCommand, { type: 'EditProduct' }>['data'], 'by' | 'at'>) =>
  decideCatalog({ type: 'EditProduct', data: { ...data, by, at } }, seeded());
const settings = (data: Omit<Extract<CatalogCommand, { type: 'EditSettings' }>['data'], 'by' | 'at'>) =>
  decideCatalog({ type: 'EditSettings', data: { ...data, by, at } }, seeded());

const failure = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    return error;
  }
  throw new Error('expected the command to be refused');
};

describe('SeedCatalog', () => {
  it('given no stream, when seeded, then every product of the code is listed and the settings follow', () => {
    const events = decideCatalog({ type: 'SeedCatalog', data: { at } }, catalogDecider.initialState());
    expect(events.filter((e) => e.type === 'ProductListed')).toHaveLength(PRODUCTS.length);
    expect(events.at(-1)).toMatchObject({
      type: 'SettingsSeeded',
      data: { freeShippingThresholdUsdCents: 5000, by: 'system', at },
    });
    const state = fold(catalogDecider, events);
    expect(state.products['4X6PHOTOPRINT']).toMatchObject({ priceUsdCents: 39, hidden: false });
    expect(state.settings?.shipping.GB).toEqual({ feeMinor: 800, estimatedDays: { min: 10, max: 14 } });
  });

  it('given a seeded stream, when seeded again, then nothing happens', () => {
    expect(decideCatalog({ type: 'SeedCatalog', data: { at } }, seeded())).toEqual([]);
  });
});

describe('EditProduct', () => {
  it('given the 4x6 print at 39 cents, when priced at 45, then ProductPriced carries before and after', () => {
    expect(edit({ sku: '4x6photoprint', priceUsdCents: 45 })).toEqual<CatalogEvent[]>([
      {
        type: 'ProductPriced',
        data: { sku: '4X6PHOTOPRINT', size: null, priceUsdCents: 45, previousUsdCents: 39, by, at },
      },
    ]);
  });

  it('given a collage, when one size is priced, then only that size changes', () => {
    const events = edit({ sku: 'TEMPLATE3_COLLAGE', sizePrices: { A4: 599, A5: 399 } });
    expect(events).toEqual([
      {
        type: 'ProductPriced',
        data: { sku: 'TEMPLATE3_COLLAGE', size: 'A4', priceUsdCents: 599, previousUsdCents: 499, by, at },
      },
    ]);
  });

  it('given a product, when renamed, described and hidden, then one event per field, and shown again after', () => {
    const events = edit({
      sku: 'POSTERA4',
      name: ' A4 Poster ',
      description: 'Matte, 200 gsm.',
      hidden: true,
    });
    expect(events.map((e) => e.type)).toEqual(['ProductRenamed', 'ProductDescribed', 'ProductHidden']);
    expect(events[0]!.data).toMatchObject({
      name: 'A4 Poster',
      previous: 'A4 Poster | Customized Poster Print',
    });
    const hidden = [...seedCatalogEvents(at), ...events].reduce(
      catalogDecider.evolve,
      catalogDecider.initialState(),
    );
    expect(hidden.products.POSTERA4).toMatchObject({ hidden: true, description: 'Matte, 200 gsm.' });
    const shown = decideCatalog(
      { type: 'EditProduct', data: { sku: 'POSTERA4', hidden: false, by, at } },
      hidden,
    );
    expect(shown).toEqual([{ type: 'ProductShown', data: { sku: 'POSTERA4', by, at } }]);
  });

  it('given the same values, when edited, then nothing is recorded', () => {
    expect(edit({ sku: '4X6PHOTOPRINT', priceUsdCents: 39, hidden: false })).toEqual([]);
  });

  it.each([
    ['a negative price', { priceUsdCents: -1 }, CATALOG_MESSAGES.price],
    ['a price in fractions of a cent', { priceUsdCents: 39.5 }, CATALOG_MESSAGES.price],
    ['a price of a typo', { priceUsdCents: 10_000_001 }, CATALOG_MESSAGES.priceTooHigh],
    [
      'sizes on a product without sizes',
      { sizePrices: { A4: 100 } },
      CATALOG_MESSAGES.unsizedProduct('4X6PHOTOPRINT'),
    ],
    ['an empty name', { name: '  ' }, CATALOG_MESSAGES.name],
  ])('given %s, when edited, then a validation error says why and nothing changes', (_, change, message) => {
    const error = failure(() => edit({ sku: '4X6PHOTOPRINT', ...change }));
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as Error).message).toBe(message);
  });

  it('given a collage, when priced without a size or with an unknown one, then it is refused', () => {
    expect((failure(() => edit({ sku: 'TEMPLATE3_COLLAGE', priceUsdCents: 1 })) as Error).message).toBe(
      CATALOG_MESSAGES.sizedProduct('TEMPLATE3_COLLAGE'),
    );
    expect((failure(() => edit({ sku: 'TEMPLATE3_COLLAGE', sizePrices: { XL: 1 } })) as Error).message).toBe(
      CATALOG_MESSAGES.unknownSize('XL'),
    );
  });

  it('given an unknown SKU, when edited, then it is not found', () => {
    const error = failure(() => edit({ sku: 'NOPE', priceUsdCents: 1 }));
    expect(error).toBeInstanceOf(NotFound);
    expect((error as Error).message).toBe(CATALOG_MESSAGES.unknownSku('NOPE'));
  });
});

describe('EditSettings', () => {
  it('given the seed, when the threshold, a country and the trust copy change, then one event each', () => {
    const events = settings({
      freeShippingThresholdUsdCents: 6000,
      shipping: { gb: { feeMinor: 900 } },
      trust: { ratingText: 'Loved by 10,000 customers' },
    });
    expect(events).toEqual<CatalogEvent[]>([
      { type: 'FreeShippingThresholdChanged', data: { usdCents: 6000, previousUsdCents: 5000, by, at } },
      {
        type: 'ShippingRuleChanged',
        data: {
          country: 'GB',
          rule: { feeMinor: 900, estimatedDays: { min: 10, max: 14 } },
          previous: { feeMinor: 800, estimatedDays: { min: 10, max: 14 } },
          by,
          at,
        },
      },
      {
        type: 'TrustCopyChanged',
        data: {
          field: 'ratingText',
          text: 'Loved by 10,000 customers',
          previous: 'Rated by our customers',
          by,
          at,
        },
      },
    ]);
    const state = [...seedCatalogEvents(at), ...events].reduce(
      catalogDecider.evolve,
      catalogDecider.initialState(),
    );
    expect(state.settings).toMatchObject({
      freeShippingThresholdUsdCents: 6000,
      shipping: { GB: { feeMinor: 900 } },
    });
  });

  it.each([
    ['a negative threshold', { freeShippingThresholdUsdCents: -100 }, CATALOG_MESSAGES.threshold],
    [
      'a threshold in fractions of a cent',
      { freeShippingThresholdUsdCents: 10.5 },
      CATALOG_MESSAGES.threshold,
    ],
    ['an unknown country', { shipping: { XX: { feeMinor: 100 } } }, CATALOG_MESSAGES.unknownCountry('XX')],
    ['a negative fee', { shipping: { US: { feeMinor: -1 } } }, CATALOG_MESSAGES.fee],
    [
      'days the wrong way round',
      { shipping: { US: { estimatedDays: { min: 9, max: 3 } } } },
      CATALOG_MESSAGES.days,
    ],
    ['trust copy too long', { trust: { deliveryPromise: 'x'.repeat(501) } }, CATALOG_MESSAGES.trust],
  ])('given %s, when the settings are edited, then a validation error says why', (_, change, message) => {
    const error = failure(() => settings(change));
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as Error).message).toBe(message);
  });

  it('given no seed, when the settings are edited, then it is refused', () => {
    const edit: CatalogCommand = { type: 'EditSettings', data: { freeShippingThresholdUsdCents: 1, by, at } };
    expect(failure(() => decideCatalog(edit, catalogDecider.initialState()))).toBeInstanceOf(RuleBroken);
  });
});

describe('EditProduct: pictures', () => {
  const seed = PRODUCTS.find((p) => p.sku === 'POSTERA4')!.imageUrl;

  it('given the code’s picture, when the owner sets an upload first, then one event with the pictures before and after', () => {
    const images = ['/images/img-1', seed];
    expect(edit({ sku: 'POSTERA4', images })).toEqual([
      { type: 'ProductImagesChanged', data: { sku: 'POSTERA4', images, previous: [seed], by, at } },
    ]);
    const state = fold(catalogDecider, [
      ...seedCatalogEvents('2026-01-01T00:00:00.000Z'),
      ...edit({ sku: 'POSTERA4', images }),
    ]);
    expect(state.products.POSTERA4?.images).toEqual(images);
  });

  it('given the same pictures as now, when sent, then nothing happens', () => {
    expect(edit({ sku: 'POSTERA4', images: [seed] })).toEqual([]);
  });

  it('refuses no picture, more than 8, a repeated one or a URL that is not a picture', () => {
    const many = Array.from({ length: 9 }, (_, i) => `/images/img-${i}`);
    for (const images of [[], many, [seed, seed], ['https://x.example/a.jpg'], ['/images/../secret']]) {
      const error = failure(() => edit({ sku: 'POSTERA4', images }));
      expect(error, JSON.stringify(images)).toBeInstanceOf(ValidationError);
      expect((error as ValidationError).message).toBe(CATALOG_MESSAGES.images);
    }
  });
});
