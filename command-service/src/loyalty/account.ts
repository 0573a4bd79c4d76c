// A customer's points as the command side sees them: the balance, the points held by checkouts
// whose payment is under way, and what each order earned, redeemed and got reversed (so each step
// happens at most once per order, and a reversal knows what is left to reverse).
import { pointsDelta, type LoyaltyEvent } from '@printshop/shared-events/events/loyalty';

export interface Reservation {
  points: number;
  expiresAt: string;
}

export interface LoyaltyAccount {
  balance: number;
  /** checkout id -> its hold */
  reservations: ReadonlyMap<string, Reservation>;
  /** order id -> points it earned */
  earned: ReadonlyMap<string, number>;
  /** order id -> points it redeemed */
  redeemed: ReadonlyMap<string, number>;
  /** order id -> redeemed points given back so far */
  returned: ReadonlyMap<string, number>;
  /** order id -> earned points taken back so far */
  withdrawn: ReadonlyMap<string, number>;
}

export const initialLoyaltyAccount = (): LoyaltyAccount => ({
  balance: 0,
  reservations: new Map(),
  earned: new Map(),
  redeemed: new Map(),
  returned: new Map(),
  withdrawn: new Map(),
});

const adding = (map: ReadonlyMap<string, number>, key: string, points: number) =>
  new Map(map).set(key, (map.get(key) ?? 0) + points);
const without = <V>(map: ReadonlyMap<string, V>, key: string) => {
  const next = new Map(map);
  next.delete(key);
  return next;
};

/** Held points whose hold has not ended by `at` (an expired hold counts as released). */
export const liveReservations = (account: LoyaltyAccount, at: string): Array<[string, Reservation]> =>
  [...account.reservations].filter(([, hold]) => Date.parse(hold.expiresAt) > Date.parse(at));

/** Points another checkout may still reserve at `at`: the balance less the live holds. */
export const availablePoints = (account: LoyaltyAccount, at: string): number =>
  Math.max(
    0,
    account.balance - liveReservations(account, at).reduce((sum, [, hold]) => sum + hold.points, 0),
  );

export function evolveLoyaltyAccount(account: LoyaltyAccount, event: LoyaltyEvent): LoyaltyAccount {
  const balance = account.balance + pointsDelta(event);
  switch (event.type) {
    case 'PointsEarned':
      return { ...account, balance, earned: adding(account.earned, event.data.orderId, event.data.points) };
    case 'PointsRedeemed': {
      const { orderId, checkoutId, points } = event.data;
      const reservations = checkoutId ? without(account.reservations, checkoutId) : account.reservations;
      return { ...account, balance, reservations, redeemed: adding(account.redeemed, orderId, points) };
    }
    case 'PointsReturned':
      return {
        ...account,
        balance,
        returned: adding(account.returned, event.data.orderId, event.data.points),
      };
    case 'PointsWithdrawn':
      return {
        ...account,
        balance,
        withdrawn: adding(account.withdrawn, event.data.orderId, event.data.points),
      };
    case 'PointsReserved': {
      const { checkoutId, points, expiresAt } = event.data;
      return {
        ...account,
        reservations: new Map(account.reservations).set(checkoutId, { points, expiresAt }),
      };
    }
    case 'PointsReservationReleased':
      return { ...account, reservations: without(account.reservations, event.data.checkoutId) };
    default:
      return account;
  }
}
