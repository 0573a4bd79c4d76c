// The admin's morning numbers (API.md "Admin" dashboard): revenue, orders, average order value and
// refunds (the sales report's figures for the same days), new customers and abandoned value for today, 7 or 30 days (USD, each order at its own rate), a
// chart of the last 30 days' net revenue (the sales report by day) and the latest orders.
import { useState } from 'react';
import { Link } from 'react-router';
import { SALES_ALL_CONVERTED } from '@printshop/shared-events/api/admin';
import {
  formatAmount,
  formatCount,
  formatPeriod,
  utcDay,
  utcDaysBefore,
} from '@/features/admin/admin-format';
import { AdminPage } from '@/features/admin/components/admin-page';
import { OrdersTable } from '@/features/admin/components/orders-table';
import { QueryState } from '@/features/admin/components/query-state';
import { SeriesChart } from '@/features/admin/components/series-chart';
import { useSalesReport } from '@/features/admin/sales/api/get-sales-report';
import { useDashboard } from '../api/get-dashboard';

export const DASHBOARD_MESSAGES = {
  failed: 'Could not load the dashboard.',
  chartFailed: 'Could not load the revenue chart.',
  noOrders: 'No orders yet.',
} as const;

const PERIODS = [
  ['today', 'Today'],
  ['last7Days', 'Last 7 days'],
  ['last30Days', 'Last 30 days'],
] as const;
type Period = (typeof PERIODS)[number][0];

export function DashboardView({ now = new Date() }: { now?: Date }) {
  const [period, setPeriod] = useState<Period>('today');
  const dashboard = useDashboard();
  const revenue = useSalesReport({
    from: utcDaysBefore(now, 29),
    to: utcDay(now),
    groupBy: 'day',
    currency: SALES_ALL_CONVERTED,
  });

  return (
    <AdminPage title="Dashboard">
      <QueryState query={dashboard} failed={DASHBOARD_MESSAGES.failed} loadingLabel="Loading the dashboard…">
        {(data) => {
          const figures = data[period];
          const money = (amount: number) => formatAmount(amount, data.currency);
          const kpis = [
            ['Revenue', money(figures.revenue)],
            ['Orders', formatCount(figures.orders)],
            ['Average order value', money(figures.averageOrderValue)],
            ['Refunds', money(figures.refunds)],
            ['New customers', formatCount(figures.newCustomers)],
            ['Abandoned value', money(figures.abandonedValue)],
          ] as const;
          return (
            <>
              <div className="admin-page__header">
                <div className="admin-period" role="group" aria-label="Period">
                  {PERIODS.map(([key, label]) => (
                    <button
                      key={key}
                      type="button"
                      aria-pressed={period === key}
                      onClick={() => setPeriod(key)}
                    >
                      {label}
                    </button>
                  ))}
                </div>
                {(data.projectionLag ?? 0) > 0 && (
                  <p className="text-muted" role="status">
                    Figures are catching up: {formatCount(data.projectionLag ?? 0)} events still to read.
                  </p>
                )}
              </div>
              <ul
                className="admin-kpis"
                aria-label={`Figures: ${PERIODS.find(([key]) => key === period)![1]}`}
              >
                {kpis.map(([label, value]) => (
                  <li key={label} className="admin-kpi">
                    <p className="admin-kpi__label">{label}</p>
                    <p className="admin-kpi__value" aria-label={`${label}: ${value}`}>
                      {value}
                    </p>
                  </li>
                ))}
              </ul>
              <div className="admin-section">
                <QueryState
                  query={revenue}
                  failed={DASHBOARD_MESSAGES.chartFailed}
                  loadingLabel="Loading the chart…"
                >
                  {(report) => (
                    <SeriesChart
                      caption={`Net revenue, last 30 days (${report.currency})`}
                      kind="line"
                      points={report.series.map((row) => ({
                        label: formatPeriod(row.period),
                        value: row.net,
                      }))}
                      format={(value) => formatAmount(value, report.currency)}
                    />
                  )}
                </QueryState>
              </div>
              <section className="admin-section" aria-labelledby="latest-orders">
                <div className="admin-page__header">
                  <h2 id="latest-orders" className="admin-section__heading">
                    Latest orders
                  </h2>
                  <Link to="/admin/orders">All orders</Link>
                </div>
                {data.latestOrders.length === 0 ? (
                  <p className="admin-empty">{DASHBOARD_MESSAGES.noOrders}</p>
                ) : (
                  <OrdersTable orders={data.latestOrders} caption="Latest orders" />
                )}
              </section>
            </>
          );
        }}
      </QueryState>
    </AdminPage>
  );
}
