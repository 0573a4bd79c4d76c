// The pricing rules given the owner's catalog: the seed prices as the code does; a change is what
// every price computed from that view uses.
import { describe, expect, it } from 'vitest';
import type { CatalogEvent } from '../events/catalog';
import { priceCart } from './cart-pricing';
import { isHiddenSku, pricedSku } from './catalog';
import { seedCatalogView } from './catalog-seed';
import { evolveCatalogView, type CatalogView } from './catalog-view';
import { shippingTermsIn } from './shipping-terms';

const by = 'admin:a1';
const at = '2026-03-01T10:00:00.000Z';
const after = (...events: CatalogEvent[]): CatalogView => events.reduce(evolveCatalogView, seedCatalogView());

describe('the catalog view in pricing', () => {
  it('given the seed, when lines are priced, then the prices are the code’s', () => {
    const view = seedCatalogView();
    expect(pricedSku('4X6PHOTOPRINT', view)?.unitPriceUsdCents).toBe(
      pricedSku('4X6PHOTOPRINT')?.unitPriceUsdCents,
    );
    const cart = { lines: [{ sku: '4X6PHOTOPRINT', quantity: 2 }], currency: 'USD' as const, country: 'US' };
    expect(priceCart({ ...cart, catalog: view })).toEqual(priceCart(cart));
  });

  it('given a new price of the 4x6 print and a size of a collage, when priced, then the new prices count', () => {
    const view = after(
      {
        type: 'ProductPriced',
        data: { sku: '4X6PHOTOPRINT', size: null, priceUsdCents: 45, previousUsdCents: 39, by, at },
      },
      {
        type: 'ProductPriced',
        data: { sku: 'TEMPLATE3_COLLAGE', size: 'A4', priceUsdCents: 599, previousUsdCents: 499, by, at },
      },
      {
        type: 'ProductRenamed',
        data: { sku: '4X6PHOTOPRINT', name: 'Classic 4x6 | Prints', previous: '', by, at },
      },
    );
    expect(pricedSku('4x6photoprint', view)).toMatchObject({
      unitPriceUsdCents: 45,
      name: 'Classic 4x6 | Prints',
    });
    expect(pricedSku('TEMPLATE3_COLLAGE_A4', view)?.unitPriceUsdCents).toBe(599);
    expect(pricedSku('TEMPLATE3_COLLAGE_A5', view)?.unitPriceUsdCents).toBe(399);
    const priced = priceCart({
      lines: [{ sku: '4X6PHOTOPRINT', quantity: 2 }],
      currency: 'USD',
      country: 'US',
      catalog: view,
    });
    expect(priced.usd.subtotal).toBe(90);
  });

  it('given a view already priced from, when the owner changes a price, then the new view prices anew and the old one as before', () => {
    const before = seedCatalogView();
    const seedPrice = pricedSku('4X6PHOTOPRINT', before)!.unitPriceUsdCents;
    const changed = evolveCatalogView(before, {
      type: 'ProductPriced',
      data: {
        sku: '4X6PHOTOPRINT',
        size: null,
        priceUsdCents: seedPrice + 7,
        previousUsdCents: seedPrice,
        by,
        at,
      },
    });
    expect(pricedSku('4X6PHOTOPRINT', changed)?.unitPriceUsdCents).toBe(seedPrice + 7);
    expect(pricedSku('4X6PHOTOPRINT', before)?.unitPriceUsdCents).toBe(seedPrice);
    expect(pricedSku('4x6photoprint', changed)?.unitPriceUsdCents).toBe(seedPrice + 7);
  });

  it('given a hidden product, when priced, then it is not for sale and its cart line stops counting', () => {
    const view = after({ type: 'ProductHidden', data: { sku: 'POSTERA4', by, at } });
    expect(isHiddenSku('postera4', view)).toBe(true);
    expect(pricedSku('POSTERA4', view)).toBeUndefined();
    const priced = priceCart({
      lines: [{ sku: 'POSTERA4', quantity: 1 }],
      currency: 'USD',
      country: 'US',
      catalog: view,
    });
    expect(priced.items).toEqual([]);
    expect(priced.unavailable).toEqual([{ sku: 'POSTERA4', quantity: 1 }]);
  });

  it('given a threshold of 60 USD and a GB fee of 9 GBP, when shipping is priced, then both apply', () => {
    const view = after(
      { type: 'FreeShippingThresholdChanged', data: { usdCents: 6000, previousUsdCents: 5000, by, at } },
      {
        type: 'ShippingRuleChanged',
        data: {
          country: 'GB',
          rule: { feeMinor: 900, estimatedDays: { min: 5, max: 7 } },
          previous: { feeMinor: 800, estimatedDays: { min: 10, max: 14 } },
          by,
          at,
        },
      },
    );
    expect(shippingTermsIn('US', 'USD', view.settings).freeShippingThreshold).toBe(6000);
    expect(shippingTermsIn('ZZ', 'USD', view.settings).freeShippingThreshold).toBe(6000);
    const gb = shippingTermsIn('GB', 'GBP', view.settings);
    expect(gb).toMatchObject({ baseRate: 900, freeShippingThreshold: 4000 });
    expect(gb.rule.estimatedDays).toEqual({ min: 5, max: 7 });
    // 55 USD of prints ships for a fee now; under the seed it shipped free.
    const lines = [{ sku: '8X10PHOTOPRINT', quantity: 37 }];
    expect(priceCart({ lines, currency: 'USD', country: 'US', catalog: view }).usd.shippingFee).toBe(1000);
    expect(priceCart({ lines, currency: 'USD', country: 'US' }).usd.shippingFee).toBe(0);
  });
});
