import { describe, expect, it } from 'vitest';
import { ORDER_STATUSES } from '../api/orders';
import { canMoveTo, NEXT_STATUSES } from './order-status';

describe('order status machine', () => {
  it('given a paid order, then it may go into production, be cancelled or refunded, not be delivered', () => {
    expect(canMoveTo('paid', 'in_production')).toBe(true);
    expect(canMoveTo('paid', 'cancelled')).toBe(true);
    expect(canMoveTo('paid', 'refunded')).toBe(true);
    expect(canMoveTo('paid', 'delivered')).toBe(false);
  });

  it('given any status, then it never moves back to pending payment or paid, and refunded is final', () => {
    for (const from of ORDER_STATUSES) {
      expect(canMoveTo(from, 'pending_payment')).toBe(false);
      expect(canMoveTo(from, 'paid')).toBe(false);
    }
    expect(NEXT_STATUSES.refunded).toEqual([]);
  });
});
