// The catalog calls of API.md ("Catalog and settings"): products, one product, search and the shop
// settings, read from the catalog read model (the owner's current catalog; the code's static facts,
// paths and images, beside it). Hidden products are in no list, search or product answer.
// Caching: owners change prices and hide or show products at any time, and the pages the gateway
// sends (no-cache) already show the catalog as it is now; a list a browser kept would disagree with
// them (a product shown again stayed hidden up to 30 s while the answer was max-age=30). So an
// answer is stored but revalidated on every use, with an ETag: while nothing changed that is a 304.
// The database away (API.md "Postgres stopped"): the catalog still answers, as this process last
// read it, marked `X-Stale: 1`; only a process that never read it answers 503.
import { createHash } from 'node:crypto';
import Router from '@koa/router';
import type { Context } from 'koa';
import type { Knex } from 'knex';
import { searchQuerySchema } from '@printshop/shared-events/api/catalog';
import { isTransientDatabaseError } from '@printshop/shared-events/database-errors';
import { NotFound, ValidationError } from '@printshop/shared-events/errors';
import { PRODUCTS, productBySku } from '@printshop/shared-events/rules/catalog';
import { productIn, type CatalogView } from '@printshop/shared-events/rules/catalog-view';
import { CATALOG_PROJECTION } from '@printshop/shared-events/catalog-read-model';
import { readYourWrites, type WaitForPosition } from '../read-your-writes';
import { readCatalogView } from './catalog-rows';
import { toProductDto } from './product-dto';
import { shopSettings } from './settings';

/** Kept, but checked on every use: an owner's change reaches every browser and CDN at once. */
export const CATALOG_CACHE_CONTROL = 'public, no-cache';
export const EMPTY_SEARCH_MESSAGE = 'Enter something to search for';
export const HIDDEN_PRODUCT_MESSAGE = 'This product is no longer available.';

/** The products the shop sells now, in the code's order, as the owner has them. */
function visibleProducts(view: CatalogView) {
  return PRODUCTS.map((product) => productIn(product, view)).filter((product) => !product.hidden);
}

export function catalogRouter(deps: { db: Knex; waitFor: WaitForPosition }): Router {
  const router = new Router({ prefix: '/api' });
  // An admin's page reading right after a change sends X-Min-Position (read-your-writes).
  const fresh = readYourWrites(deps.waitFor, [CATALOG_PROJECTION]);
  let lastRead: CatalogView | undefined;

  const catalogView = async (ctx: Context): Promise<CatalogView> => {
    try {
      lastRead = await readCatalogView(deps.db);
      return lastRead;
    } catch (error) {
      if (!lastRead || !isTransientDatabaseError(error)) throw error;
      ctx.set('X-Stale', '1');
      return lastRead;
    }
  };

  const answer = (ctx: Context, body: object) => {
    const json = JSON.stringify(body);
    ctx.set('Cache-Control', CATALOG_CACHE_CONTROL);
    ctx.set('ETag', `W/"${createHash('sha1').update(json).digest('base64url')}"`);
    ctx.status = 200;
    if (ctx.fresh) {
      ctx.status = 304;
      return;
    }
    ctx.type = 'application/json; charset=utf-8';
    ctx.body = json;
  };

  router.get('/products', fresh, async (ctx) => {
    const products = visibleProducts(await catalogView(ctx)).map(toProductDto);
    answer(ctx, { success: true, data: products, message: `${products.length} products` });
  });

  router.get('/products/:sku', fresh, async (ctx) => {
    // A size SKU (TEMPLATE3_COLLAGE_A4) finds its product too.
    const listed = productBySku(ctx.params.sku ?? '');
    if (!listed) throw new NotFound('Product not found');
    const product = productIn(listed, await catalogView(ctx));
    if (product.hidden) throw new NotFound(HIDDEN_PRODUCT_MESSAGE);
    answer(ctx, { success: true, data: toProductDto(product) });
  });

  router.get('/search', fresh, async (ctx) => {
    const { q } = searchQuerySchema.parse(ctx.query);
    if (!q) throw new ValidationError(EMPTY_SEARCH_MESSAGE, { q: EMPTY_SEARCH_MESSAGE });
    const needle = q.trim().toLowerCase();
    // Spec 1 §2 / API.md: name, category and SKU (size SKUs too), case-insensitive.
    const found = visibleProducts(await catalogView(ctx)).filter((p) =>
      [p.name, p.category, p.sku, ...(p.sizes ?? []).map((s) => s.sku)].some((text) =>
        text.toLowerCase().includes(needle),
      ),
    );
    answer(ctx, { success: true, data: found.map(toProductDto) });
  });

  router.get('/settings', fresh, async (ctx) => {
    answer(ctx, shopSettings((await catalogView(ctx)).settings));
  });

  return router;
}
