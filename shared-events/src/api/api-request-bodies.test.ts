// The contract's request schemas: unknown fields stripped, wrong types, missing fields and
// over-long strings refused on their paths, with the specification's messages.
import { describe, expect, it } from 'vitest';
import { addressBodySchema, changePasswordBodySchema, registerBodySchema } from './account';
import {
  bulkDeleteOrdersBodySchema,
  salesReportQuerySchema,
  salesReportRange,
  webhookBodySchema,
  webhookUpdateBodySchema,
} from './admin';
import {
  addCartItemBodySchema,
  addPhotostripBodySchema,
  cartQuerySchema,
  updateCartItemBodySchema,
} from './cart';
import { contactBodySchema } from './contact';
import { imageQuerySchema, imageUploadFieldsSchema } from './images';
import { redeemBodySchema } from './loyalty';
import { confirmPaymentBodySchema, paymentStartBodySchema, trackOrderQuerySchema } from './orders';
import { createReviewBodySchema, reviewsQuerySchema } from './reviews';
import { trackPurchaseBodySchema, trackViewContentBodySchema } from './tracking';
import { address, errorsOf } from './api-test-support';

describe('request bodies: unknown fields stripped, wrong types and over-long strings refused', () => {
  it('cart item: a good body passes without its extra fields', () => {
    const parsed = addCartItemBodySchema.parse({
      sku: 'POSTERA4',
      quantity: 2,
      rawImageId: 'raw-1',
      croppedImageId: 'crop-1',
      event_id: 'evt-1',
      price: 0.01, // a client price is ignored (API.md)
    });
    expect(parsed).toEqual({
      sku: 'POSTERA4',
      quantity: 2,
      rawImageId: 'raw-1',
      croppedImageId: 'crop-1',
      event_id: 'evt-1',
    });
  });

  it('cart item: wrong types, missing fields and over-long strings fail on their paths', () => {
    expect(Object.keys(errorsOf(addCartItemBodySchema, { sku: 'POSTERA4', quantity: '2' }))).toEqual([
      'quantity',
      'croppedImageId',
    ]);
    expect(
      Object.keys(errorsOf(addCartItemBodySchema, { sku: 'POSTERA4', quantity: 0, croppedImageId: 'c' })),
    ).toEqual(['quantity']);
    expect(
      Object.keys(
        errorsOf(addCartItemBodySchema, {
          sku: 'POSTERA4',
          quantity: 1,
          croppedImageId: 'c',
          event_id: 'e'.repeat(201),
        }),
      ),
    ).toEqual(['event_id']);
    expect(
      Object.keys(
        errorsOf(addCartItemBodySchema, {
          sku: 'TEMPLATE_COLLAGE_A4',
          quantity: 1,
          croppedImageId: 'c',
          customizationData: {
            templatePath: 'x'.repeat(2001),
            templateName: 'T',
            size: 'A6',
            images: [{ slotId: 1 }],
          },
        }),
      ),
    ).toEqual([
      'customizationData.templatePath',
      'customizationData.size',
      'customizationData.images.0.imageId',
    ]);
  });

  it('photostrips, quantity update and cart query', () => {
    expect(
      errorsOf(addPhotostripBodySchema, {
        sku: 'FILMSTRIP2',
        quantity: 1,
        croppedImageId: 'c',
        images: [{ imageId: 'i', slot: 0 }],
      }),
    ).toEqual({});
    expect(
      Object.keys(
        errorsOf(addPhotostripBodySchema, {
          sku: 'FILMSTRIP2',
          quantity: 1,
          croppedImageId: 'c',
          images: [],
        }),
      ),
    ).toEqual(['images']);
    expect(errorsOf(updateCartItemBodySchema, { quantity: 0 })).toEqual({});
    expect(Object.keys(errorsOf(updateCartItemBodySchema, { quantity: 1.5 }))).toEqual(['quantity']);
    expect(cartQuerySchema.parse({})).toEqual({ currency: 'USD', country: 'US' });
    expect(cartQuerySchema.parse({ currency: 'EUR', country: 'de' })).toEqual({
      currency: 'EUR',
      country: 'DE',
    });
    expect(cartQuerySchema.parse({ currency: '', country: '' })).toEqual({ currency: 'USD', country: 'US' });
    expect(Object.keys(errorsOf(cartQuerySchema, { currency: 'XYZ', country: 'USA' }))).toEqual([
      'currency',
      'country',
    ]);
  });

  it('checkout: a nested address is checked against its country profile', () => {
    expect(errorsOf(paymentStartBodySchema, { checkoutId: 'chk-1' })).toEqual({});
    expect(
      errorsOf(paymentStartBodySchema, {
        email: 'a@b.co',
        shippingAddress: address,
        currency: 'USD',
        country: 'US',
      }),
    ).toEqual({});
    expect(
      errorsOf(paymentStartBodySchema, {
        email: 'a@b.co',
        shippingAddress: { ...address, postalCode: '1' },
        currency: 'USD',
        country: 'US',
      }),
    ).toEqual({ 'shippingAddress.postalCode': 'Please enter a valid ZIP Code' });
    expect(errorsOf(paymentStartBodySchema, { email: 'a@b.co', currency: 'USD' })).toEqual({
      shippingAddress: 'Shipping address is required',
      country: 'Country is required',
    });
    expect(paymentStartBodySchema.parse({ checkoutId: 'chk-1', email: 'ignored@b.co' })).toEqual({
      checkoutId: 'chk-1',
    });
    expect(
      errorsOf(confirmPaymentBodySchema, { paymentIntentId: 'pi_1', testCard: '4242 4242 4242 4242' }),
    ).toEqual({});
    expect(
      confirmPaymentBodySchema.parse({ paymentIntentId: 'pi_1', testCard: '4242 4242 4242 4242' }).testCard,
    ).toBe('4242424242424242');
    expect(
      Object.keys(errorsOf(confirmPaymentBodySchema, { paymentIntentId: 'pi_1', testCard: '42x' })),
    ).toEqual(['testCard']);
  });

  it('account: address, register and change-password bodies carry the specification messages', () => {
    expect(errorsOf(addressBodySchema, { ...address, postalCode: '' })).toEqual({
      postalCode: 'ZIP Code is required',
    });
    expect(
      errorsOf(changePasswordBodySchema, {
        currentPassword: 'x',
        newPassword: 'Secret123',
        confirmPassword: 'nope',
      }),
    ).toEqual({
      confirmPassword: "Passwords don't match",
    });
    expect(
      errorsOf(registerBodySchema, { email: 'x', password: 'Secret123', firstName: 'A', lastName: 'B' }),
    ).toEqual({
      email: 'Please enter a valid email address',
    });
  });

  it('loyalty, reviews, contact', () => {
    expect(errorsOf(redeemBodySchema, { pointsToRedeem: 500 })).toEqual({});
    expect(errorsOf(redeemBodySchema, { pointsToRedeem: '500' })).toEqual({
      pointsToRedeem: 'Enter the number of points to redeem',
    });
    expect(errorsOf(createReviewBodySchema, { rating: 5, content: 'Lovely prints' })).toEqual({});
    expect(errorsOf(createReviewBodySchema, { rating: 6, content: ' ' })).toEqual({
      rating: 'Please choose a rating from 1 to 5',
      content: 'Please write your review',
    });
    expect(Object.keys(errorsOf(createReviewBodySchema, { rating: 4, content: 'x'.repeat(2001) }))).toEqual([
      'content',
    ]);
    expect(
      errorsOf(contactBodySchema, { name: 'Ada', email: 'ada@example.com', subject: 'Hi', message: 'Hello' }),
    ).toEqual({});
    const contact = errorsOf(contactBodySchema, {
      name: '',
      email: 'ada@example.com',
      subject: 'Hi',
      message: 'x'.repeat(2001),
    });
    expect(contact).toEqual({ name: 'Name is required', message: 'Message must be at most 2000 characters' });
  });

  it('tracking bodies of spec 2 §7', () => {
    expect(
      errorsOf(trackViewContentBodySchema, {
        product: {
          sku: 'POSTERA4',
          meta_content_id: 'POSTERA4_12345',
          name: 'A4 Poster',
          price: 1.78,
          currency: 'USD',
        },
        event_id: 'browser_123',
        is_browser_failed: false,
        page_path: '/product/poster-a4',
        referer: null,
        user_data: { fbp: 'fb.1.2.3' },
      }),
    ).toEqual({});
    expect(
      Object.keys(
        errorsOf(trackViewContentBodySchema, {
          product: {
            sku: 'POSTERA4',
            meta_content_id: 'POSTERA4_12345',
            name: 'A4 Poster',
            price: '1.78',
            currency: 'USD',
          },
          event_id: 'server_123',
        }),
      ),
    ).toEqual(['product.price', 'event_id']);
    expect(
      Object.keys(
        errorsOf(trackPurchaseBodySchema, {
          orderDetails: {
            order_number: 'PS-1',
            total_amount: 10,
            currency: 'USD',
            items: [{ sku: 'POSTERA4', name: 'A4', price_per_unit: 1.78, quantity: 0 }],
          },
          event_id: 'e1',
        }),
      ),
    ).toEqual(['orderDetails.items.0.quantity']);
  });

  it('images, admin and queries', () => {
    expect(
      imageUploadFieldsSchema.parse({ crop: '{"x":0,"y":0,"width":10,"height":20}', sku: 'POSTERA4' }).crop,
    ).toEqual({
      x: 0,
      y: 0,
      width: 10,
      height: 20,
    });
    expect(Object.keys(errorsOf(imageUploadFieldsSchema, { crop: 'not json' }))).toEqual(['crop']);
    expect(
      Object.keys(errorsOf(imageUploadFieldsSchema, { crop: '{"x":0,"y":0,"width":0,"height":20}' })),
    ).toEqual(['crop.width']);
    expect(Object.keys(errorsOf(bulkDeleteOrdersBodySchema, { orderIds: [] }))).toEqual(['orderIds']);
    expect(Object.keys(errorsOf(bulkDeleteOrdersBodySchema, { orderIds: ['a', 7] }))).toEqual(['orderIds.1']);
    expect(webhookBodySchema.parse({ url: 'https://example.com/hook', events: ['order.paid'] }).active).toBe(
      true,
    );
    expect(
      Object.keys(errorsOf(webhookBodySchema, { url: 'ftp://example.com', events: ['order.paid'] })),
    ).toEqual(['url']);
    expect(webhookUpdateBodySchema.parse({ active: false })).toEqual({ active: false });
    expect(reviewsQuerySchema.parse({ page: '2', rating: '', search: '' })).toEqual({
      page: 2,
      limit: 5,
      sort: 'newest',
    });
    expect(Object.keys(errorsOf(reviewsQuerySchema, { sort: 'random', rating: '9' }))).toEqual([
      'sort',
      'rating',
    ]);
    expect(imageQuerySchema.parse({ w: '640' })).toEqual({ w: 640 });
    expect(Object.keys(errorsOf(imageQuerySchema, { w: 'wide' }))).toEqual(['w']);
    expect(salesReportQuerySchema.parse({ from: '2025-01-01', to: '2025-01-31' })).toMatchObject({
      groupBy: 'day',
      currency: 'USD-converted',
    });
    expect(salesReportQuerySchema.parse({})).toMatchObject({ groupBy: 'day', format: 'json' });
    const now = new Date('2025-03-31T22:00:00Z');
    expect(salesReportRange({}, now)).toEqual({ from: '2025-03-02', to: '2025-03-31' });
    expect(salesReportRange({ from: '2025-03-20' }, now)).toEqual({ from: '2025-03-20', to: '2025-03-31' });
    expect(salesReportRange({ from: '2025-05-01' }, now)).toEqual({ from: '2025-05-01', to: '2025-05-01' });
    expect(salesReportRange({ to: '2025-01-30' }, now)).toEqual({ from: '2025-01-01', to: '2025-01-30' });
    expect(Object.keys(errorsOf(trackOrderQuerySchema, { orderNumber: '', email: 'a@b.co' }))).toEqual([
      'orderNumber',
    ]);
  });
});
