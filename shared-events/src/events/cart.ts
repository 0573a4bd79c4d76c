// The cart: its events, its state and `evolve` in one file (as Emmett's samples keep them; the
// commands and `decide` are in command-service/src/cart/decide.ts, the routes in cart/router.ts).
// Stream `cart-<cartId>`. A signed-in user's cart is `u-<userId>`, a guest's `g-<guest session>`: the
// owner is in the stream name, so a line id of someone else's cart is simply not found in the
// caller's stream.
//
// Merging a guest cart on sign-in writes two streams: first CartMergedAway on the guest cart (it
// empties it and keeps the lines it moved, under a moveId), then GuestCartMerged with the same moveId
// on the user cart. The user cart remembers the moveIds it merged, so running the merge again (twice,
// concurrently, or after a crash between the two appends) merges every move exactly once.
import { z } from 'zod';
import { defineEvent, type EventOf } from '../event-registry';

export const CART_STREAM_CATEGORY = 'cart';
export const cartStreamName = (cartId: string): string => `${CART_STREAM_CATEGORY}-${cartId}`;
export const userCartId = (userId: string): string => `u-${userId}`;
export const guestCartId = (guestSession: string): string => `g-${guestSession}`;

const at = z.iso.datetime({ offset: true });
const id = z.string().min(1).max(200);
/** Events are checked for shape; the API layer enforces the 1..10,000 rule with its messages. */
const quantity = z.number().int().min(1);
const promotionCode = z.string().min(1).max(32);

/** A collage's recipe (spec 2 §3); kept as sent, checked for shape by the API schema. */
export const cartCustomizationSchema = z.record(z.string(), z.unknown());
export const stripImageSchema = z.object({ imageId: id, slot: z.number().int().min(0) });

/** What a cart line is: the print recipe (sku, images, customization) and how many. */
export const cartLineSchema = z.object({
  lineId: id,
  sku: z.string().min(1).max(100),
  quantity,
  rawImageId: id.optional(),
  croppedImageId: id,
  customizationData: cartCustomizationSchema.optional(),
  stripImages: z.array(stripImageSchema).optional(),
  addedAt: at,
});
export type CartLineData = z.infer<typeof cartLineSchema>;

/** `requestId`: the add's `event_id`, so a retry of it is known (see CartState.requests). */
const requestId = id.optional();
export const CartItemAdded = defineEvent('CartItemAdded', cartLineSchema.extend({ requestId }));
/** The line's quantity from now on (absolute, not a difference); `requestId` when an add grew it. */
export const CartItemQuantityChanged = defineEvent(
  'CartItemQuantityChanged',
  z.object({ lineId: id, quantity, requestId }),
);
export const CartItemRemoved = defineEvent('CartItemRemoved', z.object({ lineId: id }));
/**
 * On the user cart: the guest lines of move `moveId`. Each line is the user cart's line as it is
 * after the merge: a new line, or an existing one (same sku, image and customization) whose
 * `quantity` is now the sum.
 */
export const GuestCartMerged = defineEvent(
  'GuestCartMerged',
  z.object({
    fromCartId: id,
    moveId: id,
    lines: z.array(cartLineSchema),
    /** The guest's code, set on the user cart: present only when the user cart had none of its own. */
    promotionCode: promotionCode.optional(),
  }),
);
/** On the guest cart: all its lines (and its code, when set) moved to `intoCartId`; the cart is empty afterwards. */
export const CartMergedAway = defineEvent(
  'CartMergedAway',
  z.object({
    intoCartId: id,
    moveId: id,
    lines: z.array(cartLineSchema),
    /** The guest's code that moved with the lines (absent in moves made before codes moved). */
    promotionCode: promotionCode.optional(),
  }),
);
/** Points to apply to this cart (0 clears); the balance is checked again at checkout. */
export const LoyaltyRedemptionSet = defineEvent(
  'LoyaltyRedemptionSet',
  z.object({ points: z.number().int().min(0) }),
);
/** A promotion code set on this cart (upper-case), judged usable when set; checked again at checkout. */
export const PromotionCodeApplied = defineEvent('PromotionCodeApplied', z.object({ code: promotionCode }));
export const PromotionCodeRemoved = defineEvent('PromotionCodeRemoved', z.object({}));
/**
 * An order was paid from this cart: its `lines` (line id and the quantity ordered) are taken out
 * (a line whose quantity grew since keeps the difference), and the points and the promotion code
 * set on the cart are cleared; lines added while the payment was open stay. Events written before `lines` was recorded
 * emptied the whole cart.
 */
export const CartEmptied = defineEvent(
  'CartEmptied',
  z.object({
    reason: z.literal('checkout'),
    orderId: id,
    lines: z.array(z.object({ lineId: id, quantity })).optional(),
  }),
);
export type OrderedLine = { lineId: string; quantity: number };

/** The cart's lines left after an order took `ordered` (all of them when unknown). */
export function linesLeftAfterOrder<Line extends { lineId: string; quantity: number }>(
  lines: readonly Line[],
  ordered: readonly OrderedLine[] | undefined,
): Line[] {
  if (!ordered) return [];
  const taken = new Map(ordered.map((line) => [line.lineId, line.quantity]));
  return lines
    .map((line) => ({ ...line, quantity: line.quantity - (taken.get(line.lineId) ?? 0) }))
    .filter((line) => line.quantity > 0);
}

export const cartEvents = [
  CartItemAdded,
  CartItemQuantityChanged,
  CartItemRemoved,
  GuestCartMerged,
  CartMergedAway,
  LoyaltyRedemptionSet,
  CartEmptied,
  PromotionCodeApplied,
  PromotionCodeRemoved,
];

export const CART_EVENT_TYPES = cartEvents.map((event) => event.type);

export type CartEvent =
  | EventOf<typeof CartItemAdded>
  | EventOf<typeof CartItemQuantityChanged>
  | EventOf<typeof CartItemRemoved>
  | EventOf<typeof GuestCartMerged>
  | EventOf<typeof CartMergedAway>
  | EventOf<typeof LoyaltyRedemptionSet>
  | EventOf<typeof CartEmptied>
  | EventOf<typeof PromotionCodeApplied>
  | EventOf<typeof PromotionCodeRemoved>;

// The cart as its command side sees it (state and evolve): its lines in the order added, the loyalty
// points set on it, and what the sign-in merge needs (the moves it sent away as a guest cart, the
// moves it took in as a user cart) so that merging twice never doubles a line.

export type CartLine = CartLineData;

export interface CartMove {
  moveId: string;
  intoCartId: string;
  lines: readonly CartLine[];
  /** The guest's code that moved with the lines. */
  promotionCode?: string;
}

export interface CartState {
  lines: readonly CartLine[];
  loyaltyPoints: number;
  /** The promotion code set on the cart (upper-case). */
  promotionCode?: string;
  /** Guest cart: the moves of its lines into user carts, oldest first. */
  movesAway: readonly CartMove[];
  /** User cart: the moves it has merged in. */
  mergedMoveIds: ReadonlySet<string>;
  /** Orders this cart was emptied for. */
  emptiedFor: ReadonlySet<string>;
  /** The latest adds that named a request (`event_id`), and the line each went to, newest last. */
  requests: ReadonlyArray<{ requestId: string; lineId: string }>;
}

/** Adds remembered for their retries: a retry comes within seconds, well inside this many adds. */
export const REMEMBERED_REQUESTS = 50;

export const initialCart = (): CartState => ({
  lines: [],
  loyaltyPoints: 0,
  movesAway: [],
  mergedMoveIds: new Set(),
  emptiedFor: new Set(),
  requests: [],
});

/** The line an earlier add with this `event_id` went to, if it is still remembered. */
export const lineOfRequest = (cart: CartState, requestId: string): string | undefined =>
  cart.requests.find((request) => request.requestId === requestId)?.lineId;

const remembering = (cart: CartState, requestId: string | undefined, lineId: string) =>
  requestId === undefined
    ? cart.requests
    : [...cart.requests, { requestId, lineId }].slice(-REMEMBERED_REQUESTS);

/** JSON with object keys sorted, so equal customizations compare equal whatever their key order. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** Lines with the same key are one line: same product, same cropped image, same customization. */
export const lineKey = (
  line: Pick<CartLine, 'sku' | 'croppedImageId' | 'customizationData' | 'stripImages'>,
) =>
  canonical([
    line.sku.toUpperCase(),
    line.croppedImageId,
    line.customizationData ?? null,
    line.stripImages ?? null,
  ]);

export const findLine = (cart: CartState, lineId: string): CartLine | undefined =>
  cart.lines.find((line) => line.lineId === lineId);

export const findSameLine = (cart: CartState, line: Parameters<typeof lineKey>[0]): CartLine | undefined => {
  const key = lineKey(line);
  return cart.lines.find((candidate) => lineKey(candidate) === key);
};

const withAdded = <T>(set: ReadonlySet<T>, value: T): ReadonlySet<T> => new Set([...set, value]);

export function evolveCart(cart: CartState, event: CartEvent): CartState {
  switch (event.type) {
    case 'CartItemAdded': {
      const { requestId, ...line } = event.data;
      return { ...cart, lines: [...cart.lines, line], requests: remembering(cart, requestId, line.lineId) };
    }
    case 'CartItemQuantityChanged': {
      const { lineId, quantity, requestId } = event.data;
      return {
        ...cart,
        lines: cart.lines.map((l) => (l.lineId === lineId ? { ...l, quantity } : l)),
        requests: remembering(cart, requestId, lineId),
      };
    }
    case 'CartItemRemoved':
      return { ...cart, lines: cart.lines.filter((l) => l.lineId !== event.data.lineId) };
    case 'GuestCartMerged': {
      const merged = new Map(event.data.lines.map((line) => [line.lineId, line]));
      const lines = cart.lines.map((l) => {
        const update = merged.get(l.lineId);
        return update ? { ...l, quantity: update.quantity } : l;
      });
      const known = new Set(cart.lines.map((l) => l.lineId));
      return {
        ...cart,
        lines: [...lines, ...event.data.lines.filter((l) => !known.has(l.lineId))],
        mergedMoveIds: withAdded(cart.mergedMoveIds, event.data.moveId),
        ...(event.data.promotionCode !== undefined && { promotionCode: event.data.promotionCode }),
      };
    }
    case 'CartMergedAway':
      return {
        ...cart,
        lines: [],
        movesAway: [...cart.movesAway, event.data],
        // Moves made before codes moved left the code on the guest cart.
        ...(event.data.promotionCode !== undefined && { promotionCode: undefined }),
      };
    case 'LoyaltyRedemptionSet':
      return { ...cart, loyaltyPoints: event.data.points };
    case 'PromotionCodeApplied':
      return { ...cart, promotionCode: event.data.code };
    case 'PromotionCodeRemoved':
      return { ...cart, promotionCode: undefined };
    case 'CartEmptied':
      return {
        ...cart,
        promotionCode: undefined,
        lines: linesLeftAfterOrder(cart.lines, event.data.lines),
        loyaltyPoints: 0,
        emptiedFor: withAdded(cart.emptiedFor, event.data.orderId),
      };
    default:
      return cart;
  }
}
