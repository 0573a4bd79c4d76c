// The storefront's adapter of the live answers: GET /api/products' prices replace the code's, and
// GET /api/settings becomes the settings the shipping rules take, so the banner shows the owner's
// threshold.
import { describe, expect, it } from 'vitest';
import { productByPath } from '@printshop/shared-events/rules/catalog';
import { shippingTermsIn } from '@printshop/shared-events/rules/shipping-terms';
import { settingsOf, withLivePrices } from './live-catalog';

describe('live catalog', () => {
  it('given the 4x6 print at 0.45 USD in the live list, then the product costs 45 cents; unlisted, the code’s price stays', () => {
    const print = productByPath('/product/4x6-photo-prints')!;
    expect(withLivePrices(print, [{ sku: '4X6PHOTOPRINT', price: 0.45 }]).basePriceUsdCents).toBe(45);
    expect(withLivePrices(print, []).basePriceUsdCents).toBe(print.basePriceUsdCents);
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
