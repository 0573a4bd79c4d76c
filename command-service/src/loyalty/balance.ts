// The loyalty balance read straight from the log (no projection lag), for commands that must not
// promise points the customer no longer has (POST /api/loyalty/redeem, payment start).
import { fold } from '@printshop/shared-events/decider';
import type { EventStore } from '@printshop/shared-events/event-store';
import { loyaltyStreamName, type LoyaltyEvent } from '@printshop/shared-events/events/loyalty';
import { evolveLoyaltyAccount, initialLoyaltyAccount, type LoyaltyAccount } from './account';

export async function loadLoyaltyAccount(store: EventStore, userId: string): Promise<LoyaltyAccount> {
  const events = await store.readStream(loyaltyStreamName(userId));
  return fold(
    { initialState: initialLoyaltyAccount, evolve: evolveLoyaltyAccount },
    events as unknown as LoyaltyEvent[],
  );
}

/** The points a user has now (0 for a user who never earned any). */
export async function loyaltyBalance(store: EventStore, userId: string): Promise<number> {
  return (await loadLoyaltyAccount(store, userId)).balance;
}
