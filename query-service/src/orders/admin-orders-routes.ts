// The admin's orders (API.md "Admin"), from the orders read model and the order audit trail:
//   GET /api/admin/orders?page&status&search&sort
//                                              newest first (sort=oldest: oldest first), 20 a
//                                              page; search matches the order
//                                              number, the e-mail or the name shipped to,
//                                              anywhere, case-insensitive;
//                                              archived orders are not listed.
//   GET /api/admin/orders/:id                  the order (archived too) with its lines' images and
//                                              print recipe, customer, payment, timeline, and every
//                                              event of its stream (type, time, actor, data).
//   GET /api/admin/orders/:id/print-files      a ZIP of the print-ready files and a manifest.
import Router from '@koa/router';
import type { Knex } from 'knex';
import { adminOrdersQuerySchema } from '@printshop/shared-events/api/admin';
import { idSchema } from '@printshop/shared-events/api/common';
import { requireAdmin } from '@printshop/shared-events/auth';
import { NotFound } from '@printshop/shared-events/errors';
import type { OrderView } from '@printshop/shared-events/events/order-view';
import { ORDER_EVENTS_TABLE, type OrderEventRow } from '@printshop/shared-events/order-audit-read-model';
import { readModelSchema } from '@printshop/shared-events/read-models';
import { usersTable, USERS_READ_MODEL } from '../account/users-read-model';
import { readYourWrites, type WaitForPosition } from '../read-your-writes';
import { adminOrderDto, adminOrderSummary } from './admin-order-dto';
import { ORDER_NOT_FOUND, ORDERS_READ_MODEL } from './orders-routes';
import { printFilesZip, type PrintFileDeps } from './print-files';

/** The projection (and schema `rm_order_audit`) holding every order event. */
export const ORDER_AUDIT_READ_MODEL = 'order_audit';
export const ADMIN_ORDERS_PAGE_SIZE = 20;

/** The account an actor may name (`admin:<id>` or a user id; `system`, `stripe`... match none). */
const accountOf = (actor: string | null): string | undefined => actor?.replace(/^admin:/, '');

export interface AdminOrdersQueryDeps extends PrintFileDeps {
  db: Knex;
  waitFor: WaitForPosition;
}

/** `search` as a LIKE pattern matching it anywhere, its own % and _ taken literally. */
const containing = (search: string) => `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export function adminOrdersQueryRouter(deps: AdminOrdersQueryDeps): Router {
  const router = new Router({ prefix: '/api/admin/orders' });
  const orders = () => deps.db.withSchema(readModelSchema(ORDERS_READ_MODEL)).table('orders');
  const fresh = readYourWrites(deps.waitFor, [ORDERS_READ_MODEL, ORDER_AUDIT_READ_MODEL]);

  const findOrder = async (id: string): Promise<OrderView> => {
    const row = await orders()
      .where({ order_id: idSchema.parse(id) })
      .first<{ view: OrderView } | undefined>('view');
    if (!row) throw new NotFound(ORDER_NOT_FOUND);
    return row.view;
  };

  router.get('/', fresh, async (ctx) => {
    requireAdmin(ctx.state);
    const { page = 1, status, search, sort } = adminOrdersQuerySchema.parse(ctx.query);
    const query = orders().where({ archived: false });
    if (status) query.where({ status });
    if (search) {
      const pattern = containing(search);
      query.where((where) =>
        where
          .whereILike('order_number', pattern)
          .orWhereILike('email_key', pattern)
          .orWhereRaw(`view->'shippingAddress'->>'fullName' ilike ?`, [pattern]),
      );
    }
    const [{ total }] = (await query.clone().count({ total: '*' })) as [{ total: string | number }];
    const rows = await query
      .orderBy([{ column: 'placed_at', order: sort === 'oldest' ? 'asc' : 'desc' }, { column: 'order_id' }])
      .limit(ADMIN_ORDERS_PAGE_SIZE)
      .offset((page - 1) * ADMIN_ORDERS_PAGE_SIZE)
      .select<Array<{ view: OrderView }>>('view');
    const count = Number(total);
    ctx.body = {
      success: true,
      orders: rows.map((row) => adminOrderSummary(row.view)),
      pagination: {
        page,
        limit: ADMIN_ORDERS_PAGE_SIZE,
        total: count,
        pages: Math.ceil(count / ADMIN_ORDERS_PAGE_SIZE),
      },
    };
  });

  router.get(
    '/:id',
    readYourWrites(deps.waitFor, [ORDERS_READ_MODEL, ORDER_AUDIT_READ_MODEL, USERS_READ_MODEL]),
    async (ctx) => {
      requireAdmin(ctx.state);
      const view = await findOrder(ctx.params.id!);
      const events = await deps.db
        .withSchema(readModelSchema(ORDER_AUDIT_READ_MODEL))
        .table<OrderEventRow>(ORDER_EVENTS_TABLE)
        .where({ order_id: view.orderId })
        .orderBy('position')
        .select('event_id', 'type', 'at', 'actor', 'data');
      // The customer and every account named as an event's actor, by name: staff read people,
      // not ids.
      const ids = [view.userId, ...events.map((event) => accountOf(event.actor))].filter(
        (id): id is string => id !== undefined,
      );
      const users = await usersTable(deps.db)
        .whereIn('id', [...new Set(ids)])
        .select('id', 'email', 'first_name', 'last_name');
      const names = new Map(users.map((u) => [u.id, `${u.first_name} ${u.last_name}`.trim() || u.email]));
      ctx.body = {
        success: true,
        order: adminOrderDto(view, view.userId ? names.get(view.userId) : undefined),
        events: events.map((event) => {
          const name = names.get(accountOf(event.actor) ?? '');
          return {
            id: event.event_id,
            type: event.type,
            at: event.at.toISOString(),
            ...(event.actor !== null && { actor: event.actor }),
            ...(name !== undefined && { actorName: name }),
            data: event.data,
          };
        }),
      };
    },
  );

  router.get('/:id/print-files', fresh, async (ctx) => {
    requireAdmin(ctx.state);
    const view = await findOrder(ctx.params.id!);
    ctx.set('Content-Disposition', `attachment; filename="${view.orderNumber}-print-files.zip"`);
    ctx.set('Cache-Control', 'no-store');
    ctx.type = 'application/zip';
    ctx.body = printFilesZip(deps, view);
  });

  return router;
}
