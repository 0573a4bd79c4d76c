// Reviews over HTTP: submitting (signed in; verified purchase when the author bought the product
// through the real checkout, or names their own order), one review per user per product, moderation
// by admins (approve, hide, delete as events), and the public list of spec 1 §3/§4/§7 with its
// rating filter, search, sorts, paging and stats, checked against what the event log says.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminReviewResponseSchema, adminReviewsResponseSchema } from '@printshop/shared-events/api/admin';
import {
  reviewResponseSchema,
  reviewsResponseSchema,
  type ReviewDto,
} from '@printshop/shared-events/api/reviews';
import type { RecordedEvent } from '@printshop/shared-events/event-store';
import { reviewStreamName, type ReviewEvent } from '@printshop/shared-events/events/review';
import { reviewsProjection } from '@printshop/projections/reviews/reviews-projection';
import { verifyProjection } from '@printshop/projections/runner/verify';
import type { TestApp } from '@printshop/test/support/app';
import { browser } from '../cart/support';
import { adminApi, api, freshEmail, placeOrder, startAdminApp, type Api } from '../admin/support';
import { eventLog } from '../payments/support';

let app: TestApp;
let admin: Api;
beforeAll(async () => {
  app = await startAdminApp('reviews');
  admin = await adminApi(app);
});
afterAll(async () => {
  await app?.stop();
});

/** A fresh account with these names, as a client holding its token. */
async function member(firstName = 'Grace', lastName = 'Hopper'): Promise<Api & { userId: string }> {
  const answer = await api(app).post('/api/auth/register', {
    email: freshEmail('reviewer'),
    password: 'Str0ngPassword',
    firstName,
    lastName,
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return Object.assign(api(app, answer.body.token as string), { userId: answer.body.user.id as string });
}

/** Submits a review; the admin's and the public's reads will reflect it. */
async function submit(author: Pick<Api, 'post'>, body: Record<string, unknown>) {
  const answer = await author.post('/api/reviews', body);
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  admin.observe(answer.headers.get('x-event-position'));
  return reviewResponseSchema.parse(answer.body).review;
}

async function moderate(reviewId: string, status: 'approved' | 'hidden') {
  const answer = await admin.put(`/api/admin/reviews/${reviewId}`, { status });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return adminReviewResponseSchema.parse(answer.body).review;
}

/** The public list, reflecting every write the admin client has seen. */
async function publicList(query: string) {
  const reader = api(app);
  reader.observe(admin.seen);
  const answer = await reader.get(`/api/reviews${query}`);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return reviewsResponseSchema.parse(answer.body).data;
}

describe('submitting a review', () => {
  it('given a customer who bought the product, when they review it, then it is pending and marked a verified purchase', async () => {
    const buyer = browser(app);
    await buyer.register();
    await placeOrder(app, buyer, { email: freshEmail('buyer'), lines: [{ sku: 'POSTERA4', quantity: 1 }] });

    // the browser sends the payment's position: the purchase is seen at once
    const answer = await buyer.call('POST', '/api/reviews', {
      rating: 5,
      content: 'Crisp colours',
      productSku: 'postera4',
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    const review = reviewResponseSchema.parse(answer.body).review;
    expect(review).toMatchObject({
      rating: 5,
      content: 'Crisp colours',
      user: { name: 'Cart T.' },
      productSku: 'POSTERA4',
      verifiedPurchase: true,
    });
    expect(answer.body.review.status).toBe('pending');
    const [event] = await eventLog(app).readStream(reviewStreamName(review.id));
    expect(event).toMatchObject({ type: 'ReviewSubmitted', data: { verifiedPurchase: true, rating: 5 } });

    const twice = await buyer.call('POST', '/api/reviews', {
      rating: 1,
      content: 'Changed my mind',
      productSku: 'POSTERA4',
    });
    expect(twice.status).toBe(409);
    expect(twice.body).toMatchObject({
      code: 'CONFLICT',
      message: 'You have already reviewed this product.',
    });
  });

  it('given a customer who did not buy the product, when they review it, then it is not a verified purchase', async () => {
    const reviewer = await member();
    const review = await submit(reviewer, { rating: 3, content: 'Looks fine', productSku: 'POSTERA4' });
    expect(review).toMatchObject({ verifiedPurchase: false, user: { name: 'Grace H.' } });
  });

  it('given an order number, when its owner reviews the shop, then verified and it names the order', async () => {
    const buyer = browser(app);
    await buyer.register();
    const { order } = await placeOrder(app, buyer, { email: freshEmail('owner') });
    const own = await buyer.call('POST', '/api/reviews', {
      rating: 4,
      content: 'Fast delivery',
      orderNumber: order.orderNumber.toLowerCase(),
    });
    expect(own.status, JSON.stringify(own.body)).toBe(201);
    expect(own.body.review).toMatchObject({ verifiedPurchase: true, orderNumber: order.orderNumber });
    expect(own.body.review.productSku).toBeUndefined();
  });

  it('given another customer’s order number or a made-up one, when someone reviews with it, then 404 and the admin never sees it', async () => {
    const buyer = browser(app);
    await buyer.register();
    const { order } = await placeOrder(app, buyer, { email: freshEmail('victim') });
    const mallory = await member('Mallory', 'Malicious');

    for (const orderNumber of [order.orderNumber, 'PS-TOTALLYFAKE']) {
      const claimed = await mallory.post('/api/reviews', {
        rating: 1,
        content: 'terrible order experience',
        productSku: 'POSTERA4',
        orderNumber,
      });
      expect(claimed.status, JSON.stringify(claimed.body)).toBe(404);
      expect(claimed.body).toMatchObject({ code: 'NOT_FOUND', message: 'Order not found' });
    }

    const written = await app
      .db('es_events')
      .where({ type: 'ReviewSubmitted' })
      .whereRaw(`data->>'userId' = ?`, [mallory.userId]);
    expect(written).toEqual([]);
    const queue = adminReviewsResponseSchema.parse((await admin.get('/api/admin/reviews')).body);
    expect(queue.reviews.filter((review) => review.orderNumber === order.orderNumber)).toEqual([]);
    // refused, not used up: the same review without the claim goes in, naming no order
    const honest = await submit(mallory, {
      rating: 1,
      content: 'terrible order experience',
      productSku: 'POSTERA4',
    });
    expect(honest).toMatchObject({ verifiedPurchase: false });
    expect((honest as { orderNumber?: string }).orderNumber).toBeUndefined();
  });

  it('given no token or bad fields, then 401 or 400 with the field messages, and nothing is written', async () => {
    expect((await api(app).post('/api/reviews', { rating: 5, content: 'Nice' })).status).toBe(401);
    const reviewer = await member();
    const bad = await reviewer.post('/api/reviews', { rating: 6, content: ' ' });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual({
      rating: 'Please choose a rating from 1 to 5',
      content: 'Please write your review',
    });
    const unknown = await reviewer.post('/api/reviews', {
      rating: 4,
      content: 'Hm',
      productSku: 'NOSUCHTHING',
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors).toEqual({ productSku: 'This product does not exist.' });
    const written = await app
      .db('es_events')
      .where({ type: 'ReviewSubmitted' })
      .whereRaw(`data->>'userId' = ?`, [reviewer.userId]);
    expect(written).toEqual([]);
  });
});

describe('moderation', () => {
  it('given a pending review, when an admin approves, hides and deletes it, then each is an event and the lists follow', async () => {
    const reviewer = await member('Linus', 'Torvalds');
    const review = await submit(reviewer, { rating: 4, content: 'Good strips', productSku: 'FILMSTRIP2' });
    const pending = adminReviewsResponseSchema.parse(
      (await admin.get('/api/admin/reviews?status=pending&product=filmstrip2')).body,
    );
    expect(pending.reviews.map((r) => [r.id, r.status, r.userId])).toEqual([
      [review.id, 'pending', reviewer.userId],
    ]);
    expect((await publicList('?product=FILMSTRIP2')).reviews).toEqual([]);

    expect(await moderate(review.id, 'approved')).toMatchObject({ id: review.id, status: 'approved' });
    expect((await publicList('?product=FILMSTRIP2')).reviews.map((r) => r.id)).toEqual([review.id]);

    await moderate(review.id, 'hidden');
    expect((await publicList('?product=FILMSTRIP2')).reviews).toEqual([]);
    const hidden = adminReviewsResponseSchema.parse(
      (await admin.get('/api/admin/reviews?status=hidden&product=FILMSTRIP2&rating=4')).body,
    );
    expect(hidden.reviews.map((r) => r.id)).toEqual([review.id]);
    expect(
      adminReviewsResponseSchema.parse(
        (await admin.get('/api/admin/reviews?status=hidden&product=FILMSTRIP2&rating=5')).body,
      ).reviews,
    ).toEqual([]);

    await moderate(review.id, 'approved');
    const deleted = await admin.delete(`/api/admin/reviews/${review.id}`);
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({ success: true });
    expect((await publicList('?product=FILMSTRIP2')).reviews).toEqual([]);
    expect(
      adminReviewsResponseSchema.parse((await admin.get('/api/admin/reviews?product=FILMSTRIP2')).body)
        .reviews,
    ).toEqual([]);
    const row = await app.db
      .withSchema('rm_reviews')
      .table('reviews')
      .where({ review_id: review.id })
      .first();
    expect(row).toMatchObject({ deleted: true, status: 'approved' });
    const types = (await eventLog(app).readStream(reviewStreamName(review.id))).map((e) => e.type);
    expect(types).toEqual([
      'ReviewSubmitted',
      'ReviewApproved',
      'ReviewHidden',
      'ReviewApproved',
      'ReviewDeleted',
    ]);

    expect((await admin.put(`/api/admin/reviews/${review.id}`, { status: 'approved' })).status).toBe(404);
    expect((await admin.delete(`/api/admin/reviews/${review.id}`)).status).toBe(404);
    expect((await admin.put('/api/admin/reviews/no-such-review', { status: 'approved' })).status).toBe(404);
    const badStatus = await admin.put(`/api/admin/reviews/${review.id}`, { status: 'pending' });
    expect(badStatus.status).toBe(400);
    expect(Object.keys(badStatus.body.errors)).toEqual(['status']);
    expect((await admin.get('/api/admin/reviews?status=rejected')).status).toBe(400);
  });

  it('given no token or a customer, when calling the moderation routes, then 401 or 403 and nothing changes', async () => {
    const reviewer = await member();
    const review = await submit(reviewer, { rating: 2, content: 'Meh', productSku: 'POSTERA3' });
    const calls: Array<[string, string, unknown?]> = [
      ['GET', '/api/admin/reviews'],
      ['PUT', `/api/admin/reviews/${review.id}`, { status: 'approved' }],
      ['DELETE', `/api/admin/reviews/${review.id}`],
    ];
    for (const [method, path, body] of calls) {
      expect((await api(app).call(method, path, body)).status, `${method} ${path}`).toBe(401);
      const forbidden = await reviewer.call(method, path, body);
      expect(forbidden.status, `${method} ${path}`).toBe(403);
      expect(forbidden.body.code).toBe('FORBIDDEN');
    }
    const types = (await eventLog(app).readStream(reviewStreamName(review.id))).map((e) => e.type);
    expect(types).toEqual(['ReviewSubmitted']);
  });
});

describe('the public list', () => {
  const SKU = 'POSTER1218';
  /** rating, text, moderation: five approved (one of each star but two fives), one hidden, one pending. */
  const plan = [
    { rating: 5, content: 'Stunning poster, MARKER colours', status: 'approved' },
    { rating: 4, content: 'Very good', status: 'approved' },
    { rating: 1, content: 'Arrived creased marker', status: 'approved' },
    { rating: 5, content: 'Perfect gift', status: 'approved' },
    { rating: 3, content: 'Average paper', status: 'approved' },
    { rating: 2, content: 'Hidden one marker', status: 'hidden' },
    { rating: 4, content: 'Still pending marker', status: 'pending' },
  ] as const;
  let approved: ReviewDto[] = [];

  beforeAll(async () => {
    const written: Array<ReviewDto & { status: string }> = [];
    for (const [index, step] of plan.entries()) {
      const author = await member(`Author${index}`, `Zed${index}`);
      const review = await submit(author, { rating: step.rating, content: step.content, productSku: SKU });
      if (step.status !== 'pending') await moderate(review.id, step.status);
      written.push({ ...review, status: step.status });
    }
    approved = written.filter((r) => r.status === 'approved').map(({ status: _status, ...review }) => review);
  });

  const newest = (reviews: ReviewDto[]) =>
    [...reviews].sort((a, b) => b.created_at.localeCompare(a.created_at) || b.id.localeCompare(a.id));
  const stats = {
    averageRating: 3.6, // (5 + 4 + 1 + 5 + 3) / 5
    totalReviews: 5,
    ratingDistribution: { 1: 1, 2: 0, 3: 1, 4: 1, 5: 2 },
  };

  it('given approved, hidden and pending reviews, when listed with defaults, then the approved ones, newest first, 5 a page, with the stats', async () => {
    const data = await publicList(`?product=${SKU.toLowerCase()}`);
    expect(data.reviews).toEqual(newest(approved));
    expect(Object.keys(data.reviews[0]!).sort()).toEqual(
      ['content', 'created_at', 'id', 'photos', 'productSku', 'rating', 'user', 'verifiedPurchase'].sort(),
    );
    expect(data.stats).toEqual(stats);
    expect(data.pagination).toEqual({ page: 1, limit: 5, total: 5, pages: 1 });
  });

  it('given a rating filter or a search, then only the matching reviews, and the stats stay those of the product', async () => {
    const fives = await publicList(`?product=${SKU}&rating=5`);
    expect(fives.reviews).toEqual(newest(approved.filter((r) => r.rating === 5)));
    expect(fives.stats).toEqual(stats);
    expect(fives.pagination.total).toBe(2);

    const marked = await publicList(`?product=${SKU}&search=marker`);
    expect(marked.reviews.map((r) => r.content).sort()).toEqual(
      ['Arrived creased marker', 'Stunning poster, MARKER colours'].sort(),
    );
    expect(marked.stats).toEqual(stats);
    const byAuthor = await publicList(`?product=${SKU}&search=${encodeURIComponent('author3 z')}`);
    expect(byAuthor.reviews.map((r) => r.content)).toEqual(['Perfect gift']);
    const both = await publicList(`?product=${SKU}&search=marker&rating=1`);
    expect(both.reviews.map((r) => r.content)).toEqual(['Arrived creased marker']);
    expect((await publicList(`?product=${SKU}&search=${encodeURIComponent('%')}`)).reviews).toEqual([]);
    expect((await publicList(`?product=${SKU}&rating=2`)).pagination).toEqual({
      page: 1,
      limit: 5,
      total: 0,
      pages: 0,
    });
  });

  it('given each sort, then the order it names, ties newest first', async () => {
    expect((await publicList(`?product=${SKU}&sort=oldest`)).reviews).toEqual(newest(approved).reverse());
    const byRating = (direction: 1 | -1) =>
      [...approved].sort(
        (a, b) =>
          direction * (a.rating - b.rating) ||
          b.created_at.localeCompare(a.created_at) ||
          b.id.localeCompare(a.id),
      );
    expect((await publicList(`?product=${SKU}&sort=highest`)).reviews).toEqual(byRating(-1));
    expect((await publicList(`?product=${SKU}&sort=lowest`)).reviews).toEqual(byRating(1));
  });

  it('given a page size, then pages of it and a past-the-end page that is empty', async () => {
    const all = newest(approved);
    const pages = await Promise.all(
      [1, 2, 3, 4].map((page) => publicList(`?product=${SKU}&limit=2&page=${page}`)),
    );
    expect(pages.map((p) => p.reviews)).toEqual([all.slice(0, 2), all.slice(2, 4), all.slice(4), []]);
    expect(pages.map((p) => p.pagination)).toEqual(
      [1, 2, 3, 4].map((page) => ({ page, limit: 2, total: 5, pages: 3 })),
    );
  });

  it('given no product, then every approved review of the shop, with stats matching the event log', async () => {
    const { events } = await eventLog(app).readAll({
      filter: { eventTypes: ['ReviewSubmitted', 'ReviewApproved', 'ReviewHidden', 'ReviewDeleted'] },
      maxCount: 10_000,
    });
    const state = new Map<string, { rating: number; status: string }>();
    for (const event of events as unknown as Array<RecordedEvent & ReviewEvent>) {
      if (event.type === 'ReviewSubmitted')
        state.set(event.data.reviewId, { rating: event.data.rating, status: 'pending' });
      else {
        const review = state.get(event.data.reviewId)!;
        review.status = { ReviewApproved: 'approved', ReviewHidden: 'hidden', ReviewDeleted: 'deleted' }[
          event.type
        ];
      }
    }
    const ratings = [...state.values()].filter((r) => r.status === 'approved').map((r) => r.rating);
    const data = await publicList('?limit=50');
    expect(data.stats.totalReviews).toBe(ratings.length);
    expect(data.stats.averageRating).toBe(
      Math.round((ratings.reduce((a, b) => a + b, 0) * 10) / ratings.length) / 10,
    );
    for (const star of [1, 2, 3, 4, 5] as const) {
      expect(data.stats.ratingDistribution[star]).toBe(ratings.filter((r) => r === star).length);
    }
    expect(data.reviews).toHaveLength(ratings.length);
  });

  it('given a product nobody reviewed, then no reviews and zero stats', async () => {
    const data = await publicList(`?product=NOREVIEWS${randomUUID().slice(0, 4)}`);
    expect(data).toEqual({
      reviews: [],
      stats: { averageRating: 0, totalReviews: 0, ratingDistribution: { 1: 0, 2: 0, 3: 0, 4: 0, 5: 0 } },
      pagination: { page: 1, limit: 5, total: 0, pages: 0 },
    });
  });

  it('given bad query values, then 400 naming each', async () => {
    const answer = await api(app).get('/api/reviews?page=0&limit=51&sort=random&rating=9');
    expect(answer.status).toBe(400);
    expect(Object.keys(answer.body.errors).sort()).toEqual(['limit', 'page', 'rating', 'sort']);
    expect((await api(app).get('/api/reviews?rating=abc')).status).toBe(400);
    expect((await api(app).get('/api/reviews?limit=0')).status).toBe(400);
  });
});

describe('the read model', () => {
  it('given everything above, when reviews are rebuilt from the log, then the rows are the same', async () => {
    const result = await verifyProjection({
      db: app.db,
      store: eventLog(app),
      projection: reviewsProjection,
    });
    expect(result.position).toBeGreaterThan(0);
    expect(result.differences).toEqual([]);
  });
});
