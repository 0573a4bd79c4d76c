// GET /api/auth/me: the signed-in user from the users read model (read-your-writes: a client that
// just registered sends X-Min-Position and sees its own account).
import Router from '@koa/router';
import type { Knex } from 'knex';
import { requireUser } from '@printshop/shared-events/auth';
import { NotFound } from '@printshop/shared-events/errors';
import { readYourWrites, type WaitForPosition } from '../read-your-writes';
import { toUserDto, USERS_READ_MODEL, usersTable } from './users-read-model';

export function meRouter(deps: { db: Knex; waitFor: WaitForPosition }): Router {
  const router = new Router();

  router.get('/api/auth/me', readYourWrites(deps.waitFor, [USERS_READ_MODEL]), async (ctx) => {
    const { userId } = requireUser(ctx.state);
    const row = await usersTable(deps.db).where({ id: userId }).first();
    if (!row) throw new NotFound('Account not found');
    ctx.body = { success: true, user: toUserDto(row) };
  });

  return router;
}
