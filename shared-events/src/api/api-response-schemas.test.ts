// The contract's response schemas, as the frontend parses answers with them: the error shape,
// products and settings built from the rules, carts, orders, auth, images and country detection.
import { describe, expect, it } from 'vitest';
import { PRODUCTS } from '../rules/catalog';
import { CURRENCIES } from '../rules/currencies';
import { SHIPPING_RULES } from '../rules/shipping';
import { authResponseSchema } from './account';
import { cartResponseSchema } from './cart';
import { detectCountryResponseSchema, productSchema, settingsResponseSchema } from './catalog';
import { errorResponseSchema } from './common';
import { imageUploadResponseSchema } from './images';
import { orderResponseSchema } from './orders';
import { address, errorsOf } from './api-test-support';

describe('response schemas the frontend parses answers with', () => {
  it('the common error shape', () => {
    expect(
      errorsOf(errorResponseSchema, {
        success: false,
        message: 'Bad input',
        code: 'VALIDATION_ERROR',
        errors: { 'shippingAddress.city': 'City is required' },
      }),
    ).toEqual({});
    expect(Object.keys(errorsOf(errorResponseSchema, { success: true, message: 'x' }))).toEqual([
      'success',
      'code',
    ]);
  });

  it('every catalog product fits the product schema; settings built from the rules fit', () => {
    for (const product of PRODUCTS) {
      const dto = {
        sku: product.sku,
        name: product.name,
        category: product.category,
        family: product.family,
        price: product.basePriceUsdCents / 100,
        imageUrl: product.imageUrl,
        path: product.path,
        aspectRatio: product.cropAspectRatio,
      };
      expect(errorsOf(productSchema, dto), product.sku).toEqual({});
    }
    expect(
      errorsOf(settingsResponseSchema, {
        success: true,
        freeShippingThresholdUsd: 50,
        currencies: CURRENCIES,
        shippingCountries: SHIPPING_RULES,
      }),
    ).toEqual({});
  });

  it('cart: missing numbers default to 0 (spec 1 §3)', () => {
    const cart = cartResponseSchema.parse({
      success: true,
      cartId: 'cart-1',
      currency: 'USD',
      country: 'US',
      items: [
        {
          id: 'l1',
          sku: 'POSTERA4',
          name: 'A4 Poster',
          quantity: 2,
          lineTotal: 3.56,
          cropped_image_id: 'c1',
          raw_image_id: null,
          imageUrl: '/images/c1',
        },
      ],
      shippingInfo: {
        country: 'US',
        countryName: 'United States',
        zone: 'north_america',
        baseRate: 10,
        freeShippingThreshold: 50,
        isFree: false,
        estimatedDays: { min: 10, max: 15 },
      },
    });
    expect(cart).toMatchObject({ subtotal: 0, discount: 0, shippingFee: 0, grandTotal: 0, totalQuantity: 0 });
    expect(cart.items[0]!.pricePerUnit).toBe(0);
  });

  it('orders, auth, images and country detection', () => {
    const order = {
      id: 'o1',
      orderNumber: 'PS-0001',
      status: 'paid',
      createdAt: '2025-01-01T10:00:00.000Z',
      email: 'a@b.co',
      items: [{ sku: 'POSTERA4', name: 'A4 Poster', quantity: 1, pricePerUnit: 1.78, lineTotal: 1.78 }],
      subtotal: 1.78,
      discount: 0,
      shippingFee: 10,
      total: 11.78,
      currency: 'USD',
      shippingAddress: address,
      payment: { provider: 'stripe', status: 'succeeded' },
      timeline: [{ status: 'paid', at: '2025-01-01T10:00:00.000Z' }],
    };
    expect(errorsOf(orderResponseSchema, { success: true, order })).toEqual({});
    expect(
      Object.keys(
        errorsOf(orderResponseSchema, {
          success: true,
          order: { ...order, status: 'lost', createdAt: 'yesterday' },
        }),
      ),
    ).toEqual(['order.status', 'order.createdAt']);
    expect(
      errorsOf(authResponseSchema, {
        success: true,
        token: 't',
        user: { id: 'u', email: 'a@b.co', first_name: 'A', last_name: 'B', is_admin: false },
      }),
    ).toEqual({});
    expect(
      errorsOf(imageUploadResponseSchema, {
        success: true,
        message: 'ok',
        rawImage: { id: 'r', width: 10, height: 10 },
        croppedImage: { id: 'c', width: 5, height: 5 },
        print: { dpi: 300, quality: 'good' },
      }),
    ).toEqual({});
    expect(errorsOf(detectCountryResponseSchema, { success: false })).toEqual({});
    expect(
      errorsOf(detectCountryResponseSchema, { success: true, countryCode: 'DE', method: 'geoip' }),
    ).toEqual({});
    expect(
      Object.keys(
        errorsOf(detectCountryResponseSchema, { success: true, countryCode: 'DE', method: 'guess' }),
      ),
    ).toEqual(['method']);
  });
});
