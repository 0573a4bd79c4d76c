// The three structured-data blocks of a template page (spec 2 §2, §9): the product with its three
// size offers (3.99-7.99 USD), three FAQ entries, and the breadcrumb Home > Photo Collages > name.
// No rating or review is claimed here: the shop states ratings only from its own reviews.
import { COLLAGE_SIZES, collageSku, type CollageTemplate } from '@printshop/shared-events/rules/collages';
import { toMajor } from '@printshop/shared-events/rules/money';
import { faq } from './collage-copy';

const SCHEMA = 'https://schema.org';

export interface StructuredDataInput {
  template: CollageTemplate;
  heading: string;
  description: string;
  /** Absolute addresses. */
  pageUrl: string;
  imageUrl: string;
  homeUrl: string;
  collagesUrl: string;
  brand: string;
}

export function collageStructuredData(input: StructuredDataInput): Record<string, unknown>[] {
  const prices = COLLAGE_SIZES.map((s) => toMajor(s.priceUsdCents, 'USD'));
  const product = {
    '@context': SCHEMA,
    '@type': 'Product',
    name: input.heading,
    description: input.description,
    image: input.imageUrl,
    sku: collageSku(input.template.skuPrefix, 'A4'),
    brand: { '@type': 'Brand', name: input.brand },
    offers: {
      '@type': 'AggregateOffer',
      priceCurrency: 'USD',
      lowPrice: Math.min(...prices),
      highPrice: Math.max(...prices),
      offerCount: COLLAGE_SIZES.length,
      offers: COLLAGE_SIZES.map((size, i) => ({
        '@type': 'Offer',
        name: `${size.name} (${size.dimensions})`,
        sku: collageSku(input.template.skuPrefix, size.id),
        price: prices[i],
        priceCurrency: 'USD',
        availability: `${SCHEMA}/InStock`,
        url: input.pageUrl,
      })),
    },
  };
  const faqPage = {
    '@context': SCHEMA,
    '@type': 'FAQPage',
    mainEntity: faq(input.template)
      .slice(0, 3)
      .map((entry) => ({
        '@type': 'Question',
        name: entry.question,
        acceptedAnswer: { '@type': 'Answer', text: entry.answer },
      })),
  };
  const breadcrumb = {
    '@context': SCHEMA,
    '@type': 'BreadcrumbList',
    itemListElement: [
      { name: 'Home', item: input.homeUrl },
      { name: 'Photo Collages', item: input.collagesUrl },
      { name: input.heading, item: input.pageUrl },
    ].map((entry, i) => ({ '@type': 'ListItem', position: i + 1, ...entry })),
  };
  return [product, faqPage, breadcrumb];
}
