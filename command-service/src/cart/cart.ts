// A cart as its command side sees it: its lines in the order added, the loyalty points set on it,
// and what the sign-in merge needs (the moves it sent away as a guest cart, the moves it took in as a
// user cart) so that merging twice never doubles a line.
import { linesLeftAfterOrder, type CartEvent, type CartLineData } from '@printshop/shared-events/events/cart';

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
}

export const initialCart = (): CartState => ({
  lines: [],
  loyaltyPoints: 0,
  movesAway: [],
  mergedMoveIds: new Set(),
  emptiedFor: new Set(),
});

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
    case 'CartItemAdded':
      return { ...cart, lines: [...cart.lines, event.data] };
    case 'CartItemQuantityChanged': {
      const { lineId, quantity } = event.data;
      return { ...cart, lines: cart.lines.map((l) => (l.lineId === lineId ? { ...l, quantity } : l)) };
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
