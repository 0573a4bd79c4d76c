// Building blocks of the REST contract (API.md "Common rules"). Request schemas strip unknown fields
// (zod objects do by default), refuse wrong types (no coercion in JSON bodies; query strings, which
// are always text, are coerced explicitly) and refuse strings over 2,000 characters unless stated.
// Every request string is an `apiString` (no control characters, no broken Unicode).
// Response schemas are what the frontend parses every answer with.
import { z } from 'zod';
import { CURRENCY_CODES } from '../rules/currencies';
import { apiString } from './api-string';

export { apiString, CONTROL_CHARACTERS_MESSAGE } from './api-string';

export const MAX_TEXT = 2000;

/** Any request string: at most `max` characters (2,000 unless stated). */
export const text = (max: number = MAX_TEXT) => apiString().max(max);
/** A request string that must not be blank; trimmed. */
export const requiredText = (max: number = MAX_TEXT, required?: string, tooLong?: string) =>
  apiString().trim().min(1, required).max(max, tooLong);
/** An optional request string that may also be sent as null (browsers send null for "none"). */
export const optionalText = (max: number = MAX_TEXT) => apiString().max(max).nullish();

/** Ids of carts, images, orders...: opaque text. */
export const idSchema = requiredText(200);
/**
 * What an id in a path looks like (every id the shop makes is a UUID; payment references are
 * letters, digits and _): a path whose id is anything else names nothing, and is answered 404.
 */
export const PATH_ID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_-]{0,99}$/;
export const skuSchema = apiString()
  .trim()
  .min(1)
  .max(100)
  .regex(/^[A-Za-z0-9_-]+$/, 'Invalid SKU');
export const currencySchema = z.enum(CURRENCY_CODES);
export const countrySchema = apiString()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{2}$/, 'Invalid country code');
/** An ISO 8601 timestamp with its offset, as the services write it (Date#toISOString). */
export const timestampSchema = z.iso.datetime({ offset: true });
/** A money amount in major units of the answer's currency (API.md: "Money in responses"). */
export const moneySchema = z.number().finite();
export const countSchema = z.number().int().nonnegative();

// Query strings: every value arrives as text; '' counts as absent (`rating=&search=`). The fallback
// (or optional) sits inside the preprocess so that '' gets it too.
const blankToUndefined = (value: unknown) => (value === '' ? undefined : value);
export const queryInt = (min: number, max: number, fallback?: number) => {
  const number = z.coerce.number().int().min(min).max(max);
  return z.preprocess(
    blankToUndefined,
    fallback === undefined ? number.optional() : number.default(fallback),
  );
};
export const queryText = (max = 200, fallback?: string) => {
  const value = apiString().trim().max(max);
  return z.preprocess(blankToUndefined, fallback === undefined ? value.optional() : value.default(fallback));
};
export const queryEnum = <const T extends readonly [string, ...string[]]>(
  values: T,
  fallback?: T[number],
) => {
  const choice = z.enum(values);
  return z.preprocess(
    blankToUndefined,
    fallback === undefined ? choice.optional() : choice.default(fallback),
  );
};
/** A query value that must be given (no fallback). */
export const queryValue = <S extends z.ZodType>(schema: S) => z.preprocess(blankToUndefined, schema);
export const pageQuery = queryInt(1, 100_000, 1);

export const okSchema = z.object({ success: z.literal(true) });
export const messageResponseSchema = okSchema.extend({ message: z.string() });

/** The failure body of every 4xx/5xx. */
export const errorResponseSchema = z.object({
  success: z.literal(false),
  message: z.string(),
  code: z.string(),
  /** field path ('shippingAddress.postalCode') -> message; validation errors only */
  errors: z.record(z.string(), z.string()).optional(),
});
export type ErrorResponse = z.infer<typeof errorResponseSchema>;

export const paginationSchema = z.object({
  page: countSchema,
  limit: countSchema,
  total: countSchema,
  pages: countSchema,
});

/** The `errors` map of a validation failure: the first message for each field path. */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const path = issue.path.map(String).join('.') || '(body)';
    errors[path] ??= issue.message;
  }
  return errors;
}
