// The dashboard: the figures of the chosen period (today first), the revenue chart fed by the
// sales report of the last 30 UTC days, the latest orders, and what shows when a call fails.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { configureApiClient } from '@/lib/api-client';
import { json, startTestServer, type TestServer } from '@/test/http-server';
import { renderApp } from '@/test/render';
import { ADMIN_TOKEN, orderSummary, salesReport, signIn } from '@/features/admin/testing/admin-fixtures';
import { DASHBOARD_MESSAGES, DashboardView } from './dashboard-view';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());
beforeEach(() => {
  configureApiClient({ origin: server.origin });
  server.requests.length = 0;
  signIn();
});

const NOW = new Date('2025-03-10T15:30:00.000Z');
const period = (revenue: number, orders: number) => ({
  revenue,
  orders,
  averageOrderValue: orders ? Math.round((revenue / orders) * 100) / 100 : 0,
  refunds: orders * 2.5,
  newCustomers: orders + 1,
  abandonedValue: 7.5,
});
const dashboard = (
  latestOrders = [orderSummary(1), orderSummary(2, { status: 'shipped', currency: 'EUR', total: 20 })],
) => ({
  success: true,
  currency: 'USD',
  today: period(40, 1),
  last7Days: period(160.5, 4),
  last30Days: period(1234.56, 20),
  latestOrders,
  projectionLag: 0,
});

const kpi = (label: string) => screen.getByText(label).nextElementSibling?.textContent;

describe('DashboardView', () => {
  it("given the figures, then today's show first and another period shows when chosen", async () => {
    server.on('GET /api/admin/dashboard', json(dashboard()));
    server.on('GET /api/admin/reports/sales', json(salesReport()));
    renderApp(<DashboardView now={NOW} />);
    await screen.findByText('Revenue');
    expect(kpi('Revenue')).toBe('$40.00');
    expect(kpi('Orders')).toBe('1');
    expect(kpi('Average order value')).toBe('$40.00');
    // money given back in the period, as the sales report counts it
    expect(kpi('Refunds')).toBe('$2.50');
    expect(kpi('New customers')).toBe('2');
    expect(kpi('Abandoned value')).toBe('$7.50');
    expect(screen.getByRole('button', { name: 'Today' })).toHaveAttribute('aria-pressed', 'true');

    await userEvent.click(screen.getByRole('button', { name: 'Last 30 days' }));
    expect(kpi('Revenue')).toBe('$1,234.56');
    expect(kpi('Orders')).toBe('20');
    expect(kpi('Refunds')).toBe('$50.00');
    expect(screen.getByRole('button', { name: 'Last 30 days' })).toHaveAttribute('aria-pressed', 'true');
    expect(
      server.requests.every((request) => request.headers.authorization === `Bearer ${ADMIN_TOKEN}`),
    ).toBe(true);
  });

  it('given the latest orders, then each links to its detail with its total in its own currency', async () => {
    server.on('GET /api/admin/dashboard', json(dashboard()));
    server.on('GET /api/admin/reports/sales', json(salesReport()));
    renderApp(<DashboardView now={NOW} />);
    const table = await screen.findByRole('table', { name: 'Latest orders' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByRole('link', { name: 'PS-10001' })).toHaveAttribute(
      'href',
      '/admin/orders/o1',
    );
    expect(rows[1]).toHaveTextContent('€20.00');
    expect(rows[1]).toHaveTextContent('Shipped');
  });

  it('then the revenue chart asks for the last 30 UTC days by day, every order in USD', async () => {
    server.on('GET /api/admin/dashboard', json(dashboard()));
    server.on('GET /api/admin/reports/sales', json(salesReport()));
    renderApp(<DashboardView now={NOW} />);
    expect(
      await screen.findByText('Net revenue, last 30 days (USD)', { selector: 'figcaption' }),
    ).toBeInTheDocument();
    const sales = server.requests.find((request) => request.url.startsWith('/api/admin/reports/sales'))!;
    expect(Object.fromEntries(new URL(sales.url, 'http://x').searchParams)).toEqual({
      from: '2025-02-09',
      to: '2025-03-10',
      groupBy: 'day',
      currency: 'USD-converted',
    });
  });

  it('given no orders yet, then the latest orders say so', async () => {
    server.on('GET /api/admin/dashboard', json(dashboard([])));
    server.on('GET /api/admin/reports/sales', json(salesReport()));
    renderApp(<DashboardView now={NOW} />);
    expect(await screen.findByText(DASHBOARD_MESSAGES.noOrders)).toBeInTheDocument();
  });

  it('given the dashboard call fails, then the server message shows with a way to try again', async () => {
    let calls = 0;
    server.on('GET /api/admin/dashboard', () => {
      calls += 1;
      return calls === 1
        ? json({ success: false, message: 'The read side is down', code: 'UNAVAILABLE' }, 503)
        : json(dashboard());
    });
    server.on('GET /api/admin/reports/sales', json(salesReport()));
    renderApp(<DashboardView now={NOW} />);
    expect(await screen.findByRole('alert')).toHaveTextContent('The read side is down');
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(kpi('Revenue')).toBe('$40.00'));
  });

  it('given an answer of the wrong shape, then it is refused rather than shown', async () => {
    server.on(
      'GET /api/admin/dashboard',
      json({ success: true, currency: 'USD', today: { revenue: 'lots' } }),
    );
    server.on('GET /api/admin/reports/sales', json(salesReport()));
    renderApp(<DashboardView now={NOW} />);
    expect(await screen.findByRole('alert')).toHaveTextContent(DASHBOARD_MESSAGES.failed);
    expect(screen.queryByText('Revenue')).not.toBeInTheDocument();
  });
});
