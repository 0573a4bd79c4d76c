// An order as people see it, folded from its events: the command side answers with it, the orders
// projection stores it, the query side turns it into API.md's Order. One fold, so all three agree.
import type { OrderDto } from '../api/orders';
import { toMajor } from '../rules/money';
import type { AddressFields } from './address';
import type { OrderAmounts, OrderLine } from './checkout';
import type { OrderEvent } from './order';
import type { OrderPaymentProvider } from './payment';

export type OrderStatus = OrderDto['status'];

export interface OrderView {
  orderId: string;
  orderNumber: string;
  checkoutId: string;
  cartId: string;
  userId?: string;
  email: string;
  lines: OrderLine[];
  amounts: OrderAmounts;
  shippingAddress: AddressFields;
  payment: {
    provider: OrderPaymentProvider;
    paymentId: string;
    providerPaymentId?: string;
    testMode: boolean;
    status: 'pending' | 'paid' | 'refunded';
  };
  status: OrderStatus;
  placedAt: string;
  updatedAt: string;
  timeline: Array<{ status: OrderStatus; at: string; note?: string }>;
  tracking?: { carrier: string; number: string; url: string };
  refundedAmount?: number;
  archived: boolean;
}

const withStatus = (view: OrderView, status: OrderStatus, at: string, note?: string): OrderView => ({
  ...view,
  status,
  updatedAt: at,
  timeline: [...view.timeline, note === undefined ? { status, at } : { status, at, note }],
});

/** undefined until OrderPlaced; events of other kinds before it are ignored. */
export function evolveOrderView(view: OrderView | undefined, event: OrderEvent): OrderView | undefined {
  if (event.type === 'OrderPlaced') {
    const { data } = event;
    return {
      orderId: data.orderId,
      orderNumber: data.orderNumber,
      checkoutId: data.checkoutId,
      cartId: data.cartId,
      ...(data.userId !== undefined && { userId: data.userId }),
      email: data.email,
      lines: data.lines,
      amounts: data.amounts,
      shippingAddress: data.shippingAddress,
      payment: { ...data.payment, status: 'pending' },
      status: 'pending_payment',
      placedAt: data.placedAt,
      updatedAt: data.placedAt,
      timeline: [],
      archived: false,
    };
  }
  if (!view) return view;
  switch (event.type) {
    case 'OrderPaid':
      return { ...withStatus(view, 'paid', event.data.at), payment: { ...view.payment, status: 'paid' } };
    case 'OrderStatusChanged':
      return withStatus(view, event.data.status, event.data.at, event.data.note);
    case 'OrderShipped': {
      const { carrier, trackingNumber, url, at, note } = event.data;
      return { ...withStatus(view, 'shipped', at, note), tracking: { carrier, number: trackingNumber, url } };
    }
    case 'OrderDelivered':
      return withStatus(view, 'delivered', event.data.at, event.data.note);
    case 'OrderCancelled':
      return withStatus(view, 'cancelled', event.data.at, event.data.note);
    case 'OrderRefunded':
      return {
        ...withStatus(view, 'refunded', event.data.at, event.data.note),
        payment: { ...view.payment, status: 'refunded' },
        refundedAmount: (view.refundedAmount ?? 0) + event.data.amount,
      };
    case 'OrderArchived':
      return { ...view, archived: true, updatedAt: event.data.at };
    default:
      return view;
  }
}

/** Statuses of an order the customer paid for and kept (not cancelled nor refunded). */
export const PAID_ORDER_STATUSES: readonly OrderStatus[] = ['paid', 'in_production', 'shipped', 'delivered'];

export const foldOrderView = (events: readonly OrderEvent[]): OrderView | undefined =>
  events.reduce<OrderView | undefined>(evolveOrderView, undefined);

/** API.md's Order: money in major units of the order's currency. */
export function orderDto(view: OrderView): OrderDto {
  const { currency } = view.amounts;
  const major = (minor: number) => toMajor(minor, currency);
  const dto: OrderDto = {
    id: view.orderId,
    orderNumber: view.orderNumber,
    status: view.status,
    createdAt: view.placedAt,
    email: view.email,
    items: view.lines.map((line) => ({
      lineId: line.lineId,
      sku: line.sku,
      name: line.name,
      ...(line.category !== undefined && { category: line.category }),
      quantity: line.quantity,
      pricePerUnit: major(line.unitPrice),
      lineTotal: major(line.lineTotal),
      imageUrl: `/images/${line.croppedImageId}`,
      ...(line.customizationData !== undefined && {
        customizationData: line.customizationData as NonNullable<
          OrderDto['items'][number]['customizationData']
        >,
      }),
    })),
    subtotal: major(view.amounts.subtotal),
    discount: major(
      view.amounts.discount + (view.amounts.promotionDiscount ?? 0) + view.amounts.loyaltyDiscount,
    ),
    shippingFee: major(view.amounts.shipping),
    total: major(view.amounts.total),
    currency,
    shippingAddress: view.shippingAddress,
    payment: { provider: view.payment.provider, status: view.payment.status },
    timeline: view.timeline,
  };
  if (view.tracking) dto.tracking = view.tracking;
  const { promotionCode, promotionDiscount } = view.amounts;
  if (promotionCode) dto.promotion = { code: promotionCode, discount: major(promotionDiscount ?? 0) };
  if (view.amounts.loyaltyDiscount > 0) dto.loyaltyDiscount = major(view.amounts.loyaltyDiscount);
  return dto;
}
