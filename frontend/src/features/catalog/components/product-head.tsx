// The head of a product page: title, description, canonical link, share tags, and its JSON-LD
// (the Product with its offer, and the breadcrumb Home > category > product).
import { shortName, type Product } from '@printshop/shared-events/rules/catalog';
import { PageMeta } from '../../../components/page-meta';
import { StructuredData } from '../../../components/structured-data';
import { SITE_NAME, useAbsoluteUrl } from '../../../lib/site';
import { breadcrumbList } from '../../../lib/structured-data';
import { productStructuredData, type ProductMarkupExtras } from '../product-structured-data';

export interface ProductHeadProps extends ProductMarkupExtras {
  product: Product;
  description: string;
  category: { to: string; label: string };
}

export function ProductHead({ product, description, category, ...extras }: ProductHeadProps) {
  const url = useAbsoluteUrl();
  const pageUrl = url(product.path);
  return (
    <>
      <PageMeta
        fullTitle={product.name}
        description={description}
        canonicalPath={product.path}
        imagePath={product.imageUrl}
        type="product"
      />
      <StructuredData
        data={productStructuredData(product, {
          description,
          pageUrl,
          imageUrl: url(product.imageUrl),
          brand: SITE_NAME,
          ...extras,
        })}
      />
      <StructuredData
        data={breadcrumbList([
          { name: 'Home', url: url('/') },
          { name: category.label, url: url(category.to) },
          { name: shortName(product.name), url: pageUrl },
        ])}
      />
    </>
  );
}
