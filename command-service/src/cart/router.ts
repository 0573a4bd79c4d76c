// The cart's commands (API.md "Cart" and "Loyalty"): POST /api/cart/item, POST /api/cart/photostrips,
// PUT /api/cart/item/:id, DELETE /api/cart/item/:id, POST /api/loyalty/redeem. GET /api/cart is the
// query side's. The cart is the caller's own stream (shared-events cart-owner.ts), so a line of
// someone else's cart is simply not found. A price in the body is never read: the catalog prices every line.
import Router from '@koa/router';
import type { Context } from 'koa';
import { cartItemDto } from '@printshop/shared-events/api/cart-dto';
import {
  addCartItemBodySchema,
  cartQuerySchema,
  addPhotostripBodySchema,
  updateCartItemBodySchema,
} from '@printshop/shared-events/api/cart';
import { IMAGE_MESSAGES } from '@printshop/shared-events/api/images';
import { redeemBodySchema } from '@printshop/shared-events/api/loyalty';
import { requireUser } from '@printshop/shared-events/auth';
import { NotFound, ValidationError } from '@printshop/shared-events/errors';
import type { EventStore } from '@printshop/shared-events/event-store';
import { canUseImage, loadImage } from '@printshop/shared-events/events/image';
import { priceCart, priceLines } from '@printshop/shared-events/rules/cart-pricing';
import { isHiddenSku, pricedSku } from '@printshop/shared-events/rules/catalog';
import { catalogOf } from '@printshop/shared-events/catalog-source';
import {
  collageSlotProblem,
  COLLAGE_SLOT_MESSAGES,
  cropInside,
} from '@printshop/shared-events/rules/collage-slots';
import type { CurrencyCode } from '@printshop/shared-events/rules/currencies';
import { toMajor } from '@printshop/shared-events/rules/money';
import { answerWithPosition, callerOf, metadataOf } from '../caller';
import { findLine, type CartState } from './cart';
import { imagesInCart, runCartCommand } from './cart-commands';
import { CART_MESSAGES, type CartCommand, type NewLine } from './decide';
import { cartIdOf, type CartCallerState } from '@printshop/shared-events/cart-owner';

/** `?currency=` of a write: the item comes back priced in it (USD when absent). */
const currencyQuerySchema = cartQuerySchema.pick({ currency: true });

export interface CartRouterDeps {
  store: EventStore;
  now(): Date;
  newId(): string;
  /** The user's loyalty points now (the loyalty module's balance, read from its stream). */
  loyaltyBalance(userId: string): Promise<number>;
}

export function cartRouter(deps: CartRouterDeps): Router {
  const router = new Router();
  const { store } = deps;

  const run = (ctx: Context, command: CartCommand, at = deps.now().toISOString()) =>
    runCartCommand(store, cartIdOf(ctx.state as CartCallerState), command, metadataOf(ctx, at));

  /**
   * Every image a line names must exist and be the caller's; any other id is "not found". Images the
   * cart already holds were checked when their line was added (imagesInCart).
   */
  async function checkImages(ctx: Context, imageIds: ReadonlyArray<string | undefined>): Promise<void> {
    const caller = callerOf(ctx);
    const known = imagesInCart(store, cartIdOf(ctx.state as CartCallerState));
    const ids = [...new Set(imageIds.filter((id): id is string => id !== undefined && !known.has(id)))];
    const images = await Promise.all(ids.map((id) => loadImage(store, id)));
    if (!images.every((image) => canUseImage(image, caller))) throw new NotFound(IMAGE_MESSAGES.notFound);
  }

  /**
   * A collage's slots: one photo per slot of its template (400), each the caller's (404, by
   * checkImages), each crop inside its photo (400).
   */
  async function checkCollageSlots(ctx: Context, body: ReturnType<typeof addCartItemBodySchema.parse>) {
    const data = body.customizationData;
    if (!data) return;
    const problem = collageSlotProblem(body.sku, data.templatePath, data.images);
    if (problem) throw new ValidationError(problem, { 'customizationData.images': problem });
    await checkImages(ctx, [
      body.croppedImageId,
      body.rawImageId ?? undefined,
      ...data.images.map((i) => i.imageId),
    ]);
    for (const { slotId, imageId, crop } of data.images) {
      if (!crop) continue;
      const image = await loadImage(store, imageId);
      if (image && !cropInside(crop, image)) {
        const message = COLLAGE_SLOT_MESSAGES.cropOutside(slotId);
        throw new ValidationError(message, { 'customizationData.images': message });
      }
    }
  }

  /** `?currency=` of a write, checked before anything is written; USD when absent. */
  const currencyOf = (ctx: Context): CurrencyCode =>
    ctx.query.currency === undefined ? 'USD' : (currencyQuerySchema.parse(ctx.query).currency ?? 'USD');

  /** The line as API.md's item, priced from the owner's current catalog in `currency`. */
  async function itemOf(cart: CartState, lineId: string, currency: CurrencyCode) {
    const line = findLine(cart, lineId);
    if (!line) return undefined;
    const { view } = await catalogOf(store).current();
    const [item] = priceLines([line], currency, view).items;
    return item && cartItemDto(item, currency);
  }

  async function add(
    ctx: Context,
    currency: CurrencyCode,
    line: Omit<NewLine, 'lineId'> & { quantity: number },
  ) {
    // A product the owner hid can no longer be added (lines already in carts simply stop counting).
    if (isHiddenSku(line.sku, (await catalogOf(store).current()).view)) {
      const message = CART_MESSAGES.hidden(line.sku);
      throw new ValidationError(message, { sku: message });
    }
    const lineId = deps.newId();
    const result = await run(ctx, {
      type: 'AddItem',
      data: { ...line, lineId, at: deps.now().toISOString() },
    });
    // The new line, or the line with the same product and image whose quantity grew.
    const event = result.events[0]!;
    const item = await itemOf(result.newState, 'lineId' in event.data ? event.data.lineId : lineId, currency);
    answerWithPosition(ctx, 201, { item }, result.position);
  }

  router.post('/api/cart/item', async (ctx) => {
    const body = addCartItemBodySchema.parse(ctx.request.body ?? {});
    const currency = currencyOf(ctx);
    if (body.customizationData) await checkCollageSlots(ctx, body);
    else await checkImages(ctx, [body.croppedImageId, body.rawImageId ?? undefined]);
    await add(ctx, currency, {
      sku: body.sku,
      quantity: body.quantity,
      rawImageId: body.rawImageId ?? undefined,
      croppedImageId: body.croppedImageId,
      customizationData: body.customizationData,
    });
  });

  router.post('/api/cart/photostrips', async (ctx) => {
    const body = addPhotostripBodySchema.parse(ctx.request.body ?? {});
    const currency = currencyOf(ctx);
    const family = pricedSku(body.sku)?.product.family;
    if (family && family !== 'film-strips' && family !== 'photo-strips') {
      const message = CART_MESSAGES.notAStrip(body.sku);
      throw new ValidationError(message, { sku: message });
    }
    await checkImages(ctx, [body.croppedImageId, ...body.images.map((image) => image.imageId)]);
    await add(ctx, currency, {
      sku: body.sku,
      quantity: body.quantity,
      croppedImageId: body.croppedImageId,
      stripImages: body.images.map(({ imageId, slot }) => ({ imageId, slot })),
    });
  });

  router.put('/api/cart/item/:id', async (ctx) => {
    const { quantity } = updateCartItemBodySchema.parse(ctx.request.body ?? {});
    const currency = currencyOf(ctx);
    const lineId = ctx.params.id!;
    const result = await run(ctx, { type: 'ChangeQuantity', data: { lineId, quantity } });
    const item = await itemOf(result.newState, lineId, currency);
    answerWithPosition(ctx, 200, item ? { item } : {}, result.position);
  });

  router.delete('/api/cart/item/:id', async (ctx) => {
    const result = await run(ctx, { type: 'RemoveItem', data: { lineId: ctx.params.id! } });
    answerWithPosition(ctx, 200, {}, result.position);
  });

  // Sets the points to use on the current cart; they are taken from the balance when the order is paid.
  router.post('/api/loyalty/redeem', async (ctx) => {
    const { userId } = requireUser(ctx.state);
    const { pointsToRedeem } = redeemBodySchema.parse(ctx.request.body ?? {});
    const balance = await deps.loyaltyBalance(userId);
    const result = await run(ctx, {
      type: 'SetLoyaltyRedemption',
      data: { points: pointsToRedeem, balance },
    });
    const cart = result.newState;
    const { view: catalog } = await catalogOf(store).current();
    const priced = priceCart({
      catalog,
      lines: cart.lines,
      currency: 'USD',
      country: 'US',
      loyaltyPoints: cart.loyaltyPoints,
    });
    answerWithPosition(
      ctx,
      200,
      {
        balance,
        /** USD: what the points take off this cart now (capped at half of it). */
        discount: toMajor(priced.usd.loyaltyDiscount, 'USD'),
        pointsApplied: priced.loyaltyPointsUsed,
      },
      result.position,
    );
  });

  return router;
}
