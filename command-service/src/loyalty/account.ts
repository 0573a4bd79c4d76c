// A customer's points as the command side sees them: the balance, and which orders already earned,
// redeemed or got their points back (so each happens at most once per order).
import { pointsDelta, type LoyaltyEvent } from '@printshop/shared-events/events/loyalty';

export interface LoyaltyAccount {
  balance: number;
  earned: ReadonlySet<string>;
  /** order id -> points it redeemed */
  redeemed: ReadonlyMap<string, number>;
  returned: ReadonlySet<string>;
}

export const initialLoyaltyAccount = (): LoyaltyAccount => ({
  balance: 0,
  earned: new Set(),
  redeemed: new Map(),
  returned: new Set(),
});

export function evolveLoyaltyAccount(account: LoyaltyAccount, event: LoyaltyEvent): LoyaltyAccount {
  const balance = account.balance + pointsDelta(event);
  const { orderId } = event.data;
  switch (event.type) {
    case 'PointsEarned':
      return { ...account, balance, earned: new Set(account.earned).add(orderId) };
    case 'PointsRedeemed':
      return { ...account, balance, redeemed: new Map(account.redeemed).set(orderId, event.data.points) };
    case 'PointsReturned':
      return { ...account, balance, returned: new Set(account.returned).add(orderId) };
    default:
      return account;
  }
}
