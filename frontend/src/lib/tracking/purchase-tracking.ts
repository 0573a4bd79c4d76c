// Purchase tracking (spec 2 §7): sent once per order number; the numbers already sent are kept in
// a list in local storage, so a reload of the confirmation page does not count the sale twice.
import type { OrderDto } from '@printshop/shared-events/api/orders';
import { readStored, writeStored } from '../storage';
import { SUPPORT_EMAIL } from '../site';
import { metaCookies, newEventId, pageContext, trackEvent } from './track-event';

export const TRACKED_ORDERS_KEY = 'printshop_tracked_orders';
/** Ours: the list keeps the latest 100 numbers, plenty for one browser. */
const MAX_TRACKED = 100;

export function trackedOrders(): string[] {
  try {
    const list: unknown = JSON.parse(readStored(TRACKED_ORDERS_KEY) ?? '[]');
    return Array.isArray(list) ? list.filter((n): n is string => typeof n === 'string') : [];
  } catch {
    return [];
  }
}

function remember(orderNumber: string): void {
  writeStored(TRACKED_ORDERS_KEY, JSON.stringify([...trackedOrders(), orderNumber].slice(-MAX_TRACKED)));
}

/**
 * Sends the purchase of `order` unless this browser already did; false when it was sent before.
 * The number is recorded before sending, so two tabs or a quick reload never send it twice.
 */
export function trackPurchaseOnce(order: OrderDto, userId?: string): boolean {
  if (trackedOrders().includes(order.orderNumber)) return false;
  remember(order.orderNumber);
  void trackEvent('purchase', {
    orderDetails: {
      order_number: order.orderNumber,
      total_amount: order.total,
      currency: order.currency,
      items: order.items.map((item) => ({
        sku: item.sku,
        name: item.name,
        price_per_unit: item.pricePerUnit,
        quantity: item.quantity,
        category: item.category ?? null,
      })),
    },
    event_id: newEventId(),
    ...pageContext(),
    user_data: {
      ...metaCookies(),
      // Spec 2 §7: a default contact address when none is known.
      email: order.email || SUPPORT_EMAIL,
      phone: order.shippingAddress.phone || null,
      external_id: userId ?? null,
    },
  });
  return true;
}
