// A checkout as the command side sees it: what was started (the frozen cart and amounts) and
// whether it became an order.
import { load, type Decider } from '@printshop/shared-events/decider';
import type { EventStore } from '@printshop/shared-events/event-store';
import {
  checkoutStreamName,
  type CheckoutEvent,
  type CheckoutStartedData,
} from '@printshop/shared-events/events/checkout';
import type { Caller } from '../caller';

export interface CheckoutState {
  started?: CheckoutStartedData;
  completed?: { orderId: string; orderNumber: string };
}

export type CheckoutCommand = {
  type: 'CompleteCheckout';
  data: { checkoutId: string; orderId: string; orderNumber: string; at: string };
};

export function evolveCheckout(state: CheckoutState, event: CheckoutEvent): CheckoutState {
  switch (event.type) {
    case 'CheckoutStarted':
      return { ...state, started: event.data };
    case 'CheckoutCompleted':
      return { ...state, completed: { orderId: event.data.orderId, orderNumber: event.data.orderNumber } };
    default:
      return state;
  }
}

/** Completing is once: the first order wins; a second payment of one checkout is still its own order. */
export const checkoutDecider: Decider<CheckoutState, CheckoutCommand, CheckoutEvent> = {
  initialState: () => ({}),
  evolve: evolveCheckout,
  decide: (command, state) =>
    state.completed || !state.started ? [] : [{ type: 'CheckoutCompleted', data: command.data }],
};

export async function loadCheckout(store: EventStore, checkoutId: string): Promise<CheckoutState> {
  return load(store, checkoutStreamName(checkoutId), checkoutDecider);
}

/**
 * A user's checkout is theirs; a guest's belongs to the guest session whose cart it froze. An
 * order carries the same two fields, so the rule serves orders too.
 */
export function ownsCheckout(
  checkout: Pick<CheckoutStartedData, 'userId' | 'cartId'>,
  caller: Caller,
): boolean {
  return checkout.userId !== undefined
    ? checkout.userId === caller.userId
    : checkout.cartId === `g-${caller.guestSession}`;
}
