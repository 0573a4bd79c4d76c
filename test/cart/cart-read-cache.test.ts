// The kept carts against a real Postgres: NOTIFY on the carts channel drops exactly the carts named,
// reads that must reflect a later position go to the database, a read overtaken by a change is not
// kept, and a lost LISTEN connection drops everything until it is back.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Knex } from 'knex';
import { CARTS_CHANGED_CHANNEL, cartsChangedPayloads } from '@printshop/shared-events/carts-read-model';
import { createDb } from '@printshop/infra/postgres/db';
import { createTestDatabase, type TestDatabase } from '@printshop/test/support/database';
import { CartReadCache } from '@printshop/query-service/cart/cart-routes';

let database: TestDatabase;
let db: Knex;
beforeAll(async () => {
  database = await createTestDatabase('cart_cache');
  db = createDb(database.url, { poolMax: 2 });
});
afterAll(async () => {
  await db?.destroy();
  await database?.drop();
});

/** A cache whose loads are counted and answer `version` of the cart at the time of loading. */
function counted() {
  const loads: string[] = [];
  const versions = new Map<string, number>();
  const held = new Map<string, Promise<void>>();
  const cache = new CartReadCache<string>(db, async (cartId) => {
    loads.push(cartId);
    const value = `${cartId}@${versions.get(cartId) ?? 0}`;
    await held.get(cartId);
    return value;
  });
  return {
    cache,
    loads,
    bump: (cartId: string) => versions.set(cartId, (versions.get(cartId) ?? 0) + 1),
    /** Loads of `cartId` wait until the returned function is called. */
    hold: (cartId: string) => {
      let release!: () => void;
      held.set(cartId, new Promise((resolve) => (release = resolve)));
      return () => {
        held.delete(cartId);
        release();
      };
    },
  };
}

async function listening(cache: CartReadCache<string>) {
  for (let i = 0; i < 200 && !cache.isListening; i++) {
    await cache.read('warm-up');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  expect(cache.isListening).toBe(true);
}

async function notify(carts: string[], through: number) {
  for (const payload of cartsChangedPayloads(carts, through)) {
    await db.raw('select pg_notify(?, ?)', [CARTS_CHANGED_CHANNEL, payload]);
  }
}

/** Until the cache has heard `through` (a read needing it is then served from memory). */
async function heard(c: ReturnType<typeof counted>, cartId: string, through: number) {
  for (let i = 0; i < 200; i++) {
    const before = c.loads.length;
    await c.cache.read(cartId, through);
    await c.cache.read(cartId, through);
    if (c.loads.length - before <= 1) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`never heard ${through}`);
}

describe('CartReadCache', () => {
  it('serves a cart from memory until a notification names it', async () => {
    const c = counted();
    await listening(c.cache);
    expect(await c.cache.read('g-a')).toBe('g-a@0');
    expect(await c.cache.read('g-a')).toBe('g-a@0');
    expect(await c.cache.read('g-b')).toBe('g-b@0');
    expect(c.loads.filter((id) => id !== 'warm-up')).toEqual(['g-a', 'g-b']);

    c.bump('g-a');
    await notify(['g-a'], 10);
    await heard(c, 'g-a', 10);
    expect(await c.cache.read('g-a', 10)).toBe('g-a@1');
    expect(await c.cache.read('g-b', 10)).toBe('g-b@0');
    expect(c.loads.filter((id) => id === 'g-b')).toHaveLength(1);
    await c.cache.close();
  });

  it('goes to the database for a position it has not heard yet', async () => {
    const c = counted();
    await listening(c.cache);
    await c.cache.read('g-c');
    await c.cache.read('g-c', 1_000_000);
    await c.cache.read('g-c', 1_000_000);
    expect(c.loads.filter((id) => id === 'g-c')).toHaveLength(3);
    await c.cache.close();
  });

  it('does not keep a read that a change overtook', async () => {
    const c = counted();
    await listening(c.cache);
    const release = c.hold('g-d');
    const reading = c.cache.read('g-d');
    c.bump('g-d');
    await notify(['g-d'], 20);
    await heard(c, 'g-other', 20);
    release();
    expect(await reading).toBe('g-d@0');
    expect(await c.cache.read('g-d', 20)).toBe('g-d@1');
    expect(await c.cache.read('g-d', 20)).toBe('g-d@1');
    expect(c.loads.filter((id) => id === 'g-d')).toHaveLength(2);
    await c.cache.close();
  });

  it('drops everything when its connection is lost, and keeps again once back', async () => {
    const c = counted();
    await listening(c.cache);
    await c.cache.read('g-f');
    await db.raw(
      "select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and query like 'listen %'",
    );
    for (let i = 0; i < 200 && c.cache.isListening; i++)
      await new Promise((resolve) => setTimeout(resolve, 10));
    expect(c.cache.isListening).toBe(false);
    c.bump('g-f');
    expect(await c.cache.read('g-f')).toBe('g-f@1');
    await listening(c.cache);
    const before = c.loads.length;
    expect(await c.cache.read('g-f')).toBe('g-f@1');
    expect(await c.cache.read('g-f')).toBe('g-f@1');
    expect(c.loads.length - before).toBe(1);
    await c.cache.close();
  });
});
