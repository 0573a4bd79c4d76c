// Sign-in and register merge the browser's guest cart into the user's cart (API.md "Cart"):
//   1. the guest cart moves all its lines away (CartMergedAway, under a new moveId) and is empty;
//   2. the user cart takes in every move into it that it has not merged yet (GuestCartMerged).
// Step 2 looks at all the guest cart's moves, not just this one, so a merge cut off between the two
// appends is completed by the next sign-in; the user cart skips moveIds it has, so nothing doubles.
import { randomUUID } from 'node:crypto';
import type { Context } from 'koa';
import type { EventStore } from '@printshop/shared-events/event-store';
import { guestCartId, userCartId } from '@printshop/shared-events/events/cart';
import { runCartCommand } from './router';
import type { CartCallerState } from '@printshop/shared-events/cart-owner';

export interface MergeGuestCartInput {
  store: EventStore;
  guestSession: string;
  userId: string;
  now(): Date;
  newId?(): string;
  correlationId?: string;
}

/** Returns the global position of the last event written (undefined when there was nothing to merge). */
export async function mergeGuestCart(input: MergeGuestCartInput): Promise<{ position?: number }> {
  const { store, userId } = input;
  const fromCartId = guestCartId(input.guestSession);
  const intoCartId = userCartId(userId);
  const metadata = () => ({
    actor: userId,
    correlationId: input.correlationId,
    at: input.now().toISOString(),
  });

  const moved = await runCartCommand(
    store,
    fromCartId,
    { type: 'MoveLinesAway', data: { intoCartId, moveId: (input.newId ?? randomUUID)() } },
    metadata(),
  );
  const moves = moved.newState.movesAway.filter((move) => move.intoCartId === intoCartId);
  if (moves.length === 0) return { position: moved.position };
  const merged = await runCartCommand(
    store,
    intoCartId,
    { type: 'MergeGuestMoves', data: { fromCartId, moves } },
    metadata(),
  );
  return { position: merged.position ?? moved.position };
}

/**
 * The hook for the login and register handlers: merges this browser's guest cart into the user's and
 * raises X-Event-Position to the merge's last event, so the next GET /api/cart sees the merged cart.
 */
export const mergeCartAfterSignIn =
  (deps: { store: EventStore; now(): Date; newId(): string }) =>
  async (ctx: Context, userId: string): Promise<void> => {
    const state = ctx.state as CartCallerState;
    if (!state.guestSession) return;
    const { position } = await mergeGuestCart({
      store: deps.store,
      guestSession: state.guestSession(),
      userId,
      now: deps.now,
      newId: deps.newId,
      correlationId: ctx.state.requestId as string | undefined,
    });
    const current = Number(ctx.response.get('X-Event-Position') || 0);
    if (position !== undefined && position > current) ctx.set('X-Event-Position', String(position));
  };
