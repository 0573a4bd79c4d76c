// The loyalty rules, pure. Earning and redeeming are once per order whatever retries arrive;
// a redemption takes at most the balance (so the balance is never negative: the handler appends
// with the revision it read, and a concurrent change makes it decide again); a cancelled order
// gets back exactly what it redeemed, once.
import type { Decider } from '@printshop/shared-events/decider';
import type { LoyaltyEvent } from '@printshop/shared-events/events/loyalty';
import { pointsEarned } from '@printshop/shared-events/rules/loyalty';
import { evolveLoyaltyAccount, initialLoyaltyAccount, type LoyaltyAccount } from './account';

export type LoyaltyCommand =
  | {
      type: 'EarnPoints';
      data: { orderId: string; orderNumber: string; paidSubtotalUsdCents: number; at: string };
    }
  | { type: 'RedeemPoints'; data: { orderId: string; orderNumber?: string; points: number; at: string } }
  | { type: 'ReturnPoints'; data: { orderId: string; orderNumber?: string; at: string } };

export function decideLoyalty(command: LoyaltyCommand, account: LoyaltyAccount): LoyaltyEvent[] {
  const { orderId, orderNumber, at } = command.data;
  switch (command.type) {
    case 'EarnPoints': {
      const points = pointsEarned(command.data.paidSubtotalUsdCents);
      if (account.earned.has(orderId) || points <= 0) return [];
      return [{ type: 'PointsEarned', data: { orderId, orderNumber: command.data.orderNumber, points, at } }];
    }
    case 'RedeemPoints': {
      const points = Math.min(Math.floor(command.data.points), account.balance);
      if (account.redeemed.has(orderId) || points <= 0) return [];
      return [{ type: 'PointsRedeemed', data: { orderId, orderNumber, points, at } }];
    }
    case 'ReturnPoints': {
      const points = account.redeemed.get(orderId);
      if (points === undefined || account.returned.has(orderId)) return [];
      return [{ type: 'PointsReturned', data: { orderId, orderNumber, points, at } }];
    }
  }
}

export const loyaltyDecider: Decider<LoyaltyAccount, LoyaltyCommand, LoyaltyEvent> = {
  initialState: initialLoyaltyAccount,
  evolve: evolveLoyaltyAccount,
  decide: decideLoyalty,
};
