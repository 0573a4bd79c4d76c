// A promotion code as the command side sees it: its terms, whether an admin ended it, the uses held
// by checkouts whose payment is under way, and the uses orders spent. Limits count both.
import {
  changedTerms,
  type PromotionEvent,
  type PromotionTerms,
} from '@printshop/shared-events/events/promotion';
import type { PromotionStatus } from '@printshop/shared-events/rules/promotions';

export interface PromotionHold {
  customer: string;
  expiresAt: string;
}

export interface PromotionUse {
  checkoutId: string;
  customer: string;
}

export interface PromotionState {
  code?: string;
  terms?: PromotionTerms;
  createdAt?: string;
  endedAt?: string;
  /** checkout id -> its hold */
  holds: ReadonlyMap<string, PromotionHold>;
  /** order id -> the use it spent */
  spent: ReadonlyMap<string, PromotionUse>;
}

export const initialPromotion = (): PromotionState => ({ holds: new Map(), spent: new Map() });

const isLive = (hold: PromotionHold, at: string) => Date.parse(hold.expiresAt) > Date.parse(at);

/** Holds still running at `at` (an expired hold counts as released), but that of `exceptCheckout`. */
export const liveHolds = (state: PromotionState, at: string, exceptCheckout?: string) =>
  [...state.holds].filter(([checkoutId, hold]) => checkoutId !== exceptCheckout && isLive(hold, at));

/** Uses taken at `at`: live holds and spent uses, the asking checkout's own hold excluded. */
export function usesTaken(state: PromotionState, at: string, exceptCheckout?: string, customer?: string) {
  const holds = liveHolds(state, at, exceptCheckout).filter(
    ([, hold]) => customer === undefined || hold.customer === customer,
  );
  const spent = [...state.spent.values()].filter(
    (use) => customer === undefined || use.customer === customer,
  );
  return holds.length + spent.length;
}

/** The code as promotions.ts checks it; undefined when no such code was created. */
export function promotionStatus(
  state: PromotionState,
  at: string,
  asker: { checkoutId?: string; customer?: string } = {},
): PromotionStatus | undefined {
  if (!state.code || !state.terms) return undefined;
  return {
    code: state.code,
    terms: state.terms,
    ...(state.endedAt !== undefined && { endedAt: state.endedAt }),
    usesTaken: usesTaken(state, at, asker.checkoutId),
    ...(asker.customer !== undefined && {
      customerUses: usesTaken(state, at, asker.checkoutId, asker.customer),
    }),
  };
}

const without = <V>(map: ReadonlyMap<string, V>, key: string) => {
  const next = new Map(map);
  next.delete(key);
  return next;
};

/** Terms after a change: a field given as null is removed, an absent one stays. */
export function evolvePromotion(state: PromotionState, event: PromotionEvent): PromotionState {
  switch (event.type) {
    case 'PromotionCreated': {
      const { code, at, by: _by, ...terms } = event.data;
      return { ...state, code, terms, createdAt: at };
    }
    case 'PromotionChanged':
      return state.terms ? { ...state, terms: changedTerms(state.terms, event.data) } : state;
    case 'PromotionEnded':
      return { ...state, endedAt: event.data.at };
    case 'PromotionUseReserved': {
      const { checkoutId, customer, expiresAt } = event.data;
      return { ...state, holds: new Map(state.holds).set(checkoutId, { customer, expiresAt }) };
    }
    case 'PromotionUseReleased':
      return { ...state, holds: without(state.holds, event.data.checkoutId) };
    case 'PromotionUseSpent': {
      const { checkoutId, orderId, customer } = event.data;
      return {
        ...state,
        holds: without(state.holds, checkoutId),
        spent: new Map(state.spent).set(orderId, { checkoutId, customer }),
      };
    }
    default:
      return state;
  }
}
