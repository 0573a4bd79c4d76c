// The quantity box sends one change per typed value: Enter and the blur after it used to send it
// twice (a second removal answered "Cart item not found.").
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { QUANTITY_MESSAGES } from '@printshop/shared-events/api/cart';
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

  it("given 20000 typed (a line holds at most 10,000), then nothing is sent, the field goes back to the cart's 18 and says why", async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<QuantityStepper quantity={18} itemName="5x7 Photo Prints" onChange={onChange} />);
    const box = screen.getByRole<HTMLInputElement>('spinbutton', { name: 'Quantity of 5x7 Photo Prints' });
    await user.clear(box);
    await user.type(box, '20000{Enter}');
    expect(onChange).not.toHaveBeenCalled();
    expect(box).toHaveValue(18);
    expect(box.validationMessage).toBe(QUANTITY_MESSAGES.tooMany);
    // A new value typed clears the message.
    await user.clear(box);
    await user.type(box, '20{Enter}');
    expect(onChange).toHaveBeenCalledWith(20);
    expect(box.validationMessage).toBe('');
  });
});
