// A password input that lists every rule of the policy it breaks (rules/password-policy.ts), not
// just the first, so the customer fixes it in one go.
import { useId, type InputHTMLAttributes, type Ref } from 'react';
import type { FieldError } from 'react-hook-form';
// The form fields' styles: this field uses their classes without the Field component.
import '@/components/field.css';

/** Every message of a field error (react-hook-form's `types` when criteriaMode is 'all'). */
export function allMessages(error: FieldError | undefined): string[] {
  if (!error) return [];
  const fromTypes = Object.values(error.types ?? {}).flatMap((value) =>
    Array.isArray(value) ? value : typeof value === 'string' ? [value] : [],
  );
  const messages = fromTypes.length > 0 ? fromTypes : error.message ? [error.message] : [];
  return [...new Set(messages)];
}

export type PasswordFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> & {
  label: string;
  error?: FieldError | undefined;
  hint?: string;
  ref?: Ref<HTMLInputElement>;
};

export function PasswordField({ label, error, hint, id: givenId, required, ...input }: PasswordFieldProps) {
  const autoId = useId();
  const id = givenId ?? autoId;
  const messages = allMessages(error);
  const describedBy = [hint ? `${id}-hint` : '', messages.length ? `${id}-error` : '']
    .filter(Boolean)
    .join(' ');
  return (
    <div className="field">
      <label htmlFor={id} className="field__label">
        {label}
        {required && <span aria-hidden="true"> *</span>}
      </label>
      <input
        id={id}
        type="password"
        className="field__control"
        required={required}
        aria-invalid={messages.length ? true : undefined}
        aria-describedby={describedBy || undefined}
        {...input}
      />
      {hint && (
        <p id={`${id}-hint`} className="field__hint">
          {hint}
        </p>
      )}
      {messages.length > 0 && (
        <ul id={`${id}-error`} className="field__error field__error-list" role="alert">
          {messages.map((message) => (
            <li key={message}>{message}</li>
          ))}
        </ul>
      )}
    </div>
  );
}

export const PASSWORD_HINT =
  'At least 8 characters, with an uppercase letter, a lowercase letter and a number.';
