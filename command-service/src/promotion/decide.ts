// The promotion rules, pure. An admin creates, changes and ends a code. A payment start reserves one
// use for its checkout, refused when the code is gone, not active, used up or already used by this
// customer; the handler appends with the revision it read, so checkouts racing for the last uses
// conflict and decide again, and only as many as the limit allows get one. The order spends its
// checkout's hold (once per order); a failed payment or an expired hold releases it.
import type { Decider } from '@printshop/shared-events/decider';
import { Conflict, NotFound, RuleBroken, ValidationError } from '@printshop/shared-events/errors';
import type {
  PROMOTION_RELEASE_REASONS,
  PromotionEvent,
  PromotionTerms,
} from '@printshop/shared-events/events/promotion';
import { PROMOTION_MESSAGES } from '@printshop/shared-events/rules/promotions';
import { evolvePromotion, initialPromotion, liveHolds, usesTaken, type PromotionState } from './promotion';

export interface PromotionChange {
  maxUses?: number | null;
  maxUsesPerCustomer?: number | null;
  /** 0 or null: no minimum. */
  minSubtotalUsdCents?: number | null;
  startsAt?: string;
  endsAt?: string | null;
}

export type PromotionCommand =
  | { type: 'CreatePromotion'; data: { code: string; terms: PromotionTerms; at: string; by: string } }
  | { type: 'ChangePromotion'; data: PromotionChange & { at: string; by: string } }
  | { type: 'EndPromotion'; data: { at: string; by: string } }
  | {
      type: 'ReservePromotionUse';
      data: { checkoutId: string; customer: string; expiresAt: string; at: string };
    }
  | {
      type: 'ReleasePromotionUse';
      data: { checkoutId: string; reason: (typeof PROMOTION_RELEASE_REASONS)[number]; at: string };
    }
  | {
      type: 'SpendPromotionUse';
      data: {
        checkoutId: string;
        orderId: string;
        orderNumber: string;
        customer: string;
        discount: number;
        currency: string;
        at: string;
      };
    };

const invalid = (message: string, field: string) => new ValidationError(message, { [field]: message });

function checkEnd(startsAt: string, endsAt: string | null | undefined, field = 'endsAt'): void {
  if (endsAt && Date.parse(endsAt) <= Date.parse(startsAt)) {
    throw invalid(PROMOTION_MESSAGES.endsBeforeStart, field);
  }
}

function create(state: PromotionState, data: Extract<PromotionCommand, { type: 'CreatePromotion' }>['data']) {
  if (state.terms) throw new Conflict(PROMOTION_MESSAGES.taken);
  const { terms } = data;
  const amounts = Object.keys(terms.amountsOff ?? {}).length;
  if ((terms.percentBps === undefined) === (amounts === 0))
    throw invalid(PROMOTION_MESSAGES.oneKind, 'percentBps');
  checkEnd(terms.startsAt, terms.endsAt);
  return [
    { type: 'PromotionCreated' as const, data: { ...terms, code: data.code, at: data.at, by: data.by } },
  ];
}

function change(state: PromotionState, data: Extract<PromotionCommand, { type: 'ChangePromotion' }>['data']) {
  if (!state.terms) throw new NotFound(PROMOTION_MESSAGES.notFound);
  const { at, by, ...fields } = data;
  // A minimum of 0 is no minimum: stored as its absence, like a code created without one.
  if (fields.minSubtotalUsdCents === 0) fields.minSubtotalUsdCents = null;
  const given = Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined));
  if (Object.keys(given).length === 0) return [];
  if (state.endedAt !== undefined) throw new Conflict(PROMOTION_MESSAGES.ended);
  const startsAt = fields.startsAt ?? state.terms.startsAt;
  // The message goes beside the date the admin moved: the start when only the start changed.
  const onlyStart = fields.endsAt === undefined && fields.startsAt !== undefined;
  checkEnd(
    startsAt,
    fields.endsAt === undefined ? state.terms.endsAt : fields.endsAt,
    onlyStart ? 'startsAt' : 'endsAt',
  );
  return [{ type: 'PromotionChanged' as const, data: { ...given, at, by } }];
}

/** Holds whose time ran out, released (so the log says why their uses came free). */
function releaseExpired(state: PromotionState, at: string): PromotionEvent[] {
  return [...state.holds]
    .filter(([checkoutId]) => !liveHolds(state, at).some(([live]) => live === checkoutId))
    .map(([checkoutId]) => ({ type: 'PromotionUseReleased', data: { checkoutId, reason: 'expired', at } }));
}

function reserve(
  state: PromotionState,
  data: Extract<PromotionCommand, { type: 'ReservePromotionUse' }>['data'],
): PromotionEvent[] {
  const { checkoutId, customer, expiresAt, at } = data;
  const { terms } = state;
  if (!terms) throw new RuleBroken(PROMOTION_MESSAGES.invalid);
  if (liveHolds(state, at).some(([holder]) => holder === checkoutId)) return [];
  const now = Date.parse(at);
  if (state.endedAt !== undefined || (terms.endsAt && Date.parse(terms.endsAt) <= now)) {
    throw new RuleBroken(PROMOTION_MESSAGES.expired);
  }
  if (Date.parse(terms.startsAt) > now) throw new RuleBroken(PROMOTION_MESSAGES.notStarted);
  if (terms.maxUses !== undefined && usesTaken(state, at, checkoutId) >= terms.maxUses) {
    throw new RuleBroken(PROMOTION_MESSAGES.usedUp);
  }
  if (
    terms.maxUsesPerCustomer !== undefined &&
    usesTaken(state, at, checkoutId, customer) >= terms.maxUsesPerCustomer
  ) {
    throw new RuleBroken(PROMOTION_MESSAGES.alreadyUsed);
  }
  return [
    ...releaseExpired(state, at),
    { type: 'PromotionUseReserved', data: { checkoutId, customer, expiresAt, at } },
  ];
}

function spend(
  state: PromotionState,
  data: Extract<PromotionCommand, { type: 'SpendPromotionUse' }>['data'],
): PromotionEvent[] {
  if (state.spent.has(data.orderId)) return [];
  // Without its hold (it ended before the payment came) the use is still recorded: the money was
  // charged with the discount. Past the limit it is flagged for a person.
  const held = state.holds.has(data.checkoutId);
  const maxUses = state.terms?.maxUses;
  const beyondLimit = !held && maxUses !== undefined && usesTaken(state, data.at, data.checkoutId) >= maxUses;
  return [{ type: 'PromotionUseSpent', data: { ...data, ...(beyondLimit && { beyondLimit }) } }];
}

export function decidePromotion(command: PromotionCommand, state: PromotionState): PromotionEvent[] {
  switch (command.type) {
    case 'CreatePromotion':
      return create(state, command.data);
    case 'ChangePromotion':
      return change(state, command.data);
    case 'EndPromotion':
      if (!state.terms) throw new NotFound(PROMOTION_MESSAGES.notFound);
      return state.endedAt !== undefined ? [] : [{ type: 'PromotionEnded', data: command.data }];
    case 'ReservePromotionUse':
      return reserve(state, command.data);
    case 'ReleasePromotionUse': {
      const { checkoutId, reason, at } = command.data;
      return state.holds.has(checkoutId)
        ? [{ type: 'PromotionUseReleased', data: { checkoutId, reason, at } }]
        : [];
    }
    case 'SpendPromotionUse':
      return spend(state, command.data);
  }
}

export const promotionDecider: Decider<PromotionState, PromotionCommand, PromotionEvent> = {
  initialState: initialPromotion,
  evolve: evolvePromotion,
  decide: decidePromotion,
};
