// The order's rules as given events / when command / then events or error.
import { describe, it } from 'vitest';
import { NotFound, RuleBroken, ValidationError } from '@printshop/shared-events/errors';
import type { OrderEvent, OrderPlacedData } from '@printshop/shared-events/events/order';
import { deciderSpec } from '@printshop/shared-events/testing/decider-spec';
import { orderDecider, ORDER_MESSAGES, type StatusChange } from './decide';

const spec = deciderSpec(orderDecider);
const at = '2025-04-01T09:00:00.000Z';
const later = '2025-04-02T09:00:00.000Z';
const by = 'admin:a1';

const placed: OrderPlacedData = {
  orderId: 'o1',
  orderNumber: 'PS-ABCDEFGH',
  checkoutId: 'c1',
  cartId: 'g-s1',
  email: 'ada@example.com',
  lines: [
    {
      lineId: 'l1',
      sku: 'POSTERA4',
      name: 'Poster A4',
      quantity: 2,
      unitPrice: 178,
      lineTotal: 356,
      unitPriceUsd: 178,
      croppedImageId: 'img-c',
      rawImageId: 'img-r',
    },
  ],
  amounts: {
    currency: 'USD',
    subtotal: 356,
    discount: 0,
    loyaltyDiscount: 0,
    loyaltyPoints: 0,
    shipping: 1000,
    total: 1356,
    usdPaidSubtotal: 356,
    usdTotal: 1356,
    rate: 1,
  },
  shippingAddress: { fullName: 'Ada', phone: '+12015550123', line1: '1 Main St', city: 'X', country: 'US' },
  payment: { provider: 'stripe', paymentId: 'pi_1', testMode: true },
  placedAt: at,
};
const placedEvents: OrderEvent[] = [
  { type: 'OrderPlaced', data: placed },
  { type: 'OrderPaid', data: { orderId: 'o1', amount: 1356, currency: 'USD', at } },
];
const change = (c: StatusChange) => ({
  type: 'ChangeOrderStatus' as const,
  data: { orderId: 'o1', change: c, by, at: later },
});

describe('placing', () => {
  it('given no order, when it is placed, then it is placed and paid in one step', () => {
    spec
      .given([])
      .when({ type: 'PlaceOrder', data: { placed, paidAt: at } })
      .then(placedEvents);
  });

  it('given the order was placed, when it is placed again, then nothing happens', () => {
    spec
      .given(placedEvents)
      .when({ type: 'PlaceOrder', data: { placed, paidAt: later } })
      .then([]);
  });
});

describe('status', () => {
  it('given a paid order, when production starts, then it is in production', () => {
    spec
      .given(placedEvents)
      .when(change({ status: 'in_production', note: ' printing ' }))
      .then([
        {
          type: 'OrderStatusChanged',
          data: { orderId: 'o1', status: 'in_production', note: 'printing', by, at: later },
        },
      ]);
  });

  it('given an order in production, when it ships, then it is shipped with its tracking', () => {
    spec
      .given([
        ...placedEvents,
        { type: 'OrderStatusChanged', data: { orderId: 'o1', status: 'in_production', by, at } },
      ])
      .when(
        change({ status: 'shipped', carrier: 'DHL', trackingNumber: '123', url: 'https://dhl.example/123' }),
      )
      .then([
        {
          type: 'OrderShipped',
          data: {
            orderId: 'o1',
            carrier: 'DHL',
            trackingNumber: '123',
            url: 'https://dhl.example/123',
            note: undefined,
            by,
            at: later,
          },
        },
      ]);
  });

  it('given a paid order, when it ships straight away, then that is refused', () => {
    spec
      .given(placedEvents)
      .when(change({ status: 'shipped', carrier: 'DHL', trackingNumber: '1' }))
      .thenThrows(RuleBroken, ORDER_MESSAGES.transition('paid', 'shipped'));
  });

  it('given an order in production, when it ships without a tracking number, then that is refused', () => {
    spec
      .given([
        ...placedEvents,
        { type: 'OrderStatusChanged', data: { orderId: 'o1', status: 'in_production', by, at } },
      ])
      .when(change({ status: 'shipped', carrier: 'DHL', trackingNumber: ' ' }))
      .thenThrows(ValidationError, ORDER_MESSAGES.trackingRequired);
  });

  it('given a shipped order, when it is cancelled, then that is refused', () => {
    spec
      .given([
        ...placedEvents,
        { type: 'OrderStatusChanged', data: { orderId: 'o1', status: 'in_production', by, at } },
        {
          type: 'OrderShipped',
          data: { orderId: 'o1', carrier: 'DHL', trackingNumber: '1', url: '', by, at },
        },
      ])
      .when(change({ status: 'cancelled' }))
      .thenThrows(RuleBroken, ORDER_MESSAGES.transition('shipped', 'cancelled'));
  });

  it('given a paid order, when it is refunded without an amount, then all of it is refunded', () => {
    spec
      .given(placedEvents)
      .when(change({ status: 'refunded' }))
      .then([
        {
          type: 'OrderRefunded',
          data: { orderId: 'o1', amount: 1356, currency: 'USD', note: undefined, by, at: later },
        },
      ]);
  });

  it('given a paid order, when more than was paid is refunded, then that is refused', () => {
    spec
      .given(placedEvents)
      .when(change({ status: 'refunded', amount: 1357 }))
      .thenThrows(RuleBroken, ORDER_MESSAGES.refundTooLarge);
  });

  it('given a refunded order, when anything else happens, then that is refused', () => {
    spec
      .given([
        ...placedEvents,
        { type: 'OrderRefunded', data: { orderId: 'o1', amount: 1356, currency: 'USD', by, at } },
      ])
      .when(change({ status: 'in_production' }))
      .thenThrows(RuleBroken, ORDER_MESSAGES.transition('refunded', 'in_production'));
  });

  it('given a paid order, when it is cancelled, then it is cancelled', () => {
    spec
      .given(placedEvents)
      .when(change({ status: 'cancelled' }))
      .then([{ type: 'OrderCancelled', data: { orderId: 'o1', note: undefined, by, at: later } }]);
  });

  it('given an order in production, when it is set to in production again, then nothing happens', () => {
    spec
      .given([
        ...placedEvents,
        { type: 'OrderStatusChanged', data: { orderId: 'o1', status: 'in_production', by, at } },
      ])
      .when(change({ status: 'in_production' }))
      .then([]);
  });

  it('given no order, when its status changes, then it is not found', () => {
    spec
      .given([])
      .when(change({ status: 'cancelled' }))
      .thenThrows(NotFound, ORDER_MESSAGES.notFound);
  });

  it.each(['paid', 'pending_payment'] as const)(
    'given no order, when it is set to %s by hand, then it is not found',
    (status) => {
      spec.given([]).when(change({ status })).thenThrows(NotFound, ORDER_MESSAGES.notFound);
    },
  );

  it.each(['paid', 'pending_payment'] as const)(
    'given a paid order, when it is set to %s by hand, then that is refused: only its payment does that',
    (status) => {
      spec.given(placedEvents).when(change({ status })).thenThrows(RuleBroken, ORDER_MESSAGES.paymentStatus);
    },
  );
});

describe('archiving', () => {
  it('given an order, when it is archived twice, then it is archived once', () => {
    spec
      .given(placedEvents)
      .when({ type: 'ArchiveOrder', data: { orderId: 'o1', by, at } })
      .then([{ type: 'OrderArchived', data: { orderId: 'o1', by, at } }]);
    spec
      .given([...placedEvents, { type: 'OrderArchived', data: { orderId: 'o1', by, at } }])
      .when({ type: 'ArchiveOrder', data: { orderId: 'o1', by, at } })
      .then([]);
  });
});
