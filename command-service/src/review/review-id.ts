// A review's id is derived from its author and product: a second review of the same product by the
// same user names the same stream, which already exists (409). No product means the shop itself.
import { uuidFromName } from '../order/derived-ids';

export const reviewIdOf = (userId: string, productSku: string | undefined): string =>
  uuidFromName(`review:${userId}:${productSku ?? ''}`);
