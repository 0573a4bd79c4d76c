// The cart's commands (API.md "Cart" and "Loyalty"): POST /api/cart/item, POST /api/cart/photostrips,
// PUT /api/cart/item/:id, DELETE /api/cart/item/:id, POST /api/loyalty/redeem. GET /api/cart is the
// query side's. The cart is the caller's own stream (shared-events cart-owner.ts), so a line of
// someone else's cart is simply not found. A price in the body is never read: the catalog prices every line.
// Each change is counted per address (countCartWrite) before anything is read: the log keeps every one.
// The file ends with runCartCommand, which runs every cart command (the cart's events, state and
// evolve: shared-events/src/events/cart.ts; its commands and decide: decide.ts).
import Router from '@koa/router';
import type { Context } from 'koa';
import { cartItemDto } from '@printshop/shared-events/api/cart-dto';
import {
  addCartItemBodySchema,
  cartQuerySchema,
  addPhotostripBodySchema,
  updateCartItemBodySchema,
} from '@printshop/shared-events/api/cart';
import { redeemBodySchema } from '@printshop/shared-events/api/loyalty';
import { requireUser } from '@printshop/shared-events/auth';
import { NotFound, ValidationError } from '@printshop/shared-events/errors';
import { asArray } from '@printshop/shared-events/decider';
import {
  StreamChanged,
  WrongExpectedVersion,
  type EventMetadata,
  type EventStore,
  type UnchangedStream,
} from '@printshop/shared-events/event-store';
import { CATALOG_STREAM } from '@printshop/shared-events/events/catalog';
import {
  cartStreamName,
  findLine,
  lineOfRequest,
  type CartEvent,
  type CartState,
} from '@printshop/shared-events/events/cart';
import { priceCart, priceLines } from '@printshop/shared-events/rules/cart-pricing';
import { isHiddenSku, pricedSku } from '@printshop/shared-events/rules/catalog';
import { catalogOf } from '@printshop/shared-events/catalog-source';
import type { CatalogView } from '@printshop/shared-events/rules/catalog-view';
import {
  collageSlotProblem,
  COLLAGE_SLOT_MESSAGES,
  cropInside,
} from '@printshop/shared-events/rules/collage-slots';
import type { CurrencyCode } from '@printshop/shared-events/rules/currencies';
import { toMajor } from '@printshop/shared-events/rules/money';
import { priceCartWithCode } from '@printshop/shared-events/rules/promoted-cart';
import { customerKey, isPromotionCode } from '@printshop/shared-events/rules/promotions';
import { promotionStatus } from '../promotion/promotion';
import { loadPromotion } from '../promotion/run';
import { answerWithPosition, callerOf, metadataOf } from '../caller';
import { handleCommand, type HandleResult } from '../handle-command';
import { canUseImage, loadImage } from '@printshop/shared-events/events/image';
import { IMAGE_MESSAGES } from '@printshop/shared-events/api/images';
import { cartDecider, CART_MESSAGES, type CartCommand, type NewLine } from './decide';
import { cartIdOf, type CartCallerState } from '@printshop/shared-events/cart-owner';

/** Owner's catalog changes an add may meet while it is being decided before it gives up (each is rare). */
const CATALOG_MOVES = 5;

/** `?currency=` of a write: the item comes back priced in it (USD when absent). */
const currencyQuerySchema = cartQuerySchema.pick({ currency: true });

export interface CartRouterDeps {
  store: EventStore;
  now(): Date;
  newId(): string;
  /** The user's loyalty points now (the loyalty module's balance, read from its stream). */
  loyaltyBalance(userId: string): Promise<number>;
  /** Counts one cart change from `ip`; throws TooManyRequests over the limit. */
  countCartWrite(ip: string): Promise<void>;
}

export function cartRouter(deps: CartRouterDeps): Router {
  const router = new Router();
  const { store } = deps;

  const run = (ctx: Context, command: CartCommand, unchanged?: UnchangedStream) =>
    runCartCommand(
      store,
      cartIdOf(ctx.state as CartCallerState),
      command,
      metadataOf(ctx, deps.now().toISOString()),
      unchanged,
    );

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

  /**
   * The line as API.md's item, priced in `currency` from the owner's current catalog, or from the
   * `view` this request already read (an add: the one it checked the product against).
   */
  async function itemOf(cart: CartState, lineId: string, currency: CurrencyCode, view?: CatalogView) {
    const line = findLine(cart, lineId);
    if (!line) return undefined;
    view ??= (await catalogOf(store).current()).view;
    const [item] = priceLines([line], currency, view).items;
    return item && cartItemDto(item, currency);
  }

  /**
   * Adds the line, judged on the catalog as this process last read it: the append holds only while
   * the catalog stream has not moved since (an owner's change on any gateway), else the add is
   * judged again on the catalog as it is now. A refusal is always made on the catalog as it is now.
   */
  async function add(
    ctx: Context,
    currency: CurrencyCode,
    line: Omit<NewLine, 'lineId'> & { quantity: number; requestId?: string },
  ) {
    const catalog = catalogOf(store);
    const lineId = deps.newId();
    const at = deps.now().toISOString();
    let seen = catalog.known() ?? (await catalog.current());
    for (let attempt = 0; ; attempt++) {
      // A product the owner hid can no longer be added (lines already in carts simply stop counting).
      if (isHiddenSku(line.sku, seen.view)) {
        seen = await catalog.current();
        if (isHiddenSku(line.sku, seen.view)) {
          const message = CART_MESSAGES.hidden(line.sku);
          throw new ValidationError(message, { sku: message });
        }
      }
      try {
        const result = await run(
          ctx,
          { type: 'AddItem', data: { ...line, lineId, at } },
          { streamName: CATALOG_STREAM, revision: seen.revision },
        );
        // The new line, or the line with the same product and image whose quantity grew; nothing
        // written: a retry of an add made before (its event_id), answered with that add's line.
        const event = result.events[0];
        let added = lineId;
        if (event === undefined) added = lineOfRequest(result.newState, line.requestId!)!;
        else if ('lineId' in event.data) added = event.data.lineId;
        const item = await itemOf(result.newState, added, currency, seen.view);
        answerWithPosition(ctx, 201, { item }, result.position ?? result.lastPosition);
        return;
      } catch (error) {
        if (!(error instanceof StreamChanged) || attempt >= CATALOG_MOVES) throw error;
        seen = await catalog.current();
      }
    }
  }

  router.post('/api/cart/item', async (ctx) => {
    await deps.countCartWrite(ctx.ip);
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
      requestId: body.event_id ?? undefined,
    });
  });

  router.post('/api/cart/photostrips', async (ctx) => {
    await deps.countCartWrite(ctx.ip);
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
      requestId: body.event_id ?? undefined,
    });
  });

  router.put('/api/cart/item/:id', async (ctx) => {
    await deps.countCartWrite(ctx.ip);
    const { quantity } = updateCartItemBodySchema.parse(ctx.request.body ?? {});
    const currency = currencyOf(ctx);
    const lineId = ctx.params.id!;
    const result = await run(ctx, { type: 'ChangeQuantity', data: { lineId, quantity } });
    const item = await itemOf(result.newState, lineId, currency);
    answerWithPosition(ctx, 200, item ? { item } : {}, result.position);
  });

  router.delete('/api/cart/item/:id', async (ctx) => {
    await deps.countCartWrite(ctx.ip);
    const result = await run(ctx, { type: 'RemoveItem', data: { lineId: ctx.params.id! } });
    answerWithPosition(ctx, 200, {}, result.position);
  });

  // Sets the points to use on the current cart; they are taken from the balance when the order is paid.
  router.post('/api/loyalty/redeem', async (ctx) => {
    await deps.countCartWrite(ctx.ip);
    const { userId } = requireUser(ctx.state);
    const { pointsToRedeem } = redeemBodySchema.parse(ctx.request.body ?? {});
    const balance = await deps.loyaltyBalance(userId);
    const result = await run(ctx, {
      type: 'SetLoyaltyRedemption',
      data: { points: pointsToRedeem, balance },
    });
    const cart = result.newState;
    const { view: catalog } = await catalogOf(store).current();
    const pricing = {
      catalog,
      lines: cart.lines,
      currency: 'USD',
      country: 'US',
      loyaltyPoints: cart.loyaltyPoints,
    } as const;
    // Priced as the cart prices itself: the points take at most half of what its code leaves.
    const code = cart.promotionCode;
    const at = deps.now().toISOString();
    const { priced } =
      code && isPromotionCode(code)
        ? priceCartWithCode(
            pricing,
            promotionStatus(await loadPromotion(store, code), at, { customer: customerKey({ userId }) }),
            at,
          )
        : { priced: priceCart(pricing) };
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

// How a cart command runs (runCartCommand, used by the routes above and by the sign-in merge,
// the promotion code routes and the order follow-ups):
// - Commands on one cart are queued in this process, so a burst on one cart (200 add-to-cart at
//   once) is served one by one instead of racing and retrying on the stream's revision; writers in
//   other processes still meet optimistic concurrency and retry.
// - The state each cart reached in this process is kept (a bounded map), so the next command on it
//   decides without re-reading the stream. That shortcut is taken only when it is proved right: the
//   decision must produce events and their append must succeed at the kept revision (which fails if
//   anyone else wrote the cart). A refusal, a no-op or a conflict is decided again on the stream as
//   read now (handleCommand), so a stale copy can never refuse, skip or lose anything.

/** Carts whose state is kept per process; the least recently used go first. */
const KEPT_CARTS = 20_000;

interface Kept {
  state: CartState;
  revision: number;
}

interface PerStore {
  /** The tail of each cart's queue; an entry is dropped when its queue drains. */
  queues: Map<string, Promise<unknown>>;
  kept: Map<string, Kept>;
}

const perStore = new WeakMap<EventStore, PerStore>();

function of(store: EventStore): PerStore {
  let found = perStore.get(store);
  if (!found) {
    found = { queues: new Map(), kept: new Map() };
    perStore.set(store, found);
  }
  return found;
}

async function oneAtATime<T>(queues: Map<string, Promise<unknown>>, cartId: string, task: () => Promise<T>) {
  const previous = queues.get(cartId) ?? Promise.resolve();
  const run = previous.then(task, task);
  const tail = run.catch(() => undefined);
  queues.set(cartId, tail);
  try {
    return await run;
  } finally {
    if (queues.get(cartId) === tail) queues.delete(cartId);
  }
}

function keep(kept: Map<string, Kept>, cartId: string, value: Kept): void {
  kept.delete(cartId);
  kept.set(cartId, value);
  if (kept.size > KEPT_CARTS) kept.delete(kept.keys().next().value!);
}

/** The shortcut on the kept state; undefined when it does not apply (see the top of this file). */
async function onKeptState(
  store: EventStore,
  streamName: string,
  kept: Kept,
  command: CartCommand,
  metadata: EventMetadata,
  unchanged: UnchangedStream | undefined,
): Promise<HandleResult<CartState, CartEvent> | undefined> {
  let events: CartEvent[];
  try {
    events = asArray(cartDecider.decide(command, kept.state));
  } catch {
    return undefined;
  }
  if (events.length === 0) return undefined;
  try {
    const result = await store.appendToStream(
      streamName,
      events.map((event) => ({ type: event.type, data: event.data, metadata })),
      { expectedRevision: kept.revision === -1 ? 'no_stream' : kept.revision, unchanged },
    );
    return {
      events,
      newState: events.reduce(cartDecider.evolve, kept.state),
      position: result.position,
      lastPosition: result.position,
      nextExpectedRevision: result.nextExpectedRevision,
    };
  } catch (error) {
    if (error instanceof WrongExpectedVersion) return undefined;
    throw error;
  }
}

/**
 * Images that lines of this cart already use, as this process last saw it (empty when unknown). An
 * image already in the cart was checked when its line was added, so adding more of it needs no new
 * check; a stale answer can only name an image this cart held.
 */
export function imagesInCart(store: EventStore, cartId: string): ReadonlySet<string> {
  const known = perStore.get(store)?.kept.get(cartId);
  const ids = new Set<string>();
  for (const line of known?.state.lines ?? []) {
    ids.add(line.croppedImageId);
    if (line.rawImageId) ids.add(line.rawImageId);
    for (const image of line.stripImages ?? []) ids.add(image.imageId);
    const images = (line.customizationData as { images?: Array<{ imageId?: unknown }> } | undefined)?.images;
    for (const image of images ?? []) if (typeof image.imageId === 'string') ids.add(image.imageId);
  }
  return ids;
}

export function runCartCommand(
  store: EventStore,
  cartId: string,
  command: CartCommand,
  metadata: EventMetadata,
  /** Another stream the command was decided on (the catalog), which must not have moved. */
  unchanged?: UnchangedStream,
): Promise<HandleResult<CartState, CartEvent>> {
  const { queues, kept } = of(store);
  const streamName = cartStreamName(cartId);
  return oneAtATime(queues, cartId, async () => {
    // Left in place while the command runs (commands on a cart take turns here), so a request
    // checking its images meanwhile still knows the cart's.
    const known = kept.get(cartId);
    try {
      const result =
        (known && (await onKeptState(store, streamName, known, command, metadata, unchanged))) ??
        // Other gateways may write the same cart; more tries than the default absorb such bursts.
        (await handleCommand(store, streamName, cartDecider, command, { metadata, retries: 20, unchanged }));
      keep(kept, cartId, { state: result.newState, revision: result.nextExpectedRevision });
      return result;
    } catch (error) {
      // Nothing was written (or, after a lost answer, a stale revision only costs one re-read).
      if (known) keep(kept, cartId, known);
      throw error;
    }
  });
}
