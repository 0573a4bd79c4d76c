// GET /api/cart?currency&country (API.md "Cart"): the caller's cart from the carts read model,
// priced by the catalog (priceCart) in the currency asked for, shipping by the country asked for.
// Missing currency/country mean USD/US; a currency we do not show or a malformed country is a 400.
import Router from '@koa/router';
import type { Knex } from 'knex';
import { cartDto, type CartLineView } from '@printshop/shared-events/api/cart-dto';
import { cartQuerySchema } from '@printshop/shared-events/api/cart';
import { cartIdOf, type CartCallerState } from '@printshop/shared-events/cart-owner';
import { ValidationError } from '@printshop/shared-events/errors';
import { readModelSchema } from '@printshop/shared-events/read-models';
import { priceCart } from '@printshop/shared-events/rules/cart-pricing';
import { CURRENCY_CODES } from '@printshop/shared-events/rules/currencies';
import { readYourWrites, type WaitForPosition } from '../read-your-writes';

/** The projection (and schema `rm_carts`) this router reads. */
export const CARTS_READ_MODEL = 'carts';

const QUERY_MESSAGES = {
  currency: `Unknown currency. Use one of ${CURRENCY_CODES.join(', ')}.`,
  country: 'The country must be a two-letter code such as US or DE.',
} as const;

interface LineRow {
  line_id: string | null;
  sku: string;
  quantity: number;
  raw_image_id: string | null;
  cropped_image_id: string;
  customization_data: Record<string, unknown> | null;
  loyalty_points: number | null;
}

function parseQuery(query: unknown) {
  const parsed = cartQuerySchema.safeParse(query);
  // The schema's defaults, restated: its preprocess step hides them from the type.
  if (parsed.success)
    return { currency: parsed.data.currency ?? 'USD', country: parsed.data.country ?? 'US' };
  const errors: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    const field = String(issue.path[0]) as keyof typeof QUERY_MESSAGES;
    errors[field] = QUERY_MESSAGES[field] ?? issue.message;
  }
  throw new ValidationError(Object.values(errors).join(' '), errors);
}

export function cartQueryRouter(deps: { db: Knex; waitFor: WaitForPosition }): Router {
  const router = new Router();
  const schema = readModelSchema(CARTS_READ_MODEL);
  const fresh = readYourWrites(deps.waitFor, [CARTS_READ_MODEL]);

  // One round trip: the cart's points row and its lines, oldest first (a cart without either gives
  // one row of nulls).
  const load = (cartId: string) =>
    deps.db
      .select<LineRow[]>(
        'l.line_id',
        'l.sku',
        'l.quantity',
        'l.raw_image_id',
        'l.cropped_image_id',
        'l.customization_data',
        'c.loyalty_points',
      )
      .from(deps.db.raw('(select ?::text as cart_id) as k', [cartId]))
      .leftJoin(deps.db.raw('??.carts as c on c.cart_id = k.cart_id', [schema]))
      .leftJoin(deps.db.raw('??.cart_lines as l on l.cart_id = k.cart_id', [schema]))
      .orderBy('l.added_position');

  router.get('/api/cart', fresh, async (ctx) => {
    const { currency, country } = parseQuery(ctx.query);
    const cartId = cartIdOf(ctx.state as CartCallerState);
    const rows = await load(cartId);
    const lines: CartLineView[] = rows
      .filter((row) => row.line_id !== null)
      .map((row) => ({
        lineId: row.line_id!,
        sku: row.sku,
        quantity: row.quantity,
        rawImageId: row.raw_image_id,
        croppedImageId: row.cropped_image_id,
        customizationData: row.customization_data,
      }));
    const loyaltyPoints = rows[0]?.loyalty_points ?? 0;
    ctx.body = cartDto(cartId, priceCart({ lines, currency, country, loyaltyPoints }));
  });

  return router;
}
