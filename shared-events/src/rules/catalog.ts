// Every product and product page of spec 1 §2 and spec 2 §2/§3/§9. Prices are USD cents.
// Where the spec gives no price, size or path, the value here is our choice (commented "chosen").
//
// Field meanings:
//   name          'Short Name | Suffix'; showcase cards show the text before ' | ' (spec 1 §2).
//   path          the page route ('/product/...' or a category-level route); aliases resolve too.
//   printSize     the printed area of the uploaded (cropped or composed) image, for DPI checks.
//   cropAspectRatio  width / height the crop tool uses for each photo (per slot where there are slots).

import { parseCollageSku } from './collages';
import { productIn, type CatalogView } from './catalog-view';
import { cards } from './products/cards';
import { collages } from './products/collages';
import { posters } from './products/posters';
import { COLLAGE_SUFFIX, type Family, type Product, type ProductSize } from './products/product';
import { prints } from './products/prints';
import { strips } from './products/strips';

export type { Category, Family, PrintSize, Product, ProductSize, Unit } from './products/product';

export const PRODUCTS: readonly Product[] = [...prints, ...strips, ...posters, ...collages, ...cards];

/** The home page's featured subset, in this order (spec 1 §9). */
export const FEATURED_SKUS = [
  'LARGERETROPOLAROIDWHITE',
  'MINIRETROPOLAROIDWHITE',
  'SQUAREPHOTO3INCH',
  'WIDEPOLAROIDWHITE',
  '4X6PHOTOPRINT',
  '5X7PHOTOPRINT',
  '8X10PHOTOPRINT',
  'FILMSTRIP2',
  'FILMSTRIPPHOTO',
  'POSTERA4',
  'POSTERA3',
  'POSTER1218',
] as const;

/** The text a showcase card shows: the name before ' | '. */
export function shortName(name: string): string {
  const cut = name.indexOf(' | ');
  return cut === -1 ? name : name.slice(0, cut);
}

/** '/product/x', 'product/x', 'x', '/strips/white-photo-strips/' all reduce to the same key. */
function pathKey(path: string): string {
  return path
    .trim()
    .toLowerCase()
    .replace(/[?#].*$/, '')
    .replace(/^\/+|\/+$/g, '')
    .replace(/^product\//, '');
}

const bySku = new Map<string, Product>();
const byPath = new Map<string, Product>();
for (const product of PRODUCTS) {
  for (const sku of [product.sku, ...(product.sizes ?? []).map((s) => s.sku)]) {
    // First wins: TEMPLATE12_COLLAGE_* stays with the film-strip page, not template32.
    if (!bySku.has(sku)) bySku.set(sku, product);
  }
  for (const path of [product.path, ...product.aliases]) {
    if (byPath.has(pathKey(path))) throw new Error(`Duplicate catalog path ${path}`);
    byPath.set(pathKey(path), product);
  }
}

/** A product by its page path or an alias, with or without the leading /product/. */
export function productByPath(path: string): Product | undefined {
  return byPath.get(pathKey(path));
}

/** A product by its SKU or one of its size SKUs (case-insensitive). */
export function productBySku(sku: string): Product | undefined {
  return bySku.get(sku.trim().toUpperCase());
}

export interface PricedSku {
  sku: string;
  /** The name a cart line carries. */
  name: string;
  unitPriceUsdCents: number;
  product: Product;
  size?: ProductSize;
}

/**
 * What a cart line for this SKU is and costs; undefined when it cannot be ordered as is (unknown,
 * hidden by the owner, or a collage's listing SKU without a size). `catalog`: the owner's current
 * catalog (catalog-view.ts); without it the code's values, which are the seed of a new shop.
 */
export function pricedSku(sku: string, catalog?: CatalogView): PricedSku | undefined {
  if (!catalog) return pricedSkuIn(sku);
  // Views are immutable (evolve makes a new one), so a view's answer per SKU is kept with it: a
  // cart is priced on every read and write, and the view only changes when the owner edits.
  let known = pricedByView.get(catalog);
  if (!known) pricedByView.set(catalog, (known = new Map()));
  if (!known.has(sku)) known.set(sku, pricedSkuIn(sku, catalog));
  return known.get(sku);
}

const pricedByView = new WeakMap<CatalogView, Map<string, PricedSku | undefined>>();

function pricedSkuIn(sku: string, catalog?: CatalogView): PricedSku | undefined {
  const normal = sku.trim().toUpperCase();
  const listed = productBySku(normal);
  if (!listed) return undefined;
  const owned = catalog && productIn(listed, catalog);
  if (owned?.hidden) return undefined;
  const product: Product = owned ?? listed;
  const collage = parseCollageSku(normal);
  if (collage) {
    const size = product.sizes?.find((s) => s.sku === normal);
    if (!size) return undefined;
    return {
      sku: normal,
      name: `${shortName(product.name)} (${size.id}) | ${COLLAGE_SUFFIX}`,
      unitPriceUsdCents: size.priceUsdCents,
      product,
      size,
    };
  }
  if (product.sizes || product.sku !== normal) return undefined;
  return { sku: normal, name: product.name, unitPriceUsdCents: product.basePriceUsdCents, product };
}

/**
 * The meta tag a page the app renders from scratch (the shell) carries while the owner has products
 * hidden: their SKUs, space-separated, for the app's first render (infra: hidden-products-markup.ts).
 */
export const HIDDEN_PRODUCTS_META = 'hidden-products';

/** The SKUs of the products the owner hid. */
export function hiddenSkus(catalog: CatalogView): string[] {
  return Object.entries(catalog.products)
    .filter(([, product]) => product.hidden)
    .map(([sku]) => sku);
}

/** True when the owner hid the product this SKU (or size SKU) belongs to. */
export function isHiddenSku(sku: string, catalog: CatalogView): boolean {
  const product = productBySku(sku);
  return product !== undefined && catalog.products[product.sku]?.hidden === true;
}

/** Search of spec 1 §2 / API.md: name, category and SKU (size SKUs too), case-insensitive. */
export function searchProducts(query: string): Product[] {
  const q = query.trim().toLowerCase();
  if (!q) return [];
  return PRODUCTS.filter((p) =>
    [p.name, p.category, p.sku, ...(p.sizes ?? []).map((s) => s.sku)].some((text) =>
      text.toLowerCase().includes(q),
    ),
  );
}

export function featuredProducts(): Product[] {
  return FEATURED_SKUS.map((sku) => productBySku(sku)).filter((p): p is Product => p !== undefined);
}

// --- Home page showcase (spec 1 §2, §3).
export const SHOWCASE_FILTERS = ['all', 'retro', 'standard', 'strips', 'posters'] as const;
export type ShowcaseFilter = (typeof SHOWCASE_FILTERS)[number];
export type ShowcaseGroup = Exclude<ShowcaseFilter, 'all'>;

/**
 * retro: Retro Prints or Photo Prints whose SKU contains RETRO or POLAROID; strips; posters;
 * standard: every other print and any other category (spec 1 §3). Works on API products too.
 */
export function showcaseGroupOf(product: { sku: string; category: string }): ShowcaseGroup {
  if (product.category === 'Strips') return 'strips';
  if (product.category === 'Posters') return 'posters';
  const isPrint = product.category === 'Retro Prints' || product.category === 'Photo Prints';
  if (isPrint && /RETRO|POLAROID/.test(product.sku.toUpperCase())) return 'retro';
  return 'standard';
}

export function filterShowcase<P extends { sku: string; category: string }>(
  products: readonly P[],
  filter: ShowcaseFilter,
): P[] {
  return filter === 'all' ? [...products] : products.filter((p) => showcaseGroupOf(p) === filter);
}

// --- Category listing pages (spec 1 §2). The two strip colour pages are product pages (above).
export interface CategoryPage {
  path: string;
  title: string;
  families: readonly Family[];
}

export const CATEGORY_PAGES: readonly CategoryPage[] = [
  {
    path: '/product-category/customisations',
    title: 'Prints',
    families: ['retro-prints', 'standard-prints'],
  },
  { path: '/prints', title: 'Prints', families: ['retro-prints', 'standard-prints'] },
  { path: '/strips', title: 'Strips', families: ['film-strips', 'photo-strips'] },
  { path: '/posters', title: 'Posters', families: ['posters'] },
  { path: '/collages', title: 'Collages', families: ['collages'] },
  { path: '/greeting-cards', title: 'Greeting Cards', families: ['greeting-cards'] },
];

/** The products a category page lists; undefined when the path is not a category page. */
export function productsOnCategoryPage(path: string): Product[] | undefined {
  const page = CATEGORY_PAGES.find((p) => pathKey(p.path) === pathKey(path));
  return page && PRODUCTS.filter((p) => page.families.includes(p.family));
}
