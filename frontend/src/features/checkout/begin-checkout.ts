// Begin-checkout tracking (spec 2 §7): the cart as the customer starts paying; fire and forget.
import type { CartDto } from '@printshop/shared-events/api/cart';
import type { SessionUser } from '@/lib/session/session-store';
import { browserContext, metaCookies, newEventId, trackEvent } from '@/lib/tracking/track-event';

export function trackBeginCheckout(cart: CartDto, user: SessionUser | null): void {
  void trackEvent('begin-checkout', {
    cartDetails: {
      items: cart.items
        .filter((item) => item.quantity > 0)
        .map((item) => ({
          sku: item.sku,
          name: item.name,
          quantity: item.quantity,
          pricePerUnit: item.pricePerUnit,
        })),
      subtotal: cart.subtotal,
      grandTotal: cart.grandTotal,
      currency: cart.currency,
    },
    user: user && { id: user.id, email: user.email, first_name: user.first_name, last_name: user.last_name },
    event_id: newEventId(),
    ...browserContext(),
    user_data: metaCookies(),
  });
}
