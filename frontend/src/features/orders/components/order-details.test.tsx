// An order's totals name each discount as the receipt mail does (bulk discount, the promotion code,
// loyalty points; the confirmation and the account's order page both show OrderDetails), and show
// no code line without one.
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { orderAnswer } from '@/test/fixtures';
import { renderApp } from '@/test/render';
import { OrderDetails } from './order-details';

const totals = () => screen.getByText('Subtotal').closest('dl')!;

describe('OrderDetails', () => {
  it('given an order priced with a bulk discount, a code and loyalty points, then each has its own line, named as on the receipt mail', () => {
    renderApp(
      <OrderDetails
        order={orderAnswer({
          subtotal: 40,
          discount: 9,
          total: 31,
          promotion: { code: 'SUMMER10', discount: 4 },
          loyaltyDiscount: 3,
        })}
      />,
    );
    expect(within(totals()).getByText('Bulk discount').nextSibling).toHaveTextContent('−$2.00');
    expect(within(totals()).getByText('Code SUMMER10').nextSibling).toHaveTextContent('−$4.00');
    expect(within(totals()).getByText('Loyalty points').nextSibling).toHaveTextContent('−$3.00');
  });

  it('given an order without a code, then no code line shows', () => {
    renderApp(<OrderDetails order={orderAnswer()} />);
    expect(within(totals()).queryByText(/^Code /)).not.toBeInTheDocument();
  });
});
