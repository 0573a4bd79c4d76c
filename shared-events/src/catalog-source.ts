// The current catalog and settings for pricing on the server (cart, checkout, GET /api/cart): the
// fold of the small `catalog-shop` stream, kept in process. `current()` reads only the stream's
// revision (one indexed row, no event); when it moved, just the new events are read and folded, so
// a change is seen by the next request on every gateway. `known()` is the last fold without a read:
// the cart add decides on it and appends only if the stream is still at its revision (`unchanged`).
import type { EventStore } from './event-store';
import { CATALOG_STREAM, type CatalogEvent } from './events/catalog';
import { seedCatalogView } from './rules/catalog-seed';
import { emptyCatalogView, evolveCatalogView, type CatalogView } from './rules/catalog-view';

export interface CurrentCatalog {
  /** Revision of the stream's last event folded; -1 before the shop was seeded. */
  revision: number;
  view: CatalogView;
}

export interface CatalogSource {
  current(): Promise<CurrentCatalog>;
  /**
   * The catalog as this process last read it, without a read (undefined before the first). A
   * decision made on it must append with `unchanged: {streamName: CATALOG_STREAM, revision}`.
   */
  known(): CurrentCatalog | undefined;
}

export function catalogSource(store: EventStore): CatalogSource {
  let kept: CurrentCatalog = { revision: -1, view: emptyCatalogView() };
  let read = false;
  let refreshing: Promise<CurrentCatalog> | undefined;

  async function refresh(): Promise<CurrentCatalog> {
    const last = await store.streamRevision(CATALOG_STREAM);
    // Not seeded yet (a start in progress): the code's values, which are the seed.
    if (last === -1) return { revision: -1, view: seedCatalogView() };
    if (last === kept.revision) {
      read = true;
      return kept;
    }
    const base = last > kept.revision ? kept : { revision: -1, view: emptyCatalogView() };
    const events = await store.readStream<CatalogEvent>(CATALOG_STREAM, { fromRevision: base.revision + 1 });
    const view = events.reduce(evolveCatalogView, base.view);
    const revision = events.length > 0 ? events[events.length - 1]!.revision : base.revision;
    if (revision > kept.revision) kept = { revision, view };
    read = true;
    return { revision, view };
  }

  return {
    known: () => (read ? kept : undefined),
    current() {
      // Requests arriving together share one look at the stream.
      refreshing ??= refresh().finally(() => {
        refreshing = undefined;
      });
      return refreshing;
    },
  };
}

const sources = new WeakMap<EventStore, CatalogSource>();

/** The one source kept per event store (per process): every router pricing on it shares it. */
export function catalogOf(store: EventStore): CatalogSource {
  let source = sources.get(store);
  if (!source) {
    source = catalogSource(store);
    sources.set(store, source);
  }
  return source;
}
