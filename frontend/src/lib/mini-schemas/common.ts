// zod/mini twins of shared-events' response schemas, for the calls every visit to `/` makes
// (products, settings, country detection, cart, session). zod/mini is a fraction of classic zod's
// size, and the home page must not download the whole of classic zod (the home page's JavaScript budget).
// mini-schemas.test.ts proves each twin has the same JSON Schema as its shared-events original and
// accepts and refuses the same answers, so no answer is checked less.
import * as z from 'zod/mini';

export { CATEGORIES, FAMILIES, ZONES } from '@printshop/shared-events/api/catalog-enums';

export const okSchema = z.object({ success: z.literal(true) });
export const moneySchema = z.number();
export const countSchema = z.number().check(z.int(), z.nonnegative());
