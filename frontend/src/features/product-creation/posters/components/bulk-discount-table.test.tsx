// The poster pages' bulk-discount table lists the owner's bands (given by the page from GET
// /api/settings) with the price each band charges, and marks the shopper's band.
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { schemeWith } from '@printshop/shared-events/rules/discounts';
import { formatMoney } from '@printshop/shared-events/rules/money';
import { BulkDiscountTable } from './bulk-discount-table';

describe('BulkDiscountTable', () => {
  it('given the owner’s poster bands and 6 posters, then the table shows 1-4, 5-19, 20+ with their prices and marks 5-19', () => {
    const scheme = schemeWith('poster', [
      { minQuantity: 5, rateBps: 1000 },
      { minQuantity: 20, rateBps: 2500 },
    ]);
    render(
      <BulkDiscountTable
        label="A4"
        unitPrice={178}
        totalQuantity={6}
        format={(minor) => formatMoney(minor, 'USD')}
        scheme={scheme}
      />,
    );
    const rows = within(screen.getByRole('table')).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.textContent)).toEqual(['1-4$1.78—', '5-19$1.6010%', '20+$1.3325%']);
    expect(rows[1]).toHaveAttribute('aria-current', 'true');
  });
});
