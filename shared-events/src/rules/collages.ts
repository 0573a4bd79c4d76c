// The template collages of spec 2 §2, §3 and §9: 11 pages, their templates, slot counts, editor
// aspect ratios, print sizes and SKUs (TEMPLATE{N}_COLLAGE_{A5|A4|A3}).

export type CollageSizeId = 'A5' | 'A4' | 'A3';

export interface CollageSize {
  id: CollageSizeId;
  name: string;
  /** The text shown on the size choice. */
  dimensions: string;
  widthMm: number;
  heightMm: number;
  priceUsdCents: number;
  description: string;
}

/** Spec 2 §9: A5 3.99 / A4 4.99 / A3 7.99 USD. */
export const COLLAGE_SIZES: readonly CollageSize[] = [
  {
    id: 'A5',
    name: 'A5',
    dimensions: '148 x 210 mm',
    widthMm: 148,
    heightMm: 210,
    priceUsdCents: 399,
    description: 'Perfect for albums',
  },
  {
    id: 'A4',
    name: 'A4',
    dimensions: '210 x 297 mm',
    widthMm: 210,
    heightMm: 297,
    priceUsdCents: 499,
    description: 'Standard size',
  },
  {
    id: 'A3',
    name: 'A3',
    dimensions: '297 x 420 mm',
    widthMm: 297,
    heightMm: 420,
    priceUsdCents: 799,
    description: 'Large format',
  },
];

export const DEFAULT_COLLAGE_SIZE: CollageSizeId = 'A4';

/** The size picked on a page; anything unknown falls back to A4 (spec 2 §4). */
export function collageSize(id: string | null | undefined): CollageSize {
  const upper = id?.trim().toUpperCase();
  return (
    COLLAGE_SIZES.find((s) => s.id === upper) ?? (COLLAGE_SIZES.find((s) => s.id === 'A4') as CollageSize)
  );
}

/** How the page builds the collage: colour-detected zones on the template (square crops) or a mask. */
export type CollageBuilder = 'template' | 'mask';

/** Output of the two builders (spec 2 §9). */
export const COLLAGE_OUTPUT = {
  template: { width: 1080, height: 1920, mime: 'image/jpeg', quality: 0.95 },
  mask: { width: 4800, mime: 'image/jpeg', quality: 1 },
} as const;

export interface CollageTemplate {
  /** N in /images/products/template{N}.png. */
  number: number;
  /** Page path under /product/. */
  page: string;
  id: string;
  name: string;
  description: string;
  slots: number;
  /** SKU prefix; the size SKU is `${skuPrefix}_COLLAGE_${size}`. */
  skuPrefix: string;
  builder: CollageBuilder;
  templatePath: string;
  maskPath?: string;
  samplePath: string;
  /** Pixel size of the sample picture, so a page reserves its space before it loads (no layout shift). */
  sampleSize: { width: number; height: number };
  /** Crop ratio (width / height) the editor uses for a slot unless zoneAspectRatios says otherwise. */
  defaultAspectRatio: number;
  /** Per-zone ratios, zone 1 first, where a layout mixes them. */
  zoneAspectRatios?: readonly number[];
}

/** 4/3 is the editor's general default (spec 2 §9). */
export const DEFAULT_EDITOR_ASPECT_RATIO = 4 / 3;

/** Samples are 600 px wide: A-paper layouts 1:√2, the two post-style layouts 9:16. */
const A_SHEET_SAMPLE = { width: 600, height: 849 };
const POST_SAMPLE = { width: 600, height: 1067 };

const template = (
  number: number,
  page: string,
  id: string,
  name: string,
  slots: number,
  defaultAspectRatio: number,
  description: string,
  extra: Partial<CollageTemplate> = {},
): CollageTemplate => ({
  number,
  page,
  id,
  name,
  description,
  slots,
  skuPrefix: `TEMPLATE${number}`,
  builder: 'mask',
  templatePath: `/images/products/template${number}.png`,
  maskPath: `/images/products/mask${number}.png`,
  samplePath: `/images/products/sample${number}.webp`,
  sampleSize: A_SHEET_SAMPLE,
  defaultAspectRatio,
  ...extra,
});

export const COLLAGE_TEMPLATES: readonly CollageTemplate[] = [
  // Template 1 is analysed by colour (no mask) and its zones crop square (spec 2 §5, §8); its SKU
  // prefix has no number (spec 2 §3).
  template(
    1,
    'template-collage',
    'post-style-3photos',
    'Modern Post Style - 3 Photos',
    3,
    1,
    'A social-post style layout for three favourite shots.',
    {
      skuPrefix: 'TEMPLATE',
      builder: 'template',
      maskPath: undefined,
      sampleSize: POST_SAMPLE,
    },
  ),
  template(
    3,
    'template3-collage',
    'studio-grid-9photos',
    'Studio Model Grid - 9 Photos',
    9,
    3 / 4,
    'A studio contact-sheet grid of nine portraits.',
  ),
  template(
    7,
    'template7-collage',
    'hanging-polaroids-5photos',
    'Hanging Polaroids - 5 Photos',
    5,
    3 / 4,
    'Five polaroid-style frames hanging on a string.',
  ),
  template(
    12,
    'template12-collage',
    'film-strip-7photos',
    'Film Strip Collage - 7 Photos',
    7,
    4 / 3,
    'Seven frames on a classic film strip.',
  ),
  template(
    15,
    'template15-collage',
    'creative-grid-8photos',
    'Creative Grid Collage - 8 Photos',
    8,
    4 / 3,
    'An eight-photo grid with mixed tile sizes.',
  ),
  // The spec gives no display names for 16 and 18; these follow the pattern of the others.
  template(
    16,
    'template16-collage',
    'diamond-grid-9photos',
    'Diamond Grid Collage - 9 Photos',
    9,
    4 / 3,
    'Nine photos set in a diamond pattern.',
  ),
  template(
    18,
    'template18-collage',
    'pink-grid-10photos',
    'Pink Grid Collage - 10 Photos',
    10,
    3 / 4,
    'Ten photos on a soft pink grid.',
  ),
  template(
    21,
    'template21-collage',
    'friendship-story-4photos',
    'Friendship Story Collage - 4 Photos',
    4,
    1,
    'Four square moments telling a friendship story.',
  ),
  template(
    22,
    'template22-collage',
    'botanical-nature-4photos',
    'Botanical Nature Collage - 4 Photos',
    4,
    1,
    'Four photos framed with botanical artwork.',
  ),
  template(
    30,
    'template30-collage',
    'mixed-layout-7photos',
    'Mixed Layout Collage - 7 Photos',
    7,
    DEFAULT_EDITOR_ASPECT_RATIO,
    'A wide hero photo, two portraits and four squares.',
    {
      zoneAspectRatios: [16 / 9, 3 / 4, 3 / 4, 1, 1, 1, 1],
    },
  ),
  // Template 32 carries the film-strip copy and sells under the template12 SKUs (spec 2 §2, §3);
  // its id and name are ours (the spec gives none) so a cart line can tell it from the 7-photo strip.
  // Spec 2 §9 says "the film strip page uses 16/9" besides 4/3 on template12; we read that page as
  // this one, the page carrying the film-strip copy, whose three photos sit in a vertical column.
  template(
    32,
    'template32-collage',
    'vertical-moments-3photos',
    'Vertical Moments Collage - 3 Photos',
    3,
    16 / 9,
    'Three wide moments stacked like a film strip.',
    {
      skuPrefix: 'TEMPLATE12',
      sampleSize: POST_SAMPLE,
    },
  ),
];

export function collageSku(skuPrefix: string, size: CollageSizeId): string {
  return `${skuPrefix}_COLLAGE_${size}`;
}

/** The crop ratio of one zone (1-based), by the template's per-zone table or its default. */
export function zoneAspectRatio(t: CollageTemplate, zone: number): number {
  if (t.builder === 'template') return 1;
  return t.zoneAspectRatios?.[zone - 1] ?? t.defaultAspectRatio;
}

export function collageTemplateByPage(page: string): CollageTemplate | undefined {
  return COLLAGE_TEMPLATES.find((t) => t.page === page);
}

export function collageTemplateById(id: string): CollageTemplate | undefined {
  return COLLAGE_TEMPLATES.find((t) => t.id === id);
}

export interface ParsedCollageSku {
  skuPrefix: string;
  size: CollageSize;
  /** The template a bare SKU stands for: the first of `templates` (template12 for TEMPLATE12). */
  template: CollageTemplate;
  /** Every page selling under this prefix (TEMPLATE12: the film strip and template32). */
  templates: CollageTemplate[];
}

/** `TEMPLATE12_COLLAGE_A3` -> template 12 (and 32), size A3; undefined for anything else. */
export function parseCollageSku(sku: string): ParsedCollageSku | undefined {
  const match = /^(TEMPLATE\d*)_COLLAGE_(A5|A4|A3)$/.exec(sku.trim().toUpperCase());
  if (!match) return undefined;
  const [, skuPrefix = '', sizeId = ''] = match;
  const templates = COLLAGE_TEMPLATES.filter((t) => t.skuPrefix === skuPrefix);
  const [first] = templates;
  if (!first) return undefined;
  return { skuPrefix, size: collageSize(sizeId), template: first, templates };
}
