// What a price change would do to the carts open now: every cart of the carts read model holding
// the product (a paid order's lines have left its cart), its USD subtotal at today's prices and at
// the new one. Checkouts already started keep their frozen prices whatever happens.
import type { Knex } from 'knex';
import {
  CART_LINES_TABLE,
  CARTS_PROJECTION,
  type CartLineRow,
} from '@printshop/shared-events/carts-read-model';
import { readModelSchema } from '@printshop/shared-events/read-models';
import { priceLines } from '@printshop/shared-events/rules/cart-pricing';
import type { Product } from '@printshop/shared-events/rules/catalog';
import type { CatalogView } from '@printshop/shared-events/rules/catalog-view';

/** The preview lists this many carts at most (the biggest first is not needed: it is a sample). */
export const PREVIEW_CART_LIMIT = 100;

type LineRow = Pick<CartLineRow, 'cart_id' | 'sku' | 'quantity'>;

function withPrice(view: CatalogView, sku: string, size: string | null, cents: number): CatalogView {
  const entry = view.products[sku];
  if (!entry) return view;
  const changed =
    size === null
      ? { ...entry, priceUsdCents: cents }
      : { ...entry, sizePrices: { ...entry.sizePrices, [size]: cents } };
  return { ...view, products: { ...view.products, [sku]: changed } };
}

export async function previewPrice(
  db: Knex,
  view: CatalogView,
  product: Product,
  size: string | null,
  newUsdCents: number,
) {
  const entry = view.products[product.sku];
  const currentUsdCents =
    (size === null ? entry?.priceUsdCents : entry?.sizePrices[size]) ??
    (size === null
      ? product.basePriceUsdCents
      : (product.sizes?.find((s) => s.id === size)?.priceUsdCents ?? 0));
  const skus =
    size === null ? [product.sku] : (product.sizes ?? []).filter((s) => s.id === size).map((s) => s.sku);
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
  const after = withPrice(view, product.sku, size, newUsdCents);
  const carts = [...byCart].map(([cartId, lines]) => ({
    cartId,
    quantity: lines.filter((l) => skus.includes(l.sku)).reduce((sum, l) => sum + l.quantity, 0),
    subtotalBeforeUsdCents: priceLines(lines, 'USD', view).subtotal,
    subtotalAfterUsdCents: priceLines(lines, 'USD', after).subtotal,
  }));
  return { sku: product.sku, size, currentUsdCents, newUsdCents, carts };
}
