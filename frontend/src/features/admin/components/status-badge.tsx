// A coloured label for an order's status (or any other state the admin lists show).
import { ORDER_STATUS_LABELS, type OrderStatus } from '@/lib/order-status';

export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  return <span className={`admin-badge admin-badge--${status}`}>{ORDER_STATUS_LABELS[status]}</span>;
}

export function Badge({ tone, children }: { tone: string; children: string }) {
  return <span className={`admin-badge admin-badge--${tone}`}>{children}</span>;
}
