// The home page showcase (spec 1 §2): filters all/retro/standard/strips/posters and the states
// 'Loading products...', the error in red, 'No products found in this category.' or the grid.
import { useState } from 'react';
import type { ProductDto } from '@printshop/shared-events/api/catalog';
import {
  SHOWCASE_FILTERS,
  filterShowcase,
  type ShowcaseFilter,
} from '@printshop/shared-events/rules/catalog';
import { errorMessage } from '@/lib/api-client';
import { PRODUCTS_ERROR, featuredOf, useProducts } from '@/lib/catalog/get-products';
import { fromApiProduct } from '../product-view';
import { ProductCard, ProductGrid } from './product-card';
import './product-showcase.css';

export const SHOWCASE_LOADING = 'Loading products...';
export const SHOWCASE_EMPTY = 'No products found in this category.';

const FILTER_LABELS: Record<ShowcaseFilter, string> = {
  all: 'All',
  retro: 'Retro',
  standard: 'Standard',
  strips: 'Strips',
  posters: 'Posters',
};

export type ShowcaseState =
  | { status: 'pending' }
  | { status: 'error'; message: string }
  | { status: 'success'; products: readonly ProductDto[] };

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
          <button
            key={f}
            type="button"
            className="showcase__filter"
            aria-pressed={filter === f}
            onClick={() => onFilter(f)}
          >
            {FILTER_LABELS[f]}
          </button>
        ))}
      </div>
      {state.status === 'pending' && (
        <p className="showcase__message" role="status">
          {SHOWCASE_LOADING}
        </p>
      )}
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
            {shown.map((p, i) => (
              <li key={p.sku}>
                <ProductCard product={fromApiProduct(p)} eager={i < 4} />
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
  if (products.isPending) state = { status: 'pending' };
  else if (products.isError)
    state = { status: 'error', message: errorMessage(products.error, PRODUCTS_ERROR) };
  else {
    const featured = featuredOf(products.data);
    state = { status: 'success', products: featured.length > 0 ? featured : products.data };
  }
  return <ShowcaseView state={state} filter={filter} onFilter={setFilter} />;
}
