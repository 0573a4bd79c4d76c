// The enums of the catalog answers (API.md "Catalog and settings") as plain lists, without zod:
// api/catalog.ts builds its schemas from them, and the frontend's zod/mini twins too (importing
// api/catalog.ts there would bring classic zod into the first page).
import type { Category, Family } from '../rules/catalog';
import type { Zone } from '../rules/shipping';

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
