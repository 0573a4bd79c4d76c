// The Product block of a product page's JSON-LD: the catalog's product with its offer in USD (the
// catalog's own prices; the page may show another currency). Posters add their rating and reviews
// (spec 2 §2, §9).
import { shortName, type Product } from '@printshop/shared-events/rules/catalog';
import { toMajor } from '@printshop/shared-events/rules/money';
import { SCHEMA } from './structured-data';

export interface ProductMarkupExtras {
  /** The offer's price is valid until (YYYY-MM-DD). */
  priceValidUntil?: string;
  aggregateRating?: { ratingValue: number; reviewCount: number };
  reviews?: { rating: number; content: string; author: string; date?: string }[];
}

export function productStructuredData(
  product: Product,
  input: { description: string; pageUrl: string; imageUrl: string; brand: string } & ProductMarkupExtras,
) {
  return {
    '@context': SCHEMA,
    '@type': 'Product',
    name: shortName(product.name),
    description: input.description,
    image: input.imageUrl,
    sku: product.sku,
    category: product.category,
    brand: { '@type': 'Brand', name: input.brand },
    offers: {
      '@type': 'Offer',
      price: toMajor(product.basePriceUsdCents, 'USD'),
      priceCurrency: 'USD',
      availability: `${SCHEMA}/InStock`,
      url: input.pageUrl,
      ...(input.priceValidUntil && { priceValidUntil: input.priceValidUntil }),
    },
    ...(input.aggregateRating && {
      aggregateRating: { '@type': 'AggregateRating', bestRating: 5, ...input.aggregateRating },
    }),
    ...(input.reviews?.length && {
      review: input.reviews.map((review) => ({
        '@type': 'Review',
        reviewRating: { '@type': 'Rating', ratingValue: review.rating, bestRating: 5 },
        author: { '@type': 'Person', name: review.author },
        reviewBody: review.content,
        ...(review.date && { datePublished: review.date }),
      })),
    }),
  };
}
