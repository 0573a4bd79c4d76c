// POST /api/contact: a message to the shop. Validated, counted against the sender's address (the
// limit throws TooManyRequests), and recorded as ContactMessageReceived in its own stream; the mail
// reactor mails it to the shop's address from there. A message received has no rule to decide, so
// it is one append with `no_stream` rather than a decider.
import Router from '@koa/router';
import { contactBodySchema } from '@printshop/shared-events/api/contact';
import type { AuthContextState } from '@printshop/shared-events/auth';
import type { EventStore } from '@printshop/shared-events/event-store';
import { contactStreamName } from '@printshop/shared-events/events/contact';
import { answerWithPosition, metadataOf } from '../caller';
import { CONTACT_ANSWERS } from './messages';

export interface ContactRouterDeps {
  store: EventStore;
  now(): Date;
  newId(): string;
  /** Counts one message from this address; throws TooManyRequests over the limit. */
  countMessage(ip: string): Promise<void>;
}

export function contactRouter(deps: ContactRouterDeps): Router {
  const router = new Router();

  router.post('/api/contact', async (ctx) => {
    // Validate first: fixing a typo in the form does not use up the sender's messages.
    const body = contactBodySchema.parse(ctx.request.body ?? {});
    await deps.countMessage(ctx.ip);
    const contactId = deps.newId();
    const now = deps.now();
    const userId = (ctx.state as AuthContextState).auth?.userId;
    const result = await deps.store.appendToStream(
      contactStreamName(contactId),
      [
        {
          type: 'ContactMessageReceived',
          data: { contactId, ...body, ...(userId && { userId }), receivedAt: now.toISOString() },
          metadata: metadataOf(ctx, now, userId ?? 'guest'),
        },
      ],
      { expectedRevision: 'no_stream' },
    );
    answerWithPosition(ctx, 201, { message: CONTACT_ANSWERS.received }, result.position);
  });

  return router;
}
