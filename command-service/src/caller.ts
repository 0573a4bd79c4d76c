// Who calls a command, the metadata its events carry, and the answer a write gives: the one model
// every command router reads from ctx.state (the gateway's authenticate and guest-session middleware
// put `auth` and `guestSession()` there, and `requestId`).
import type { Context } from 'koa';
import type { AuthState } from '@printshop/shared-events/auth';
import { guestSessionOf, type CartCallerState } from '@printshop/shared-events/cart-owner';
import type { EventMetadata } from '@printshop/shared-events/event-store';

/** A signed-in user (if any), and the browser's guest session (kept after signing in). */
export interface Caller {
  userId?: string;
  isAdmin?: boolean;
  guestSession: string;
}

/** The caller of a request. Asks for the guest session, so its cookie is set when it had none. */
export function callerOf(ctx: Context): Caller {
  const state = ctx.state as CartCallerState;
  return {
    ...(state.auth && { userId: state.auth.userId, isAdmin: state.auth.isAdmin }),
    guestSession: guestSessionOf(state),
  };
}

/** Who an event names as its cause: the signed-in user, else `guest:<session>` (asked only then). */
export function actorOf(ctx: Context): string {
  const state = ctx.state as CartCallerState;
  return state.auth ? state.auth.userId : `guest:${guestSessionOf(state)}`;
}

/** The actor of an admin's command. */
export const adminActor = (auth: AuthState): string => `admin:${auth.userId}`;

/** The metadata of the events a request appends; the actor defaults to the caller (actorOf). */
export function metadataOf(ctx: Context, at: string | Date, actor: string = actorOf(ctx)): EventMetadata {
  return {
    actor,
    correlationId: ctx.state.requestId as string | undefined,
    at: typeof at === 'string' ? at : at.toISOString(),
  };
}

/** Every write answers with the global position of its last event (API.md, read-your-writes). */
export function answerWithPosition(ctx: Context, status: number, body: object, position?: number): void {
  if (position !== undefined) ctx.set('X-Event-Position', String(position));
  ctx.status = status;
  ctx.body = { success: true, ...body };
}
