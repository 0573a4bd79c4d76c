// What the admin order tests share: a shop with its first admin signed in, started per test file;
// a guest's paid order, the admin's orders list and status change; and the rebuild of the read
// models each file ends with.
import { afterAll, beforeAll, expect } from 'vitest';
import { adminOrdersResponseSchema } from '@printshop/shared-events/api/admin';
import { orderAuditProjection } from '@printshop/projections/order-audit/order-audit-projection';
import { ordersProjection } from '@printshop/projections/orders/orders-projection';
import { verifyProjection } from '@printshop/projections/runner/verify';
import type { TestApp } from '@printshop/test/support/app';
import { browser } from '../cart/support';
import { eventLog } from '../payments/support';
import { adminApi, freshEmail, placeOrder, startAdminApp, type Api } from './support';

/**
 * Starts the shop and signs its admin in before the calling file's tests (handed to `use`), stops
 * it after them; the helpers act on that shop as that admin.
 */
export function ordersAdminPerFile(label: string, use: (started: { app: TestApp; admin: Api }) => void) {
  let app: TestApp | undefined;
  let admin: Api;
  beforeAll(async () => {
    app = await startAdminApp(label);
    admin = await adminApi(app);
    use({ app, admin });
  });
  afterAll(async () => {
    await app?.stop();
  });

  /** A guest's order of `lines`, seen by the admin client (its reads wait for the payment). */
  async function guestOrder(
    email = freshEmail(),
    lines?: Parameters<typeof placeOrder>[2]['lines'],
    fullName?: string,
  ) {
    const placed = await placeOrder(app!, browser(app!), { email, lines, fullName });
    admin.observe(placed.position);
    return placed.order;
  }

  const listOf = async (query: string) => {
    const answer = await admin.get(`/api/admin/orders${query}`);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return adminOrdersResponseSchema.parse(answer.body);
  };

  const setStatus = (orderId: string, body: Record<string, unknown>) =>
    admin.put(`/api/admin/orders/${orderId}/status`, body);

  return { guestOrder, listOf, setStatus };
}

/** The orders and the audit trail rebuilt from the app's log give the rows the projections wrote. */
export async function expectRebuiltOrdersSame(app: TestApp) {
  for (const projection of [ordersProjection, orderAuditProjection]) {
    const result = await verifyProjection({ db: app.db, store: eventLog(app), projection });
    expect(result.position).toBeGreaterThan(0);
    expect(result.differences, projection.name).toEqual([]);
  }
}
