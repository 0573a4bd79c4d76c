// A category page (spec 1 §2): the catalog's products of the category as cards.
import { Navigate, useLocation } from 'react-router';
import { CATEGORY_PAGES, productsOnCategoryPage } from '@printshop/shared-events/rules/catalog';
import { Page } from '@/components/page';
import { StructuredData } from '@/components/structured-data';
import { useAbsoluteUrl } from '@/lib/site';
import { breadcrumbList } from '@/lib/structured-data';
import { ProductCard, ProductGrid } from '@/features/catalog/components/product-card';
import { useIsHidden, useLiveProducts } from '@/lib/catalog/live-catalog';
import { fromCatalogProduct } from '@/features/catalog/product-view';

const INTROS: Record<string, string> = {
  Prints: 'Retro polaroid-style prints, squares and classic 4x6, 5x7 and 8x10 photo prints.',
  Strips: 'Film strips and photo-booth strips with your favourite moments, frame by frame.',
  Posters: 'Your photo as a poster in A4, A3 or 12x18, printed sharp and vivid.',
  Collages: 'Pick a layout, drop in your photos and we print the collage in A5, A4 or A3.',
  'Greeting Cards': 'Portrait and landscape cards with your photo on the front.',
};

export function Component() {
  const { pathname } = useLocation();
  const url = useAbsoluteUrl();
  const page = CATEGORY_PAGES.find((c) => c.path === pathname.replace(/\/+$/, ''));
  const isHidden = useIsHidden();
  // Products the owner hid leave the page once the live list answers; the others take its prices,
  // pictures and names.
  const products = useLiveProducts(productsOnCategoryPage(pathname))?.filter((p) => !isHidden(p.sku));
  if (!page || !products) return <Navigate to="/" replace />;
  const canonicalPath = page.path === '/product-category/customisations' ? '/prints' : page.path;
  return (
    <Page
      title={page.title}
      heading={page.title}
      intro={INTROS[page.title]}
      description={`${page.title} made from your photos. ${INTROS[page.title] ?? ''}`.trim()}
      canonicalPath={canonicalPath}
    >
      <StructuredData
        data={breadcrumbList([
          { name: 'Home', url: url('/') },
          { name: page.title, url: url(canonicalPath) },
        ])}
      />
      <ProductGrid label={page.title}>
        {products.map((p, i) => (
          <li key={p.sku}>
            <ProductCard product={fromCatalogProduct(p)} eager={i < 4} heading="h2" />
          </li>
        ))}
      </ProductGrid>
    </Page>
  );
}
