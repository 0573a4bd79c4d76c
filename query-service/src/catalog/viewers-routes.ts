// POST /api/products/:sku/viewers (API.md "Catalog and settings"): an open product page's heartbeat,
// answered with how many shoppers have that page open now (shared-events/src/api/viewers.ts).
// The call is counted against the caller's address before anything else is looked at, so a
// script cannot inflate the figure faster than a household's tabs would.
import Router from '@koa/router';
import type { Context } from 'koa';
import type { CatalogSource } from '@printshop/shared-events/catalog-source';
import { NotFound } from '@printshop/shared-events/errors';
import { isHiddenSku, productBySku } from '@printshop/shared-events/rules/catalog';
import { HIDDEN_PRODUCT_MESSAGE } from './catalog-routes';

/** A shopper (user, guest session, or address and browser), their network, their browser's session ('' for none). */
type ViewerOf = { shopper: string; network: string; browser: string };

export interface ViewersRouterDeps {
  /** The catalog as it is now (a product hidden a moment ago is already refused). */
  catalog: CatalogSource;
  now(): Date;
  /** Counts one call from `ip`; throws TooManyRequests over the limit. */
  countCall(ip: string): Promise<void>;
  /** Records the viewer on the product's page; answers how many are there, them included. */
  seen(sku: string, viewer: ViewerOf, at: Date): Promise<number>;
  /** Who is calling, from which network and browser, without making a session for a guest who has none. */
  viewerOf(ctx: Context): ViewerOf;
}

export function viewersRouter(deps: ViewersRouterDeps): Router {
  const router = new Router({ prefix: '/api' });

  router.post('/products/:sku/viewers', async (ctx) => {
    await deps.countCall(ctx.ip);
    const listed = productBySku(ctx.params.sku ?? '');
    if (!listed) throw new NotFound('Product not found');
    if (isHiddenSku(listed.sku, (await deps.catalog.current()).view))
      throw new NotFound(HIDDEN_PRODUCT_MESSAGE);
    const viewers = await deps.seen(listed.sku, deps.viewerOf(ctx), deps.now());
    ctx.body = { success: true, viewers };
  });

  return router;
}
