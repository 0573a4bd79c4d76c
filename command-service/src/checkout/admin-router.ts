// POST /api/admin/abandoned-checkouts/:id/recovery-email (admin): asks for the recovery e-mail of a
// checkout (recovery-email.ts); the mail goes out through the mail reactor. The list itself is on
// the query side (query-service/src/admin/abandoned-checkouts-routes.ts).
import Router from '@koa/router';
import { idSchema } from '@printshop/shared-events/api/common';
import { requireAdmin } from '@printshop/shared-events/auth';
import type { EventStore } from '@printshop/shared-events/event-store';
import { adminActor, answerWithPosition, metadataOf } from '../caller';
import { requestRecoveryEmail } from './recovery-email';

export interface CheckoutAdminRouterDeps {
  store: EventStore;
  now(): Date;
}

export function checkoutAdminRouter(deps: CheckoutAdminRouterDeps): Router {
  const router = new Router();

  router.post('/api/admin/abandoned-checkouts/:id/recovery-email', async (ctx) => {
    const auth = requireAdmin(ctx.state);
    const checkoutId = idSchema.parse(ctx.params.id);
    const at = deps.now().toISOString();
    const by = adminActor(auth);
    const { position } = await requestRecoveryEmail(
      deps.store,
      { checkoutId, by, at },
      metadataOf(ctx, at, by),
    );
    // Accepted: the mail is sent by the mail consumer, soon after.
    answerWithPosition(ctx, 202, { checkoutId, requestedAt: at }, position);
  });

  return router;
}
