// The one string rule of every request schema (API.md "Common rules"): no control characters and no
// broken UTF-16. Postgres refuses a NUL in text and a lone surrogate in jsonb, so such a string would
// otherwise travel to the event log and come back as a 500; refused here it is a 400 on its field.
import { z } from 'zod';

export const CONTROL_CHARACTERS_MESSAGE = 'Must not contain control characters or broken Unicode';

// C0 controls but tab, newline and carriage return (text areas send those), DEL, and a surrogate
// without its pair. Code units, not code points (no `u` flag), so a lone surrogate is seen.
const FORBIDDEN =
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** True when `value` holds no control character and no lone surrogate. */
export function isCleanText(value: string): boolean {
  return !FORBIDDEN.test(value);
}

/**
 * A request string: z.string (with its params, e.g. the message for a missing value) that refuses
 * control characters and lone surrogates. Every request schema builds its strings from this.
 */
export const apiString = (params?: Parameters<typeof z.string>[0]) =>
  z.string(params).refine(isCleanText, CONTROL_CHARACTERS_MESSAGE);
