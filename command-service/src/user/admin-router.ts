// PUT /api/admin/users/:id/admin {isAdmin} (API.md "Admin"): promoting or demoting is an event by
// an admin. The list of users is on the query side (query-service/src/account/admin-users-routes.ts).
import Router from '@koa/router';
import { setAdminBodySchema } from '@printshop/shared-events/api/admin';
import { idSchema } from '@printshop/shared-events/api/common';
import { requireAdmin } from '@printshop/shared-events/auth';
import type { EventStore } from '@printshop/shared-events/event-store';
import { userStreamName } from '@printshop/shared-events/events/user';
import { handleCommand } from '../handle-command';
import { userDto, type RegisteredUser } from './account';
import { userDecider } from './decide';
import { adminActor, answerWithPosition, metadataOf } from '../caller';

export interface AdminUsersRouterDeps {
  store: EventStore;
  now(): Date;
}

/** The admin list's user shape. Order count and spend stay 0 here (the list computes them). */
export const adminUserDto = (user: RegisteredUser) => ({
  ...userDto(user),
  createdAt: user.registeredAt,
  orderCount: 0,
  totalSpent: 0,
});

export function adminUsersRouter(deps: AdminUsersRouterDeps): Router {
  const router = new Router({ prefix: '/api/admin/users' });

  router.put('/:id/admin', async (ctx) => {
    const auth = requireAdmin(ctx.state);
    const userId = idSchema.parse(ctx.params.id);
    const { isAdmin } = setAdminBodySchema.parse(ctx.request.body ?? {});
    const now = deps.now();
    const result = await handleCommand(
      deps.store,
      userStreamName(userId),
      userDecider,
      { type: 'SetAdmin', data: { isAdmin, by: auth.userId, now } },
      { metadata: metadataOf(ctx, now, adminActor(auth)) },
    );
    answerWithPosition(ctx, 200, { user: adminUserDto(result.newState as RegisteredUser) }, result.position);
  });

  return router;
}
