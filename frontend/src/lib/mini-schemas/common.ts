// zod/mini twins of shared-events' response schemas, for the calls every visit to `/` makes
// (products, settings, country detection, cart, session). zod/mini is a fraction of classic zod's
// size, and the home page must not download the whole of classic zod (issue 9's JS budget).
// mini-schemas.test.ts proves each twin has the same JSON Schema as its shared-events original and
// accepts and refuses the same answers, so no answer is checked less.
import * as z from 'zod/mini';
import type { Category, Family } from '@printshop/shared-events/rules/catalog';
import type { Zone } from '@printshop/shared-events/rules/shipping';

// The enums of api/catalog.ts, repeated here: importing them from there would bring that module's
// classic schemas (and classic zod) along.
export const CATEGORIES = [
  'Retro Prints',
  'Photo Prints',
  'Strips',
  'Posters',
  'Collages',
  'Greeting Cards',
] as const satisfies readonly Category[];
export const FAMILIES = [
  'retro-prints',
  'standard-prints',
  'film-strips',
  'photo-strips',
  'posters',
  'collages',
  'greeting-cards',
] as const satisfies readonly Family[];
export const ZONES = [
  'domestic',
  'north_america',
  'europe',
  'asia_pacific',
  'middle_east',
  'rest_of_world',
] as const satisfies readonly Zone[];

export const okSchema = z.object({ success: z.literal(true) });
export const moneySchema = z.number();
export const countSchema = z.number().check(z.int(), z.nonnegative());
