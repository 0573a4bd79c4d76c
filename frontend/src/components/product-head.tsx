// The head of every product page: title, description, canonical link, share tags, its JSON-LD (the
// Product with its offer, and the breadcrumb Home > category > product), and the visible breadcrumb.
// The product is the one shown (the owner's name and description once the live list answers).
import { Link } from 'react-router';
import { shortName } from '@printshop/shared-events/rules/catalog';
import type { ShownProduct } from '../lib/catalog/live-catalog';
import { SITE_NAME, useAbsoluteUrl } from '../lib/site';
import { breadcrumbList } from '../lib/structured-data';
import { productStructuredData, type ProductMarkupExtras } from '../lib/product-structured-data';
import { PageMeta } from './page-meta';
import { StructuredData } from './structured-data';

export interface ProductHeadProps extends ProductMarkupExtras {
  product: ShownProduct;
  /** The page's own description of the product, used until the owner writes one. */
  description: string;
  category: { to: string; label: string };
}

export function ProductHead({ product, description: ownCopy, category, ...extras }: ProductHeadProps) {
  const description = product.description || ownCopy;
  const url = useAbsoluteUrl();
  const pageUrl = url(product.path);
  const name = shortName(product.name);
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
          { name, url: pageUrl },
        ])}
      />
      <nav aria-label="Breadcrumb" className="breadcrumb">
        <ol>
          <li>
            <Link to="/">Home</Link>
          </li>
          <li>
            <Link to={category.to}>{category.label}</Link>
          </li>
          <li aria-current="page">{name}</li>
        </ol>
      </nav>
    </>
  );
}
