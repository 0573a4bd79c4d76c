// The quantity box sends one change per typed value: Enter and the blur after it used to send it
// twice (a second removal answered "Cart item not found."). Taps while a change is saved count.
import { act, render, screen, waitFor } from '@testing-library/react';
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

  it("given 10001 typed (one over the limit), then nothing is sent, the field goes back to the cart's 18 and the limit's message shows on it until the next change", async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<QuantityStepper quantity={18} itemName="5x7 Photo Prints" onChange={onChange} />);
    const box = screen.getByRole<HTMLInputElement>('spinbutton', { name: 'Quantity of 5x7 Photo Prints' });
    await user.clear(box);
    await user.type(box, '10001{Enter}');
    expect(onChange).not.toHaveBeenCalled();
    expect(box).toHaveValue(18);
    // On the page, not only in the browser's bubble (which a phone may never show).
    expect(screen.getByText(QUANTITY_MESSAGES.tooMany)).toBeVisible();
    expect(QUANTITY_MESSAGES.tooMany).toBe('Quantity can be at most 10,000 per item.');
    expect(box).toHaveAccessibleDescription(QUANTITY_MESSAGES.tooMany);
    expect(box).toHaveAttribute('aria-invalid', 'true');

    await user.clear(box);
    expect(screen.queryByText(QUANTITY_MESSAGES.tooMany)).toBeNull();
    expect(box).not.toHaveAttribute('aria-invalid');
    await user.type(box, '10000{Enter}');
    expect(onChange).toHaveBeenCalledWith(10_000);
  });

  it('given the limit message shown, when + is tapped, then it goes', async () => {
    const user = userEvent.setup();
    render(<QuantityStepper quantity={18} itemName="A4 Poster" onChange={vi.fn()} />);
    const box = screen.getByRole('spinbutton', { name: 'Quantity of A4 Poster' });
    await user.clear(box);
    await user.type(box, '10001{Enter}');
    expect(screen.getByText(QUANTITY_MESSAGES.tooMany)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Increase quantity of A4 Poster' }));
    expect(screen.queryByText(QUANTITY_MESSAGES.tooMany)).toBeNull();
  });

  it('given + tapped three times quickly on 2, then the field shows 5 at once and 5 is sent when the first change is saved', async () => {
    const user = userEvent.setup();
    const saves: Array<() => void> = [];
    const onChange = vi.fn(() => new Promise<void>((resolve) => saves.push(resolve)));
    const { rerender } = render(
      <QuantityStepper quantity={2} itemName="A4 Poster" disabled={false} onChange={onChange} />,
    );
    const plus = screen.getByRole('button', { name: 'Increase quantity of A4 Poster' });
    await user.click(plus);
    // The cart page marks the line busy while its change is saved; the taps still count.
    rerender(<QuantityStepper quantity={2} itemName="A4 Poster" disabled onChange={onChange} />);
    await user.click(plus);
    await user.click(plus);
    const box = screen.getByRole('spinbutton', { name: 'Quantity of A4 Poster' });
    expect(box).toHaveValue(5);
    expect(onChange.mock.calls).toEqual([[3]]);

    rerender(<QuantityStepper quantity={3} itemName="A4 Poster" disabled onChange={onChange} />);
    await act(async () => saves[0]!());
    await waitFor(() => expect(onChange.mock.calls).toEqual([[3], [5]]));
    rerender(<QuantityStepper quantity={5} itemName="A4 Poster" disabled onChange={onChange} />);
    await act(async () => saves[1]!());
    rerender(<QuantityStepper quantity={5} itemName="A4 Poster" disabled={false} onChange={onChange} />);
    expect(box).toHaveValue(5);
    expect(onChange).toHaveBeenCalledTimes(2);
  });

  it('given a tapped change the server refuses, then the field goes back to the cart quantity', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn(() => Promise.resolve(false));
    render(<QuantityStepper quantity={2} itemName="A4 Poster" onChange={onChange} />);
    await user.click(screen.getByRole('button', { name: 'Increase quantity of A4 Poster' }));
    await waitFor(() => expect(onChange).toHaveBeenCalledWith(3));
    await waitFor(() =>
      expect(screen.getByRole('spinbutton', { name: 'Quantity of A4 Poster' })).toHaveValue(2),
    );
  });

  it('given a tapped change saved before the cart read again reaches the line, then the field keeps the new quantity, sends nothing more, and follows the cart once it changes', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn(() => Promise.resolve(true));
    const { rerender } = render(<QuantityStepper quantity={2} itemName="A4 Poster" onChange={onChange} />);
    await user.click(screen.getByRole('button', { name: 'Increase quantity of A4 Poster' }));
    await waitFor(() => expect(onChange).toHaveBeenCalledWith(3));
    const box = screen.getByRole('spinbutton', { name: 'Quantity of A4 Poster' });
    // Saved; the cart's quantity is still the old one for a render or more.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(box).toHaveValue(3);
    expect(onChange).toHaveBeenCalledTimes(1);

    rerender(<QuantityStepper quantity={3} itemName="A4 Poster" onChange={onChange} />);
    expect(box).toHaveValue(3);
    // Another tab's change shows as the cart reads it.
    rerender(<QuantityStepper quantity={7} itemName="A4 Poster" onChange={onChange} />);
    await waitFor(() => expect(box).toHaveValue(7));
    expect(onChange).toHaveBeenCalledTimes(1);
  });
});
