// GET /api/admin/dashboard (admin): the morning numbers for today, the last 7 and the last 30 days
// (UTC days, today included), the latest orders and how far each projection is behind the log.
// Money is USD, every order converted at its own rate. The sales figures are the sales report's
// ('USD-converted', summed from its series over the same days), so both screens tell one truth:
//   revenue            its net: sales less cancellations and refunds dated in the days;
//   orders             its orders: paid in the days less cancelled in them;
//   averageOrderValue  revenue / orders (0 without orders);
//   refunds            its refunds: money given back in the days, after a cancellation too;
//   newCustomers       accounts registered in the days, staff (admins) left out;
//   abandonedValue     checkouts started in the days, unpaid and idle for 60 minutes or more.
import Router from '@koa/router';
import type { Knex } from 'knex';
import {
  ABANDONED_CHECKOUTS_PROJECTION,
  ABANDONED_CHECKOUTS_TABLE,
} from '@printshop/shared-events/abandoned-checkouts-read-model';
import { SALES_ALL_CONVERTED } from '@printshop/shared-events/api/admin';
import { requireAdmin } from '@printshop/shared-events/auth';
import type { OrderView } from '@printshop/shared-events/events/order-view';
import { readModelSchema } from '@printshop/shared-events/read-models';
import { toMajor } from '@printshop/shared-events/rules/money';
import { SALES_PROJECTION } from '@printshop/shared-events/sales-read-model';
import { USERS_READ_MODEL, usersTable } from '../account/users-read-model';
import { adminOrderSummary } from '../orders/admin-order-dto';
import { ORDERS_READ_MODEL } from '../orders/orders-routes';
import { salesSeries, sumFigures } from './sales-report';
import { readYourWrites, type WaitForPosition } from '../read-your-writes';

export const DASHBOARD_ABANDONED_MINUTES = 60;
export const LATEST_ORDERS = 10;
const DAY_MS = 86_400_000;

/** What infra passes in (projections/src/runner/status.ts readProjectionStatus). */
export interface ProjectionLagReport {
  name: string;
  position: number;
  lag: number;
  status: string;
}

export interface DashboardDeps {
  db: Knex;
  waitFor: WaitForPosition;
  now(): Date;
  projectionStatus(): Promise<readonly ProjectionLagReport[]>;
}

const utcDay = (time: number) => new Date(time).toISOString().slice(0, 10);
const usd = (cents: number) => toMajor(cents, 'USD');

async function periodFigures(deps: DashboardDeps, now: Date, days: number) {
  const startOfToday = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const start = new Date(startOfToday - (days - 1) * DAY_MS);
  const end = new Date(startOfToday + DAY_MS);
  const sales = sumFigures(
    await salesSeries(deps.db, {
      from: utcDay(start.getTime()),
      to: utcDay(startOfToday),
      currency: SALES_ALL_CONVERTED,
    }),
  );
  const [registered] = await usersTable(deps.db)
    .where('is_admin', false)
    .where('registered_at', '>=', start)
    .where('registered_at', '<', end)
    .count({ count: '*' });
  const [abandoned] = await deps.db
    .withSchema(readModelSchema(ABANDONED_CHECKOUTS_PROJECTION))
    .table(ABANDONED_CHECKOUTS_TABLE)
    .where({ status: 'open' })
    .where('last_activity_at', '<=', new Date(now.getTime() - DASHBOARD_ABANDONED_MINUTES * 60_000))
    .where('started_at', '>=', start)
    .where('started_at', '<', end)
    .select<Array<{ value: string }>>(deps.db.raw('coalesce(sum(usd_total), 0) as value'));
  return {
    revenue: usd(sales.net),
    orders: sales.orders,
    // Whole cents, half up.
    averageOrderValue: sales.orders > 0 ? usd(Math.round(sales.net / sales.orders)) : 0,
    refunds: usd(sales.refunds),
    newCustomers: Number((registered as { count: string | number }).count),
    abandonedValue: usd(Number(abandoned!.value)),
  };
}

async function latestOrders(db: Knex) {
  const rows = await db
    .withSchema(readModelSchema(ORDERS_READ_MODEL))
    .table('orders')
    .where({ archived: false })
    .orderBy([{ column: 'placed_at', order: 'desc' }, { column: 'order_id' }])
    .limit(LATEST_ORDERS)
    .select<Array<{ view: OrderView }>>('view');
  return rows.map(({ view }) => adminOrderSummary(view));
}

export function dashboardRouter(deps: DashboardDeps): Router {
  const router = new Router();

  router.get(
    '/api/admin/dashboard',
    readYourWrites(deps.waitFor, [
      SALES_PROJECTION,
      ABANDONED_CHECKOUTS_PROJECTION,
      USERS_READ_MODEL,
      ORDERS_READ_MODEL,
    ]),
    async (ctx) => {
      requireAdmin(ctx.state);
      const now = deps.now();
      const [today, last7Days, last30Days, latest, projections] = await Promise.all([
        periodFigures(deps, now, 1),
        periodFigures(deps, now, 7),
        periodFigures(deps, now, 30),
        latestOrders(deps.db),
        deps.projectionStatus(),
      ]);
      ctx.body = {
        success: true,
        currency: 'USD',
        today,
        last7Days,
        last30Days,
        latestOrders: latest,
        projectionLag: Math.max(0, ...projections.map((projection) => projection.lag)),
        projections: projections.map(({ name, position, lag, status }) => ({ name, position, lag, status })),
      };
    },
  );

  return router;
}
