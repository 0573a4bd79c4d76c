// GET /api/admin/users?page&search (admin): accounts, newest first, searched by name or e-mail,
// each with its order count and spend from the orders read model (user-orders.ts).
import Router from '@koa/router';
import type { Knex } from 'knex';
import { adminUsersQuerySchema } from '@printshop/shared-events/api/admin';
import { requireAdmin } from '@printshop/shared-events/auth';
import { ORDERS_READ_MODEL } from '../orders/orders-routes';
import { readYourWrites, type WaitForPosition } from '../read-your-writes';
import { orderFiguresOf } from './user-orders';
import { toUserDto, USERS_READ_MODEL, usersTable } from './users-read-model';

export const ADMIN_USERS_PAGE_SIZE = 20;

/** `search` as a LIKE pattern matching it anywhere, its own % and _ taken literally. */
const containing = (search: string) => `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export function adminUsersQueryRouter(deps: { db: Knex; waitFor: WaitForPosition }): Router {
  const router = new Router();

  const fresh = readYourWrites(deps.waitFor, [USERS_READ_MODEL, ORDERS_READ_MODEL]);
  router.get('/api/admin/users', fresh, async (ctx) => {
    requireAdmin(ctx.state);
    const { page = 1, search } = adminUsersQuerySchema.parse(ctx.query);
    const query = usersTable(deps.db);
    if (search) {
      const pattern = containing(search);
      query.where((where) =>
        where.whereILike('email', pattern).orWhereRaw(`(first_name || ' ' || last_name) ilike ?`, [pattern]),
      );
    }
    const [{ total }] = (await query.clone().count({ total: '*' })) as [{ total: string | number }];
    const rows = await query
      .orderBy([{ column: 'registered_at', order: 'desc' }, { column: 'id' }])
      .limit(ADMIN_USERS_PAGE_SIZE)
      .offset((page - 1) * ADMIN_USERS_PAGE_SIZE);
    const count = Number(total);
    const figures = await orderFiguresOf(
      deps.db,
      rows.map((row) => row.id),
    );
    ctx.body = {
      success: true,
      users: rows.map((row) => ({
        ...toUserDto(row),
        createdAt: row.registered_at.toISOString(),
        orderCount: figures.get(row.id)?.orderCount ?? 0,
        totalSpent: figures.get(row.id)?.totalSpent ?? 0,
      })),
      pagination: {
        page,
        limit: ADMIN_USERS_PAGE_SIZE,
        total: count,
        pages: Math.ceil(count / ADMIN_USERS_PAGE_SIZE),
      },
    };
  });

  return router;
}
