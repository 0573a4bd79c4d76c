// GET /api/cart?currency&country (API.md "Cart"): the caller's cart from the carts read model,
// priced by the catalog (priceCart) in the currency asked for, shipping by the country asked for.
// Missing currency/country mean USD/US; a currency we do not show or a malformed country is a 400.
// A promotion code set on the cart is judged at every read (dates and uses change without the cart
// changing), so such a cart's answer is not kept. Carts are kept in memory between reads by the
// CartReadCache at the end of this file.
import Router from '@koa/router';
import type { Knex } from 'knex';
import pg from 'pg';
import { cartDto, type CartLineView } from '@printshop/shared-events/api/cart-dto';
import { cartQuerySchema } from '@printshop/shared-events/api/cart';
import { cartIdOf, type CartCallerState } from '@printshop/shared-events/cart-owner';
import type { CatalogSource } from '@printshop/shared-events/catalog-source';
import {
  CART_LINES_TABLE,
  CARTS_CHANGED_CHANNEL,
  CARTS_PROJECTION,
  CARTS_TABLE,
  type CartLineRow,
  type CartRow,
  type CartsChanged,
} from '@printshop/shared-events/carts-read-model';
import { ValidationError } from '@printshop/shared-events/errors';
import { readModelSchema } from '@printshop/shared-events/read-models';
import { priceCart } from '@printshop/shared-events/rules/cart-pricing';
import { priceCartWithCode } from '@printshop/shared-events/rules/promoted-cart';
import { CURRENCY_CODES, type CurrencyCode } from '@printshop/shared-events/rules/currencies';
import { readYourWrites, type WaitForPosition } from '../read-your-writes';
import { readPromotionStatus } from './cart-promotion';

/** The projection (and schema `rm_carts`) this router reads. */
export const CARTS_READ_MODEL = CARTS_PROJECTION;

const QUERY_MESSAGES = {
  currency: `Unknown currency. Use one of ${CURRENCY_CODES.join(', ')}.`,
  country: 'The country must be a two-letter code such as US or DE.',
} as const;

/** A row of `load`: a line of the cart (line_id null when it has none) beside the cart's own row. */
type LineRow = Pick<
  CartLineRow,
  'sku' | 'quantity' | 'raw_image_id' | 'cropped_image_id' | 'customization_data'
> & {
  line_id: CartLineRow['line_id'] | null;
  loyalty_points: CartRow['loyalty_points'] | null;
  promotion_code: CartRow['promotion_code'];
};

/** Query strings already understood (a shop sees a handful: its currencies and countries). */
const understood = new Map<string, { currency: CurrencyCode; country: string }>();

function parseQuery(querystring: string, query: () => unknown) {
  const known = understood.get(querystring);
  if (known) return known;
  const parsed = cartQuerySchema.safeParse(query());
  // The schema's defaults, restated: its preprocess step hides them from the type.
  if (parsed.success) {
    const answer = { currency: parsed.data.currency ?? 'USD', country: parsed.data.country ?? 'US' };
    if (understood.size >= 1_000) understood.clear();
    understood.set(querystring, answer);
    return answer;
  }
  const errors: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    const field = String(issue.path[0]) as keyof typeof QUERY_MESSAGES;
    errors[field] = QUERY_MESSAGES[field] ?? issue.message;
  }
  throw new ValidationError(Object.values(errors).join(' '), errors);
}

/**
 * Right after a fresh start the projection may not have created its tables yet (the runner migrates
 * in the background): nothing has been projected, so the cart is empty rather than an error.
 */
function noReadModelYet(error: unknown): LineRow[] {
  if ((error as { code?: unknown }).code === '42P01') return [];
  throw error;
}

interface StoredCart {
  lines: CartLineView[];
  loyaltyPoints: number;
  promotionCode: string | null;
  /** JSON answers already made from this cart, by currency and country. */
  answers: Map<string, string>;
}

const caches = new WeakMap<Knex, CartReadCache<StoredCart>>();

/** Closes the LISTEN connection of the carts kept for `db` (at shutdown, before `db.destroy()`). */
export async function closeCartReadCache(db: Knex): Promise<void> {
  await caches.get(db)?.close();
  caches.delete(db);
}

export function cartQueryRouter(deps: {
  db: Knex;
  waitFor: WaitForPosition;
  now?: () => Date;
  /** The owner's current catalog and settings (the code's seed values when absent). */
  catalog?: CatalogSource;
}): Router {
  const now = deps.now ?? (() => new Date());
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
        'c.promotion_code',
      )
      .from(deps.db.raw('(select ?::text as cart_id) as k', [cartId]))
      .leftJoin(deps.db.raw('??.?? as c on c.cart_id = k.cart_id', [schema, CARTS_TABLE]))
      .leftJoin(deps.db.raw('??.?? as l on l.cart_id = k.cart_id', [schema, CART_LINES_TABLE]))
      .orderBy('l.added_position');

  const cache = new CartReadCache<StoredCart>(deps.db, async (cartId) => {
    const rows = await load(cartId).catch(noReadModelYet);
    return {
      lines: rows
        .filter((row) => row.line_id !== null)
        .map((row) => ({
          lineId: row.line_id!,
          sku: row.sku,
          quantity: row.quantity,
          rawImageId: row.raw_image_id,
          croppedImageId: row.cropped_image_id,
          customizationData: row.customization_data,
        })),
      loyaltyPoints: rows[0]?.loyalty_points ?? 0,
      promotionCode: rows[0]?.promotion_code ?? null,
      answers: new Map(),
    };
  });
  caches.set(deps.db, cache);

  router.get('/api/cart', fresh, async (ctx) => {
    const { currency, country } = parseQuery(ctx.querystring, () => ctx.query);
    const cartId = cartIdOf(ctx.state as CartCallerState);
    const minPosition = Number(ctx.get('x-min-position')) || 0;
    const cart = await cache.read(cartId, minPosition);
    // The answer depends only on the kept cart, the catalog's revision and the query: priced once
    // per catalog revision, currency and country.
    const current = await deps.catalog?.current();
    const key = `${current?.revision ?? -1}|${currency}|${country}`;
    let body = cart.answers.get(key);
    if (cart.promotionCode !== null) {
      const { lines, loyaltyPoints, promotionCode: code } = cart;
      const at = now();
      const status = await readPromotionStatus(deps.db, code, at);
      const { priced, refusal } = priceCartWithCode(
        { lines, currency, country, loyaltyPoints, catalog: current?.view },
        status,
        at.toISOString(),
      );
      body = JSON.stringify(cartDto(cartId, priced, { code, ...(refusal !== undefined && { refusal }) }));
    } else if (body === undefined) {
      const { lines, loyaltyPoints } = cart;
      const catalog = current?.view;
      body = JSON.stringify(cartDto(cartId, priceCart({ lines, currency, country, loyaltyPoints, catalog })));
      if (cart.answers.size >= 8) cart.answers.clear();
      cart.answers.set(key, body);
    }
    ctx.set('Content-Type', 'application/json; charset=utf-8');
    ctx.body = body;
  });

  return router;
}

// CartReadCache: carts of the read model kept in memory, so a GET /api/cart usually costs no database round trip.
// The carts projection notifies, inside each batch's transaction, which carts it changed and the
// position of the batch's last cart event (carts-read-model.ts); a dedicated LISTEN connection drops
// exactly those carts. Notifications arrive in commit order, so once a batch's `through` is heard,
// every change up to it has been dropped. Freshness:
// - a read that must reflect position p (X-Min-Position) uses a kept cart only when `through` >= p
//   has been heard, and joins a read in flight only if that read started after it was heard;
// - a read finished while its cart was notified is not kept (it may predate the change);
// - while the LISTEN connection is down nothing is kept or used, and all is dropped when it is back.
/** Carts kept per process; the least recently used go first. */
const KEPT_CARTS = 50_000;
/** Least time between two attempts to open the LISTEN connection. */
const RECONNECT_AFTER_MS = 1_000;

interface Flight<T> {
  promise: Promise<T>;
  /** `through` heard when the read started. */
  startedAt: number;
  /** A change of this cart was heard while the read ran. */
  dirty: boolean;
  generation: number;
}

export class CartReadCache<T> {
  private readonly kept = new Map<string, T>();
  private readonly flights = new Map<string, Flight<T>>();
  private heard = 0;
  private client?: pg.Client;
  private listening = false;
  private connecting?: Promise<void>;
  private lastAttempt = 0;
  /** Bumped whenever kept carts can no longer be trusted (connection lost or regained). */
  private generation = 0;
  private closed = false;

  constructor(
    private readonly db: Knex,
    private readonly load: (cartId: string) => Promise<T>,
  ) {}

  /** True while the LISTEN connection is up (kept carts are used only then). */
  get isListening(): boolean {
    return this.listening;
  }

  async read(cartId: string, minPosition = 0): Promise<T> {
    if (!this.listening) this.listen();
    const fresh = this.listening && this.heard >= minPosition;
    if (fresh) {
      const hit = this.kept.get(cartId);
      if (hit !== undefined) {
        this.kept.delete(cartId);
        this.kept.set(cartId, hit);
        return hit;
      }
      const flight = this.flights.get(cartId);
      if (flight && flight.startedAt >= minPosition && flight.generation === this.generation)
        return flight.promise;
    }
    return this.fly(cartId);
  }

  private fly(cartId: string): Promise<T> {
    const flight: Flight<T> = {
      promise: undefined as unknown as Promise<T>,
      startedAt: this.heard,
      dirty: false,
      generation: this.generation,
    };
    const keepable = this.listening;
    flight.promise = this.load(cartId).then(
      (value) => {
        if (this.flights.get(cartId) === flight) this.flights.delete(cartId);
        if (keepable && this.listening && !flight.dirty && flight.generation === this.generation) {
          this.kept.set(cartId, value);
          if (this.kept.size > KEPT_CARTS) this.kept.delete(this.kept.keys().next().value!);
        }
        return value;
      },
      (error: unknown) => {
        if (this.flights.get(cartId) === flight) this.flights.delete(cartId);
        throw error;
      },
    );
    this.flights.set(cartId, flight);
    return flight.promise;
  }

  private changed(payload: string | undefined): void {
    let message: CartsChanged;
    try {
      message = JSON.parse(payload ?? '') as CartsChanged;
    } catch {
      this.forgetAll();
      return;
    }
    for (const cartId of message.carts ?? []) {
      this.kept.delete(cartId);
      const flight = this.flights.get(cartId);
      if (flight) flight.dirty = true;
    }
    if (typeof message.through === 'number' && message.through > this.heard) this.heard = message.through;
  }

  private forgetAll(): void {
    this.kept.clear();
    this.generation++;
  }

  /** Opens the LISTEN connection in the background; reads go to the database until it is up. */
  private listen(): void {
    if (this.connecting || this.closed || Date.now() - this.lastAttempt < RECONNECT_AFTER_MS) return;
    this.lastAttempt = Date.now();
    this.connecting = this.connect()
      .catch(() => this.lost())
      .finally(() => {
        this.connecting = undefined;
      });
  }

  private async connect(): Promise<void> {
    const connection = this.db.client.config.connection as unknown;
    const config: pg.ClientConfig =
      typeof connection === 'string'
        ? { connectionString: connection }
        : { ...(connection as pg.ClientConfig) };
    const client = new pg.Client({ ...config, keepAlive: true });
    client.on('error', () => this.lost(client));
    client.on('end', () => this.lost(client));
    client.on('notification', (message) => {
      if (message.channel === CARTS_CHANGED_CHANNEL) this.changed(message.payload);
    });
    this.client = client;
    try {
      await client.connect();
      await client.query(`listen ${CARTS_CHANGED_CHANNEL}`);
    } catch (error) {
      this.lost(client);
      throw error;
    }
    if (this.closed || this.client !== client) {
      await client.end().catch(() => undefined);
      return;
    }
    // Nothing kept from before may have heard every change: start clean.
    this.forgetAll();
    this.listening = true;
  }

  private lost(client?: pg.Client): void {
    if (client && client !== this.client) return;
    this.listening = false;
    this.client = undefined;
    this.forgetAll();
    client?.end().catch(() => undefined);
  }

  async close(): Promise<void> {
    this.closed = true;
    const client = this.client;
    this.lost(client);
    await this.connecting;
  }
}
