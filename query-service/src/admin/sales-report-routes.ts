// GET /api/admin/reports/sales?from&to&groupBy=day|week|month&currency&format=json|csv (admin).
// from and to are UTC days, both included, at most SALES_REPORT_MAX_DAYS apart (without them: the
// last 30 days, salesReportRange); currency is a
// currency code or 'USD-converted' (default); sales-report.ts says what every figure means.
import Router from '@koa/router';
import type { Knex } from 'knex';
import {
  SALES_ALL_CONVERTED,
  salesReportQuerySchema,
  salesReportRange,
} from '@printshop/shared-events/api/admin';
import { requireAdmin } from '@printshop/shared-events/auth';
import { SALES_PROJECTION } from '@printshop/shared-events/sales-read-model';
import { readYourWrites, type WaitForPosition } from '../read-your-writes';
import { salesCsv, salesReport, salesReportBody } from './sales-report';

export function salesReportRouter(deps: { db: Knex; waitFor: WaitForPosition }): Router {
  const router = new Router();

  router.get('/api/admin/reports/sales', readYourWrites(deps.waitFor, [SALES_PROJECTION]), async (ctx) => {
    requireAdmin(ctx.state);
    // The range filled in, then checked again (a lone from may lie more than two years back).
    const range = salesReportRange(salesReportQuerySchema.parse(ctx.query));
    const parsed = salesReportQuerySchema.parse({ ...ctx.query, ...range });
    const query = {
      ...range,
      groupBy: parsed.groupBy ?? 'day',
      currency: parsed.currency ?? SALES_ALL_CONVERTED,
    };
    const report = await salesReport(deps.db, query);
    if (parsed.format === 'csv') {
      const name = `sales-${query.from}-${query.to}-${query.groupBy}-${query.currency}.csv`;
      ctx.type = 'text/csv; charset=utf-8';
      ctx.attachment(name);
      ctx.body = salesCsv(report);
      return;
    }
    ctx.body = salesReportBody(report);
  });

  return router;
}
