// The three structured-data blocks of a template page (spec 2 §2, §9): the product with its three
// size offers (3.99-7.99 USD), three FAQ entries, and the breadcrumb Home > Photo Collages > name.
// Ratings and the reviewer's name are the spec's static marketing content.
import { COLLAGE_SIZES, collageSku, type CollageTemplate } from '@printshop/shared-events/rules/collages';
import { toMajor } from '@printshop/shared-events/rules/money';
import { breadcrumbList, SCHEMA } from '../../lib/structured-data';
import { faq } from './collage-copy';

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
    aggregateRating: { '@type': 'AggregateRating', ratingValue: 4.8, reviewCount: 127, bestRating: 5 },
    review: [
      {
        '@type': 'Review',
        reviewRating: { '@type': 'Rating', ratingValue: 5, bestRating: 5 },
        author: { '@type': 'Person', name: 'Priya S.' },
        reviewBody: 'Beautiful print quality and the collage came out exactly as I designed it.',
      },
    ],
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
  const breadcrumb = breadcrumbList([
    { name: 'Home', url: input.homeUrl },
    { name: 'Photo Collages', url: input.collagesUrl },
    { name: input.heading, url: input.pageUrl },
  ]);
  return [product, faqPage, breadcrumb];
}
