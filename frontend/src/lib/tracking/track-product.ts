// Tracking of the upload pages (spec 2 §7), fire and forget: the product shown (event id prefixed
// 'browser_') and each line added to the cart (the same event id as the cart call, for deduping).
import type { SessionUser } from '@/lib/session/session-store';
import { browserContext, metaCookies, newEventId, pageContext, trackEvent } from '@/lib/tracking/track-event';

export interface TrackedProduct {
  sku: string;
  metaContentId: string;
  name: string;
  /** Major units of `currency`. */
  price: number;
  currency: string;
}

const trackedUser = (user: SessionUser | null) =>
  user ? { id: user.id, email: user.email, first_name: user.first_name, last_name: user.last_name } : null;

export function trackViewContent(product: TrackedProduct, user: SessionUser | null): Promise<boolean> {
  return trackEvent('view-content', {
    product: {
      sku: product.sku,
      meta_content_id: product.metaContentId,
      name: product.name,
      price: product.price,
      currency: product.currency,
    },
    event_id: `browser_${newEventId()}`,
    is_browser_failed: false,
    ...pageContext(),
    ...browserContext(),
    user_data: { ...metaCookies(), external_id: user?.id ?? null },
  });
}

export function trackAddToCart(
  item: {
    sku: string;
    quantity: number;
    name: string;
    price: number;
    currency: string;
    rawImageId?: string;
    croppedImageId: string;
  },
  eventId: string,
  user: SessionUser | null,
): Promise<boolean> {
  return trackEvent('add-to-cart', {
    item,
    event_id: eventId,
    user: trackedUser(user),
    ...browserContext(),
    user_data: metaCookies(),
  });
}
