// The shape of a catalog product and the helpers the product tables (one file per family, beside
// this one) are written with. The field meanings are in ../catalog.ts.
import type { CollageSizeId, CollageTemplate } from '../collages';

export type Category = 'Retro Prints' | 'Photo Prints' | 'Strips' | 'Posters' | 'Collages' | 'Greeting Cards';
export type Family =
  | 'retro-prints'
  | 'standard-prints'
  | 'film-strips'
  | 'photo-strips'
  | 'posters'
  | 'collages'
  | 'greeting-cards';
export type Unit = 'print' | 'strip' | 'poster' | 'collage' | 'card';

export interface PrintSize {
  width: number;
  height: number;
  unit: 'in' | 'mm';
}

export interface ProductSize {
  id: CollageSizeId;
  sku: string;
  name: string;
  dimensions: string;
  description: string;
  priceUsdCents: number;
  printSize: PrintSize;
}

export interface Product {
  sku: string;
  name: string;
  category: Category;
  family: Family;
  /** The "From" price: the only price, or the smallest size's. */
  basePriceUsdCents: number;
  path: string;
  aliases: readonly string[];
  imageUrl: string;
  /** The owner's pictures, main first (from the catalog view; the code has imageUrl only). */
  images?: readonly string[];
  printSize: PrintSize;
  cropAspectRatio: number;
  slots?: number;
  unit: Unit;
  /** Frame or border colour of retro prints and strips. */
  colour?: 'white' | 'black';
  /** Poster gallery badge (spec 2 §2). */
  badge?: string;
  /** Id sent with view-content tracking (spec 2 §3). */
  metaContentId?: string;
  /** Orderable sizes, each with its own SKU (collages). */
  sizes?: readonly ProductSize[];
  collage?: CollageTemplate;
}

export const inches = (width: number, height: number): PrintSize => ({ width, height, unit: 'in' });
export const mm = (width: number, height: number): PrintSize => ({ width, height, unit: 'mm' });
export const image = (file: string) => `/images/products/${file}`;

export const PRINT_SUFFIX = 'Print Photos Online';
export const STRIP_SUFFIX = 'Custom Photo Strips';
export const POSTER_SUFFIX = 'Customized Poster Print';
export const COLLAGE_SUFFIX = 'Photo Collage Print';
export const CARD_SUFFIX = 'Custom Greeting Cards';
