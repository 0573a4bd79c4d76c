// The zod/mini twins must check answers exactly as shared-events' schemas do: same JSON Schema
// (types, enums, bounds, patterns, defaults, in and out), and the same verdict and output on good
// and bad answers (what JSON Schema cannot say: trimming, defaults filled in).
import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import * as classicAccount from '@printshop/shared-events/api/account';
import * as classicCart from '@printshop/shared-events/api/cart';
import * as classicCatalog from '@printshop/shared-events/api/catalog';
import * as classicCommon from '@printshop/shared-events/api/common';
import * as classicReviews from '@printshop/shared-events/api/reviews';
import { cartAnswer, testUser } from '@/test/fixtures';
import * as account from './account';
import * as cart from './cart';
import * as catalog from './catalog';
import * as common from './common';
import * as reviews from './reviews';

type Schema = z.core.$ZodType;
const twins: [name: string, original: Schema, twin: Schema][] = [
  ['ok', classicCommon.okSchema, common.okSchema],
  ['products', classicCatalog.productsResponseSchema, catalog.productsResponseSchema],
  ['settings', classicCatalog.settingsResponseSchema, catalog.settingsResponseSchema],
  ['country detection', classicCatalog.detectCountryResponseSchema, catalog.detectCountryResponseSchema],
  ['cart', classicCart.cartResponseSchema, cart.cartResponseSchema],
  ['user', classicAccount.userSchema, account.userSchema],
  ['sign-in', classicAccount.authResponseSchema, account.authResponseSchema],
  ['me', classicAccount.meResponseSchema, account.meResponseSchema],
  ['rating summary', classicReviews.ratingSummaryResponseSchema, reviews.ratingSummaryResponseSchema],
  ['reviews', classicReviews.reviewsResponseSchema, reviews.reviewsResponseSchema],
];

/** Success and output, or failure and the paths of the issues. */
function verdict(schema: Schema, answer: unknown) {
  const result = z.safeParse(schema, answer);
  return result.success
    ? { success: true, data: result.data }
    : { success: false, paths: result.error.issues.map((issue) => issue.path.join('.')).sort() };
}

const product = {
  sku: 'POSTERA4',
  name: 'A4 Poster | Customized Poster Print',
  category: 'Posters',
  family: 'posters',
  price: 1.78,
  imageUrl: '/images/products/poster-a4.svg',
  path: '/product/poster-a4',
};
const usd = {
  code: 'USD',
  symbol: '$',
  flag: '🇺🇸',
  name: 'US Dollar',
  ratePerUsd: 1,
  decimals: 2,
  countries: ['US'],
};
const usRule = {
  country: 'US',
  countryName: 'United States',
  zone: 'north_america',
  currency: 'USD',
  baseRate: 10,
  additionalItemRate: 2,
  freeShippingThreshold: 50,
  estimatedDays: { min: 10, max: 15 },
};
const settings = {
  success: true,
  freeShippingThresholdUsd: 50,
  currencies: [usd],
  shippingCountries: [usRule],
};
const emptyCart = cartAnswer([]);
const customization = {
  templatePath: '  /collages/heart  ',
  templateName: 'Heart',
  size: 'A4',
  images: [{ slotId: 1, imageId: 'img-1', position: { x: 0, y: 0, width: 10, height: 10 } }],
};
/** A cart whose one line is a collage with these customization fields changed. */
const collageCart = (changes: Record<string, unknown> = {}) => ({
  ...emptyCart,
  items: [
    {
      ...cartAnswer([{ id: 'l1', quantity: 1 }]).items[0],
      customizationData: { ...customization, ...changes },
    },
  ],
});
const {
  totalQuantity: _t,
  subtotal: _s,
  grandTotal: _g,
  ...cartWithoutTotals
} = cartAnswer([{ id: 'l1', quantity: 2 }]);

const review = {
  id: 'r1',
  rating: 5,
  content: 'Lovely prints.',
  created_at: '2026-11-02T10:00:00.000Z',
  user: { name: 'Asha P.' },
  productSku: 'POSTERA4',
  verifiedPurchase: true,
  photos: [{ id: 'p1', url: '/images/p1', thumbnailUrl: '/api/images/p1?w=256' }],
};
const reviewsPage = (reviews: unknown[]) => ({
  success: true,
  data: {
    reviews,
    stats: {
      averageRating: 5,
      totalReviews: reviews.length,
      ratingDistribution: { 1: 0, 2: 0, 3: 0, 4: 0, 5: reviews.length },
    },
    pagination: { page: 1, limit: 3, total: reviews.length, pages: 1 },
  },
});

const answers: Record<string, [label: string, answer: unknown][]> = {
  ok: [
    ['ok', { success: true, extra: 1 }],
    ['not ok', { success: false }],
  ],
  products: [
    ['a list', { success: true, message: 'Products', data: [product, { ...product, aspectRatio: 0.7 }] }],
    [
      'sizes',
      {
        success: true,
        message: '',
        data: [{ ...product, sizes: [{ id: 'a4', sku: 'S', name: 'A4', dimensions: '21x30', price: 2 }] }],
      },
    ],
    ['an unknown category', { success: true, message: '', data: [{ ...product, category: 'Mugs' }] }],
    ['a zero aspect ratio', { success: true, message: '', data: [{ ...product, aspectRatio: 0 }] }],
    ['a price as text', { success: true, message: '', data: [{ ...product, price: '1.78' }] }],
    ['no message', { success: true, data: [] }],
  ],
  settings: [
    ['the settings', settings],
    ['a negative rate', { ...settings, currencies: [{ ...usd, ratePerUsd: -1 }] }],
    ['an unknown currency', { ...settings, currencies: [{ ...usd, code: 'XXX' }] }],
    ['fractional decimals', { ...settings, currencies: [{ ...usd, decimals: 1.5 }] }],
    ['an unknown zone', { ...settings, shippingCountries: [{ ...usRule, zone: 'moon' }] }],
    ['no free shipping', { ...settings, shippingCountries: [{ ...usRule, freeShippingThreshold: null }] }],
    [
      "the owner's bands",
      { ...settings, quantityBands: { poster: [{ minQuantity: 10, rateBps: 1500 }], 'upload-panel': [] } },
    ],
    [
      'a fractional band',
      { ...settings, quantityBands: { poster: [{ minQuantity: 2.5, rateBps: 1500 }], 'upload-panel': [] } },
    ],
    ['bands of one group only', { ...settings, quantityBands: { poster: [] } }],
  ],
  'rating summary': [
    ['a summary', { success: true, summary: { averageRating: 4.8, totalReviews: 12 } }],
    ['no reviews yet', { success: true, summary: { averageRating: 0, totalReviews: 0 } }],
    ['a rating above 5', { success: true, summary: { averageRating: 5.2, totalReviews: 3 } }],
    ['a fractional count', { success: true, summary: { averageRating: 4, totalReviews: 1.5 } }],
    ['no summary', { success: true }],
  ],
  reviews: [
    ['a page', reviewsPage([review])],
    ['no reviews yet', reviewsPage([])],
    ['no photos (defaulted to none)', reviewsPage([{ ...review, photos: undefined }])],
    ['a rating of 6', reviewsPage([{ ...review, rating: 6 }])],
    ['a date without its offset', reviewsPage([{ ...review, created_at: '2026-11-02 10:00' }])],
    ['no author', reviewsPage([{ ...review, user: {} }])],
    ['no stats', { success: true, data: { ...reviewsPage([]).data, stats: undefined } }],
  ],
  'country detection': [
    ['detected', { success: true, countryCode: 'IN', method: 'geoip' }],
    ['not detected', { success: false }],
    ['a lower-case code', { success: true, countryCode: 'in', method: 'geoip' }],
    ['an unknown method', { success: true, countryCode: 'IN', method: 'guess' }],
  ],
  cart: [
    [
      'a cart',
      cartAnswer([
        { id: 'l1', quantity: 2 },
        { id: 'l2', quantity: 1 },
      ]),
    ],
    ['missing totals (defaulted to 0)', cartWithoutTotals],
    ['a collage line (trimmed)', collageCart()],
    ['a blank template name', collageCart({ templateName: '  ' })],
    [
      'too many collage images',
      collageCart({ images: Array.from({ length: 51 }, (_, i) => ({ slotId: i, imageId: `img-${i}` })) }),
    ],
    ['an unknown collage size', collageCart({ size: 'A0' })],
    ['a negative quantity', cartAnswer([{ id: 'l1', quantity: -1 }])],
    ['a fractional count', cartAnswer([{ id: 'l1', quantity: 1 }], { totalQuantity: 1.5 })],
    ['an unknown zone', { ...emptyCart, shippingInfo: { ...emptyCart.shippingInfo, zone: 'moon' } }],
    ['no shipping info', { ...emptyCart, shippingInfo: undefined }],
  ],
  user: [
    ['a user', testUser],
    ['no admin flag', { ...testUser, is_admin: undefined }],
    ['a numeric id', { ...testUser, id: 1 }],
  ],
  'sign-in': [
    ['signed in', { success: true, token: 't', user: testUser }],
    ['no token', { success: true, user: testUser }],
  ],
  me: [
    ['me', { success: true, user: testUser }],
    ['no user', { success: true }],
  ],
};

describe('zod/mini twins of the answers `/` parses', () => {
  it.each(twins)('%s: the same JSON Schema as the shared-events original', (_name, original, twin) => {
    for (const io of ['input', 'output'] as const) {
      expect(z.toJSONSchema(twin, { io })).toEqual(z.toJSONSchema(original, { io }));
    }
  });

  it.each(twins)('%s: the same verdict and output on good and bad answers', (name, original, twin) => {
    const cases = answers[name] ?? [];
    expect(cases.some(([, answer]) => verdict(original, answer).success)).toBe(true);
    expect(cases.some(([, answer]) => !verdict(original, answer).success)).toBe(true);
    for (const [label, answer] of cases) {
      expect({ label, ...verdict(twin, answer) }).toEqual({ label, ...verdict(original, answer) });
    }
  });

  it('a twin that checks less is caught', () => {
    // Given a twin whose count lost its lower bound
    const looser = z.object({ min: z.number().check(z.int()), max: common.countSchema });
    const original = z.object({ min: classicCommon.countSchema, max: classicCommon.countSchema });
    // Then its JSON Schema differs and it lets a negative count through
    expect(z.toJSONSchema(looser)).not.toEqual(z.toJSONSchema(original));
    expect(verdict(looser, { min: -1, max: 1 }).success).toBe(true);
    expect(verdict(original, { min: -1, max: 1 }).success).toBe(false);
  });
});
