// GET /api/loyalty/status (bearer): the caller's balance, what a point is worth, how points are
// earned, and the history newest first, from the loyalty read model.
import Router from '@koa/router';
import type { Knex } from 'knex';
import { requireUser } from '@printshop/shared-events/auth';
import type { LoyaltyHistoryRow } from '@printshop/shared-events/loyalty-read-model';
import { readModelSchema } from '@printshop/shared-events/read-models';
import { EARN_POINTS_PER_USD, POINT_VALUE_USD_CENTS } from '@printshop/shared-events/rules/loyalty';
import { readYourWrites, type WaitForPosition } from '../read-your-writes';

/** The projection (and schema `rm_loyalty`) this router reads. */
export const LOYALTY_READ_MODEL = 'loyalty';
/** Ours: the newest entries only; the balance covers all of them. */
const HISTORY_LIMIT = 100;

export function loyaltyQueryRouter(deps: { db: Knex; waitFor: WaitForPosition }): Router {
  const router = new Router();
  const table = (name: string) => deps.db.withSchema(readModelSchema(LOYALTY_READ_MODEL)).table(name);
  const fresh = readYourWrites(deps.waitFor, [LOYALTY_READ_MODEL]);

  router.get('/api/loyalty/status', fresh, async (ctx) => {
    const { userId } = requireUser(ctx.state);
    const [balance, history] = await Promise.all([
      table('balances').where({ user_id: userId }).first<{ balance: string | number } | undefined>('balance'),
      table('history')
        .where({ user_id: userId })
        .orderBy('position', 'desc')
        .limit(HISTORY_LIMIT)
        .select<Pick<LoyaltyHistoryRow, 'type' | 'points' | 'at' | 'order_number' | 'reason'>[]>(
          'type',
          'points',
          'at',
          'order_number',
          'reason',
        ),
    ]);
    ctx.body = {
      success: true,
      balance: Number(balance?.balance ?? 0),
      valuePerPoint: POINT_VALUE_USD_CENTS / 100,
      earnRate: EARN_POINTS_PER_USD,
      history: history.map((row) => ({
        type: row.type,
        points: Number(row.points),
        at: new Date(row.at).toISOString(),
        ...(row.order_number !== null && { orderNumber: row.order_number }),
        ...(row.reason !== null && { reason: row.reason }),
      })),
    };
  });

  return router;
}
