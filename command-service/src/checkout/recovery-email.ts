// An admin asks for the recovery e-mail of an abandoned checkout: a RecoveryEmailRequested on the
// checkout's stream, which the mail reactor turns into the 'checkout-recovery' mail. At most once per
// checkout (the stream's revision guards two admins clicking at once), never for a paid checkout,
// and only when the checkout has an e-mail to write to.
import type { Decider } from '@printshop/shared-events/decider';
import { Conflict, NotFound, RuleBroken } from '@printshop/shared-events/errors';
import type { EventMetadata, EventStore } from '@printshop/shared-events/event-store';
import { checkoutStreamName, type CheckoutEvent } from '@printshop/shared-events/events/checkout';
import { handleCommand } from '../handle-command';

export const RECOVERY_MESSAGES = {
  notFound: 'Checkout not found',
  paid: 'This checkout was paid: there is nothing to recover.',
  noEmail: 'This checkout has no e-mail address to write to.',
  alreadySent: (at: string) => `A recovery e-mail was already sent for this checkout (${at}).`,
} as const;

export interface RecoveryState {
  started: boolean;
  email?: string;
  paid: boolean;
  requestedAt?: string;
}

export type RecoveryCommand = {
  type: 'RequestRecoveryEmail';
  data: { checkoutId: string; by: string; at: string };
};

export function evolveRecovery(state: RecoveryState, event: CheckoutEvent): RecoveryState {
  switch (event.type) {
    case 'CheckoutStarted':
      return { ...state, started: true, email: event.data.email?.trim() || undefined };
    case 'CheckoutCompleted':
      return { ...state, paid: true };
    case 'RecoveryEmailRequested':
      return { ...state, requestedAt: state.requestedAt ?? event.data.at };
    default:
      return state;
  }
}

export function decideRecovery(command: RecoveryCommand, state: RecoveryState): CheckoutEvent[] {
  if (!state.started) throw new NotFound(RECOVERY_MESSAGES.notFound);
  if (state.requestedAt) throw new Conflict(RECOVERY_MESSAGES.alreadySent(state.requestedAt));
  if (state.paid) throw new RuleBroken(RECOVERY_MESSAGES.paid);
  if (!state.email) throw new RuleBroken(RECOVERY_MESSAGES.noEmail);
  return [{ type: 'RecoveryEmailRequested', data: command.data }];
}

export const recoveryDecider: Decider<RecoveryState, RecoveryCommand, CheckoutEvent> = {
  initialState: () => ({ started: false, paid: false }),
  evolve: evolveRecovery,
  decide: decideRecovery,
};

export async function requestRecoveryEmail(
  store: EventStore,
  input: RecoveryCommand['data'],
  metadata: EventMetadata,
): Promise<{ position?: number }> {
  const result = await handleCommand(
    store,
    checkoutStreamName(input.checkoutId),
    recoveryDecider,
    { type: 'RequestRecoveryEmail', data: input },
    { metadata },
  );
  return { position: result.position };
}
