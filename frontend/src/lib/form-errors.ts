// The server's per-field messages (API.md `errors`, keyed by field path) shown on a form's fields.
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from './api-client';

/**
 * Puts every `errors[prefix + field]` of a failed call on the matching form field and returns how
 * many it placed (0: show the call's message instead). `prefix` maps nested bodies
 * ('shippingAddress.') onto a form of the inner object.
 */
export function applyFieldErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly Path<T>[],
  prefix = '',
): number {
  if (!(error instanceof ApiError)) return 0;
  const errors = error.fieldErrors;
  let placed = 0;
  for (const field of fields) {
    const message = errors[`${prefix}${field}`];
    if (typeof message !== 'string') continue;
    setError(field, { type: 'server', message }, { shouldFocus: placed === 0 });
    placed += 1;
  }
  return placed;
}
