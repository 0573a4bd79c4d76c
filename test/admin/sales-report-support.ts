// What the sales report tests share: a shop with its first admin, its event log and the admin's
// token, started per test file; and asking it for the report.
import { afterAll, beforeAll } from 'vitest';
import type { EventStore } from '@printshop/shared-events/event-store';
import { startTestApp, type TestApp } from '@printshop/test/support/app';
import { appStore, client } from '../accounts/support';
import { adminToken, REPORTS_TEST_ENV } from './reports-support';

export type Query = { from: string; to: string; groupBy: 'day' | 'week' | 'month'; currency: string };

export interface SalesShop {
  app: TestApp;
  store: EventStore;
  token: string;
}

/**
 * Starts the shop before the calling file's tests and hands it to `use`; closes it after them.
 * `report` asks it for the sales report as its admin.
 */
export function salesShopPerFile(label: string, use: (shop: SalesShop) => void) {
  let shop: SalesShop | undefined;
  beforeAll(async () => {
    const app = await startTestApp({ label, env: REPORTS_TEST_ENV });
    shop = { app, store: appStore(app), token: await adminToken(app) };
    use(shop);
  });
  afterAll(async () => {
    await shop?.store.close();
    await shop?.app.stop();
  });

  async function report(query: Query, format?: 'csv') {
    const params = new URLSearchParams({ ...query, ...(format && { format }) });
    return client(shop!.app).get(`/api/admin/reports/sales?${params}`, { token: shop!.token });
  }

  return { report };
}
