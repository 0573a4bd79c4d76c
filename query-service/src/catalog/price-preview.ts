// What a price or quantity-band change would do to the carts open now: every cart of the carts read
// model holding the product (for a band change, any product of its group; a paid order's lines have
// left its cart), its USD subtotal and its total after the bands, at today's catalog and with the
// change. Checkouts already started keep their frozen prices whatever happens.
import type { Knex } from 'knex';
import type { QuantityBand } from '@printshop/shared-events/events/catalog';
import {
  CART_LINES_TABLE,
  CARTS_PROJECTION,
  type CartLineRow,
} from '@printshop/shared-events/carts-read-model';
import { readModelSchema } from '@printshop/shared-events/read-models';
import { bandGroupOf, priceCart } from '@printshop/shared-events/rules/cart-pricing';
import { PRODUCTS, type Product } from '@printshop/shared-events/rules/catalog';
import { discountSchemeOf, type CatalogView } from '@printshop/shared-events/rules/catalog-view';
import { ownedBands, type BandGroup } from '@printshop/shared-events/rules/discounts';
import { checkBands } from '@printshop/shared-events/rules/quantity-bands';

/** The preview lists this many carts at most (the biggest first is not needed: it is a sample). */
export const PREVIEW_CART_LIMIT = 100;

type LineRow = Pick<CartLineRow, 'cart_id' | 'sku' | 'quantity'>;

export interface PreviewedChange {
  size: string | null;
  /** The new price; undefined keeps the product's. */
  priceUsdCents?: number;
  /** The group's new bands; undefined keeps them. */
  bands?: QuantityBand[];
}

/**
 * `10:1500,50:2500` (already matched by the query schema) as bands; `none` or '' is none. Checked
 * as the command checks them: a preview of bands that could not be saved is refused the same way.
 */
export const parsePreviewBands = (text: string): QuantityBand[] =>
  checkBands(
    text === '' || text === 'none'
      ? []
      : text.split(',').map((pair) => {
          const [minQuantity, rateBps] = pair.split(':').map(Number);
          return { minQuantity, rateBps };
        }),
  );

function withPrice(view: CatalogView, sku: string, size: string | null, cents: number): CatalogView {
  const entry = view.products[sku];
  if (!entry) return view;
  const changed =
    size === null
      ? { ...entry, priceUsdCents: cents }
      : { ...entry, sizePrices: { ...entry.sizePrices, [size]: cents } };
  return { ...view, products: { ...view.products, [sku]: changed } };
}

function withBands(view: CatalogView, group: BandGroup, bands: QuantityBand[]): CatalogView {
  if (!view.settings) return view;
  const quantityBands = { ...view.settings.quantityBands, [group]: bands };
  return { ...view, settings: { ...view.settings, quantityBands } };
}

/** The SKUs a cart line may carry for the product (a collage's sizes), or for its whole group. */
function skusOf(product: Product, size: string | null, group: BandGroup | undefined): string[] {
  if (group) return PRODUCTS.filter((p) => bandGroupOf(p.family) === group).map((p) => p.sku);
  return size === null ? [product.sku] : (product.sizes ?? []).filter((s) => s.id === size).map((s) => s.sku);
}

const usdAmounts = (lines: LineRow[], catalog: CatalogView) => {
  // The country only decides shipping, which the preview leaves out.
  const { usd } = priceCart({ lines, currency: 'USD', country: 'US', catalog });
  return { subtotal: usd.subtotal, total: usd.subtotal - usd.bandDiscount };
};

export async function previewPrice(db: Knex, view: CatalogView, product: Product, change: PreviewedChange) {
  const { size } = change;
  const entry = view.products[product.sku];
  const currentUsdCents =
    (size === null ? entry?.priceUsdCents : entry?.sizePrices[size]) ??
    (size === null
      ? product.basePriceUsdCents
      : (product.sizes?.find((s) => s.id === size)?.priceUsdCents ?? 0));
  const newUsdCents = change.priceUsdCents ?? currentUsdCents;
  const group = bandGroupOf(product.family);
  const currentBands = group ? ownedBands(discountSchemeOf(group, view)) : [];
  const bandGroup = change.bands && group;
  const skus = skusOf(product, size, bandGroup);
  const schema = readModelSchema(CARTS_PROJECTION);
  const rows = await db
    .withSchema(schema)
    .table(CART_LINES_TABLE)
    .select<LineRow[]>('cart_id', 'sku', 'quantity')
    .whereIn(
      'cart_id',
      db
        .withSchema(schema)
        .table(CART_LINES_TABLE)
        .distinct('cart_id')
        .whereIn('sku', skus)
        .limit(PREVIEW_CART_LIMIT),
    )
    .orderBy(['cart_id', 'added_position'])
    .catch((error: unknown) => {
      if ((error as { code?: unknown }).code === '42P01') return [] as LineRow[];
      throw error;
    });
  const byCart = new Map<string, LineRow[]>();
  for (const row of rows) byCart.set(row.cart_id, [...(byCart.get(row.cart_id) ?? []), row]);
  const priced = withPrice(view, product.sku, size, newUsdCents);
  const after = bandGroup ? withBands(priced, bandGroup, change.bands!) : priced;
  const carts = [...byCart].map(([cartId, lines]) => {
    const before = usdAmounts(lines, view);
    const then = usdAmounts(lines, after);
    return {
      cartId,
      quantity: lines.filter((l) => skus.includes(l.sku)).reduce((sum, l) => sum + l.quantity, 0),
      subtotalBeforeUsdCents: before.subtotal,
      subtotalAfterUsdCents: then.subtotal,
      totalBeforeUsdCents: before.total,
      totalAfterUsdCents: then.total,
    };
  });
  return {
    sku: product.sku,
    size,
    currentUsdCents,
    newUsdCents,
    bandGroup: group ?? null,
    currentBands,
    newBands: bandGroup ? change.bands! : currentBands,
    carts,
  };
}
