// The three structured-data blocks of a template page (spec 2 §2, §9): the product with its three
// size offers (3.99-7.99 USD), three FAQ entries, and the breadcrumb Home > Photo Collages > name.
// The aggregate rating is the approved reviews' (useShopRating), and absent before there are any.
import { COLLAGE_SIZES, collageSku, type CollageTemplate } from '@printshop/shared-events/rules/collages';
import { toMajor } from '@printshop/shared-events/rules/money';
import { breadcrumbList, SCHEMA } from '@/lib/structured-data';
import type { RatingSummary } from '@printshop/shared-events/api/reviews';
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
  /** The shop's approved reviews; null: no rating is claimed. */
  rating: RatingSummary | null;
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
    ...(input.rating && {
      aggregateRating: {
        '@type': 'AggregateRating',
        ratingValue: input.rating.averageRating,
        reviewCount: input.rating.totalReviews,
        bestRating: 5,
      },
    }),
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
