// One image's quantity: − / number / +. Typed text is committed on Enter or leaving the field; the
// reducer keeps only whole numbers of at least 1 (spec 2 §5), so anything else snaps back.
import { useEffect, useState } from 'react';

export interface QuantityInputProps {
  value: number;
  label: string;
  disabled?: boolean;
  onChange(value: unknown): void;
}

export function QuantityInput({ value, label, disabled, onChange }: QuantityInputProps) {
  const [text, setText] = useState(String(value));
  useEffect(() => setText(String(value)), [value]);
  const commit = () => {
    onChange(text);
    setText(String(value));
  };
  return (
    <div className="quantity-input" role="group" aria-label={label}>
      <button
        type="button"
        aria-label={`Decrease ${label.toLowerCase()}`}
        disabled={disabled || value <= 1}
        onClick={() => onChange(value - 1)}
      >
        −
      </button>
      <input
        type="text"
        inputMode="numeric"
        aria-label={label}
        value={text}
        disabled={disabled}
        onChange={(event) => setText(event.target.value)}
        onBlur={commit}
        onKeyDown={(event) => {
          if (event.key === 'Enter') commit();
        }}
      />
      <button
        type="button"
        aria-label={`Increase ${label.toLowerCase()}`}
        disabled={disabled}
        onClick={() => onChange(value + 1)}
      >
        +
      </button>
    </div>
  );
}
