// − / number / + for one cart line. Typing commits on Enter or leaving the field; 0 removes the
// line (spec 1 §4), so the − button at 1 reads "Remove". More than a line may hold is not sent: the
// field goes back to the cart's quantity and says why (the browser's own bubble on the field).
import { useEffect, useRef, useState } from 'react';
import { MAX_LINE_QUANTITY, QUANTITY_MESSAGES } from '@printshop/shared-events/api/cart';

export interface QuantityStepperProps {
  quantity: number;
  /** Used in the controls' accessible names. */
  itemName: string;
  disabled?: boolean;
  onChange(quantity: number): void;
}

export function QuantityStepper({ quantity, itemName, disabled, onChange }: QuantityStepperProps) {
  const [text, setText] = useState(String(quantity));
  // The value already sent for this quantity: Enter and the blur that follows it (or a second
  // Enter) must not send it twice; the second of two removals answered "Cart item not found.".
  const sent = useRef<number | null>(null);
  const field = useRef<HTMLInputElement>(null);
  useEffect(() => {
    sent.current = null;
    setText(String(quantity));
  }, [quantity]);

  const commit = () => {
    const next = Number(text);
    if (text.trim() === '' || !Number.isFinite(next)) {
      setText(String(quantity));
      return;
    }
    const whole = Math.floor(next);
    if (whole > MAX_LINE_QUANTITY) {
      setText(String(quantity));
      field.current?.setCustomValidity(QUANTITY_MESSAGES.tooMany);
      field.current?.reportValidity();
      return;
    }
    if (whole === quantity) setText(String(quantity));
    else if (whole !== sent.current) {
      sent.current = whole;
      onChange(whole);
    }
  };

  return (
    <div className="quantity-stepper" role="group" aria-label={`Quantity of ${itemName}`}>
      <button
        type="button"
        className="quantity-stepper__button"
        aria-label={quantity <= 1 ? `Remove ${itemName}` : `Decrease quantity of ${itemName}`}
        disabled={disabled}
        onClick={() => onChange(quantity - 1)}
      >
        −
      </button>
      <input
        className="quantity-stepper__input"
        type="number"
        inputMode="numeric"
        ref={field}
        min={0}
        max={MAX_LINE_QUANTITY}
        step={1}
        aria-label={`Quantity of ${itemName}`}
        value={text}
        disabled={disabled}
        onChange={(event) => {
          event.target.setCustomValidity('');
          setText(event.target.value);
        }}
        onBlur={commit}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            event.preventDefault();
            commit();
          }
        }}
      />
      <button
        type="button"
        className="quantity-stepper__button"
        aria-label={`Increase quantity of ${itemName}`}
        disabled={disabled}
        onClick={() => onChange(quantity + 1)}
      >
        +
      </button>
    </div>
  );
}
