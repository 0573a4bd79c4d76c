// The owner's catalog and settings screens (API.md "Admin"), from the catalog read model:
//   GET /api/admin/catalog                          every product, hidden ones too
//   GET /api/admin/catalog/:sku/history             its changes, newest first
//   GET /api/admin/catalog/:sku/price-preview?priceUsdCents=N&size=A4&bands=10:1500,50:2500
//                                                   the open carts it would change, before/after
//   GET /api/admin/settings · /api/admin/settings/history
// Admin on every call; a write's X-Event-Position as X-Min-Position is waited for.
import Router from '@koa/router';
import type { Knex } from 'knex';
import { pricePreviewQuerySchema, type CatalogChange } from '@printshop/shared-events/api/catalog-admin';
import { adminCatalogDto, adminSettingsDto } from '@printshop/shared-events/api/catalog-admin-dto';
import { requireAdmin } from '@printshop/shared-events/auth';
import {
  CATALOG_CHANGES_TABLE,
  CATALOG_PROJECTION,
  type CatalogChangeRow,
} from '@printshop/shared-events/catalog-read-model';
import { CARTS_PROJECTION } from '@printshop/shared-events/carts-read-model';
import { NotFound, ValidationError } from '@printshop/shared-events/errors';
import { bandGroupOf } from '@printshop/shared-events/rules/cart-pricing';
import { productBySku } from '@printshop/shared-events/rules/catalog';
import { readModelSchema } from '@printshop/shared-events/read-models';
import { readYourWrites, type WaitForPosition } from '../read-your-writes';
import { CATALOG_SCHEMA, readCatalogView } from './catalog-rows';
import { parsePreviewBands, previewPrice } from './price-preview';

const HISTORY_LIMIT = 200;

type ChangeRow = Omit<CatalogChangeRow, 'position'> & { email: string | null };

export function adminCatalogQueryRouter(deps: { db: Knex; waitFor: WaitForPosition }): Router {
  const router = new Router();
  const fresh = readYourWrites(deps.waitFor, [CATALOG_PROJECTION]);

  async function history(where: (query: Knex.QueryBuilder) => void): Promise<CatalogChange[]> {
    const query = deps.db
      .withSchema(CATALOG_SCHEMA)
      .from(`${CATALOG_CHANGES_TABLE} as c`)
      .select<ChangeRow[]>(
        'c.sku',
        'c.field',
        'c.before',
        'c.after',
        'c.changed_by',
        'c.changed_at',
        'u.email',
      )
      // Who: the admin's e-mail from the users read model ('admin:<id>' in the event).
      .leftJoin(
        deps.db.raw(`??.?? as u on u.id = substring(c.changed_by from ${'admin:'.length + 1})`, [
          readModelSchema('users'),
          'users',
        ]),
      )
      .orderBy('c.position', 'desc')
      .limit(HISTORY_LIMIT);
    where(query);
    const rows = await query;
    return rows.map((row) => ({
      field: row.field,
      sku: row.sku,
      before: row.before,
      after: row.after,
      by: row.changed_by,
      byEmail: row.email,
      at: new Date(row.changed_at).toISOString(),
    }));
  }

  const listedSku = (raw: string | undefined) => {
    const product = productBySku(raw ?? '');
    if (!product || product.sku !== (raw ?? '').trim().toUpperCase())
      throw new NotFound(`We have no product with the SKU "${raw ?? ''}".`);
    return product;
  };

  router.get('/api/admin/catalog', fresh, async (ctx) => {
    requireAdmin(ctx.state);
    const view = await readCatalogView(deps.db);
    ctx.body = { success: true, products: adminCatalogDto(view) };
  });

  router.get('/api/admin/catalog/:sku/history', fresh, async (ctx) => {
    requireAdmin(ctx.state);
    const product = listedSku(ctx.params.sku);
    // A change of its group's quantity bands (a shop-wide row) is a change of this product too.
    const group = bandGroupOf(product.family);
    const changes = await history((q) =>
      q.where((w) => {
        void w.where('c.sku', product.sku);
        if (group) void w.orWhere('c.field', `bands:${group}`);
      }),
    );
    ctx.body = { success: true, changes };
  });

  // The preview reads the carts too: a cart just filled must be in it.
  const freshCarts = readYourWrites(deps.waitFor, [CATALOG_PROJECTION, CARTS_PROJECTION]);
  router.get('/api/admin/catalog/:sku/price-preview', freshCarts, async (ctx) => {
    requireAdmin(ctx.state);
    const product = listedSku(ctx.params.sku);
    const query = pricePreviewQuerySchema.parse(ctx.query);
    const size = query.size?.toUpperCase() ?? null;
    if (product.sizes && !product.sizes.some((s) => s.id === size)) {
      const message = `"${product.sku}" is sold in sizes: name one (size=${product.sizes.map((s) => s.id).join('|')}).`;
      throw new ValidationError(message, { size: message });
    }
    const bands = query.bands === undefined ? undefined : parsePreviewBands(query.bands);
    if (bands && !bandGroupOf(product.family)) {
      const message = `"${product.sku}" is priced without quantity bands.`;
      throw new ValidationError(message, { bands: message });
    }
    const view = await readCatalogView(deps.db);
    const change = { size: product.sizes ? size : null, priceUsdCents: query.priceUsdCents, bands };
    ctx.body = { success: true, ...(await previewPrice(deps.db, view, product, change)) };
  });

  router.get('/api/admin/settings', fresh, async (ctx) => {
    requireAdmin(ctx.state);
    const { settings } = await readCatalogView(deps.db);
    if (!settings) throw new NotFound('The settings have not been set up yet.');
    ctx.body = { success: true, settings: adminSettingsDto(settings) };
  });

  router.get('/api/admin/settings/history', fresh, async (ctx) => {
    requireAdmin(ctx.state);
    ctx.body = { success: true, changes: await history((q) => q.whereNull('c.sku')) };
  });

  return router;
}
