// − / number / + for one cart line. Typing commits on Enter or leaving the field; 0 removes the
// line (spec 1 §4), so the − button at 1 reads "Remove". More than a line may hold is not sent: the
// field goes back to the cart's quantity and the server's limit message shows under it until the
// next change (on the page: a phone may never show the browser's own bubble).
// Taps on − / + while a change is being saved are not lost: the field counts them at once and the
// total goes to the server when the change before it is done (three quick taps on + add three).
import { useEffect, useId, useRef, useState } from 'react';
import { MAX_LINE_QUANTITY, QUANTITY_MESSAGES } from '@printshop/shared-events/api/cart';

export interface QuantityStepperProps {
  quantity: number;
  /** Used in the controls' accessible names. */
  itemName: string;
  /** Disabled while something else changes the line; the stepper's own saving does not disable it. */
  disabled?: boolean;
  /** Settles once the change is saved (or refused: false) and the cart read again. */
  onChange(quantity: number): Promise<unknown> | void;
}

export function QuantityStepper({ quantity, itemName, disabled, onChange }: QuantityStepperProps) {
  const [text, setText] = useState(String(quantity));
  // The value already sent for this quantity: Enter and the blur that follows it (or a second
  // Enter) must not send it twice; the second of two removals answered "Cart item not found.".
  const sent = useRef<number | null>(null);
  const field = useRef<HTMLInputElement>(null);
  // Taps not sent yet, and whether a tap's change is being saved.
  const [wanted, setWanted] = useState<number | null>(null);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const errorId = useId();
  useEffect(() => {
    sent.current = null;
    setText(String(wanted ?? quantity));
  }, [quantity, wanted]);

  // A saved value stays shown until the cart's quantity changes (the read after the save may reach
  // this line a render later: without this the field flashed the old quantity).
  const saved = useRef<number | null>(null);
  useEffect(() => {
    if (wanted === null || saving) return;
    if (wanted === quantity) {
      saved.current = null;
      setWanted(null);
      return;
    }
    if (saved.current === wanted) return;
    setSaving(true);
    void Promise.resolve(onChange(wanted))
      .then((result) => {
        // Refused: the cart as read again shows; later taps are still wanted.
        if (result === false) setWanted((latest) => (latest === wanted ? null : latest));
        else saved.current = wanted;
      })
      .finally(() => setSaving(false));
  }, [wanted, saving, quantity, onChange]);
  useEffect(() => {
    // The cart's quantity changed (read again, or another tab): it shows unless taps are waiting.
    if (saved.current === null) return;
    saved.current = null;
    setWanted((latest) => (latest === null || latest === quantity ? null : latest));
  }, [quantity]);

  const step = (by: number) => {
    setError(null);
    field.current?.setCustomValidity('');
    setWanted((latest) => Math.min(MAX_LINE_QUANTITY, Math.max(0, (latest ?? quantity) + by)));
  };
  const locked = disabled && !saving;

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
      setError(QUANTITY_MESSAGES.tooMany);
      return;
    }
    if (whole === quantity) setText(String(quantity));
    else if (whole !== sent.current) {
      sent.current = whole;
      onChange(whole);
    }
  };

  return (
    <div className="quantity-stepper-field">
      <div className="quantity-stepper" role="group" aria-label={`Quantity of ${itemName}`}>
        <button
          type="button"
          className="quantity-stepper__button"
          aria-label={(wanted ?? quantity) <= 1 ? `Remove ${itemName}` : `Decrease quantity of ${itemName}`}
          disabled={locked}
          onClick={() => step(-1)}
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
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          value={text}
          disabled={locked}
          onChange={(event) => {
            event.target.setCustomValidity('');
            setError(null);
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
          disabled={locked}
          onClick={() => step(1)}
        >
          +
        </button>
      </div>
      {error && (
        <p id={errorId} className="quantity-stepper__error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
