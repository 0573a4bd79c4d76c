// Who has a product page open now (shared-events/src/api/viewers.ts), in Postgres so every gateway
// counts the same shoppers: one row per product and shopper, its time moved by each heartbeat.
// The shopper and their browser are kept as hashes, never the ids themselves (a guest's id is
// their session cookie). Presence is not a fact of the business, so it stays out of the event log;
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
    // Tables from before: their rows belong to no known browser until they age out.
    await trx.raw(
      `alter table ${PRODUCT_VIEWERS_TABLE} add column if not exists browser text not null default ''`,
    );
    await trx.raw(
      `create index if not exists ${PRODUCT_VIEWERS_TABLE}_seen_at on ${PRODUCT_VIEWERS_TABLE} (seen_at)`,
    );
  });
}

/**
 * Who is looking: the shopper (a user, a guest session...), their address's network, and the
 * browser they look from (its guest session; '' when it has none).
 */
export interface Viewer {
  shopper: string;
  network: string;
  browser: string;
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
      const browser = who.browser ? hashOf(who.browser) : '';
      const since = new Date(at.getTime() - windowMs);
      if (at.getTime() - prunedAt >= windowMs) {
        prunedAt = at.getTime();
        await db(PRODUCT_VIEWERS_TABLE).where('seen_at', '<=', since).delete();
      }
      // One browser is one viewer: a guest who signs in (or out) keeps their session cookie, and
      // the row of who they were is dropped, else they would be told "2 people viewing", alone.
      // Neither that delete nor the insert is visible to the count of the same statement: the
      // browser's other rows are left out of it, and the caller is added to their network's
      // count, or counts alone when nobody else is there from it.
      const { rows } = (await db.raw(
        `with gone as (
           delete from ${PRODUCT_VIEWERS_TABLE}
            where sku = ? and browser = ? and browser <> '' and viewer <> ?
         ), seen as (
           insert into ${PRODUCT_VIEWERS_TABLE} (sku, viewer, network, browser, seen_at)
           values (?, ?, ?, ?, ?)
           on conflict (sku, viewer) do update
             set seen_at = greatest(${PRODUCT_VIEWERS_TABLE}.seen_at, excluded.seen_at),
                 network = excluded.network,
                 browser = excluded.browser
         )
         select (coalesce(sum(least(n + (network = ?)::int, ?)), 0)
                 + (not coalesce(bool_or(network = ?), false))::int)::int as viewers
           from (select network, count(*) as n from ${PRODUCT_VIEWERS_TABLE}
                  where sku = ? and viewer <> ? and seen_at > ?
                    and (browser = '' or browser <> ?)
                  group by network) as others`,
        [
          ...[sku, browser, viewer],
          ...[sku, viewer, network, browser, at],
          ...[network, VIEWERS_PER_NETWORK, network],
          ...[sku, viewer, since, browser],
        ],
      )) as { rows: Array<{ viewers: number }> };
      return rows[0]!.viewers;
    },
  };
}
