// The summary beside the payment step shows what the payment charges: a checkout started while
// another tab's payment holds some of the points is priced without them, and says so.
import { screen, within } from '@testing-library/react';
import { renderApp } from '@/test/render';
import { describe, expect, it } from 'vitest';
import type { CartDto } from '@printshop/shared-events/api/cart';
import { OrderSummary, SUMMARY_MESSAGES } from './order-summary';

const format = (amount: number) => `$${amount.toFixed(2)}`;
// 40 5x7 prints: 39.60, 15.80 off in points (1,580 of them), 2.00 shipping.
const CART = {
  success: true,
  cartId: 'c1',
  currency: 'USD',
  country: 'US',
  items: [],
  totalQuantity: 40,
  subtotal: 39.6,
  discount: 15.8,
  shippingFee: 2,
  grandTotal: 25.8,
  freeShippingThreshold: 50,
  shippingInfo: { baseRate: 2, isFree: false, estimatedDays: { min: 5, max: 7 } },
  loyaltyPointsUsed: 1580,
} as unknown as CartDto;

const totalShown = () =>
  within(screen.getByRole('complementary', { name: 'Order summary' })).getByText('Total').nextElementSibling
    ?.textContent;

describe('the order summary', () => {
  it("given no checkout started yet, then the cart's totals", () => {
    renderApp(<OrderSummary cart={CART} format={format} />);
    expect(totalShown()).toBe('$25.80');
    expect(screen.queryByText(/held by a payment/)).not.toBeInTheDocument();
  });

  it("given a checkout priced with 1,206 points because another tab's payment holds the rest, then its total (what Pay charges) and why", () => {
    const totals = {
      subtotal: 39.6,
      discount: 12.06,
      shippingFee: 2,
      total: 29.54,
      loyaltyPointsUsed: 1206,
      loyaltyDiscount: 12.06,
    };
    renderApp(<OrderSummary cart={CART} checkout={totals} format={format} />);
    expect(totalShown()).toBe('$29.54');
    // Named as on the receipt mail: the points' line, and no bulk discount line for nothing.
    expect(screen.getByText('Loyalty points').nextSibling).toHaveTextContent('−$12.06');
    expect(screen.queryByText('Bulk discount')).not.toBeInTheDocument();
    expect(screen.getByText(SUMMARY_MESSAGES.pointsHeld(374))).toBeInTheDocument();
    expect(SUMMARY_MESSAGES.pointsHeld(374)).toMatch(/^374 of your points are held/);
  });

  it('given one point held elsewhere, then the note speaks of one point', () => {
    expect(SUMMARY_MESSAGES.pointsHeld(1)).toMatch(/^1 of your points is held/);
  });
});
