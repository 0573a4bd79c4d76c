// GET /api/admin/abandoned-checkouts?olderThanMinutes=60&page (admin): checkouts started and not
// paid, with no activity (start or payment attempt) for at least N minutes, most recently active
// first. A checkout paid later, or whose cart was bought through a later checkout, leaves the list;
// of several checkouts of one cart only the latest is listed (the read model's statuses).
import Router from '@koa/router';
import type { Knex } from 'knex';
import {
  ABANDONED_CHECKOUTS_PROJECTION,
  ABANDONED_CHECKOUTS_TABLE,
  type AbandonedCheckoutRow,
} from '@printshop/shared-events/abandoned-checkouts-read-model';
import { abandonedCheckoutsQuerySchema } from '@printshop/shared-events/api/admin';
import { requireAdmin } from '@printshop/shared-events/auth';
import { readModelSchema } from '@printshop/shared-events/read-models';
import { toMajor } from '@printshop/shared-events/rules/money';
import { readYourWrites, type WaitForPosition } from '../read-your-writes';

export const ABANDONED_PAGE_SIZE = 20;

/** Open checkouts idle since `cutoff` or before. */
export const abandonedCheckouts = (db: Knex, cutoff: Date) =>
  db
    .withSchema(readModelSchema(ABANDONED_CHECKOUTS_PROJECTION))
    .table(ABANDONED_CHECKOUTS_TABLE)
    .where({ status: 'open' })
    .where('last_activity_at', '<=', cutoff);

export function abandonedCheckoutsRouter(deps: { db: Knex; waitFor: WaitForPosition; now(): Date }): Router {
  const router = new Router();

  router.get(
    '/api/admin/abandoned-checkouts',
    readYourWrites(deps.waitFor, [ABANDONED_CHECKOUTS_PROJECTION]),
    async (ctx) => {
      requireAdmin(ctx.state);
      const { olderThanMinutes = 60, page = 1 } = abandonedCheckoutsQuerySchema.parse(ctx.query);
      const cutoff = new Date(deps.now().getTime() - olderThanMinutes * 60_000);
      const [{ total }] = (await abandonedCheckouts(deps.db, cutoff).count({ total: '*' })) as [
        { total: string | number },
      ];
      const rows = await abandonedCheckouts(deps.db, cutoff)
        .orderBy([{ column: 'last_activity_at', order: 'desc' }, { column: 'checkout_id' }])
        .limit(ABANDONED_PAGE_SIZE)
        .offset((page - 1) * ABANDONED_PAGE_SIZE)
        .select<AbandonedCheckoutRow[]>('*');
      const count = Number(total);
      ctx.body = {
        success: true,
        olderThanMinutes,
        checkouts: rows.map((row) => ({
          checkoutId: row.checkout_id,
          email: row.email,
          items: row.items,
          value: toMajor(Number(row.total), row.currency),
          currency: row.currency,
          valueUsd: toMajor(Number(row.usd_total), 'USD'),
          startedAt: row.started_at.toISOString(),
          lastActivityAt: row.last_activity_at.toISOString(),
          recoveryEmailRequestedAt: row.recovery_requested_at?.toISOString() ?? null,
        })),
        pagination: {
          page,
          limit: ABANDONED_PAGE_SIZE,
          total: count,
          pages: Math.ceil(count / ABANDONED_PAGE_SIZE),
        },
      };
    },
  );

  return router;
}
