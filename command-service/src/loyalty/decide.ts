// The loyalty rules, pure. Earning and redeeming are once per order whatever retries arrive. Points
// are spent through a reservation: a payment reserves exactly the points its checkout was priced
// with, or is refused; the handler appends with the revision it read, so checkouts racing for the
// same points conflict and decide again, and only as many as the points cover get them. The order
// redeems its checkout's reservation (or, the hold gone, what is still available: never more).
// Refunds and cancellations give back redeemed points and take back earned ones, in proportion to
// the money refunded, never taking the balance below 0.
import type { Decider } from '@printshop/shared-events/decider';
import { RuleBroken } from '@printshop/shared-events/errors';
import type {
  LoyaltyEvent,
  POINTS_REVERSAL_REASONS,
  RESERVATION_RELEASE_REASONS,
} from '@printshop/shared-events/events/loyalty';
import { pointsEarned, proportionalPoints } from '@printshop/shared-events/rules/loyalty';
import { availablePoints, evolveLoyaltyAccount, initialLoyaltyAccount, type LoyaltyAccount } from './account';

export const LOYALTY_MESSAGES = {
  notEnoughPoints: 'You no longer have enough loyalty points for this order. Please review your cart.',
} as const;

export type LoyaltyCommand =
  | {
      type: 'EarnPoints';
      data: { orderId: string; orderNumber: string; paidSubtotalUsdCents: number; at: string };
    }
  | { type: 'ReservePoints'; data: { checkoutId: string; points: number; expiresAt: string; at: string } }
  | {
      type: 'ReleaseReservation';
      data: { checkoutId: string; reason: (typeof RESERVATION_RELEASE_REASONS)[number]; at: string };
    }
  | {
      type: 'RedeemPoints';
      data: { orderId: string; orderNumber?: string; checkoutId: string; points: number; at: string };
    }
  | {
      /** `refunded` of `total` (minor units): the share to reverse; a cancellation reverses all. */
      type: 'ReverseOrderPoints';
      data: {
        orderId: string;
        orderNumber?: string;
        reason: (typeof POINTS_REVERSAL_REASONS)[number];
        refunded: number;
        total: number;
        at: string;
      };
    };

/** Expired holds, released (so the log says why their points came free). */
function releaseExpired(account: LoyaltyAccount, at: string): LoyaltyEvent[] {
  return [...account.reservations]
    .filter(([, hold]) => Date.parse(hold.expiresAt) <= Date.parse(at))
    .map(([checkoutId, hold]) => ({
      type: 'PointsReservationReleased',
      data: { checkoutId, points: hold.points, reason: 'expired', at },
    }));
}

function reserve(
  account: LoyaltyAccount,
  data: Extract<LoyaltyCommand, { type: 'ReservePoints' }>['data'],
): LoyaltyEvent[] {
  const { checkoutId, expiresAt, at } = data;
  const points = Math.floor(data.points);
  const held = account.reservations.get(checkoutId);
  if (points <= 0 || (held && Date.parse(held.expiresAt) > Date.parse(at))) return [];
  const released = releaseExpired(account, at);
  const after = released.reduce(evolveLoyaltyAccount, account);
  if (availablePoints(after, at) < points) throw new RuleBroken(LOYALTY_MESSAGES.notEnoughPoints);
  return [...released, { type: 'PointsReserved', data: { checkoutId, points, expiresAt, at } }];
}

function redeem(
  account: LoyaltyAccount,
  data: Extract<LoyaltyCommand, { type: 'RedeemPoints' }>['data'],
): LoyaltyEvent[] {
  const { orderId, orderNumber, checkoutId, at } = data;
  if (account.redeemed.has(orderId)) return [];
  // The checkout's own hold is part of the balance: what others do not hold is what it can take.
  const others = new Map(account.reservations);
  others.delete(checkoutId);
  const points = Math.min(Math.floor(data.points), availablePoints({ ...account, reservations: others }, at));
  if (points <= 0) return [];
  return [{ type: 'PointsRedeemed', data: { orderId, orderNumber, checkoutId, points, at } }];
}

function reverse(
  account: LoyaltyAccount,
  data: Extract<LoyaltyCommand, { type: 'ReverseOrderPoints' }>['data'],
): LoyaltyEvent[] {
  const { orderId, orderNumber, reason, refunded, total, at } = data;
  const events: LoyaltyEvent[] = [];
  const toReturn =
    proportionalPoints(account.redeemed.get(orderId) ?? 0, refunded, total) -
    (account.returned.get(orderId) ?? 0);
  if (toReturn > 0)
    events.push({ type: 'PointsReturned', data: { orderId, orderNumber, points: toReturn, reason, at } });
  const after = events.reduce(evolveLoyaltyAccount, account);
  const toWithdraw = Math.min(
    proportionalPoints(account.earned.get(orderId) ?? 0, refunded, total) -
      (account.withdrawn.get(orderId) ?? 0),
    availablePoints(after, at),
  );
  if (toWithdraw > 0) {
    events.push({ type: 'PointsWithdrawn', data: { orderId, orderNumber, points: toWithdraw, reason, at } });
  }
  return events;
}

export function decideLoyalty(command: LoyaltyCommand, account: LoyaltyAccount): LoyaltyEvent[] {
  switch (command.type) {
    case 'EarnPoints': {
      const { orderId, orderNumber, at } = command.data;
      const points = pointsEarned(command.data.paidSubtotalUsdCents);
      if (account.earned.has(orderId) || points <= 0) return [];
      return [{ type: 'PointsEarned', data: { orderId, orderNumber, points, at } }];
    }
    case 'ReservePoints':
      return reserve(account, command.data);
    case 'ReleaseReservation': {
      const { checkoutId, reason, at } = command.data;
      const held = account.reservations.get(checkoutId);
      return held
        ? [{ type: 'PointsReservationReleased', data: { checkoutId, points: held.points, reason, at } }]
        : [];
    }
    case 'RedeemPoints':
      return redeem(account, command.data);
    case 'ReverseOrderPoints':
      return reverse(account, command.data);
  }
}

export const loyaltyDecider: Decider<LoyaltyAccount, LoyaltyCommand, LoyaltyEvent> = {
  initialState: initialLoyaltyAccount,
  evolve: evolveLoyaltyAccount,
  decide: decideLoyalty,
};
