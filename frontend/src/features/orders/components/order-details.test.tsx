// An order's totals name the promotion code it was priced with (the confirmation and the account's
// order page both show OrderDetails), and show no code line without one.
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { orderAnswer } from '@/test/fixtures';
import { renderApp } from '@/test/render';
import { OrderDetails } from './order-details';

const totals = () => screen.getByText('Subtotal').closest('dl')!;

describe('OrderDetails', () => {
  it('given an order priced with a code, then its totals show the code line apart from other discounts', () => {
    renderApp(
      <OrderDetails
        order={orderAnswer({
          subtotal: 20,
          discount: 3,
          total: 27,
          promotion: { code: 'SUMMER10', discount: 2 },
        })}
      />,
    );
    expect(within(totals()).getByText('Code SUMMER10').nextSibling).toHaveTextContent('−$2.00');
    expect(within(totals()).getByText('Discount').nextSibling).toHaveTextContent('−$1.00');
  });

  it('given an order without a code, then no code line shows', () => {
    renderApp(<OrderDetails order={orderAnswer()} />);
    expect(within(totals()).queryByText(/^Code /)).not.toBeInTheDocument();
  });
});
