// What a review is about, decided by the server: a line of the author's own paid order (verified,
// product taken from the line) or a product / the shop (verified when the orders read model finds a
// paid purchase), naming at most an order of the author's own. Its photos must be the author's own active uploads.
import { NotFound, RuleBroken, ValidationError } from '@printshop/shared-events/errors';
import type { EventStore } from '@printshop/shared-events/event-store';
import { orderStreamName, type OrderEvent } from '@printshop/shared-events/events/order';
import { foldOrderView, PAID_ORDER_STATUSES } from '@printshop/shared-events/events/order-view';
import { REVIEW_MESSAGES } from '@printshop/shared-events/api/reviews';
import { canUseImage, loadImage } from '@printshop/shared-events/events/image';
import { IMAGE_MESSAGES } from '@printshop/shared-events/api/images';
import { orderIdOfNumber } from '../order/order-number';

export const REVIEW_SUBJECT_MESSAGES = {
  orderNotFound: 'Order not found',
  lineNotFound: 'This order has no such line.',
  notPaid: 'You can review a product once its order is paid.',
} as const;

export interface ReviewedLine {
  orderId: string;
  orderNumber: string;
  lineId: string;
  productSku: string;
}

/** The line of the author's paid order; 404 when the order is not theirs, 422 when it is not paid. */
export async function reviewedLine(
  store: EventStore,
  userId: string,
  orderId: string | undefined,
  lineId: string,
): Promise<ReviewedLine> {
  if (orderId === undefined) {
    throw new ValidationError(REVIEW_MESSAGES.lineWithoutOrder, {
      orderId: REVIEW_MESSAGES.lineWithoutOrder,
    });
  }
  const order = foldOrderView(await store.readStream<OrderEvent>(orderStreamName(orderId)));
  // Someone else's order is no order at all to this caller.
  if (!order || order.userId !== userId) throw new NotFound(REVIEW_SUBJECT_MESSAGES.orderNotFound);
  const line = order.lines.find((candidate) => candidate.lineId === lineId);
  if (!line) throw new NotFound(REVIEW_SUBJECT_MESSAGES.lineNotFound);
  if (!PAID_ORDER_STATUSES.includes(order.status)) throw new RuleBroken(REVIEW_SUBJECT_MESSAGES.notPaid);
  return { orderId: order.orderId, orderNumber: order.orderNumber, lineId, productSku: line.sku };
}

/**
 * The number of an order of the author, as given (any status: whether it was paid is the verified
 * flag's business); 404 for an unknown number or another's order, as for a line review, so a review
 * never shows the admin an order its author did not place.
 */
export async function authorsOrderNumber(
  store: EventStore,
  userId: string,
  orderNumber: string,
): Promise<string> {
  const orderId = await orderIdOfNumber(store, orderNumber);
  const order = orderId && foldOrderView(await store.readStream<OrderEvent>(orderStreamName(orderId)));
  if (!order || order.userId !== userId) throw new NotFound(REVIEW_SUBJECT_MESSAGES.orderNotFound);
  return order.orderNumber;
}

/** The photo ids, each an active upload of the author (404 otherwise, as for any image not theirs). */
export async function reviewPhotos(store: EventStore, userId: string, imageIds: string[]): Promise<string[]> {
  const unique = [...new Set(imageIds)];
  const images = await Promise.all(unique.map((imageId) => loadImage(store, imageId)));
  if (!images.every((image) => canUseImage(image, { userId }))) throw new NotFound(IMAGE_MESSAGES.notFound);
  return unique;
}
