// Archiving an order is the admin's tidying of their own lists: it hides the order from the admin's
// order list, never from the buyer's history (their orders list, the order detail, tracking).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ordersResponseSchema } from '@printshop/shared-events/api/orders';
import type { TestApp } from '@printshop/test/support/app';
import { browser } from '../cart/support';
import { adminApi, api, freshEmail, placeOrder, startAdminApp, type Api } from './support';

let app: TestApp;
let admin: Api;
beforeAll(async () => {
  app = await startAdminApp('archive_history');
  admin = await adminApi(app);
});
afterAll(async () => {
  await app?.stop();
});

describe('admin archive', () => {
  it('given a signed-in buyer with two orders, when an admin archives one, then the admin list hides it and the buyer still lists, opens and tracks it', async () => {
    // given
    const buyer = browser(app);
    await buyer.register();
    const email = freshEmail('history');
    const archived = await placeOrder(app, buyer, { email });
    const other = await placeOrder(app, buyer, { email });
    admin.observe(Math.max(archived.position, other.position));

    // when
    const answer = await admin.delete('/api/admin/orders/bulk', { orderIds: [archived.order.id] });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);

    // then: the admin's list no longer shows it
    const adminList = await admin.get(`/api/admin/orders?search=${encodeURIComponent(email)}`);
    expect(adminList.status).toBe(200);
    expect(adminList.body.orders.map((o: { id: string }) => o.id)).toEqual([other.order.id]);

    // and the buyer's history still does, with the detail and the tracking
    const reader = api(app, buyer.token);
    reader.observe(admin.seen);
    const mine = await reader.get('/api/orders');
    expect(mine.status, JSON.stringify(mine.body)).toBe(200);
    const ids = ordersResponseSchema.parse(mine.body).orders.map((o) => o.id);
    expect(ids.sort()).toEqual([archived.order.id, other.order.id].sort());

    const detail = await reader.get(`/api/orders/${archived.order.id}`);
    expect(detail.status).toBe(200);
    expect(detail.body.order.orderNumber).toBe(archived.order.orderNumber);

    const tracked = await api(app).get(
      `/api/orders/track?orderNumber=${archived.order.orderNumber}&email=${encodeURIComponent(email)}`,
    );
    expect(tracked.status).toBe(200);
    expect(tracked.body.order.id).toBe(archived.order.id);
  });
});
