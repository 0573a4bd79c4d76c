// The quantity box sends one change per typed value: Enter and the blur after it used to send it
// twice (a second removal answered "Cart item not found.").
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { QuantityStepper } from './quantity-stepper';

describe('QuantityStepper', () => {
  it.each(['0', '5'])(
    'given %s typed, when Enter is pressed and the field is left, then one change is sent',
    async (typed) => {
      const user = userEvent.setup();
      const onChange = vi.fn();
      render(
        <>
          <QuantityStepper quantity={2} itemName="A4 Poster" onChange={onChange} />
          <button type="button">elsewhere</button>
        </>,
      );
      const box = screen.getByRole('spinbutton', { name: 'Quantity of A4 Poster' });
      await user.clear(box);
      await user.type(box, `${typed}{Enter}`);
      await user.click(screen.getByRole('button', { name: 'elsewhere' }));
      expect(onChange).toHaveBeenCalledTimes(1);
      expect(onChange).toHaveBeenCalledWith(Number(typed));
    },
  );

  it('given a new quantity from the server, then another typed value is sent again', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    const { rerender } = render(<QuantityStepper quantity={2} itemName="A4 Poster" onChange={onChange} />);
    const box = screen.getByRole('spinbutton', { name: 'Quantity of A4 Poster' });
    await user.clear(box);
    await user.type(box, '5{Enter}');
    rerender(<QuantityStepper quantity={5} itemName="A4 Poster" onChange={onChange} />);
    await user.clear(box);
    await user.type(box, '2{Enter}');
    expect(onChange.mock.calls).toEqual([[5], [2]]);
  });
});
