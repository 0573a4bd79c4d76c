// The storefront's adapter of the live answers: GET /api/products' prices, pictures, names and
// descriptions replace the code's, and
// GET /api/settings becomes the settings the shipping rules take, so the banner shows the owner's
// threshold.
import { describe, expect, it } from 'vitest';
import { productByPath } from '@printshop/shared-events/rules/catalog';
import { shippingTermsIn } from '@printshop/shared-events/rules/shipping-terms';
import { settingsOf, withLivePrices, withLiveValues } from './live-catalog';

describe('live catalog', () => {
  it('given the 4x6 print at 0.45 USD in the live list, then the product costs 45 cents; unlisted, the code’s price stays', () => {
    const print = productByPath('/product/4x6-photo-prints')!;
    expect(withLivePrices(print, [{ sku: '4X6PHOTOPRINT', price: 0.45 }]).basePriceUsdCents).toBe(45);
    expect(withLivePrices(print, []).basePriceUsdCents).toBe(print.basePriceUsdCents);
  });

  it('given the A3 poster renamed with a description in the live list, then the product has the owner’s name and description; unlisted, the code’s name and none', () => {
    const a3 = productByPath('/product/poster-a3')!;
    const live = {
      sku: 'POSTERA3',
      price: 1.98,
      imageUrl: a3.imageUrl,
      name: 'Gallery A3 Poster | Museum quality',
      description: 'Owner description…',
    };
    expect(withLiveValues(a3, [live])).toMatchObject({
      name: 'Gallery A3 Poster | Museum quality',
      description: 'Owner description…',
    });
    const unlisted = withLiveValues(a3, []);
    expect(unlisted.name).toBe(a3.name);
    expect(unlisted.description).toBeUndefined();
  });

  it('given the live list without a description (none written) or with an empty one, then the product has none: the page keeps the code’s copy', () => {
    const a3 = productByPath('/product/poster-a3')!;
    const live = { sku: 'POSTERA3', price: 1.98, imageUrl: a3.imageUrl, name: a3.name };
    expect(withLiveValues(a3, [live]).description).toBeUndefined();
    expect(withLiveValues(a3, [{ ...live, description: '' }]).description).toBeUndefined();
  });

  it('given settings with a 60 USD threshold and a 9 GBP UK fee, then the US banner says 60 and the UK fee is 9', () => {
    const settings = settingsOf({
      freeShippingThresholdUsd: 60,
      currencies: [],
      shippingCountries: [
        { country: 'US', currency: 'USD', baseRate: 10, estimatedDays: { min: 10, max: 15 } },
        { country: 'GB', currency: 'GBP', baseRate: 9, estimatedDays: { min: 5, max: 7 } },
      ],
    });
    expect(shippingTermsIn('US', 'USD', settings).freeShippingThreshold).toBe(6000);
    expect(shippingTermsIn('GB', 'GBP', settings)).toMatchObject({ baseRate: 900 });
    expect(settingsOf(undefined)).toBeNull();
  });
});
