// The reviews read model (public GET /api/reviews, the admin's moderation list, POST's duplicate
// answer): one row per review with its moderation status. A deleted review keeps its row, marked
// deleted (the log keeps the review; no list shows it). Rows follow from the events alone.
import type { Knex } from 'knex';
import { streamCategory } from '@printshop/shared-events/event-store';
import {
  REVIEW_EVENT_TYPES,
  REVIEW_STREAM_CATEGORY,
  type ReviewEvent,
} from '@printshop/shared-events/events/review';
import {
  REVIEWS_PROJECTION,
  REVIEWS_READ_MODEL,
  REVIEWS_TABLE,
} from '@printshop/shared-events/reviews-read-model';
import { createTables } from '../runner/create-tables';
import type { Projection } from '../runner/projection';

export { REVIEWS_PROJECTION, REVIEWS_TABLE };

async function applyOne(event: ReviewEvent, position: number, trx: Knex.Transaction, schema: string) {
  const table = () => trx.withSchema(schema).table(REVIEWS_TABLE);
  if (event.type === 'ReviewSubmitted') {
    const { data } = event;
    await table()
      .insert({
        review_id: data.reviewId,
        user_id: data.userId,
        author_name: data.authorName,
        rating: data.rating,
        content: data.content,
        product_sku: data.productSku ?? null,
        order_number: data.orderNumber ?? null,
        order_id: data.orderId ?? null,
        line_id: data.lineId ?? null,
        image_ids: JSON.stringify(data.imageIds ?? []),
        verified_purchase: data.verifiedPurchase,
        status: 'pending',
        deleted: false,
        created_at: data.submittedAt,
        updated_at: data.submittedAt,
        last_position: position,
      })
      .onConflict('review_id')
      .ignore();
    return;
  }
  const { reviewId, at } = event.data;
  const change =
    event.type === 'ReviewDeleted'
      ? { deleted: true }
      : { status: event.type === 'ReviewApproved' ? 'approved' : 'hidden' };
  await table()
    .where({ review_id: reviewId })
    .update({ ...change, updated_at: at, last_position: position });
}

export const reviewsProjection: Projection<ReviewEvent> = {
  name: REVIEWS_PROJECTION,
  eventTypes: REVIEW_EVENT_TYPES,
  tables: REVIEWS_READ_MODEL.tables,
  async migrate(db, schema) {
    await createTables(db, schema, REVIEWS_READ_MODEL.tables);
  },
  async apply(events, trx, schema) {
    for (const recorded of events) {
      if (streamCategory(recorded.streamName) !== REVIEW_STREAM_CATEGORY) continue;
      await applyOne(recorded, recorded.position, trx, schema);
    }
  },
};
