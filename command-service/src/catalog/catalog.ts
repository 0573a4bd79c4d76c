// The catalog stream as its command side sees it: the current catalog and settings (the same fold
// the pricing uses, rules/catalog-view.ts) and whether the stream was seeded.
import type { CatalogEvent } from '@printshop/shared-events/events/catalog';
import {
  emptyCatalogView,
  evolveCatalogView,
  type CatalogView,
} from '@printshop/shared-events/rules/catalog-view';

export type CatalogState = CatalogView;

export const initialCatalogState = (): CatalogState => emptyCatalogView();

export const evolveCatalog = (state: CatalogState, event: CatalogEvent): CatalogState =>
  evolveCatalogView(state, event);

export const isSeeded = (state: CatalogState): boolean => state.settings !== null;
