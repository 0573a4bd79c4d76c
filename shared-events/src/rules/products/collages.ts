// Collages (spec 2 §2, §3, §9): one product per page; each size is its own SKU.
import {
  COLLAGE_SIZES,
  COLLAGE_TEMPLATES,
  collageSku,
  type CollageSize,
  type CollageTemplate,
} from '../collages';
import { COLLAGE_SUFFIX, mm, type Product, type ProductSize } from './product';

const sizeOf = (t: CollageTemplate, s: CollageSize): ProductSize => ({
  id: s.id,
  sku: collageSku(t.skuPrefix, s.id),
  name: s.name,
  dimensions: s.dimensions,
  description: s.description,
  priceUsdCents: s.priceUsdCents,
  printSize: mm(s.widthMm, s.heightMm),
});

export const collages: Product[] = COLLAGE_TEMPLATES.map((t) => ({
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
