// What a product card shows, from either source: an API product (USD major units) or a catalog
// entry (USD cents). 'From {price}/{unit}' uses strip, poster or print (spec 1 §2).
import type { ProductDto } from '@printshop/shared-events/api/catalog';
import { shortName, type Product } from '@printshop/shared-events/rules/catalog';
import { toMinor } from '@printshop/shared-events/rules/money';

export interface ProductCardData {
  sku: string;
  name: string;
  path: string;
  imageUrl: string;
  priceUsdCents: number;
  unit: string;
  /** What the home page's showcase filters by (showcaseGroupOf). */
  category: string;
}

export function unitOf(category: string): string {
  if (category === 'Strips') return 'strip';
  if (category === 'Posters') return 'poster';
  if (category === 'Collages') return 'collage';
  if (category === 'Greeting Cards') return 'card';
  return 'print';
}

export const fromApiProduct = (p: ProductDto): ProductCardData => ({
  sku: p.sku,
  name: shortName(p.name),
  path: p.path,
  imageUrl: p.imageUrl,
  priceUsdCents: toMinor(Math.min(p.price, ...(p.sizes ?? []).map((s) => s.price)), 'USD'),
  unit: unitOf(p.category),
  category: p.category,
});

export const fromCatalogProduct = (p: Product): ProductCardData => ({
  sku: p.sku,
  name: shortName(p.name),
  path: p.path,
  imageUrl: p.imageUrl,
  priceUsdCents: p.basePriceUsdCents,
  unit: p.unit,
  category: p.category,
});
