// The loyalty read model (GET /api/loyalty/status): each user's balance and the history of their
// points, one row per event that moves points (signed: earned and returned add, redeemed and
// withdrawn subtract), each with the reason it happened. Reservations only hold points for a
// payment and are not part of the history.
import {
  LOYALTY_STREAM_CATEGORY,
  pointsDelta,
  type PointsMovement,
} from '@printshop/shared-events/events/loyalty';
import {
  LOYALTY_BALANCES_TABLE,
  LOYALTY_HISTORY_TABLE,
  LOYALTY_PROJECTION,
  LOYALTY_READ_MODEL,
} from '@printshop/shared-events/loyalty-read-model';
import { createTables } from '../runner/create-tables';
import type { Projection } from '../runner/projection';

export { LOYALTY_PROJECTION, LOYALTY_BALANCES_TABLE, LOYALTY_HISTORY_TABLE };

/** `loyalty-<userId>` -> userId (user ids may contain '-'). */
const ownerOf = (streamName: string) => streamName.slice(LOYALTY_STREAM_CATEGORY.length + 1);

const HISTORY_TYPE = {
  PointsEarned: 'earned',
  PointsRedeemed: 'redeemed',
  PointsReturned: 'reversed',
  PointsWithdrawn: 'reversed',
} as const;

/** Why the points moved (API.md "Loyalty"). */
function reasonOf(event: PointsMovement): string {
  switch (event.type) {
    case 'PointsEarned':
      return 'order_paid';
    case 'PointsRedeemed':
      return 'order_discount';
    case 'PointsReturned':
      // Returns were written without a reason while only cancellations gave points back.
      return event.data.reason ?? 'order_cancelled';
    case 'PointsWithdrawn':
      return event.data.reason;
  }
}

export const loyaltyProjection: Projection<PointsMovement> = {
  name: LOYALTY_PROJECTION,
  eventTypes: Object.keys(HISTORY_TYPE),
  tables: LOYALTY_READ_MODEL.tables,
  async migrate(db, schema) {
    await createTables(db, schema, LOYALTY_READ_MODEL.tables);
  },
  async apply(events, trx, schema) {
    for (const event of events) {
      const userId = ownerOf(event.streamName);
      const points = pointsDelta(event);
      await trx
        .withSchema(schema)
        .table(LOYALTY_HISTORY_TABLE)
        .insert({
          event_id: event.id,
          user_id: userId,
          position: event.position,
          type: HISTORY_TYPE[event.type],
          points,
          order_id: event.data.orderId,
          order_number: event.data.orderNumber ?? null,
          reason: reasonOf(event),
          at: event.data.at,
        });
      await trx.raw(
        `insert into ??.?? as b (user_id, balance, updated_at) values (?, ?, ?)
         on conflict (user_id) do update set balance = b.balance + excluded.balance, updated_at = excluded.updated_at`,
        [schema, LOYALTY_BALANCES_TABLE, userId, points, event.data.at],
      );
    }
  },
};
