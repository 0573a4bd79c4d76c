// GET /api/admin/promotions and GET /api/admin/promotions/:code (admin): the codes, newest first,
// with their spent uses and the holds of payments under way now; one code with each checkout's use.
// Read from the promotions read model; admin checked on every call.
import Router from '@koa/router';
import type { Knex } from 'knex';
import { promotionDto, useStatusAt, type PromotionDto } from '@printshop/shared-events/api/promotions';
import { requireAdmin } from '@printshop/shared-events/auth';
import { NotFound } from '@printshop/shared-events/errors';
import {
  PROMOTION_USES_TABLE,
  PROMOTIONS_PROJECTION,
  PROMOTIONS_TABLE,
  type PromotionRow,
  type PromotionUseRow,
} from '@printshop/shared-events/promotions-read-model';
import { readModelSchema } from '@printshop/shared-events/read-models';
import { toMajor } from '@printshop/shared-events/rules/money';
import {
  isPromotionCode,
  normalizePromotionCode,
  PROMOTION_MESSAGES,
} from '@printshop/shared-events/rules/promotions';
import { liveHolds } from '../cart/cart-promotion';
import { readYourWrites, type WaitForPosition } from '../read-your-writes';

type PromotionWithHolds = PromotionRow & { reserved: string | number };

export function promotionsRouter(deps: { db: Knex; waitFor: WaitForPosition; now(): Date }): Router {
  const router = new Router();
  const schema = readModelSchema(PROMOTIONS_PROJECTION);
  const fresh = readYourWrites(deps.waitFor, [PROMOTIONS_PROJECTION]);

  const promotions = (now: Date) =>
    deps.db
      .withSchema(schema)
      .from(`${PROMOTIONS_TABLE} as p`)
      .select<PromotionWithHolds[]>('p.*', liveHolds(deps.db, now));

  const dto = (row: PromotionWithHolds, now: Date): PromotionDto =>
    promotionDto(
      {
        code: row.code,
        terms: row.terms,
        ...(row.ended_at && { endedAt: row.ended_at.toISOString() }),
        createdAt: row.created_at.toISOString(),
      },
      { uses: row.uses, reserved: Number(row.reserved) },
      now,
    );

  router.get('/api/admin/promotions', fresh, async (ctx) => {
    requireAdmin(ctx.state);
    const now = deps.now();
    const rows = await promotions(now).orderBy([
      { column: 'p.created_at', order: 'desc' },
      { column: 'p.code' },
    ]);
    ctx.body = { success: true, promotions: rows.map((row) => dto(row, now)) };
  });

  router.get('/api/admin/promotions/:code', fresh, async (ctx) => {
    requireAdmin(ctx.state);
    const now = deps.now();
    const code = normalizePromotionCode(ctx.params.code!);
    // Not a code's shape (a NUL byte would even fail the query): no such code.
    if (!isPromotionCode(code)) throw new NotFound(PROMOTION_MESSAGES.notFound);
    const row = await promotions(now).where('p.code', code).first();
    if (!row) throw new NotFound(PROMOTION_MESSAGES.notFound);
    const uses = await deps.db
      .withSchema(schema)
      .table(PROMOTION_USES_TABLE)
      .where({ code })
      .orderBy([{ column: 'at', order: 'desc' }, { column: 'checkout_id' }])
      .select<PromotionUseRow[]>('*');
    ctx.body = {
      success: true,
      promotion: dto(row, now),
      useList: uses.map((use) => ({
        checkoutId: use.checkout_id,
        customer: use.customer,
        status: useStatusAt({ status: use.status, expiresAt: use.expires_at }, now),
        orderNumber: use.order_number,
        discount: use.discount === null || !use.currency ? null : toMajor(Number(use.discount), use.currency),
        currency: use.currency,
        beyondLimit: use.beyond_limit,
        at: use.at.toISOString(),
      })),
    };
  });

  return router;
}
