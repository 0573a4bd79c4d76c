// A review's id is derived from the order line it reviews, else from its author and product: a
// second review of the same line (or product, by the same user) names the same stream, which
// already exists (409). No product means the shop itself.
import { uuidFromName } from '../order/derived-ids';

export const reviewIdOf = (userId: string, productSku: string | undefined): string =>
  uuidFromName(`review:${userId}:${productSku ?? ''}`);

/** A review of an order line: one per line, whoever writes it (only the order's owner can). */
export const reviewIdOfLine = (orderId: string, lineId: string): string =>
  uuidFromName(`review-line:${orderId}:${lineId}`);
