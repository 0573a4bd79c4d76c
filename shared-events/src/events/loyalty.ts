// A signed-in customer's loyalty points, stream `loyalty-<userId>`. The balance is the sum of the
// events: earned adds, redeemed subtracts, returned gives back what an order redeemed, withdrawn
// takes back what a refunded or cancelled order earned. Each event names its order, and the loyalty
// decider allows each step at most once per order, so a retried payment never earns or spends twice.
//
// Points are spent in two steps. Starting a payment reserves the checkout's points (PointsReserved,
// appended with the stream's revision, so two checkouts racing for the same points conflict and one
// of them decides again and finds them gone); the order that payment becomes redeems them from the
// reservation. A reservation leaves the balance as it is but the points are no longer available to
// another checkout; it is released when its payment fails or when it expires unused.
import { z } from 'zod';
import { defineEvent, type EventOf } from '../event-registry';

export const LOYALTY_STREAM_CATEGORY = 'loyalty';
export const loyaltyStreamName = (userId: string): string => `${LOYALTY_STREAM_CATEGORY}-${userId}`;

const at = z.iso.datetime({ offset: true });
const points = z.number().int().positive();

/** Why an order's points were given back or taken back. */
export const POINTS_REVERSAL_REASONS = [
  'order_cancelled',
  'order_refunded',
  'order_partly_refunded',
] as const;
const reversalReason = z.enum(POINTS_REVERSAL_REASONS);

/** Points for a paid order (rules/loyalty.ts pointsEarned). */
export const PointsEarned = defineEvent(
  'PointsEarned',
  z.object({ orderId: z.string(), orderNumber: z.string(), points, at }),
);

/**
 * Points spent on an order when it was placed: the reservation of its checkout (`checkoutId`), or
 * (a reservation released before the payment came) what was still available. Never more than that.
 */
export const PointsRedeemed = defineEvent(
  'PointsRedeemed',
  z.object({
    orderId: z.string(),
    orderNumber: z.string().optional(),
    checkoutId: z.string().optional(),
    points,
    at,
  }),
);

/** Points an order redeemed, given back (all on cancellation, in proportion on a refund). */
export const PointsReturned = defineEvent(
  'PointsReturned',
  z.object({
    orderId: z.string(),
    orderNumber: z.string().optional(),
    points,
    /** Absent on events written before reasons were recorded: those were cancellations. */
    reason: reversalReason.optional(),
    at,
  }),
);

/**
 * Points an order earned, taken back because it was refunded (in proportion) or cancelled; never
 * more than the customer has available, so the balance stops at 0.
 */
export const PointsWithdrawn = defineEvent(
  'PointsWithdrawn',
  z.object({ orderId: z.string(), orderNumber: z.string().optional(), points, reason: reversalReason, at }),
);

/** A checkout's payment holds these points until its order redeems them, or the hold ends. */
export const PointsReserved = defineEvent(
  'PointsReserved',
  z.object({ checkoutId: z.string(), points, expiresAt: at, at }),
);

// payment_refunded: the payment was given back because another tab's order took its items first.
// checkout_replaced: the same tab started the checkout again (Back, another address or currency).
export const RESERVATION_RELEASE_REASONS = [
  'payment_failed',
  'expired',
  'payment_refunded',
  'checkout_replaced',
] as const;

/** The hold of a checkout ended without an order: its points are available again. */
export const PointsReservationReleased = defineEvent(
  'PointsReservationReleased',
  z.object({ checkoutId: z.string(), points, reason: z.enum(RESERVATION_RELEASE_REASONS), at }),
);

export const loyaltyEvents = [
  PointsEarned,
  PointsRedeemed,
  PointsReturned,
  PointsWithdrawn,
  PointsReserved,
  PointsReservationReleased,
];
export const LOYALTY_EVENT_TYPES = loyaltyEvents.map((event) => event.type);

export type LoyaltyEvent =
  | EventOf<typeof PointsEarned>
  | EventOf<typeof PointsRedeemed>
  | EventOf<typeof PointsReturned>
  | EventOf<typeof PointsWithdrawn>
  | EventOf<typeof PointsReserved>
  | EventOf<typeof PointsReservationReleased>;

/** The events that change the balance (a reservation only holds points). */
export type PointsMovement = Exclude<LoyaltyEvent, { type: 'PointsReserved' | 'PointsReservationReleased' }>;
export const isPointsMovement = (event: LoyaltyEvent): event is PointsMovement =>
  event.type !== 'PointsReserved' && event.type !== 'PointsReservationReleased';

/** The signed change of the balance an event makes (0 for a reservation and its release). */
export const pointsDelta = (event: LoyaltyEvent): number => {
  switch (event.type) {
    case 'PointsEarned':
    case 'PointsReturned':
      return event.data.points;
    case 'PointsRedeemed':
    case 'PointsWithdrawn':
      return -event.data.points;
    default:
      return 0;
  }
};
