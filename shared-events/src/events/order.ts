// An order, stream `order-<orderId>`. The order id is derived from its payment (provider and
// reference), and the placement is appended with expected revision `no_stream`, so a payment
// confirmed twice (client and webhook, retries) places one order. Order numbers are unique through
// the reservation stream `ordernumber-<orderNumber>`.
// Status after payment: paid -> in_production -> shipped -> delivered; cancelled and refunded
// (command-service/src/order/decide.ts has the transitions).
import { z } from 'zod';
import { ORDER_STATUSES } from '../api/orders';
import { defineEvent, type EventOf } from '../event-registry';
import { addressFieldsSchema } from './address';
import { orderAmountsSchema, orderLineSchema } from './checkout';
import { ORDER_PAYMENT_PROVIDERS } from './payment';

export const ORDER_STREAM_CATEGORY = 'order';
export const orderStreamName = (orderId: string): string => `${ORDER_STREAM_CATEGORY}-${orderId}`;
export const ORDER_NUMBER_STREAM_CATEGORY = 'ordernumber';
export const orderNumberStreamName = (orderNumber: string): string =>
  `${ORDER_NUMBER_STREAM_CATEGORY}-${orderNumber}`;

const at = z.iso.datetime({ offset: true });
/** Who did it: a user id, 'admin:<id>', 'system'. */
const by = z.string().min(1).max(200);
const note = z.string().max(2000).optional();

export const OrderPlaced = defineEvent(
  'OrderPlaced',
  z.object({
    orderId: z.string(),
    orderNumber: z.string(),
    checkoutId: z.string(),
    cartId: z.string(),
    userId: z.string().optional(),
    email: z.string(),
    lines: z.array(orderLineSchema).min(1),
    amounts: orderAmountsSchema,
    shippingAddress: addressFieldsSchema,
    payment: z.object({
      provider: z.enum(ORDER_PAYMENT_PROVIDERS),
      /** Stripe's PaymentIntent id, Razorpay's order id; the checkout's id when nothing was paid. */
      paymentId: z.string(),
      /** Razorpay's payment id, when it differs from paymentId. */
      providerPaymentId: z.string().optional(),
      testMode: z.boolean(),
    }),
    placedAt: at,
  }),
);

export const OrderPaid = defineEvent(
  'OrderPaid',
  z.object({
    orderId: z.string(),
    amount: z.number().int().nonnegative(),
    currency: z.string(),
    at,
  }),
);

/** A status change without its own event (in_production, or a correction with a note). */
export const OrderStatusChanged = defineEvent(
  'OrderStatusChanged',
  z.object({ orderId: z.string(), status: z.enum(ORDER_STATUSES), note, by, at }),
);

export const OrderShipped = defineEvent(
  'OrderShipped',
  z.object({
    orderId: z.string(),
    carrier: z.string().max(100),
    trackingNumber: z.string().max(100),
    url: z.string().max(2000),
    note,
    by,
    at,
  }),
);

export const OrderDelivered = defineEvent('OrderDelivered', z.object({ orderId: z.string(), note, by, at }));
export const OrderCancelled = defineEvent('OrderCancelled', z.object({ orderId: z.string(), note, by, at }));

/** Money given back, in minor units of the order's currency; refundId: the provider's refund. */
export const OrderRefunded = defineEvent(
  'OrderRefunded',
  z.object({
    orderId: z.string(),
    amount: z.number().int().positive(),
    currency: z.string(),
    refundId: z.string().optional(),
    note,
    by,
    at,
  }),
);

/** Hidden from lists (the admin's bulk delete): an event, never a row delete. */
export const OrderArchived = defineEvent('OrderArchived', z.object({ orderId: z.string(), by, at }));

/** Reservation stream: this order number belongs to this order. */
export const OrderNumberReserved = defineEvent(
  'OrderNumberReserved',
  z.object({ orderNumber: z.string(), orderId: z.string() }),
);

export const orderEvents = [
  OrderPlaced,
  OrderPaid,
  OrderStatusChanged,
  OrderShipped,
  OrderDelivered,
  OrderCancelled,
  OrderRefunded,
  OrderArchived,
];
export const ORDER_EVENT_TYPES = orderEvents.map((event) => event.type);

export type OrderEvent =
  | EventOf<typeof OrderPlaced>
  | EventOf<typeof OrderPaid>
  | EventOf<typeof OrderStatusChanged>
  | EventOf<typeof OrderShipped>
  | EventOf<typeof OrderDelivered>
  | EventOf<typeof OrderCancelled>
  | EventOf<typeof OrderRefunded>
  | EventOf<typeof OrderArchived>;
export type OrderPlacedData = EventOf<typeof OrderPlaced>['data'];
