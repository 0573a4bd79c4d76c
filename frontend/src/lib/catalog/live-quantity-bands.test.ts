// The product pages use the owner's quantity bands from GET /api/settings, as the cart prices; the
// code's before the answer.
import { describe, expect, it } from 'vitest';
import { discountSchemeOf } from '@printshop/shared-events/rules/catalog-view';
import { POSTER_DISCOUNT, UPLOAD_PANEL_DISCOUNT } from '@printshop/shared-events/rules/discounts';
import { settingsOf } from './live-catalog';

const answer = {
  freeShippingThresholdUsd: 50,
  currencies: [{ code: 'USD', ratePerUsd: 1 }],
  shippingCountries: [],
};

describe('live quantity bands', () => {
  it('given settings whose poster bands are 5+ 10% and 20+ 25%, then the poster scheme is those; the upload panel keeps its own', () => {
    const settings = settingsOf({
      ...answer,
      quantityBands: {
        poster: [
          { minQuantity: 5, rateBps: 1000 },
          { minQuantity: 20, rateBps: 2500 },
        ],
        'upload-panel': UPLOAD_PANEL_DISCOUNT.bands.slice(1),
      },
    })!;
    const view = { products: {}, settings };
    expect(discountSchemeOf('poster', view).bands).toEqual([
      { minQuantity: 0, rateBps: 0 },
      { minQuantity: 5, rateBps: 1000 },
      { minQuantity: 20, rateBps: 2500 },
    ]);
    expect(discountSchemeOf('upload-panel', view)).toEqual(UPLOAD_PANEL_DISCOUNT);
  });

  it('given an answer without bands (an older server), then the code’s bands', () => {
    const view = { products: {}, settings: settingsOf(answer)! };
    expect(discountSchemeOf('poster', view)).toEqual(POSTER_DISCOUNT);
  });
});
