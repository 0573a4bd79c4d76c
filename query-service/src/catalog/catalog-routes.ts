// The catalog calls of API.md ("Catalog and settings"): products, one product, search and the shop
// settings. They read the pure catalog of shared-events, not a read model: it changes only with a
// deploy, so answers are built once and may be cached by browsers and CDNs for a short while.
import Router from '@koa/router';
import type { Context } from 'koa';
import { searchQuerySchema } from '@printshop/shared-events/api/catalog';
import { NotFound, ValidationError } from '@printshop/shared-events/errors';
import { PRODUCTS, productBySku, searchProducts } from '@printshop/shared-events/rules/catalog';
import { toProductDto } from './product-dto';
import { shopSettings } from './settings';

/** Short: a deploy's new prices reach everyone within five minutes. */
export const CATALOG_CACHE_CONTROL = 'public, max-age=300';
export const EMPTY_SEARCH_MESSAGE = 'Enter something to search for';

export function catalogRouter(): Router {
  const router = new Router({ prefix: '/api' });
  const products = PRODUCTS.map(toProductDto);
  const bySku = new Map(PRODUCTS.map((product, i) => [product.sku, products[i]!]));
  const settings = shopSettings();

  const answer = (ctx: Context, body: object) => {
    ctx.set('Cache-Control', CATALOG_CACHE_CONTROL);
    ctx.body = body;
  };

  router.get('/products', (ctx) => {
    answer(ctx, { success: true, data: products, message: `${products.length} products` });
  });

  router.get('/products/:sku', (ctx) => {
    // A size SKU (TEMPLATE3_COLLAGE_A4) finds its product too.
    const product = productBySku(ctx.params.sku ?? '');
    if (!product) throw new NotFound('Product not found');
    answer(ctx, { success: true, data: bySku.get(product.sku) });
  });

  router.get('/search', (ctx) => {
    const { q } = searchQuerySchema.parse(ctx.query);
    if (!q) throw new ValidationError(EMPTY_SEARCH_MESSAGE, { q: EMPTY_SEARCH_MESSAGE });
    answer(ctx, { success: true, data: searchProducts(q).map((p) => bySku.get(p.sku)!) });
  });

  router.get('/settings', (ctx) => {
    answer(ctx, settings);
  });

  return router;
}
