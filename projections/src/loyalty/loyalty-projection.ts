// The loyalty read model (GET /api/loyalty/status): each user's balance and the history of their
// points, one row per event that moves points (signed: earned and returned add, redeemed and
// withdrawn subtract), each with the reason it happened. Reservations only hold points for a
// payment and are not part of the history.
import {
  LOYALTY_STREAM_CATEGORY,
  pointsDelta,
  type PointsMovement,
} from '@printshop/shared-events/events/loyalty';
import type { Projection } from '../runner/projection';

export const LOYALTY_PROJECTION = 'loyalty';
export const LOYALTY_BALANCES_TABLE = 'balances';
export const LOYALTY_HISTORY_TABLE = 'history';

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
  tables: [
    { name: LOYALTY_BALANCES_TABLE, primaryKey: ['user_id'] },
    { name: LOYALTY_HISTORY_TABLE, primaryKey: ['event_id'] },
  ],
  async migrate(db, schema) {
    await db.raw(
      `create table if not exists ??.?? (
         user_id text primary key,
         balance bigint not null,
         updated_at timestamptz not null
       )`,
      [schema, LOYALTY_BALANCES_TABLE],
    );
    await db.raw(
      `create table if not exists ??.?? (
         event_id text primary key,
         user_id text not null,
         position bigint not null,
         type text not null,
         points bigint not null,
         order_id text not null,
         order_number text,
         at timestamptz not null
       )`,
      [schema, LOYALTY_HISTORY_TABLE],
    );
    await db.raw('alter table ??.?? add column if not exists reason text', [schema, LOYALTY_HISTORY_TABLE]);
    await db.raw('create index if not exists loyalty_history_by_user on ??.?? (user_id, position desc)', [
      schema,
      LOYALTY_HISTORY_TABLE,
    ]);
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
