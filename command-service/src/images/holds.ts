// Holding images on each image's stream (see decide.ts): a checkout's and the order's it becomes,
// and a review's. The checkout holds before any money is asked for; the order holds before
// OrderPlaced is appended, so once an order exists none of its photos can be deleted or expired.
import type { EventMetadata, EventStore } from '@printshop/shared-events/event-store';
import { imageStreamName } from '@printshop/shared-events/events/image';
import { handleCommand } from '../handle-command';
import { uuidFromName } from '../order/derived-ids';
import { imageDecider } from './decide';

/** How long a checkout keeps its photos from deletion and retention while it is being paid. */
export const CHECKOUT_HOLD_MS = 24 * 60 * 60 * 1000;

/** Many confirmations of one payment may hold the same images at once. */
const RETRIES = 25;

/** Holds each image for the checkout; a deleted one refuses the checkout (409) before payment. */
export async function holdImagesForCheckout(
  store: EventStore,
  imageIds: readonly string[],
  checkout: { checkoutId: string; at: string },
  metadata: EventMetadata,
): Promise<void> {
  const until = new Date(Date.parse(checkout.at) + CHECKOUT_HOLD_MS).toISOString();
  // One stream each, so in parallel. Holds already made when one image refuses just end with time.
  await Promise.all(
    imageIds.map((imageId) =>
      handleCommand(
        store,
        imageStreamName(imageId),
        imageDecider,
        {
          type: 'HoldForCheckout',
          data: { imageId, checkoutId: checkout.checkoutId, until, at: checkout.at },
        },
        { metadata, retries: RETRIES },
      ),
    ),
  );
}

/**
 * Holds each image for the order for good. Idempotent (event ids derive from the order and image),
 * so every confirmation of one payment may run it. Answers the images found already deleted: only
 * possible when the checkout's hold had ended before the payment was confirmed.
 */
export async function holdImagesForOrder(
  store: EventStore,
  imageIds: readonly string[],
  order: { orderId: string; at: string },
  metadata: EventMetadata,
): Promise<string[]> {
  const held = await Promise.all(
    imageIds.map(async (imageId) => {
      const { newState } = await handleCommand(
        store,
        imageStreamName(imageId),
        imageDecider,
        { type: 'HoldForOrder', data: { imageId, orderId: order.orderId, at: order.at } },
        {
          metadata,
          retries: RETRIES,
          eventIds: () => uuidFromName(`image-hold:${order.orderId}:${imageId}`),
        },
      );
      return { imageId, gone: !newState || newState.status === 'deleted' };
    }),
  );
  return held.filter((image) => image.gone).map((image) => image.imageId);
}

/** Holds each photo for the review before it is submitted; one deleted since refuses it (404). */
export async function holdImagesForReview(
  store: EventStore,
  imageIds: readonly string[],
  review: { reviewId: string; at: string },
  metadata: EventMetadata,
): Promise<void> {
  await Promise.all(
    imageIds.map((imageId) =>
      handleCommand(
        store,
        imageStreamName(imageId),
        imageDecider,
        { type: 'HoldForReview', data: { imageId, reviewId: review.reviewId, at: review.at } },
        {
          metadata,
          retries: RETRIES,
          eventIds: () => uuidFromName(`image-review-hold:${review.reviewId}:${imageId}`),
        },
      ),
    ),
  );
}
