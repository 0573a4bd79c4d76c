// How each order status reads, and the steps an order goes through (API.md order statuses); the
// shopper's order pages and the admin screens show the same words. Where a status may go next is
// the order's state machine in shared-events (rules/order-status.ts).
import type { OrderDto } from '@printshop/shared-events/api/orders';

export type OrderStatus = OrderDto['status'];

export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  pending_payment: 'Awaiting payment',
  paid: 'Paid',
  in_production: 'In production',
  shipped: 'Shipped',
  delivered: 'Delivered',
  cancelled: 'Cancelled',
  refunded: 'Refunded',
};

/** The happy path, in order; cancelled and refunded leave it. */
export const ORDER_STEPS: readonly OrderStatus[] = ['paid', 'in_production', 'shipped', 'delivered'];
