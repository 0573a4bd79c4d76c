// What the contract's schema tests share: a schema's field messages for an input, and a valid US
// address.
import type { z } from 'zod';
import { fieldErrors } from './common';

/** field path -> first message, or {} when the input passes. */
export function errorsOf(schema: z.ZodType, input: unknown): Record<string, string> {
  const result = schema.safeParse(input);
  return result.success ? {} : fieldErrors(result.error);
}

export const address = {
  fullName: 'Ada Lovelace',
  phone: '(201) 555-0123',
  line1: '1 Main St',
  city: 'Springfield',
  state: 'IL',
  postalCode: '62701',
  country: 'US',
};
