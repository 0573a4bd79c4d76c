// Reviews of an order line over HTTP: a buyer reviews a line of their own paid order with up to 3
// photos of their own uploads; the server decides the product and "verified" from the order; one
// review per line; once approved it is listed on the product's reviews with its photos, and the
// shop's rating summary counts approved reviews only.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  myReviewsResponseSchema,
  ratingSummaryResponseSchema,
  reviewResponseSchema,
  reviewsResponseSchema,
} from '@printshop/shared-events/api/reviews';
import type { OrderDto } from '@printshop/shared-events/api/orders';
import type { TestApp } from '@printshop/test/support/app';
import { browser, type Browser } from '../cart/support';
import { adminApi, api, freshEmail, placeOrder, startAdminApp, type Api } from '../admin/support';

let app: TestApp;
let admin: Api;
beforeAll(async () => {
  app = await startAdminApp('line-reviews');
  admin = await adminApi(app);
});
afterAll(async () => {
  await app?.stop();
});

/** A signed-in buyer with a paid order of two poster lines (A4 and A3). */
async function buyerWithOrder(): Promise<{ buyer: Browser; order: OrderDto }> {
  const buyer = browser(app);
  await buyer.register();
  const { order } = await placeOrder(app, buyer, {
    email: freshEmail('reviewer'),
    lines: [
      { sku: 'POSTERA4', quantity: 1 },
      { sku: 'POSTERA3', quantity: 1 },
    ],
  });
  return { buyer, order };
}

const lineOf = (order: OrderDto, sku: string) => {
  const lineId = order.items.find((item) => item.sku === sku)?.lineId;
  expect(lineId, `order line of ${sku}`).toBeTruthy();
  return lineId!;
};

/** Reads as a fresh visitor who has seen every write the admin has. */
async function publicGet(path: string) {
  const reader = api(app);
  reader.observe(admin.seen);
  const answer = await reader.get(path);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body;
}

const summary = async () =>
  ratingSummaryResponseSchema.parse(await publicGet('/api/reviews/summary')).summary;

describe('reviewing a line of a paid order', () => {
  it('given a paid order and 2 own photos, when the buyer reviews a line, then 201 pending and verified; approved, it is listed with its photos and counted in the rating', async () => {
    const { buyer, order } = await buyerWithOrder();
    const photos = [await buyer.uploadImage(), await buyer.uploadImage()];
    expect(await summary()).toEqual({ averageRating: 0, totalReviews: 0 });

    const answer = await buyer.call('POST', '/api/reviews', {
      rating: 4,
      content: 'Sharp and bright',
      orderId: order.id,
      lineId: lineOf(order, 'POSTERA4'),
      productSku: 'POSTERA3', // the client's word on the product is not taken for a line
      imageIds: photos,
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    admin.observe(answer.headers.get('x-event-position'));
    expect(answer.body.review).toMatchObject({
      status: 'pending',
      productSku: 'POSTERA4',
      verifiedPurchase: true,
      orderNumber: order.orderNumber,
    });
    const review = reviewResponseSchema.parse(answer.body).review;
    expect(review.photos.map((photo) => photo.id)).toEqual(photos);

    // pending: neither listed nor counted
    const before = reviewsResponseSchema.parse(await publicGet('/api/reviews?product=POSTERA4')).data;
    expect(before.reviews.map((r) => r.id)).not.toContain(review.id);
    expect(await summary()).toEqual({ averageRating: 0, totalReviews: 0 });

    const approved = await admin.put(`/api/admin/reviews/${review.id}`, { status: 'approved' });
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);

    const listed = reviewsResponseSchema.parse(await publicGet('/api/reviews?product=POSTERA4')).data;
    const shown = listed.reviews.find((r) => r.id === review.id);
    expect(shown).toMatchObject({ verifiedPurchase: true, rating: 4, productSku: 'POSTERA4' });
    expect(shown!.photos).toEqual(
      photos.map((id) => ({ id, url: `/images/${id}`, thumbnailUrl: `/api/images/${id}?w=256` })),
    );
    const thumbnail = await fetch(`${app.url}${shown!.photos[0]!.thumbnailUrl}`);
    expect(thumbnail.status).toBe(200);
    expect(thumbnail.headers.get('content-type')).toContain('image/');
    expect(await summary()).toEqual({ averageRating: 4, totalReviews: 1 });

    // the buyer's own list says which line is reviewed
    const mine = myReviewsResponseSchema.parse((await buyer.call('GET', '/api/reviews/mine')).body).reviews;
    expect(mine).toEqual([
      expect.objectContaining({
        id: review.id,
        status: 'approved',
        orderId: order.id,
        lineId: lineOf(order, 'POSTERA4'),
      }),
    ]);

    // one review per order line
    const again = await buyer.call('POST', '/api/reviews', {
      rating: 1,
      content: 'Second thoughts',
      orderId: order.id,
      lineId: lineOf(order, 'POSTERA4'),
    });
    expect(again.status, JSON.stringify(again.body)).toBe(409);
  });

  it('given someone else’s order, then 404; given a cancelled (unpaid) order, then 422; nothing is written', async () => {
    const { order } = await buyerWithOrder();
    const stranger = browser(app);
    await stranger.register();
    const foreign = await stranger.call('POST', '/api/reviews', {
      rating: 5,
      content: 'Not mine',
      orderId: order.id,
      lineId: lineOf(order, 'POSTERA4'),
    });
    expect(foreign.status, JSON.stringify(foreign.body)).toBe(404);

    const { buyer, order: cancelled } = await buyerWithOrder();
    const cancel = await admin.put(`/api/admin/orders/${cancelled.id}/status`, { status: 'cancelled' });
    expect(cancel.status, JSON.stringify(cancel.body)).toBe(200);
    const unpaid = await buyer.call('POST', '/api/reviews', {
      rating: 5,
      content: 'Never paid',
      orderId: cancelled.id,
      lineId: lineOf(cancelled, 'POSTERA4'),
    });
    expect(unpaid.status, JSON.stringify(unpaid.body)).toBe(422);
    expect((await stranger.call('GET', '/api/reviews/mine')).body.reviews).toEqual([]);
    expect((await buyer.call('GET', '/api/reviews/mine')).body.reviews).toEqual([]);
  });

  it('given 4 photos, then 400; given someone else’s photo, then 404', async () => {
    const { buyer, order } = await buyerWithOrder();
    const lineId = lineOf(order, 'POSTERA3');
    const own = await buyer.uploadImage();
    const four = await buyer.call('POST', '/api/reviews', {
      rating: 5,
      content: 'Many photos',
      orderId: order.id,
      lineId,
      imageIds: [own, own, own, own],
    });
    expect(four.status, JSON.stringify(four.body)).toBe(400);
    expect(four.body.errors).toEqual({ imageIds: 'You can add up to 3 photos' });

    const other = browser(app);
    await other.register();
    const theirs = await other.uploadImage();
    const foreign = await buyer.call('POST', '/api/reviews', {
      rating: 5,
      content: 'Borrowed photo',
      orderId: order.id,
      lineId,
      imageIds: [own, theirs],
    });
    expect(foreign.status, JSON.stringify(foreign.body)).toBe(404);
  });

  it('given pending and hidden reviews, then the rating summary counts the approved ones only', async () => {
    const start = await summary();
    const { buyer, order } = await buyerWithOrder();
    const post = (sku: string, rating: number) =>
      buyer.call('POST', '/api/reviews', {
        rating,
        content: 'Ok',
        orderId: order.id,
        lineId: lineOf(order, sku),
      });
    const pending = await post('POSTERA4', 1);
    const hidden = await post('POSTERA3', 1);
    expect([pending.status, hidden.status]).toEqual([201, 201]);
    admin.observe(hidden.headers.get('x-event-position'));
    const hide = await admin.put(`/api/admin/reviews/${hidden.body.review.id}`, { status: 'hidden' });
    expect(hide.status).toBe(200);
    expect(await summary()).toEqual(start);
  });
});
