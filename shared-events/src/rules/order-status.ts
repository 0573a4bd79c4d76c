// The order's state machine: where each status may go next. The order's decider refuses any other
// move (command-service/src/order/decide.ts); the admin's status form offers only these.
import type { OrderDto } from '../api/orders';

export type OrderStatus = OrderDto['status'];

/** Where each status may go next (the same status again is no change, not an error). */
export const NEXT_STATUSES: Readonly<Record<OrderStatus, readonly OrderStatus[]>> = {
  pending_payment: ['cancelled'],
  paid: ['in_production', 'cancelled', 'refunded'],
  in_production: ['shipped', 'cancelled', 'refunded'],
  shipped: ['delivered', 'refunded'],
  delivered: ['refunded'],
  cancelled: ['refunded'],
  refunded: [],
};

export const canMoveTo = (from: OrderStatus, to: OrderStatus): boolean => NEXT_STATUSES[from].includes(to);
