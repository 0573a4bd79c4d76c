// The production queue's call: paid orders not yet in production, oldest first
// (GET /api/admin/orders?status=paid&sort=oldest), while the plain list stays newest first.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminOrdersResponseSchema } from '@printshop/shared-events/api/admin';
import type { TestApp } from '@printshop/test/support/app';
import { browser } from '../cart/support';
import { adminApi, placeOrder, startAdminApp, type Api } from './support';

let app: TestApp;
let admin: Api;
beforeAll(async () => {
  app = await startAdminApp('production_queue');
  admin = await adminApi(app);
});
afterAll(async () => {
  await app?.stop();
});

const numbersOf = async (query: string) => {
  const answer = await admin.get(`/api/admin/orders${query}`);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return adminOrdersResponseSchema.parse(answer.body).orders.map((o) => o.orderNumber);
};

describe('the production queue', () => {
  it('given three paid orders, one already in production, then the other two oldest first', async () => {
    const placed = [];
    for (let i = 0; i < 3; i++) {
      const order = await placeOrder(app, browser(app), { email: `queue${i}@example.com` });
      admin.observe(order.position);
      placed.push(order.order);
    }
    const [first, second, third] = placed.map((o) => o!);
    const moved = await admin.put(`/api/admin/orders/${second!.id}/status`, { status: 'in_production' });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);

    await expect(numbersOf('?status=paid&sort=oldest')).resolves.toEqual([
      first!.orderNumber,
      third!.orderNumber,
    ]);
    await expect(numbersOf('?status=paid')).resolves.toEqual([third!.orderNumber, first!.orderNumber]);
    const refused = await admin.get('/api/admin/orders?sort=sideways');
    expect(refused.status).toBe(400);
  });
});
