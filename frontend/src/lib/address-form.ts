// Client-side checks of an address with the server's own schema (rules/addresses.ts), so the form
// shows the same messages as the API. zod skips the country rules (postal code, state, city,
// phone) while a plain field is missing; a second pass with those fields filled in finds them too,
// so one submit shows every problem at once.
import { toNestErrors } from '@hookform/resolvers';
import type { FieldError, FieldErrors, FieldValues, Resolver } from 'react-hook-form';
import { get } from 'react-hook-form';
import type { z } from 'zod';
import { fieldErrors } from '@printshop/shared-events/api/common';
import { addressInputSchema, type AddressInput } from '@printshop/shared-events/rules/addresses';

/** A blank address in `country`, as a form starts it. */
export const emptyAddress = (country: string): AddressInput => ({
  fullName: '',
  phone: '',
  line1: '',
  line2: '',
  city: '',
  state: '',
  postalCode: '',
  country,
  isDefault: false,
});

/** Stand-ins for missing plain fields; their own messages were already taken from the first pass. */
const FILLERS: Record<string, string> = { fullName: 'x', line1: 'x', line2: '', phone: '0' };

/** Every address message by field ('postalCode' → 'Please enter a valid ZIP Code'). */
export function addressIssues(address: unknown): Record<string, string> {
  const first = addressInputSchema.safeParse(address);
  if (first.success) return {};
  const issues = fieldErrors(first.error);
  if (!address || typeof address !== 'object' || issues.country) return issues;
  const filled: Record<string, unknown> = { ...(address as Record<string, unknown>) };
  for (const field of Object.keys(issues)) if (field in FILLERS) filled[field] = FILLERS[field];
  const second = addressInputSchema.safeParse(filled);
  if (!second.success)
    for (const [field, message] of Object.entries(fieldErrors(second.error))) issues[field] ??= message;
  return issues;
}

/**
 * A react-hook-form resolver for `schema` whose value holds an address at `addressPath` ('' for
 * the whole value): the schema's messages plus every address message of addressIssues.
 */
export function resolverWithAddress<S extends z.ZodType<unknown, FieldValues>>(
  schema: S,
  addressPath: string,
): Resolver<z.input<S> & FieldValues, unknown, z.output<S> & FieldValues> {
  return async (values, _context, options) => {
    const parsed = schema.safeParse(values);
    if (parsed.success) return { values: parsed.data as z.output<S> & FieldValues, errors: {} };
    const flat: Record<string, string> = fieldErrors(parsed.error);
    const prefix = addressPath ? `${addressPath}.` : '';
    const address = addressPath ? get(values, addressPath) : values;
    for (const [field, message] of Object.entries(addressIssues(address)))
      flat[`${prefix}${field}`] ??= message;
    const errors: Record<string, FieldError> = {};
    for (const [path, message] of Object.entries(flat)) errors[path] = { type: 'validation', message };
    return { values: {}, errors: toNestErrors(errors as FieldErrors, options) };
  };
}
