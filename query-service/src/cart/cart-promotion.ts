// The promotion code set on a cart as GET /api/cart judges it: the code's terms and the uses taken
// now (spent, and holds still running) from the promotions read model. Per-customer limits are not
// judged here (a guest is known by the checkout's e-mail): checkout judges them on the log.
import type { Knex } from 'knex';
import type { PromotionTerms } from '@printshop/shared-events/events/promotion';
import {
  PROMOTION_USES_TABLE,
  PROMOTIONS_PROJECTION,
  PROMOTIONS_TABLE,
} from '@printshop/shared-events/promotions-read-model';
import { readModelSchema } from '@printshop/shared-events/read-models';
import type { PromotionStatus } from '@printshop/shared-events/rules/promotions';

/**
 * The holds of `p`'s code still running at `now` (a column of a query over the promotions table as
 * `p`): an expired hold is released wherever uses are counted, even before the log says so.
 */
export function liveHolds(db: Knex, now: Date): Knex.QueryBuilder {
  return db
    .withSchema(readModelSchema(PROMOTIONS_PROJECTION))
    .from(`${PROMOTION_USES_TABLE} as u`)
    .count('*')
    .whereRaw('u.code = p.code')
    .where('u.status', 'reserved')
    .where('u.expires_at', '>', now)
    .as('reserved');
}

interface Row {
  terms: PromotionTerms;
  ended_at: Date | null;
  uses: number;
  reserved: string | number;
}

/** undefined: no such code (or the promotions model has not seen it yet). */
export async function readPromotionStatus(
  db: Knex,
  code: string,
  now: Date,
): Promise<PromotionStatus | undefined> {
  const schema = readModelSchema(PROMOTIONS_PROJECTION);
  const row = await db
    .withSchema(schema)
    .from(`${PROMOTIONS_TABLE} as p`)
    .where('p.code', code)
    .first<Row | undefined>('p.terms', 'p.ended_at', 'p.uses', liveHolds(db, now))
    .catch((error: { code?: unknown }) => {
      // Right after a fresh start the projection may not have made its tables yet.
      if (error.code === '42P01') return undefined;
      throw error;
    });
  if (!row) return undefined;
  return {
    code,
    terms: row.terms,
    ...(row.ended_at && { endedAt: row.ended_at.toISOString() }),
    usesTaken: row.uses + Number(row.reserved),
  };
}
