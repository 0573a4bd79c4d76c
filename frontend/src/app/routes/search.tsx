// /search?q= (spec 1 §2): the products GET /api/search finds for the term.
import { useSearchParams } from 'react-router';
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
  const search = useProductSearch(q);
  return (
    <Page
      title={q ? `Search: ${q}` : 'Search'}
      heading={q ? `Results for "${q}"` : 'Search'}
      canonicalPath="/search"
    >
      {!q && <p className="text-muted">Type a product name, a category or a SKU in the search box above.</p>}
      {q && search.isPending && <Spinner page label="Searching…" />}
      {q && search.isError && (
        <p className="text-error" role="alert">
          {errorMessage(search.error, 'Search failed. Please try again.')}
        </p>
      )}
      {q && search.data && search.data.length === 0 && <p role="status">{noResults(q)}</p>}
      {q && search.data && search.data.length > 0 && (
        <>
          <p role="status" className="text-muted">
            {search.data.length} {search.data.length === 1 ? 'product' : 'products'} found
          </p>
          <ProductGrid label="Search results">
            {search.data.map((p) => (
              <li key={p.sku}>
                <ProductCard product={fromApiProduct(p)} />
              </li>
            ))}
          </ProductGrid>
        </>
      )}
    </Page>
  );
}
