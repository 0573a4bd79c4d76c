// Who has a product page open now (shared-events/src/api/viewers.ts), in Postgres so every gateway
// counts the same shoppers: one row per product and shopper, its time moved by each heartbeat.
// The shopper is kept as a hash of their cart id, never the id itself (a guest's id is their
// session cookie). Presence is not a fact of the business, so it stays out of the event log;
// rows older than the window are deleted, at most once per window by each process. Each row also
// keeps a hash of the shopper's network (client-network.ts), so one network adds at most
// VIEWERS_PER_NETWORK to a figure.
import { createHash } from 'node:crypto';
import type { Knex } from 'knex';
import { VIEWERS_PER_NETWORK, VIEWERS_WINDOW_MS } from '@printshop/shared-events/api/viewers';
import { migrateUnderLock } from '../postgres/migrate-under-lock';

export const PRODUCT_VIEWERS_TABLE = 'product_viewers';

/** Creates the table; safe to run from several processes at once. */
export async function migrateProductViewers(db: Knex): Promise<void> {
  await migrateUnderLock(db, 'product-viewers', async (trx) => {
    await trx.raw(`
      create table if not exists ${PRODUCT_VIEWERS_TABLE} (
        sku text not null,
        viewer text not null,
        seen_at timestamptz not null,
        primary key (sku, viewer)
      )`);
    // Tables from before the cap per network: their rows count as one network until they age out.
    await trx.raw(
      `alter table ${PRODUCT_VIEWERS_TABLE} add column if not exists network text not null default ''`,
    );
    await trx.raw(
      `create index if not exists ${PRODUCT_VIEWERS_TABLE}_seen_at on ${PRODUCT_VIEWERS_TABLE} (seen_at)`,
    );
  });
}

/** Who is looking: the shopper (a user, a guest session...) and their address's network. */
export interface Viewer {
  shopper: string;
  network: string;
}

export interface ProductViewers {
  /** Records that `viewer` views `sku` at `at`; answers how many do, them included. */
  seen(sku: string, viewer: Viewer, at: Date): Promise<number>;
}

const hashOf = (text: string) => createHash('sha256').update(text).digest('base64url');

export function productViewers(db: Knex, windowMs: number = VIEWERS_WINDOW_MS): ProductViewers {
  let prunedAt = -Infinity;
  return {
    async seen(sku, who, at) {
      const [viewer, network] = [hashOf(who.shopper), hashOf(who.network)];
      const since = new Date(at.getTime() - windowMs);
      if (at.getTime() - prunedAt >= windowMs) {
        prunedAt = at.getTime();
        await db(PRODUCT_VIEWERS_TABLE).where('seen_at', '<=', since).delete();
      }
      // The insert's row is not visible to the count of the same statement: the caller is added
      // to their network's count, or counts alone when nobody else is there from it.
      const { rows } = (await db.raw(
        `with seen as (
           insert into ${PRODUCT_VIEWERS_TABLE} (sku, viewer, network, seen_at) values (?, ?, ?, ?)
           on conflict (sku, viewer) do update
             set seen_at = greatest(${PRODUCT_VIEWERS_TABLE}.seen_at, excluded.seen_at),
                 network = excluded.network
         )
         select (coalesce(sum(least(n + (network = ?)::int, ?)), 0)
                 + (not coalesce(bool_or(network = ?), false))::int)::int as viewers
           from (select network, count(*) as n from ${PRODUCT_VIEWERS_TABLE}
                  where sku = ? and viewer <> ? and seen_at > ?
                  group by network) as others`,
        [sku, viewer, network, at, network, VIEWERS_PER_NETWORK, network, sku, viewer, since],
      )) as { rows: Array<{ viewers: number }> };
      return rows[0]!.viewers;
    },
  };
}
