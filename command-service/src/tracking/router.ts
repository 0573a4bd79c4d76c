// POST /api/track/{add-to-cart,begin-checkout,purchase,view-content} (spec 2 §7): fire and forget.
// A call is validated, enriched and appended to the event log, then answered 202 at once; the
// tracking reactor publishes it to NATS from the log (the outbox path), so a bus outage delays
// the message but never loses it and never slows or fails the page. A repeated call (same event_id;
// for purchases the same order number) finds its stream taken and is dropped here, still 202.
// Calls are counted per address before anything is read (countCall): the log keeps every call.
// A purchase is verified here, where the caller is known: only one of the caller's own orders
// (user, or guest session) is recorded with its order id; any other is kept as unverified.
import Router from '@koa/router';
import { TRACKING_BODY_SCHEMAS } from '@printshop/shared-events/api/tracking';
import type { AuthContextState } from '@printshop/shared-events/auth';
import { WrongExpectedVersion, type EventStore } from '@printshop/shared-events/event-store';
import { TRACKING_KINDS } from '@printshop/shared-events/events/tracking';
import { answerWithPosition, callerOf, metadataOf } from '../caller';
import { callersOrder } from './purchased-order';
import { trackedCall } from './tracked-call';

export interface TrackingRouterDeps {
  store: EventStore;
  now(): Date;
  /** Counts one call from `ip`; throws TooManyRequests over the limit. */
  countCall(ip: string): Promise<void>;
}

export function trackingRouter(deps: TrackingRouterDeps): Router {
  const router = new Router({ prefix: '/api/track' });

  for (const kind of TRACKING_KINDS) {
    router.post(`/${kind}`, async (ctx) => {
      await deps.countCall(ctx.ip);
      const body = TRACKING_BODY_SCHEMAS[kind].parse(ctx.request.body ?? {});
      const receivedAt = deps.now();
      const userId = (ctx.state as AuthContextState).auth?.userId;
      const order =
        'orderDetails' in body
          ? await callersOrder(deps.store, body.orderDetails.order_number, callerOf(ctx))
          : undefined;
      const { streamName, data } = trackedCall(kind, body, {
        userId,
        orderId: order?.orderId,
        ip: ctx.ip || undefined,
        userAgent: ctx.get('user-agent') || undefined,
        referer: ctx.get('referer') || undefined,
        receivedAt,
      });
      let position: number | undefined;
      try {
        ({ position } = await deps.store.appendToStream(
          streamName,
          [
            {
              type: 'TrackingEventReceived',
              data,
              metadata: metadataOf(ctx, receivedAt, userId ?? 'guest'),
            },
          ],
          { expectedRevision: 'no_stream' },
        ));
      } catch (error) {
        if (!(error instanceof WrongExpectedVersion)) throw error;
      }
      answerWithPosition(ctx, 202, {}, position);
    });
  }

  return router;
}
