// What every product page says of its product: the category it sits in (the breadcrumb's middle
// step) and its print size.
import type { Product } from '@printshop/shared-events/rules/catalog';

export const CATEGORY_LINKS: Record<Product['family'], { to: string; label: string }> = {
  'retro-prints': { to: '/prints', label: 'Prints' },
  'standard-prints': { to: '/prints', label: 'Prints' },
  'film-strips': { to: '/strips', label: 'Strips' },
  'photo-strips': { to: '/strips', label: 'Strips' },
  posters: { to: '/posters', label: 'Posters' },
  collages: { to: '/collages', label: 'Collages' },
  'greeting-cards': { to: '/greeting-cards', label: 'Greeting Cards' },
};

/** The print size as the specs list it: '4 x 6 in', '50 x 70 mm'. */
export function sizeText(product: Product): string {
  const { width, height, unit } = product.printSize;
  return `${width} x ${height} ${unit === 'in' ? 'in' : 'mm'}`;
}
