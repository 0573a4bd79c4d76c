// A tracking message as a Conversions-API server event (the shape of Meta's Conversions API, which
// other sinks copy): event_name, event_time (s), event_id, action_source, user_data (contact fields
// as arrays of SHA-256 hashes), custom_data (value, currency, contents). A purchase's event_id is
// its order number, from the browser and from the server alike, so the sink sees one purchase.
import {
  trackAddToCartBodySchema,
  trackBeginCheckoutBodySchema,
  trackPurchaseBodySchema,
  trackViewContentBodySchema,
} from '@printshop/shared-events/api/tracking';
import type { TrackingKind } from '@printshop/shared-events/events/tracking';
import type { OrderView } from '@printshop/shared-events/events/order-view';
import type { BrowserTrackingMessage } from '@printshop/shared-events/tracking-messages';
import { toMajor } from '@printshop/shared-events/rules/money';
import { hashEmail, hashPhone, hashText } from '@printshop/command-service/tracking/hash-contact';

export const EVENT_NAMES: Record<TrackingKind, string> = {
  'add-to-cart': 'AddToCart',
  'begin-checkout': 'InitiateCheckout',
  purchase: 'Purchase',
  'view-content': 'ViewContent',
};

export interface ConversionsEvent {
  event_name: string;
  event_time: number;
  event_id: string;
  action_source: 'website';
  event_source_url?: string;
  user_data: Record<string, string | string[]>;
  custom_data: Record<string, unknown>;
}

interface Content {
  id: string;
  quantity: number;
  item_price?: number;
}

const seconds = (iso: string) => Math.floor(new Date(iso).getTime() / 1000);
const HASHED = ['em', 'ph', 'fn', 'ln', 'external_id'] as const;

function userDataOf(userData: BrowserTrackingMessage['userData']): ConversionsEvent['user_data'] {
  const out: ConversionsEvent['user_data'] = {};
  for (const [key, value] of Object.entries(userData)) {
    if (value === undefined) continue;
    out[key] = (HASHED as readonly string[]).includes(key) ? [value] : value;
  }
  return out;
}

const contentsData = (contents: Content[], currency?: string, value?: number) => ({
  content_type: 'product',
  content_ids: contents.map((c) => c.id),
  contents,
  num_items: contents.reduce((sum, c) => sum + c.quantity, 0),
  ...(currency && { currency }),
  ...(value !== undefined && { value }),
});

/** custom_data of a browser call; its body is read back with the schema it was accepted with. */
function customDataOf(message: BrowserTrackingMessage): Record<string, unknown> {
  switch (message.kind) {
    case 'add-to-cart': {
      const { item } = trackAddToCartBodySchema.parse(message.body);
      return {
        ...contentsData(
          [
            {
              id: item.sku,
              quantity: item.quantity,
              ...(item.price !== undefined && { item_price: item.price }),
            },
          ],
          item.currency,
          item.price === undefined ? undefined : item.price * item.quantity,
        ),
        ...(item.name && { content_name: item.name }),
      };
    }
    case 'begin-checkout': {
      const { cartDetails: cart } = trackBeginCheckoutBodySchema.parse(message.body);
      return contentsData(
        cart.items.map((i) => ({
          id: i.sku,
          quantity: i.quantity,
          ...(i.pricePerUnit !== undefined && { item_price: i.pricePerUnit }),
        })),
        cart.currency,
        cart.grandTotal ?? cart.subtotal,
      );
    }
    case 'purchase': {
      const { orderDetails: order } = trackPurchaseBodySchema.parse(message.body);
      return {
        ...contentsData(
          order.items.map((i) => ({ id: i.sku, quantity: i.quantity, item_price: i.price_per_unit })),
          order.currency,
          order.total_amount,
        ),
        order_id: order.order_number,
      };
    }
    case 'view-content': {
      const { product } = trackViewContentBodySchema.parse(message.body);
      return {
        content_type: 'product',
        content_ids: [product.meta_content_id],
        content_name: product.name,
        value: product.price,
        currency: product.currency,
      };
    }
  }
}

/** A browser's purchase of no order of its own: kept as claimed, never forwarded nor counted. */
export const UNVERIFIED_PURCHASE = 'UnverifiedPurchase';

/**
 * A browser call as a server event. A purchase needs its order (the caller's, verified when the
 * call came): value, currency and contents are the order's, never the body's; without one it is
 * an UnverifiedPurchase under the browser's own event_id.
 */
export function browserEvent(message: BrowserTrackingMessage, order?: OrderView): ConversionsEvent {
  const verified = message.kind === 'purchase' && order !== undefined;
  const name = message.kind === 'purchase' && !order ? UNVERIFIED_PURCHASE : EVENT_NAMES[message.kind];
  return {
    event_name: name,
    event_time: seconds(message.receivedAt),
    event_id: verified ? order.orderNumber : message.eventId,
    action_source: 'website',
    ...(message.eventSourceUrl && { event_source_url: message.eventSourceUrl }),
    user_data: userDataOf(message.userData),
    custom_data: verified ? orderCustomData(order) : customDataOf(message),
  };
}

/** custom_data of a purchase, from the order in the log. */
function orderCustomData(order: OrderView): Record<string, unknown> {
  const { currency } = order.amounts;
  return {
    ...contentsData(
      order.lines.map((line) => ({
        id: line.sku,
        quantity: line.quantity,
        item_price: toMajor(line.unitPrice, currency),
      })),
      currency,
      toMajor(order.amounts.total, currency),
    ),
    order_id: order.orderNumber,
  };
}

/** The server's own purchase, from the order in the log: the e-mail and phone it was placed with. */
export function serverPurchaseEvent(order: OrderView, paidAt: string): ConversionsEvent {
  const hashed = {
    em: hashEmail(order.email),
    ph: hashPhone(order.shippingAddress.phone),
    external_id: hashText(order.userId),
  };
  return {
    event_name: EVENT_NAMES.purchase,
    event_time: seconds(paidAt),
    event_id: order.orderNumber,
    action_source: 'website',
    user_data: Object.fromEntries(
      Object.entries(hashed).flatMap(([key, value]) => (value ? [[key, [value]]] : [])),
    ),
    custom_data: orderCustomData(order),
  };
}
