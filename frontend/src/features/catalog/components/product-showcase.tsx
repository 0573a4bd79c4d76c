// The home page showcase (spec 1 §2): filters all/retro/standard/strips/posters and the grid, the
// error in red or 'No products found in this category.'. Until GET /api/products answers it shows
// the code's featured products, as a category page does, so the prerendered home page has its
// bestsellers in the HTML (the issue "Fast as delivered") and nothing below them moves when the
// owner's live list (its prices, pictures, hidden products) replaces them.
import { useState } from 'react';
import {
  SHOWCASE_FILTERS,
  featuredProducts,
  filterShowcase,
  type ShowcaseFilter,
} from '@printshop/shared-events/rules/catalog';
import { errorMessage } from '@/lib/api-client';
import { EarlyTapButton } from '@/components/early-tap-button';
import { PRODUCTS_ERROR, featuredOf, useProducts } from '@/lib/catalog/get-products';
import { fromApiProduct, fromCatalogProduct, type ProductCardData } from '../product-view';
import { ProductCard, ProductGrid } from './product-card';
import './product-showcase.css';

export const SHOWCASE_EMPTY = 'No products found in this category.';

const FILTER_LABELS: Record<ShowcaseFilter, string> = {
  all: 'All',
  retro: 'Retro',
  standard: 'Standard',
  strips: 'Strips',
  posters: 'Posters',
};

export type ShowcaseState =
  { status: 'error'; message: string } | { status: 'success'; products: readonly ProductCardData[] };

/** A filter is idempotent: a tap made before the app boots (a slow phone) is played once it does. */
function FilterButton({
  filter,
  pressed,
  onFilter,
}: {
  filter: ShowcaseFilter;
  pressed: boolean;
  onFilter: (filter: ShowcaseFilter) => void;
}) {
  return (
    <EarlyTapButton
      tapName={`showcase-${filter}`}
      className="showcase__filter"
      aria-pressed={pressed}
      onClick={() => onFilter(filter)}
    >
      {FILTER_LABELS[filter]}
    </EarlyTapButton>
  );
}

export function ShowcaseView({
  state,
  filter,
  onFilter,
}: {
  state: ShowcaseState;
  filter: ShowcaseFilter;
  onFilter: (filter: ShowcaseFilter) => void;
}) {
  const shown = state.status === 'success' ? filterShowcase(state.products, filter) : [];
  return (
    <div className="showcase">
      <div className="showcase__filters" role="group" aria-label="Filter products">
        {SHOWCASE_FILTERS.map((f) => (
          <FilterButton key={f} filter={f} pressed={filter === f} onFilter={onFilter} />
        ))}
      </div>
      {state.status === 'error' && (
        <p className="showcase__message text-error" role="alert">
          {state.message}
        </p>
      )}
      {state.status === 'success' &&
        (shown.length === 0 ? (
          <p className="showcase__message">{SHOWCASE_EMPTY}</p>
        ) : (
          <ProductGrid label="Products">
            {/* Below the hero: lazy, so the pictures never compete with it for a phone's bandwidth. */}
            {shown.map((p) => (
              <li key={p.sku}>
                <ProductCard product={p} />
              </li>
            ))}
          </ProductGrid>
        ))}
    </div>
  );
}

export function ProductShowcase() {
  const [filter, setFilter] = useState<ShowcaseFilter>('all');
  const products = useProducts();
  let state: ShowcaseState;
  if (products.isError) state = { status: 'error', message: errorMessage(products.error, PRODUCTS_ERROR) };
  else if (products.data) {
    const featured = featuredOf(products.data);
    state = {
      status: 'success',
      products: (featured.length > 0 ? featured : products.data).map(fromApiProduct),
    };
  } else state = { status: 'success', products: featuredProducts().map(fromCatalogProduct) };
  return <ShowcaseView state={state} filter={filter} onFilter={setFilter} />;
}
