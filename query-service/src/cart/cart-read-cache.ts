// Carts of the read model kept in memory, so a GET /api/cart usually costs no database round trip.
// The carts projection notifies, inside each batch's transaction, which carts it changed and the
// position of the batch's last cart event (carts-read-model.ts); a dedicated LISTEN connection drops
// exactly those carts. Notifications arrive in commit order, so once a batch's `through` is heard,
// every change up to it has been dropped. Freshness:
// - a read that must reflect position p (X-Min-Position) uses a kept cart only when `through` >= p
//   has been heard, and joins a read in flight only if that read started after it was heard;
// - a read finished while its cart was notified is not kept (it may predate the change);
// - while the LISTEN connection is down nothing is kept or used, and all is dropped when it is back.
import type { Knex } from 'knex';
import pg from 'pg';
import { CARTS_CHANGED_CHANNEL, type CartsChanged } from '@printshop/shared-events/carts-read-model';

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
