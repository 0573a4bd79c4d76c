// /search?q= (spec 1 §2): the products GET /api/search finds for the term.
import { useSearchParams } from 'react-router';
import { SEARCH_QUERY_MAX, SEARCH_QUERY_TOO_LONG } from '@printshop/shared-events/api/catalog';
import { Page } from '@/components/page';
import { Spinner } from '@/components/spinner';
import { errorMessage } from '@/lib/api-client';
import { useProductSearch } from '@/features/catalog/api/search-products';
import { ProductCard, ProductGrid } from '@/features/catalog/components/product-card';
import { fromApiProduct } from '@/features/catalog/product-view';

export const noResults = (q: string) => `No products found for "${q}".`;

export function Component() {
  const [params] = useSearchParams();
  const q = (params.get('q') ?? '').trim();
  // The server refuses a longer query (400, a field message this page has no field for): say why
  // instead of asking it.
  const tooLong = q.length > SEARCH_QUERY_MAX;
  const search = useProductSearch(tooLong ? '' : q);
  return (
    <Page
      title={q ? `Search: ${q}` : 'Search'}
      heading={q ? `Results for "${q}"` : 'Search'}
      canonicalPath="/search"
    >
      {!q && <p className="text-muted">Type a product name, a category or a SKU in the search box above.</p>}
      {tooLong && (
        <p className="text-error" role="alert">
          {SEARCH_QUERY_TOO_LONG}
        </p>
      )}
      {q && !tooLong && search.isPending && <Spinner page label="Searching…" />}
      {q && search.isError && (
        <p className="text-error" role="alert">
          {errorMessage(search.error, 'Search failed. Please try again.')}
        </p>
      )}
      {q && search.data && search.data.length === 0 && (
        <p role="status" className="text-break">
          {noResults(q)}
        </p>
      )}
      {q && search.data && search.data.length > 0 && (
        <>
          <p role="status" className="text-muted">
            {search.data.length} {search.data.length === 1 ? 'product' : 'products'} found
          </p>
          <ProductGrid label="Search results">
            {search.data.map((p) => (
              <li key={p.sku}>
                <ProductCard product={fromApiProduct(p)} heading="h2" />
              </li>
            ))}
          </ProductGrid>
        </>
      )}
    </Page>
  );
}
