// The loyalty account read straight from the log (no projection lag), for commands that must not
// promise points the customer no longer has (POST /api/loyalty/redeem, checkout start), and the
// runner of loyalty commands (appended with the revision read; a concurrent change decides again).
import { load } from '@printshop/shared-events/decider';
import type { EventMetadata, EventStore } from '@printshop/shared-events/event-store';
import { loyaltyStreamName, type LoyaltyEvent } from '@printshop/shared-events/events/loyalty';
import { handleCommand } from '../handle-command';
import { uuidFromName } from '../order/derived-ids';
import { availablePoints, evolveLoyaltyAccount, initialLoyaltyAccount, type LoyaltyAccount } from './account';
import { loyaltyDecider, type LoyaltyCommand } from './decide';

/** Many checkouts of one customer may race; each conflict is one more read-and-decide. */
const RETRIES = 25;

export async function loadLoyaltyAccount(store: EventStore, userId: string): Promise<LoyaltyAccount> {
  return load<LoyaltyAccount, LoyaltyEvent>(store, loyaltyStreamName(userId), {
    initialState: initialLoyaltyAccount,
    evolve: evolveLoyaltyAccount,
  });
}

/** The points a user has now (0 for a user who never earned any). */
export async function loyaltyBalance(store: EventStore, userId: string): Promise<number> {
  return (await loadLoyaltyAccount(store, userId)).balance;
}

/** The points no open payment holds at `at`: what a new checkout may be priced with. */
export async function availableLoyaltyPoints(store: EventStore, userId: string, at: string): Promise<number> {
  return availablePoints(await loadLoyaltyAccount(store, userId), at);
}

/** `eventIdName` derives the event ids, so racers repeating one step write the same events. */
export async function runLoyaltyCommand(
  store: EventStore,
  userId: string,
  command: LoyaltyCommand,
  metadata: EventMetadata,
  eventIdName?: string,
) {
  return handleCommand(store, loyaltyStreamName(userId), loyaltyDecider, command, {
    metadata,
    retries: RETRIES,
    ...(eventIdName !== undefined && {
      eventIds: (index: number) => uuidFromName(`${eventIdName}:${index}`),
    }),
  });
}
