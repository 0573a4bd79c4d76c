// Every admin call of the reports (sales report and its CSV, abandoned checkouts, the recovery
// e-mail, the dashboard): 401 without a token or with a bad one, 403 for a signed-in customer,
// before anything else is looked at (even bad parameters), and 200/202 for an admin.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '@printshop/test/support/app';
import { client, register } from '../accounts/support';
import { adminToken, REPORTS_TEST_ENV } from './reports-support';

let app: TestApp;
let admin: string;
let customer: string;

beforeAll(async () => {
  app = await startTestApp({ label: 'reports_access', env: REPORTS_TEST_ENV });
  admin = await adminToken(app);
  customer = (await register(client(app))).token;
}, 120_000);
afterAll(async () => {
  await app?.stop();
});

const CALLS: Array<{ method: 'get' | 'post'; path: string; adminStatus: number }> = [
  { method: 'get', path: '/api/admin/reports/sales?from=2025-01-01&to=2025-01-31', adminStatus: 200 },
  {
    method: 'get',
    path: '/api/admin/reports/sales?from=2025-01-01&to=2025-01-31&format=csv',
    adminStatus: 200,
  },
  { method: 'get', path: '/api/admin/reports/sales?from=nonsense', adminStatus: 400 },
  { method: 'get', path: '/api/admin/abandoned-checkouts?olderThanMinutes=60&page=1', adminStatus: 200 },
  { method: 'post', path: `/api/admin/abandoned-checkouts/${randomUUID()}/recovery-email`, adminStatus: 404 },
  { method: 'get', path: '/api/admin/dashboard', adminStatus: 200 },
];

async function call(method: 'get' | 'post', path: string, token?: string) {
  const response = await fetch(`${app.url}${path}`, {
    method: method.toUpperCase(),
    headers: { 'content-type': 'application/json', ...(token && { authorization: `Bearer ${token}` }) },
    body: method === 'post' ? '{}' : undefined,
  });
  const type = response.headers.get('content-type') ?? '';
  return {
    status: response.status,
    body: type.includes('json') ? await response.json() : await response.text(),
  };
}

describe('who may call the admin reports', () => {
  for (const { method, path, adminStatus } of CALLS) {
    it(`${method.toUpperCase()} ${path.replace(/\/[0-9a-f-]{36}\//, '/:id/')}: 401 without or with a bad token, 403 for a customer, ${adminStatus} for an admin`, async () => {
      const stranger = await call(method, path);
      expect(stranger.status).toBe(401);
      expect(stranger.body).toMatchObject({ success: false, code: 'UNAUTHORIZED' });
      expect((await call(method, path, 'not.a.token')).status).toBe(401);
      const forbidden = await call(method, path, customer);
      expect(forbidden.status).toBe(403);
      expect(forbidden.body).toMatchObject({ success: false, code: 'FORBIDDEN' });
      expect((await call(method, path, admin)).status).toBe(adminStatus);
    });
  }
});
