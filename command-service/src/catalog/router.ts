// The owner's catalog and settings commands (API.md "Admin"):
//   PATCH /api/admin/catalog/:sku {priceUsdCents?, sizePrices?, name?, description?, hidden?, bands?}
//                                                                 admin -> {success, product}
//   PATCH /api/admin/settings {freeShippingThresholdUsdCents?, shipping?, trust?}
//                                                                 admin -> {success, settings}
// Both append to the one `catalog-shop` stream; the lists and histories are the query side's
// (query-service/src/catalog/admin-catalog-routes.ts).
import Router from '@koa/router';
import type { Context } from 'koa';
import { editProductBodySchema, editSettingsBodySchema } from '@printshop/shared-events/api/catalog-admin';
import { adminProductDto, adminSettingsDto } from '@printshop/shared-events/api/catalog-admin-dto';
import { requireAdmin } from '@printshop/shared-events/auth';
import { NotFound } from '@printshop/shared-events/errors';
import type { EventStore } from '@printshop/shared-events/event-store';
import { CATALOG_STREAM } from '@printshop/shared-events/events/catalog';
import { productBySku } from '@printshop/shared-events/rules/catalog';
import { adminActor, answerWithPosition, metadataOf } from '../caller';
import { handleCommand } from '../handle-command';
import { CATALOG_MESSAGES, catalogDecider, type CatalogCommand } from './decide';

export interface CatalogRouterDeps {
  store: EventStore;
  now(): Date;
}

export function catalogAdminRouter(deps: CatalogRouterDeps): Router {
  const router = new Router();

  function run(ctx: Context, command: (who: { by: string; at: string }) => CatalogCommand) {
    const auth = requireAdmin(ctx.state);
    const at = deps.now().toISOString();
    const by = adminActor(auth);
    const metadata = metadataOf(ctx, at, by);
    return handleCommand(deps.store, CATALOG_STREAM, catalogDecider, command({ by, at }), { metadata });
  }

  router.patch('/api/admin/catalog/:sku', async (ctx) => {
    requireAdmin(ctx.state);
    const body = editProductBodySchema.parse(ctx.request.body ?? {});
    const sku = (ctx.params.sku ?? '').trim().toUpperCase();
    const result = await run(ctx, (who) => ({ type: 'EditProduct', data: { ...body, sku, ...who } }));
    const product = productBySku(sku);
    const entry = result.newState.products[sku];
    if (!product || !entry) throw new NotFound(CATALOG_MESSAGES.unknownSku(sku));
    answerWithPosition(
      ctx,
      200,
      { product: adminProductDto(product, entry, result.newState) },
      result.position,
    );
  });

  router.patch('/api/admin/settings', async (ctx) => {
    requireAdmin(ctx.state);
    const body = editSettingsBodySchema.parse(ctx.request.body ?? {});
    const result = await run(ctx, (who) => ({ type: 'EditSettings', data: { ...body, ...who } }));
    const settings = result.newState.settings;
    if (!settings) throw new NotFound(CATALOG_MESSAGES.notSeeded);
    answerWithPosition(ctx, 200, { settings: adminSettingsDto(settings) }, result.position);
  });

  return router;
}
