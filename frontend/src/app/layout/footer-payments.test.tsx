// The footer names exactly the payment methods checkout offers (one list, lib/payment-methods.ts).
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PAYMENT_METHODS } from '@/lib/payment-methods';
import { renderApp } from '@/test/render';
import { Footer } from './footer';

describe('the footer payment methods', () => {
  it('given the checkout offers card, UPI and net banking, then the footer names those and nothing else', () => {
    renderApp(<Footer />);
    const names = within(screen.getByRole('list', { name: 'Payment methods' }))
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(names).toEqual(PAYMENT_METHODS.map((m) => m.label));
    expect(names).toEqual(['Card', 'UPI', 'Net Banking']);
  });
});
