// The owner's catalog and settings commands (API.md "Admin"):
//   PATCH /api/admin/catalog/:sku {priceUsdCents?, sizePrices?, name?, description?, hidden?, images?, bands?}
//                                                                 admin -> {success, product}
// `images` are uploads of the same admin through the shop's upload pipeline (POST /api/images/single:
// type sniffed, size limit, quota), by id or `/images/<id>`, or the code's own product pictures.
//   PATCH /api/admin/settings {freeShippingThresholdUsdCents?, shipping?, trust?}
//                                                                 admin -> {success, settings}
// Both append to the one `catalog-shop` stream; the lists and histories are the query side's
// (query-service/src/catalog/admin-catalog-routes.ts).
import Router from '@koa/router';
import type { Context } from 'koa';
import { editProductBodySchema, editSettingsBodySchema } from '@printshop/shared-events/api/catalog-admin';
import { adminProductDto, adminSettingsDto } from '@printshop/shared-events/api/catalog-admin-dto';
import { requireAdmin } from '@printshop/shared-events/auth';
import { NotFound, ValidationError } from '@printshop/shared-events/errors';
import type { EventStore } from '@printshop/shared-events/event-store';
import { CATALOG_STREAM } from '@printshop/shared-events/events/catalog';
import { PRODUCTS, productBySku } from '@printshop/shared-events/rules/catalog';
import { imagesOf } from '@printshop/shared-events/rules/catalog-view';
import { catalogOf } from '@printshop/shared-events/catalog-source';
import { canUseImage, IMAGE_ID_PATTERN, loadImage } from '@printshop/shared-events/events/image';
import { adminActor, answerWithPosition, metadataOf } from '../caller';
import { handleCommand } from '../handle-command';
import { CATALOG_MESSAGES, catalogDecider, type CatalogCommand } from './decide';

export interface CatalogRouterDeps {
  store: EventStore;
  now(): Date;
}

const CODE_IMAGES = new Set(PRODUCTS.map((product) => product.imageUrl));

/**
 * The picture URLs of a PATCH: the code's product pictures and the product's own as they are; an
 * upload (its id or `/images/<id>`) only when it is this admin's and not deleted; another file of
 * `/images/products/` is refused (no product shows it: a mask, or nothing). A URL left as
 * given that is not a picture is judged by decide (one message for the field).
 */
async function resolveImages(
  store: EventStore,
  given: readonly string[],
  current: ReadonlySet<string>,
  userId: string,
): Promise<string[]> {
  const urls: string[] = [];
  for (const raw of given) {
    const text = raw.trim();
    const id = text.startsWith('/images/') ? text.slice('/images/'.length) : text;
    const url = `/images/${id}`;
    if (CODE_IMAGES.has(text) || current.has(text)) {
      urls.push(text);
      continue;
    }
    // Any other file of the shop's folder would be a broken picture on the product's page.
    if (text.startsWith('/images/products/')) {
      const message = CATALOG_MESSAGES.unknownPicture(text);
      throw new ValidationError(message, { images: message });
    }
    if (!IMAGE_ID_PATTERN.test(id)) {
      urls.push(text);
      continue;
    }
    if (current.has(url)) {
      urls.push(url);
      continue;
    }
    if (!canUseImage(await loadImage(store, id), { userId })) {
      const message = CATALOG_MESSAGES.unknownImage(id);
      throw new ValidationError(message, { images: message });
    }
    urls.push(url);
  }
  return urls;
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
    const auth = requireAdmin(ctx.state);
    const { images: givenImages, ...body } = editProductBodySchema.parse(ctx.request.body ?? {});
    const sku = (ctx.params.sku ?? '').trim().toUpperCase();
    const code = productBySku(sku);
    let images: string[] | undefined;
    if (givenImages && code) {
      const { view } = await catalogOf(deps.store).current();
      const current = new Set(imagesOf(code, view.products[code.sku]));
      images = await resolveImages(deps.store, givenImages, current, auth.userId);
    }
    const result = await run(ctx, (who) => ({
      type: 'EditProduct',
      data: { ...body, ...(images && { images }), sku, ...who },
    }));
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
