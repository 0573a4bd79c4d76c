// Title, description, keywords, social-share tags, canonical link and the three structured-data
// blocks of a template page (spec 2 §2). React 19 hoists the title, meta and link tags into <head>.
// The description is the owner's once they wrote one (GET /api/products), else the template's.
import type { Product } from '@printshop/shared-events/rules/catalog';
import type { ShownProduct } from '@/lib/catalog/live-catalog';
import type { CollageTemplate } from '@printshop/shared-events/rules/collages';
import { PageMeta } from '@/components/page-meta';
import { StructuredData } from '@/components/structured-data';
import { SITE_NAME, useAbsoluteUrl } from '@/lib/site';
import type { TemplateCopy } from '../collage-copy';
import { useShopRating } from '@/lib/reviews/rating-summary';
import { collageStructuredData } from '../collage-structured-data';

/**
 * The address search engines are given. The post-style page's differs from its own path (spec 2 §2):
 * the catalog lists it as that product's first alias.
 */
export const canonicalPathOf = (product: Product): string =>
  product.collage?.number === 1 ? (product.aliases[0] ?? product.path) : product.path;

export function CollageHead({
  product,
  template,
  copy,
}: {
  product: ShownProduct;
  template: CollageTemplate;
  copy: TemplateCopy;
}) {
  const absoluteUrl = useAbsoluteUrl();
  const title = `${copy.heading} | Custom Photo Collage Print | ${SITE_NAME}`;
  const description =
    product.description ||
    `${copy.tagline} Fill ${template.slots} photo slots, crop each photo and order an A5, A4 or A3 print from $3.99.`;
  const pageUrl = absoluteUrl(canonicalPathOf(product));
  const imageUrl = absoluteUrl(template.samplePath);
  const rating = useShopRating();
  const blocks = collageStructuredData({
    template,
    heading: copy.heading,
    description,
    pageUrl,
    imageUrl,
    homeUrl: absoluteUrl('/'),
    collagesUrl: absoluteUrl('/collages'),
    brand: SITE_NAME,
    rating,
  });
  return (
    <>
      <PageMeta
        fullTitle={title}
        description={description}
        canonicalPath={canonicalPathOf(product)}
        imagePath={template.samplePath}
        type="product"
      />
      <meta
        name="keywords"
        content={[...copy.keywords, 'photo collage', 'custom collage print'].join(', ')}
      />
      <meta name="twitter:card" content="summary_large_image" />
      <meta name="twitter:title" content={title} />
      <meta name="twitter:description" content={description} />
      <meta name="twitter:image" content={imageUrl} />
      {blocks.map((block) => (
        <StructuredData key={String(block['@type'])} data={block} />
      ))}
    </>
  );
}
