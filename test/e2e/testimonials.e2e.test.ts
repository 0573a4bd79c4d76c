// Journey: the home page's testimonials are customers' own approved reviews. A fresh shop shows
// none (no invented customer); once the owner approves a shopper's 5-star review, the home page
// quotes it with the shopper's name; a 3-star review approved beside it is not a testimonial.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openShop, recordScreenshot, type Shop } from './support/browser';

const ADMIN_EMAIL = 'chief@example.com';
const ADMIN_PASSWORD = 'ChiefPass123';

let shop: Shop;
beforeAll(async () => {
  shop = await openShop('e2e-testimonials', { env: { ADMIN_EMAIL, ADMIN_PASSWORD } });
});
afterAll(() => shop?.close());

async function call(method: string, path: string, body: unknown, token?: string) {
  const response = await fetch(shop.url(path), {
    method,
    headers: { 'content-type': 'application/json', ...(token && { authorization: `Bearer ${token}` }) },
    body: JSON.stringify(body),
  });
  type Body = { token?: string; review?: { id: string } };
  return { status: response.status, body: (await response.json()) as Body };
}

/** A registered shopper's review of the shop, approved by the owner. */
async function approvedReview(firstName: string, rating: number, content: string, adminToken: string) {
  const email = `${firstName.toLowerCase()}.${Date.now()}@example.com`;
  const registered = await call('POST', '/api/auth/register', {
    email,
    password: 'Reviewer123',
    firstName,
    lastName: 'Shopper',
  });
  expect(registered.status, JSON.stringify(registered.body)).toBe(201);
  const posted = await call('POST', '/api/reviews', { rating, content }, registered.body.token);
  const reviewId = posted.body.review?.id;
  expect(posted.status, JSON.stringify(posted.body)).toBe(201);
  const approved = await call('PUT', `/api/admin/reviews/${reviewId}`, { status: 'approved' }, adminToken);
  expect(approved.status, JSON.stringify(approved.body)).toBe(200);
}

describe('home testimonials', () => {
  it('given no approved review, then no testimonial; given an approved 5-star review, then the home page quotes it', async () => {
    const { page } = shop;
    await page.goto(shop.url('/'));
    await page.getByRole('heading', { name: 'Why choose us' }).waitFor();
    await page.waitForLoadState('networkidle');
    expect(await page.getByRole('heading', { name: 'Loved by our customers' }).count()).toBe(0);

    const admin = await call('POST', '/api/auth/login', { email: ADMIN_EMAIL, password: ADMIN_PASSWORD });
    expect(admin.status).toBe(200);
    const adminToken = admin.body.token!;
    await approvedReview('Asha', 5, 'The A3 poster of our trek hangs in the hall now.', adminToken);
    await approvedReview('Ravi', 3, 'Good prints, slow courier to Pune.', adminToken);

    const reviewsRead = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/reviews');
    await page.reload();
    await reviewsRead;
    const section = page.getByRole('region', { name: 'Loved by our customers' });
    await expect
      .poll(() => section.getByRole('listitem').allTextContents(), { timeout: 15_000 })
      .toEqual([expect.stringContaining('The A3 poster of our trek hangs in the hall now.')]);
    expect(await section.getByRole('listitem').textContent()).toContain('Asha');
    await section.scrollIntoViewIfNeeded();
    await recordScreenshot(page, 'home-testimonial-approved');
  }, 120_000);
});
