// A signed-in customer's loyalty points, stream `loyalty-<userId>`. The balance is the sum of the
// events: earned adds, redeemed subtracts, returned gives back what an order redeemed. Each event
// names its order, and the loyalty decider allows one of each kind per order, so a retried payment
// never earns or spends twice.
import { z } from 'zod';
import { defineEvent, type EventOf } from '../event-registry';

export const LOYALTY_STREAM_CATEGORY = 'loyalty';
export const loyaltyStreamName = (userId: string): string => `${LOYALTY_STREAM_CATEGORY}-${userId}`;

const at = z.iso.datetime({ offset: true });
const points = z.number().int().positive();

/** Points for a paid order (rules/loyalty.ts pointsEarned). */
export const PointsEarned = defineEvent(
  'PointsEarned',
  z.object({ orderId: z.string(), orderNumber: z.string(), points, at }),
);

/** Points spent on an order when it was placed; never more than the balance read before. */
export const PointsRedeemed = defineEvent(
  'PointsRedeemed',
  z.object({ orderId: z.string(), orderNumber: z.string().optional(), points, at }),
);

/** The points an order redeemed, given back because the order was cancelled. */
export const PointsReturned = defineEvent(
  'PointsReturned',
  z.object({ orderId: z.string(), orderNumber: z.string().optional(), points, at }),
);

export const loyaltyEvents = [PointsEarned, PointsRedeemed, PointsReturned];
export const LOYALTY_EVENT_TYPES = loyaltyEvents.map((event) => event.type);

export type LoyaltyEvent =
  EventOf<typeof PointsEarned> | EventOf<typeof PointsRedeemed> | EventOf<typeof PointsReturned>;

/** The signed change of the balance an event makes. */
export const pointsDelta = (event: LoyaltyEvent): number =>
  event.type === 'PointsRedeemed' ? -event.data.points : event.data.points;
