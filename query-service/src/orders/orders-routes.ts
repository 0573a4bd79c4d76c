// The customer's orders (API.md "Checkout, payments, orders"), from the orders read model:
//   GET /api/orders                              bearer: the caller's orders, newest first;
//   GET /api/orders/track?orderNumber=&email=    any order, by its number and e-mail;
//   GET /api/orders/:id?email=                   its owner (bearer), or for a guest order its e-mail.
// Anything else, someone else's order included, is "not found". A look-up by e-mail (tracking, a
// guest's order, signed in or not: an account costs nothing) and any guest's read are counted per
// address's network before anything is read (countLookup). Archiving (the admin's bulk delete)
// tidies the admin's lists only: the buyer's history lists, shows and tracks archived orders too.
import Router from '@koa/router';
import type { Context, Middleware } from 'koa';
import type { Knex } from 'knex';
import { orderQuerySchema, trackOrderQuerySchema } from '@printshop/shared-events/api/orders';
import { requireUser, type AuthContextState } from '@printshop/shared-events/auth';
import { NotFound } from '@printshop/shared-events/errors';
import { orderDto } from '@printshop/shared-events/events/order-view';
import { ORDERS_TABLE, type OrderRow } from '@printshop/shared-events/orders-read-model';
import { readModelSchema } from '@printshop/shared-events/read-models';
import { readYourWrites, type WaitForPosition } from '../read-your-writes';

/** The projection (and schema `rm_orders`) this router reads. */
export const ORDERS_READ_MODEL = 'orders';
export const ORDER_NOT_FOUND = 'Order not found';
/** Ours: a customer's list is capped; nobody reads past it in one page. */
const MAX_LIST = 200;

const emailKey = (email: string) => email.trim().toLowerCase();
/** A guest's read, or a guess at a guest order's e-mail, whoever is signed in. */
const isLookup = (ctx: Context) => !(ctx.state as AuthContextState).auth || ctx.query.email !== undefined;

export interface OrdersQueryDeps {
  db: Knex;
  waitFor: WaitForPosition;
  /** Counts one look-up by e-mail from `ip`; throws TooManyRequests over the limit. */
  countLookup(ip: string): Promise<void>;
}

export function ordersQueryRouter(deps: OrdersQueryDeps): Router {
  const router = new Router();
  const orders = () => deps.db.withSchema(readModelSchema(ORDERS_READ_MODEL)).table<OrderRow>(ORDERS_TABLE);
  const fresh = readYourWrites(deps.waitFor, [ORDERS_READ_MODEL]);
  const counted =
    (when: (ctx: Context) => boolean): Middleware =>
    async (ctx, next) => {
      if (when(ctx)) await deps.countLookup(ctx.ip);
      await next();
    };

  router.get('/api/orders', fresh, async (ctx) => {
    const { userId } = requireUser(ctx.state);
    const rows = await orders()
      .where({ user_id: userId })
      .orderBy([{ column: 'placed_at', order: 'desc' }, { column: 'order_id' }])
      .limit(MAX_LIST)
      .select('view');
    ctx.body = { success: true, orders: rows.map((row) => orderDto(row.view)) };
  });

  // Before /:id, which would take "track" for an id.
  router.get(
    '/api/orders/track',
    counted(() => true),
    fresh,
    async (ctx) => {
      const query = trackOrderQuerySchema.parse(ctx.query);
      const row = await orders()
        .where({ order_number: query.orderNumber.trim().toUpperCase(), email_key: emailKey(query.email) })
        .first('view');
      if (!row) throw new NotFound(ORDER_NOT_FOUND);
      ctx.body = { success: true, order: orderDto(row.view) };
    },
  );

  router.get('/api/orders/:id', counted(isLookup), fresh, async (ctx) => {
    const { email } = orderQuerySchema.parse(ctx.query);
    const auth = (ctx.state as AuthContextState).auth;
    const row = await orders().where({ order_id: ctx.params.id! }).first('user_id', 'email_key', 'view');
    const visible =
      row !== undefined &&
      (row.user_id !== null
        ? row.user_id === auth?.userId
        : email !== undefined && emailKey(email) === row.email_key);
    if (!visible) throw new NotFound(ORDER_NOT_FOUND);
    ctx.body = { success: true, order: orderDto(row.view) };
  });

  return router;
}
