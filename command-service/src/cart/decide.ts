// The cart's rules, pure: prices are not here (the catalog prices lines when the cart is shown);
// what is checked is what a line may be. Ids and times arrive in the command. Image ownership is
// checked by the router before deciding (it needs the image streams).
import { MAX_CART_LINES, MAX_LINE_QUANTITY, QUANTITY_MESSAGES } from '@printshop/shared-events/api/cart';
import type { Decider } from '@printshop/shared-events/decider';
import { Conflict, NotFound, RuleBroken, ValidationError } from '@printshop/shared-events/errors';
import {
  evolveCart,
  findLine,
  lineOfRequest,
  findSameLine,
  initialCart,
  type CartEvent,
  type CartLine,
  type CartLineData,
  type CartState,
} from '@printshop/shared-events/events/cart';
import { pricedSku } from '@printshop/shared-events/rules/catalog';
import { MIN_REDEEM_POINTS } from '@printshop/shared-events/rules/loyalty';

const count = (n: number) => n.toLocaleString('en-US');

export const CART_MESSAGES = {
  itemNotFound: 'Cart item not found.',
  unknownSku: (sku: string) => `We do not sell a product with the SKU "${sku}".`,
  hidden: (sku: string) => `"${sku}" is no longer available.`,
  collageNeedsCustomization: 'A collage needs its customizationData (the template and its photos).',
  notAStrip: (sku: string) => `"${sku}" is not a photo strip; add it with POST /api/cart/item.`,
  lineFull: (has: number) =>
    `An item can be ordered at most ${count(MAX_LINE_QUANTITY)} times; this one is in your cart ${count(has)} times already.`,
  cartFull: `Your cart holds ${count(MAX_CART_LINES)} different items, the most one order can. Check them out, or remove some, before adding another.`,
  pointsOverBalance: (balance: number) =>
    `You have ${count(balance)} points; you cannot redeem more than that.`,
  pointsBelowMinimum: `Redeem at least ${count(MIN_REDEEM_POINTS)} points at a time.`,
  emptyCart: 'Your cart is empty; add something before redeeming points.',
  addedAndRemoved: 'This item was added to your cart before and has since been removed from it.',
} as const;

export type NewLine = Omit<CartLineData, 'quantity' | 'addedAt'>;

export type CartCommand =
  /** `requestId`: the call's `event_id`; an add already made under it changes nothing (a retry). */
  | { type: 'AddItem'; data: NewLine & { quantity: number; at: string; requestId?: string } }
  | { type: 'ChangeQuantity'; data: { lineId: string; quantity: number } }
  | { type: 'RemoveItem'; data: { lineId: string } }
  /** `balance`: the user's points now, read before deciding. */
  | { type: 'SetLoyaltyRedemption'; data: { points: number; balance: number } }
  /** `refusal`: why the code cannot be used on this cart now, judged by the router before deciding. */
  | { type: 'ApplyPromotionCode'; data: { code: string; refusal?: string } }
  | { type: 'RemovePromotionCode' }
  /** Guest cart: move every line to the user cart (sign-in). */
  | { type: 'MoveLinesAway'; data: { intoCartId: string; moveId: string } }
  /** User cart: take in the guest cart's moves; those already merged are skipped. */
  | {
      type: 'MergeGuestMoves';
      data: {
        fromCartId: string;
        moves: ReadonlyArray<{ moveId: string; lines: readonly CartLine[]; promotionCode?: string }>;
      };
    }
  /** An order was paid: take out the lines it holds (as priced at checkout), nothing else. */
  | {
      type: 'EmptyCart';
      data: { orderId: string; lines: ReadonlyArray<{ lineId: string; quantity: number }> };
    };

const quantityError = (message: string) => new ValidationError(message, { quantity: message });

function checkQuantity(quantity: number, min: number): void {
  if (!Number.isInteger(quantity)) throw quantityError(QUANTITY_MESSAGES.whole);
  if (quantity < min) throw quantityError(QUANTITY_MESSAGES.atLeastOne);
  if (quantity > MAX_LINE_QUANTITY) throw quantityError(QUANTITY_MESSAGES.tooMany);
}

function existing(cart: CartState, lineId: string): CartLine {
  const line = findLine(cart, lineId);
  if (!line) throw new NotFound(CART_MESSAGES.itemNotFound);
  return line;
}

function addItem(cart: CartState, data: Extract<CartCommand, { type: 'AddItem' }>['data']): CartEvent[] {
  const { quantity, at, requestId, ...line } = data;
  const earlier = requestId === undefined ? undefined : lineOfRequest(cart, requestId);
  if (earlier !== undefined) {
    if (findLine(cart, earlier)) return [];
    throw new Conflict(CART_MESSAGES.addedAndRemoved);
  }
  const request = requestId === undefined ? {} : { requestId };
  checkQuantity(quantity, 1);
  const priced = pricedSku(line.sku);
  if (!priced) {
    const message = CART_MESSAGES.unknownSku(line.sku);
    throw new ValidationError(message, { sku: message });
  }
  if (priced.product.family === 'collages' && !line.customizationData) {
    const message = CART_MESSAGES.collageNeedsCustomization;
    throw new ValidationError(message, { customizationData: message });
  }
  const normal = { ...line, sku: priced.sku };
  const same = findSameLine(cart, normal);
  if (same) {
    const total = same.quantity + quantity;
    if (total > MAX_LINE_QUANTITY) throw quantityError(CART_MESSAGES.lineFull(same.quantity));
    return [{ type: 'CartItemQuantityChanged', data: { lineId: same.lineId, quantity: total, ...request } }];
  }
  if (findLine(cart, line.lineId)) throw new Conflict('This cart line already exists.');
  if (cart.lines.length >= MAX_CART_LINES) throw new RuleBroken(CART_MESSAGES.cartFull);
  const added: CartLineData = {
    lineId: line.lineId,
    sku: priced.sku,
    quantity,
    rawImageId: line.rawImageId,
    croppedImageId: line.croppedImageId,
    customizationData: line.customizationData,
    stripImages: line.stripImages,
    addedAt: at,
  };
  return [{ type: 'CartItemAdded', data: { ...added, ...request } }];
}

/**
 * One GuestCartMerged per move not merged yet. A guest line joins the user's line with the same key
 * (quantities added, capped at the line maximum) or becomes a new line under its own id. The guest's
 * code comes along only when the user cart has none: the account's own code wins (docs/design.md).
 */
function mergeMoves(
  cart: CartState,
  data: Extract<CartCommand, { type: 'MergeGuestMoves' }>['data'],
): CartEvent[] {
  const events: CartEvent[] = [];
  let state = cart;
  for (const move of data.moves) {
    if (state.mergedMoveIds.has(move.moveId)) continue;
    const lines = new Map<string, CartLine>();
    let working = state;
    for (const guest of move.lines) {
      const same = findSameLine(working, guest);
      const line = same
        ? { ...same, quantity: Math.min(MAX_LINE_QUANTITY, same.quantity + guest.quantity) }
        : {
            ...guest,
            lineId: findLine(working, guest.lineId) ? `${guest.lineId}-${move.moveId}` : guest.lineId,
          };
      lines.set(line.lineId, line);
      working = evolveCart(working, {
        type: 'GuestCartMerged',
        data: { fromCartId: data.fromCartId, moveId: move.moveId, lines: [line] },
      });
    }
    const takesCode = move.promotionCode !== undefined && state.promotionCode === undefined;
    const event: CartEvent = {
      type: 'GuestCartMerged',
      data: {
        fromCartId: data.fromCartId,
        moveId: move.moveId,
        lines: [...lines.values()],
        ...(takesCode && { promotionCode: move.promotionCode }),
      },
    };
    events.push(event);
    state = evolveCart(state, event);
  }
  return events;
}

export function decideCart(command: CartCommand, cart: CartState): CartEvent[] {
  switch (command.type) {
    case 'AddItem':
      return addItem(cart, command.data);
    case 'ChangeQuantity': {
      const { lineId, quantity } = command.data;
      const line = existing(cart, lineId);
      if (!Number.isInteger(quantity)) throw quantityError(QUANTITY_MESSAGES.whole);
      // 0 or less removes the line (spec 1 §4).
      if (quantity <= 0) return [{ type: 'CartItemRemoved', data: { lineId } }];
      checkQuantity(quantity, 1);
      return quantity === line.quantity
        ? []
        : [{ type: 'CartItemQuantityChanged', data: { lineId, quantity } }];
    }
    case 'RemoveItem':
      existing(cart, command.data.lineId);
      return [{ type: 'CartItemRemoved', data: { lineId: command.data.lineId } }];
    case 'SetLoyaltyRedemption': {
      const { points, balance } = command.data;
      if (!Number.isInteger(points) || points < 0)
        throw new ValidationError('Points must be a whole number.');
      if (points > 0 && cart.lines.length === 0) throw new RuleBroken(CART_MESSAGES.emptyCart);
      if (points > 0 && points < MIN_REDEEM_POINTS) throw new RuleBroken(CART_MESSAGES.pointsBelowMinimum);
      if (points > balance) throw new RuleBroken(CART_MESSAGES.pointsOverBalance(balance));
      return points === cart.loyaltyPoints ? [] : [{ type: 'LoyaltyRedemptionSet', data: { points } }];
    }
    case 'ApplyPromotionCode': {
      const { code, refusal } = command.data;
      if (refusal !== undefined) throw new RuleBroken(refusal);
      return code === cart.promotionCode ? [] : [{ type: 'PromotionCodeApplied', data: { code } }];
    }
    case 'RemovePromotionCode':
      return cart.promotionCode === undefined ? [] : [{ type: 'PromotionCodeRemoved', data: {} }];
    case 'MoveLinesAway': {
      const code = cart.promotionCode;
      if (cart.lines.length === 0 && code === undefined) return [];
      return [
        {
          type: 'CartMergedAway',
          data: {
            ...command.data,
            lines: [...cart.lines],
            ...(code !== undefined && { promotionCode: code }),
          },
        },
      ];
    }
    case 'MergeGuestMoves':
      return mergeMoves(cart, command.data);
    case 'EmptyCart':
      return cart.emptiedFor.has(command.data.orderId)
        ? []
        : [
            {
              type: 'CartEmptied',
              data: { reason: 'checkout', orderId: command.data.orderId, lines: [...command.data.lines] },
            },
          ];
  }
}

export const cartDecider: Decider<CartState, CartCommand, CartEvent> = {
  initialState: initialCart,
  evolve: evolveCart,
  decide: decideCart,
};
