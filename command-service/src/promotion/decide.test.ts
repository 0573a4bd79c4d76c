// The promotion rules as given events / when command / then events or error.
import { describe, it } from 'vitest';
import { Conflict, NotFound, RuleBroken, ValidationError } from '@printshop/shared-events/errors';
import type { PromotionEvent, PromotionTerms } from '@printshop/shared-events/events/promotion';
import { PROMOTION_MESSAGES } from '@printshop/shared-events/rules/promotions';
import { deciderSpec } from '@printshop/shared-events/testing/decider-spec';
import { promotionDecider } from './decide';

const spec = deciderSpec(promotionDecider);
const at = '2025-06-01T09:00:00.000Z';
const later = '2025-06-01T09:30:00.000Z';
const holdEnds = '2025-06-01T10:00:00.000Z';
const by = 'admin:a1';

const created = (terms: Partial<PromotionTerms> = {}): PromotionEvent => ({
  type: 'PromotionCreated',
  data: { code: 'SUMMER10', percentBps: 1000, startsAt: '2025-05-01T00:00:00.000Z', ...terms, at, by },
});
const reserved = (
  checkoutId: string,
  customer = `user:${checkoutId}`,
  expiresAt = holdEnds,
): PromotionEvent => ({
  type: 'PromotionUseReserved',
  data: { checkoutId, customer, expiresAt, at },
});
const reserve = (checkoutId: string, customer = `user:${checkoutId}`, when = at) => ({
  type: 'ReservePromotionUse' as const,
  data: { checkoutId, customer, expiresAt: holdEnds, at: when },
});
const spendData = (checkoutId: string, orderId: string, customer = `user:${checkoutId}`) => ({
  checkoutId,
  orderId,
  orderNumber: `PS-${orderId}`,
  customer,
  discount: 200,
  currency: 'EUR',
  at: later,
});
const spent = (checkoutId: string, orderId: string, customer?: string): PromotionEvent => ({
  type: 'PromotionUseSpent',
  data: spendData(checkoutId, orderId, customer),
});

describe('creating a code', () => {
  const terms: PromotionTerms = { percentBps: 1000, startsAt: '2025-05-01T00:00:00.000Z', maxUses: 5 };
  const create = (t: PromotionTerms = terms) => ({
    type: 'CreatePromotion' as const,
    data: { code: 'SUMMER10', terms: t, at, by },
  });

  it('given nothing, when an admin creates SUMMER10 at 10%, then it is created', () => {
    spec
      .given([])
      .when(create())
      .then([{ type: 'PromotionCreated', data: { ...terms, code: 'SUMMER10', at, by } }]);
  });

  it('given the code exists, when it is created again, then 409', () => {
    spec.given([created()]).when(create()).thenThrows(Conflict, PROMOTION_MESSAGES.taken);
  });

  it('given nothing, when a code has both a percentage and amounts, or neither, then 400', () => {
    spec
      .given([])
      .when(create({ ...terms, amountsOff: { EUR: 500 } }))
      .thenThrows(ValidationError, PROMOTION_MESSAGES.oneKind);
    spec
      .given([])
      .when(create({ startsAt: terms.startsAt }))
      .thenThrows(ValidationError, PROMOTION_MESSAGES.oneKind);
  });

  it('given nothing, when the end is before the start, then 400', () => {
    spec
      .given([])
      .when(create({ ...terms, endsAt: '2025-04-01T00:00:00.000Z' }))
      .thenThrows(ValidationError, PROMOTION_MESSAGES.endsBeforeStart);
  });
});

describe('changing and ending a code', () => {
  it('given a code, when its limit is raised and its end removed, then the change is recorded', () => {
    spec
      .given([created({ maxUses: 5, endsAt: '2025-07-01T00:00:00.000Z' })])
      .when({ type: 'ChangePromotion', data: { maxUses: 10, endsAt: null, at, by } })
      .then([{ type: 'PromotionChanged', data: { maxUses: 10, endsAt: null, at, by } }]);
  });

  it('given a code, when its minimum and start change, then the change is recorded and later reservations follow it', () => {
    const change: PromotionEvent = {
      type: 'PromotionChanged',
      data: { minSubtotalUsdCents: 2500, startsAt: '2025-06-02T00:00:00.000Z', at, by },
    };
    spec
      .given([created()])
      .when({
        type: 'ChangePromotion',
        data: { minSubtotalUsdCents: 2500, startsAt: '2025-06-02T00:00:00.000Z', at, by },
      })
      .then([change]);
    spec.given([created(), change]).when(reserve('c1')).thenThrows(RuleBroken, PROMOTION_MESSAGES.notStarted);
  });

  it('given a minimum, when it is set to 0, then it is removed (as null)', () => {
    spec
      .given([created({ minSubtotalUsdCents: 2500 })])
      .when({ type: 'ChangePromotion', data: { minSubtotalUsdCents: 0, at, by } })
      .then([{ type: 'PromotionChanged', data: { minSubtotalUsdCents: null, at, by } }]);
  });

  it('given a code with an end, when its start moves past that end, then "The end must be after the start."', () => {
    spec
      .given([created({ endsAt: '2025-07-01T00:00:00.000Z' })])
      .when({ type: 'ChangePromotion', data: { startsAt: '2025-08-01T00:00:00.000Z', at, by } })
      .thenThrows(ValidationError, PROMOTION_MESSAGES.endsBeforeStart);
  });

  it('given no such code, when it is changed or ended, then 404', () => {
    spec
      .given([])
      .when({ type: 'ChangePromotion', data: { maxUses: 10, at, by } })
      .thenThrows(NotFound, PROMOTION_MESSAGES.notFound);
    spec.given([]).when({ type: 'EndPromotion', data: { at, by } }).thenThrows(NotFound);
  });

  it('given a code, when it is ended, then once; an ended code cannot be changed', () => {
    const ended: PromotionEvent = { type: 'PromotionEnded', data: { at, by } };
    spec.given([created()]).when({ type: 'EndPromotion', data: { at, by } }).then([ended]);
    spec.given([created(), ended]).when({ type: 'EndPromotion', data: { at, by } }).then([]);
    spec
      .given([created(), ended])
      .when({ type: 'ChangePromotion', data: { maxUses: 10, at, by } })
      .thenThrows(Conflict, PROMOTION_MESSAGES.ended);
  });
});

describe('reserving a use', () => {
  it('given a code with uses left, when a payment starts, then a use is held for its checkout', () => {
    spec
      .given([created({ maxUses: 2 })])
      .when(reserve('c1'))
      .then([reserved('c1')]);
  });

  it('given no such code, then "This code is not valid."', () => {
    spec.given([]).when(reserve('c1')).thenThrows(RuleBroken, PROMOTION_MESSAGES.invalid);
  });

  it('given 5 uses held or spent of 5, when another checkout reserves, then "This code has been used up."', () => {
    spec
      .given([
        created({ maxUses: 5 }),
        reserved('c1'),
        reserved('c2'),
        reserved('c3'),
        spent('c4', 'o4'),
        spent('c5', 'o5'),
      ])
      .when(reserve('c6'))
      .thenThrows(RuleBroken, PROMOTION_MESSAGES.usedUp);
  });

  it('given the customer used it already, when the per-customer limit is 1, then "You have already used this code."', () => {
    spec
      .given([created({ maxUsesPerCustomer: 1 }), spent('c1', 'o1', 'email:ada@example.com')])
      .when(reserve('c2', 'email:ada@example.com'))
      .thenThrows(RuleBroken, PROMOTION_MESSAGES.alreadyUsed);
  });

  it('given an ended or past code, then "This code has expired."; before its start, "This code is not active yet."', () => {
    spec
      .given([created(), { type: 'PromotionEnded', data: { at, by } }])
      .when(reserve('c1'))
      .thenThrows(RuleBroken, PROMOTION_MESSAGES.expired);
    spec
      .given([created({ endsAt: '2025-05-31T00:00:00.000Z' })])
      .when(reserve('c1'))
      .thenThrows(RuleBroken, PROMOTION_MESSAGES.expired);
    spec
      .given([created({ startsAt: '2025-07-01T00:00:00.000Z' })])
      .when(reserve('c1'))
      .thenThrows(RuleBroken, PROMOTION_MESSAGES.notStarted);
  });

  it('given the checkout holds a use, when its payment starts again, then nothing more is held', () => {
    spec
      .given([created({ maxUses: 1 }), reserved('c1')])
      .when(reserve('c1'))
      .then([]);
  });

  it('given the last use held by a hold that expired, when another checkout reserves, then the old hold is released first', () => {
    spec
      .given([created({ maxUses: 1 }), reserved('c1', 'user:c1', '2025-06-01T08:00:00.000Z')])
      .when(reserve('c2'))
      .then([
        { type: 'PromotionUseReleased', data: { checkoutId: 'c1', reason: 'expired', at } },
        reserved('c2'),
      ]);
  });
});

describe('releasing and spending a use', () => {
  it('given a held use, when its payment fails, then it is free again, once', () => {
    const released: PromotionEvent = {
      type: 'PromotionUseReleased',
      data: { checkoutId: 'c1', reason: 'payment_failed', at },
    };
    const release = {
      type: 'ReleasePromotionUse' as const,
      data: { checkoutId: 'c1', reason: 'payment_failed' as const, at },
    };
    spec
      .given([created({ maxUses: 1 }), reserved('c1')])
      .when(release)
      .then([released]);
    spec
      .given([created({ maxUses: 1 }), reserved('c1'), released])
      .when(release)
      .then([]);
    spec
      .given([created({ maxUses: 1 }), reserved('c1'), released])
      .when(reserve('c2'))
      .then([reserved('c2')]);
  });

  it('given the checkout holds the last use, when its order is placed, then the use is spent, once per order', () => {
    const spend = { type: 'SpendPromotionUse' as const, data: spendData('c1', 'o1') };
    spec
      .given([created({ maxUses: 1 }), reserved('c1')])
      .when(spend)
      .then([spent('c1', 'o1')]);
    spec
      .given([created({ maxUses: 1 }), reserved('c1'), spent('c1', 'o1')])
      .when(spend)
      .then([]);
  });

  it('given its hold was released and the last use went to another order, when the order is placed, then the use is recorded and flagged beyond the limit', () => {
    spec
      .given([created({ maxUses: 1 }), spent('c2', 'o2')])
      .when({ type: 'SpendPromotionUse', data: spendData('c1', 'o1') })
      .then([{ type: 'PromotionUseSpent', data: { ...spendData('c1', 'o1'), beyondLimit: true } }]);
  });
});
