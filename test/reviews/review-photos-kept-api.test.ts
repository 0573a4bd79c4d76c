// A review's photos are kept while the review shows them: their owner's DELETE /api/images/:id is
// refused (409, with why) like a photo in an order, and the served copy still answers; a photo in no
// review deletes as before; once an admin deletes the review, its photos may be deleted.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderDto } from '@printshop/shared-events/api/orders';
import type { TestApp } from '@printshop/test/support/app';
import { browser, type Browser } from '../cart/support';
import { adminApi, freshEmail, placeOrder, startAdminApp, type Api } from '../admin/support';

let app: TestApp;
let admin: Api;
beforeAll(async () => {
  app = await startAdminApp('review-photos-kept');
  admin = await adminApi(app);
});
afterAll(async () => {
  await app?.stop();
});

async function buyerWithOrder(): Promise<{ buyer: Browser; order: OrderDto }> {
  const buyer = browser(app);
  await buyer.register();
  const { order } = await placeOrder(app, buyer, {
    email: freshEmail('photo-keeper'),
    lines: [{ sku: 'POSTERA4', quantity: 1 }],
  });
  return { buyer, order };
}

describe('photos of a review', () => {
  it('given a review showing a photo, when its owner deletes the photo, then 409 with why, and it is still served; after the review is deleted, 200', async () => {
    const { buyer, order } = await buyerWithOrder();
    const [shown, spare] = [await buyer.uploadImage(), await buyer.uploadImage()];
    const submitted = await buyer.call('POST', '/api/reviews', {
      rating: 5,
      content: 'Lovely colours',
      orderId: order.id,
      lineId: order.items[0]!.lineId,
      imageIds: [shown],
    });
    expect(submitted.status, JSON.stringify(submitted.body)).toBe(201);
    const reviewId = submitted.body.review.id as string;

    const refused = await buyer.call('DELETE', `/api/images/${shown}`);
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({
      success: false,
      message: 'This photo is shown in your review and cannot be deleted.',
    });
    const served = await fetch(`${app.url}/images/${shown}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toContain('image/');

    // A photo in no review is the owner's to delete.
    expect((await buyer.call('DELETE', `/api/images/${spare}`)).status).toBe(200);

    // Approved or hidden it still shows (to the admin, and again once approved): still kept.
    expect((await admin.put(`/api/admin/reviews/${reviewId}`, { status: 'hidden' })).status).toBe(200);
    expect((await buyer.call('DELETE', `/api/images/${shown}`)).status).toBe(409);

    // Deleted, the review shows nothing: the photo is its owner's again.
    expect((await admin.delete(`/api/admin/reviews/${reviewId}`)).status).toBe(200);
    const deleted = await buyer.call('DELETE', `/api/images/${shown}`);
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
    expect((await fetch(`${app.url}/images/${shown}`)).status).toBe(404);
  });

  it('given a photo deleted before the review is sent, then the review is refused (404) and not written', async () => {
    const { buyer, order } = await buyerWithOrder();
    const photo = await buyer.uploadImage();
    expect((await buyer.call('DELETE', `/api/images/${photo}`)).status).toBe(200);
    const answer = await buyer.call('POST', '/api/reviews', {
      rating: 4,
      content: 'Gone photo',
      orderId: order.id,
      lineId: order.items[0]!.lineId,
      imageIds: [photo],
    });
    expect(answer.status).toBe(404);
    const again = await buyer.call('POST', '/api/reviews', {
      rating: 4,
      content: 'Without the photo',
      orderId: order.id,
      lineId: order.items[0]!.lineId,
    });
    expect(again.status, JSON.stringify(again.body)).toBe(201);
  });
});
