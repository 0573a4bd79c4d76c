// Every product and product page of spec 1 §2 and spec 2 §2/§3/§9. Prices are USD cents.
// Where the spec gives no price, size or path, the value here is our choice (commented "chosen").
//
// Field meanings:
//   name          'Short Name | Suffix'; showcase cards show the text before ' | ' (spec 1 §2).
//   path          the page route ('/product/...' or a category-level route); aliases resolve too.
//   printSize     the printed area of the uploaded (cropped or composed) image, for DPI checks.
//   cropAspectRatio  width / height the crop tool uses for each photo (per slot where there are slots).

import {
  COLLAGE_SIZES,
  COLLAGE_TEMPLATES,
  collageSku,
  parseCollageSku,
  type CollageSize,
  type CollageSizeId,
  type CollageTemplate,
} from './collages';
import { productIn, type CatalogView } from './catalog-view';

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

const inches = (width: number, height: number): PrintSize => ({ width, height, unit: 'in' });
const mm = (width: number, height: number): PrintSize => ({ width, height, unit: 'mm' });
const image = (file: string) => `/images/products/${file}`;

const PRINT_SUFFIX = 'Print Photos Online';
const STRIP_SUFFIX = 'Custom Photo Strips';
const POSTER_SUFFIX = 'Customized Poster Print';
const COLLAGE_SUFFIX = 'Photo Collage Print';
const CARD_SUFFIX = 'Custom Greeting Cards';

// --- Prints (spec 1 §2). Retro prints are polaroid-style cards; printSize is the photo window.
// Chosen prices, USD cents: cheap per-print prices in line with posters at 1.78-2.18.
const prints: Product[] = [
  {
    sku: 'LARGERETROPOLAROIDWHITE',
    name: `Large Retro Polaroid Prints - White | ${PRINT_SUFFIX}`,
    category: 'Retro Prints',
    family: 'retro-prints',
    basePriceUsdCents: 69, // chosen
    path: '/product/large-polaroids',
    aliases: ['/product/retro-polaroid-prints'],
    imageUrl: image('large-retro-white.webp'),
    printSize: inches(3.1, 3.1), // chosen: 3.5 x 4.2 in card, square window
    cropAspectRatio: 1,
    unit: 'print',
    colour: 'white',
  },
  {
    sku: 'LARGERETROPOLAROIDBLACK',
    name: `Large Retro Photo Prints - Black | ${PRINT_SUFFIX}`,
    category: 'Retro Prints',
    family: 'retro-prints',
    basePriceUsdCents: 69, // chosen
    path: '/product/large-retro-photo-prints-black',
    aliases: [],
    imageUrl: image('large-retro-black.webp'),
    printSize: inches(3.1, 3.1), // chosen, as the white one
    cropAspectRatio: 1,
    unit: 'print',
    colour: 'black',
  },
  {
    sku: 'WIDEPOLAROIDWHITE',
    name: `Wide Retro Photo Prints - White | ${PRINT_SUFFIX}`,
    category: 'Retro Prints',
    family: 'retro-prints',
    basePriceUsdCents: 79, // chosen
    path: '/product/wide-retro-photo-prints-white-print-photos-online',
    aliases: [],
    imageUrl: image('wide-retro-white.webp'),
    printSize: inches(3.9, 2.6), // chosen: 4.3 x 3.4 in card, 3:2 landscape window
    cropAspectRatio: 3 / 2,
    unit: 'print',
    colour: 'white',
  },
  {
    sku: 'MINIRETROPOLAROIDWHITE',
    name: `Mini Retro Photo Prints - White | ${PRINT_SUFFIX}`,
    category: 'Retro Prints',
    family: 'retro-prints',
    basePriceUsdCents: 49, // chosen
    path: '/product/mini-retro-photo-prints-white-print-photos-online',
    aliases: ['/product/mini-retro-polaroids'],
    imageUrl: image('mini-retro-white.webp'),
    printSize: inches(1.8, 2.4), // chosen: 2.1 x 3.4 in card, 3:4 portrait window
    cropAspectRatio: 3 / 4,
    unit: 'print',
    colour: 'white',
  },
  {
    sku: 'MINIRETROPOLAROIDBLACK',
    name: `Mini Retro Photo Prints - Black | ${PRINT_SUFFIX}`,
    category: 'Retro Prints',
    family: 'retro-prints',
    basePriceUsdCents: 49, // chosen
    path: '/product/mini-retro-photo-prints-black-print-photos-online',
    aliases: [],
    imageUrl: image('mini-retro-black.webp'),
    printSize: inches(1.8, 2.4), // chosen, as the white one
    cropAspectRatio: 3 / 4,
    unit: 'print',
    colour: 'black',
  },
  {
    sku: 'SQUAREPHOTO3INCH',
    name: `Square Photo Prints 3 Inch | ${PRINT_SUFFIX}`,
    category: 'Photo Prints',
    family: 'retro-prints', // spec 1 §1 lists the squares with the retro family
    basePriceUsdCents: 49, // chosen
    path: '/product/square-photo-prints-3inches',
    aliases: [],
    imageUrl: image('square-3-inch.webp'),
    printSize: inches(3, 3),
    cropAspectRatio: 1,
    unit: 'print',
  },
  {
    sku: 'SQUAREPHOTO4INCH',
    name: `Square Photo Prints 4 Inch | ${PRINT_SUFFIX}`,
    category: 'Photo Prints',
    family: 'retro-prints',
    basePriceUsdCents: 59, // chosen
    path: '/product/square-photo-prints-4-inch-print-photos-online',
    aliases: [],
    imageUrl: image('square-4-inch.webp'),
    printSize: inches(4, 4),
    cropAspectRatio: 1,
    unit: 'print',
  },
  {
    sku: '4X6PHOTOPRINT',
    name: `4x6 Photo Prints | ${PRINT_SUFFIX}`,
    category: 'Photo Prints',
    family: 'standard-prints',
    basePriceUsdCents: 39, // chosen
    path: '/product/4x6-photo-prints',
    aliases: [],
    imageUrl: image('4x6-photo-print.webp'),
    printSize: inches(4, 6),
    cropAspectRatio: 4 / 6,
    unit: 'print',
  },
  {
    sku: '5X7PHOTOPRINT',
    name: `5x7 Photo Prints | ${PRINT_SUFFIX}`,
    category: 'Photo Prints',
    family: 'standard-prints',
    basePriceUsdCents: 79, // chosen
    path: '/product/5x7-photo-prints-print-photos-online',
    aliases: [],
    imageUrl: image('5x7-photo-print.webp'),
    printSize: inches(5, 7),
    cropAspectRatio: 5 / 7,
    unit: 'print',
  },
  {
    sku: '8X10PHOTOPRINT',
    name: `8x10 Photo Prints | ${PRINT_SUFFIX}`,
    category: 'Photo Prints',
    family: 'standard-prints',
    basePriceUsdCents: 149, // chosen
    path: '/product/8x10-photo-prints', // chosen: spec 1 §2 shows this print page as {hash}
    aliases: [],
    imageUrl: image('8x10-photo-print.webp'),
    printSize: inches(8, 10),
    cropAspectRatio: 8 / 10,
    unit: 'print',
  },
];

// --- Strips (spec 1 §2). printSize is the whole 2 x 6 in strip (the composed image); each slot is
// cropped to cropAspectRatio. Chosen: film strips hold 4 frames at 35 mm's 3:2; designed photo strips
// hold 3 photos under their artwork, the plain white and black strips 4, photo-booth 4:3.
const filmStrip = (sku: string, short: string, path: string, file: string, price: number): Product => ({
  sku,
  name: `${short} | ${STRIP_SUFFIX}`,
  category: 'Strips',
  family: 'film-strips',
  basePriceUsdCents: price,
  path,
  aliases: [],
  imageUrl: image(file),
  printSize: inches(2, 6),
  cropAspectRatio: 3 / 2,
  slots: 4,
  unit: 'strip',
});

const photoStrip = (sku: string, short: string, path: string, file: string, slots: number): Product => ({
  sku,
  name: `${short} | ${STRIP_SUFFIX}`,
  category: 'Strips',
  family: 'photo-strips',
  basePriceUsdCents: 99, // chosen
  path,
  aliases: [],
  imageUrl: image(file),
  printSize: inches(2, 6),
  cropAspectRatio: 4 / 3,
  slots,
  unit: 'strip',
});

const strips: Product[] = [
  // Chosen: FILMSTRIPPHOTO is the single film strip, FILMSTRIP2 the film-style prints (both featured).
  filmStrip(
    'FILMSTRIPPHOTO',
    'Single Film Strip Style Photo Print',
    '/product/single-film-strip-style-photo-print',
    'single-film-strip.webp',
    129, // chosen
  ),
  filmStrip(
    'FILMSTRIP2',
    'Film Style Photo Prints',
    '/product/film-style-photo-prints',
    'film-style-photo-prints.webp',
    149, // chosen
  ),
  photoStrip(
    'PHOTOSTRIPGOODVIBES',
    'Good Vibes Photo Strip',
    '/product/good-vibes-photo-strip',
    'good-vibes-strip.webp',
    3,
  ),
  photoStrip(
    'PHOTOSTRIPMYBOYFRIEND',
    'My Boyfriend Photo Strip',
    '/product/my-boyfriend-photo-strip',
    'my-boyfriend-strip.webp',
    3,
  ),
  photoStrip(
    'PHOTOSTRIPPINKHEARTS',
    'Pink Hearts Photo Strip',
    '/product/pink-hearts-photo-strip',
    'pink-hearts-strip.webp',
    3,
  ),
  photoStrip(
    'PHOTOSTRIPFILMSTYLE',
    'Film Style Photo Strip',
    '/product/film-style-photo-strip',
    'film-style-strip.webp',
    3,
  ),
  photoStrip(
    'PHOTOSTRIPMINIMALIST',
    'Minimalist Photo Strip',
    '/product/minimalist-photo-strip',
    'minimalist-strip.webp',
    3,
  ),
  // The category-level strip pages are product pages of their own (spec 1 §2).
  {
    ...photoStrip(
      'PHOTOSTRIPWHITE',
      'White Photo Strips',
      '/strips/white-photo-strips',
      'white-photo-strip.webp',
      4,
    ),
    colour: 'white',
  },
  {
    ...photoStrip(
      'PHOTOSTRIPBLACK',
      'Black Photo Strips',
      '/strips/black-photo-strips',
      'black-photo-strip.webp',
      4,
    ),
    colour: 'black',
  },
];

// --- Posters (spec 2 §2, §3, §5, §9).
const posters: Product[] = [
  {
    sku: 'POSTERA4',
    name: `A4 Poster | ${POSTER_SUFFIX}`,
    category: 'Posters',
    family: 'posters',
    basePriceUsdCents: 178,
    path: '/product/customized-poster-a4-print-custom-posters-online',
    aliases: ['/product/poster-a4'],
    imageUrl: image('poster-a4.webp'),
    printSize: mm(210, 297),
    cropAspectRatio: 210 / 297,
    unit: 'poster',
    badge: 'Popular Choice',
    metaContentId: 'POSTERA4_12345',
  },
  {
    sku: 'POSTERA3',
    name: `A3 Poster | ${POSTER_SUFFIX}`,
    category: 'Posters',
    family: 'posters',
    basePriceUsdCents: 198,
    path: '/product/customized-poster-a3-print-custom-posters-online',
    aliases: ['/product/poster-a3'],
    imageUrl: image('poster-a3.webp'),
    printSize: mm(297, 420),
    cropAspectRatio: 297 / 420,
    unit: 'poster',
    badge: 'Professional Size',
    metaContentId: 'POSTERA3_12346',
  },
  {
    sku: 'POSTER1218',
    name: `12x18 Poster | ${POSTER_SUFFIX}`,
    category: 'Posters',
    family: 'posters',
    basePriceUsdCents: 218,
    // Chosen: spec 2 §2 shows the 12x18 canonical path as {hash}; this follows the A4/A3 pattern.
    path: '/product/customized-poster-12x18-print-custom-posters-online',
    aliases: ['/product/poster-12x18'],
    imageUrl: image('poster-12x18.webp'),
    printSize: inches(12, 18),
    cropAspectRatio: 12 / 18,
    unit: 'poster',
    badge: 'Premium Choice',
    metaContentId: 'POSTER1218_12347',
  },
];

// --- Collages (spec 2 §2, §3, §9): one product per page; each size is its own SKU.
const sizeOf = (t: CollageTemplate, s: CollageSize): ProductSize => ({
  id: s.id,
  sku: collageSku(t.skuPrefix, s.id),
  name: s.name,
  dimensions: s.dimensions,
  description: s.description,
  priceUsdCents: s.priceUsdCents,
  printSize: mm(s.widthMm, s.heightMm),
});

const collages: Product[] = COLLAGE_TEMPLATES.map((t) => ({
  // The page's own listing SKU carries no size; template32 keeps its own here although it sells
  // under the TEMPLATE12 size SKUs, so the catalog has one entry per page.
  sku: `TEMPLATE${t.number === 1 ? '' : t.number}_COLLAGE`,
  name: `${t.name} | ${COLLAGE_SUFFIX}`,
  category: 'Collages',
  family: 'collages',
  basePriceUsdCents: Math.min(...COLLAGE_SIZES.map((s) => s.priceUsdCents)),
  path: `/product/${t.page}`,
  // The post-style page's canonical address differs from its own path (spec 2 §2); chosen: template1-collage.
  aliases: t.number === 1 ? ['/product/template1-collage'] : [],
  imageUrl: t.samplePath,
  printSize: mm(210, 297), // the default size, A4
  cropAspectRatio: t.builder === 'template' ? 1 : t.defaultAspectRatio,
  slots: t.slots,
  unit: 'collage',
  sizes: COLLAGE_SIZES.map((s) => sizeOf(t, s)),
  collage: t,
}));

// --- Greeting cards (spec 1 §2): portrait and landscape, 5 x 7 in front. Spec 1 §2 shows two more
// card pages as {hash}; chosen: they are the readable aliases below of the same two cards.
const cards: Product[] = [
  {
    sku: 'GREETINGCARDPORTRAIT',
    name: `Greeting Card - Portrait | ${CARD_SUFFIX}`,
    category: 'Greeting Cards',
    family: 'greeting-cards',
    basePriceUsdCents: 249, // chosen
    path: '/product/greeting-card',
    aliases: ['/product/portrait-greeting-card'],
    imageUrl: image('greeting-card-portrait.webp'),
    printSize: inches(5, 7),
    cropAspectRatio: 5 / 7,
    unit: 'card',
  },
  {
    sku: 'GREETINGCARDLANDSCAPE',
    name: `Greeting Card - Landscape | ${CARD_SUFFIX}`,
    category: 'Greeting Cards',
    family: 'greeting-cards',
    basePriceUsdCents: 249, // chosen
    path: '/product/landscape-greeting-card',
    aliases: ['/product/custom-landscape-greeting-card'],
    imageUrl: image('greeting-card-landscape.webp'),
    printSize: inches(7, 5),
    cropAspectRatio: 7 / 5,
    unit: 'card',
  },
];

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
