import { describe, expect, it } from 'vitest';
import { Conflict, NotFound, RuleBroken } from '@printshop/shared-events/errors';
import type { CheckoutEvent } from '@printshop/shared-events/events/checkout';
import { fold } from '@printshop/shared-events/decider';
import { recoveryDecider, RECOVERY_MESSAGES } from './recovery-email';

const started = (email?: string): CheckoutEvent =>
  ({
    type: 'CheckoutStarted',
    data: {
      checkoutId: 'c1',
      cartId: 'k1',
      ...(email !== undefined && { email }),
      country: 'US',
      lines: [],
      amounts: {} as never,
      startedAt: '2025-03-01T10:00:00.000Z',
    },
  }) as unknown as CheckoutEvent;
const command = {
  type: 'RequestRecoveryEmail' as const,
  data: { checkoutId: 'c1', by: 'admin:a1', at: '2025-03-01T12:00:00.000Z' },
};
const decide = (given: CheckoutEvent[]) => () =>
  recoveryDecider.decide(command, fold(recoveryDecider, given));

describe('recovery e-mail', () => {
  it('given an unpaid checkout with an e-mail, when an admin asks, then RecoveryEmailRequested', () => {
    expect(decide([started('a@example.com')])()).toEqual([
      { type: 'RecoveryEmailRequested', data: command.data },
    ]);
  });

  it('given one was already asked for, when asked again, then a conflict naming when', () => {
    const given = [started('a@example.com'), ...(decide([started('a@example.com')])() as CheckoutEvent[])];
    expect(decide(given)).toThrow(Conflict);
    expect(decide(given)).toThrow(RECOVERY_MESSAGES.alreadySent('2025-03-01T12:00:00.000Z'));
  });

  it('given no checkout, a paid one or one without an e-mail, then refused', () => {
    expect(decide([])).toThrow(NotFound);
    const completed = {
      type: 'CheckoutCompleted',
      data: { checkoutId: 'c1', orderId: 'o1', orderNumber: 'PS-1', at: '2025-03-01T10:05:00.000Z' },
    } as CheckoutEvent;
    expect(decide([started('a@example.com'), completed])).toThrow(RuleBroken);
    expect(decide([started()])).toThrow(RECOVERY_MESSAGES.noEmail);
    expect(decide([started('  ')])).toThrow(RECOVERY_MESSAGES.noEmail);
  });
});
