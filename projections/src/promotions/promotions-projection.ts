// The promotions read model (GET /api/admin/promotions and /:code): each code with its terms, when
// it was ended and how many orders spent it, and each checkout's use (reserved, released or spent,
// with the order and the discount). A hold's expiry is stored, not judged: the query side counts
// the holds still running at its own now. Rows follow from the events alone, so a rebuild is
// identical.
import type { Knex } from 'knex';
import {
  changedTerms,
  PROMOTION_EVENT_TYPES,
  PROMOTION_STREAM_CATEGORY,
  type PromotionEvent,
} from '@printshop/shared-events/events/promotion';
import {
  PROMOTIONS_READ_MODEL,
  PROMOTION_USES_TABLE,
  PROMOTIONS_PROJECTION,
  PROMOTIONS_TABLE,
} from '@printshop/shared-events/promotions-read-model';
import { createTables } from '../runner/create-tables';
import type { Projection } from '../runner/projection';

const codeOf = (streamName: string) => streamName.slice(PROMOTION_STREAM_CATEGORY.length + 1);

async function applyOne(event: PromotionEvent, code: string, trx: Knex.Transaction, schema: string) {
  const promotions = () => trx.withSchema(schema).table(PROMOTIONS_TABLE);
  const uses = () => trx.withSchema(schema).table(PROMOTION_USES_TABLE);
  switch (event.type) {
    case 'PromotionCreated': {
      const { code: _code, at, by: _by, ...terms } = event.data;
      await promotions()
        .insert({ code, terms: JSON.stringify(terms), created_at: at, uses: 0 })
        .onConflict('code')
        .ignore();
      return;
    }
    case 'PromotionChanged': {
      const row = await promotions().where({ code }).first<{ terms: Record<string, unknown> } | undefined>();
      if (!row) return;
      const terms = changedTerms(row.terms, event.data);
      await promotions()
        .where({ code })
        .update({ terms: JSON.stringify(terms) });
      return;
    }
    case 'PromotionEnded':
      await promotions().where({ code }).update({ ended_at: event.data.at });
      return;
    case 'PromotionUseReserved': {
      const { checkoutId, customer, expiresAt, at } = event.data;
      await uses()
        .insert({ code, checkout_id: checkoutId, customer, status: 'reserved', expires_at: expiresAt, at })
        .onConflict(['code', 'checkout_id'])
        .merge(['status', 'expires_at', 'at']);
      return;
    }
    case 'PromotionUseReleased':
      await uses()
        .where({ code, checkout_id: event.data.checkoutId, status: 'reserved' })
        .update({ status: 'released', at: event.data.at });
      return;
    case 'PromotionUseSpent': {
      const { checkoutId, customer, orderNumber, discount, currency, beyondLimit, at } = event.data;
      await uses()
        .insert({
          code,
          checkout_id: checkoutId,
          customer,
          status: 'spent',
          order_number: orderNumber,
          discount,
          currency,
          beyond_limit: beyondLimit ?? false,
          at,
        })
        .onConflict(['code', 'checkout_id'])
        .merge(['status', 'order_number', 'discount', 'currency', 'beyond_limit', 'at']);
      await promotions().where({ code }).increment('uses', 1);
      return;
    }
  }
}

export const promotionsProjection: Projection<PromotionEvent> = {
  name: PROMOTIONS_PROJECTION,
  eventTypes: PROMOTION_EVENT_TYPES,
  tables: PROMOTIONS_READ_MODEL.tables,
  async migrate(db, schema) {
    await createTables(db, schema, PROMOTIONS_READ_MODEL.tables);
  },
  async apply(events, trx, schema) {
    for (const recorded of events) {
      await applyOne(recorded, codeOf(recorded.streamName), trx, schema);
    }
  },
};
