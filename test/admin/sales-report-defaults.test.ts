// The sales report as a person typing the address asks for it: without from and to it answers the
// last 30 days (today included), in JSON and in CSV; with from alone, from then to today; with to
// alone, the 30 days ending then. Bad dates are still refused.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '@printshop/test/support/app';
import { client } from '../accounts/support';
import { adminToken, REPORTS_TEST_ENV } from './reports-support';

let app: TestApp;
let token: string;

beforeAll(async () => {
  app = await startTestApp({ label: 'sales_defaults', env: REPORTS_TEST_ENV });
  token = await adminToken(app);
}, 120_000);
afterAll(async () => {
  await app?.stop();
});

const DAY = 86_400_000;
const day = (offset: number) => new Date(Date.now() + offset * DAY).toISOString().slice(0, 10);

describe('the sales report without a range', () => {
  it('given no from and no to, then the last 30 days, day by day, ending today', async () => {
    const answer = await client(app).get('/api/admin/reports/sales', { token });
    expect(answer.status).toBe(200);
    const periods = (answer.body.series as Array<{ period: string }>).map((p) => p.period);
    expect(periods).toHaveLength(30);
    expect(periods[0]).toBe(day(-29));
    expect(periods.at(-1)).toBe(day(0));
    expect(answer.body.totals).toMatchObject({ orders: 0, units: 0 });
  });

  it('given no range and format=csv, then a CSV of the same 30 days', async () => {
    const response = await fetch(`${app.url}/api/admin/reports/sales?format=csv`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/csv');
    expect(response.headers.get('content-disposition')).toContain(`sales-${day(-29)}-${day(0)}-day`);
    const text = await response.text();
    expect(text).toContain(day(-29));
    expect(text).toContain(day(0));
  });

  it('given from alone, then from that day to today; given to alone, the 30 days ending then', async () => {
    const since = await client(app).get(`/api/admin/reports/sales?from=${day(-6)}`, { token });
    expect(since.status).toBe(200);
    expect(since.body.series.map((p: { period: string }) => p.period)).toEqual(
      [-6, -5, -4, -3, -2, -1, 0].map(day),
    );
    const until = await client(app).get('/api/admin/reports/sales?to=2025-03-31&groupBy=month', { token });
    expect(until.status).toBe(200);
    expect(until.body.series.map((p: { period: string }) => p.period)).toEqual(['2025-03']);
    expect(until.body.series[0]).toMatchObject({ start: '2025-03-02', end: '2025-03-31' });
  });

  it('given a bad date, then 400 as before', async () => {
    const answer = await client(app).get('/api/admin/reports/sales?from=yesterday', { token });
    expect(answer.status).toBe(400);
    expect(answer.body.errors).toHaveProperty('from');
  });
});
