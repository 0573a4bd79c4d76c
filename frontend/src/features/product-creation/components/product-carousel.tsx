// The product image carousel of the standard-print panels (spec 2 §2): a badge, the price range in
// the chosen currency, 'N people viewing' (counted: api/product-viewers.ts), previous / next and
// thumbnails.
import { useState } from 'react';
import { useCurrency } from '@/lib/currency/use-currency';
import { Price } from '@/components/price';

export interface CarouselProps {
  images: ReadonlyArray<{ src: string; alt: string }>;
  badge: string;
  /** Lowest and highest price per item, USD cents. */
  priceRangeUsdCents: readonly [number, number];
  /** Shoppers on this page now, when others than this one are there; else nothing is said. */
  viewers?: number;
}

export function ProductCarousel({ images, badge, priceRangeUsdCents, viewers }: CarouselProps) {
  const [index, setIndex] = useState(0);
  const { formatCents } = useCurrency();
  const count = images.length;
  const current = images[index] ?? images[0];
  if (!current) return null;
  const [low, high] = priceRangeUsdCents;
  return (
    <div className="carousel" aria-roledescription="carousel" aria-label="Product images">
      <div className="carousel__stage">
        <span className="carousel__badge">{badge}</span>
        <img src={current.src} alt={current.alt} width={600} height={600} fetchPriority="high" />
        {count > 1 && (
          <>
            <button
              type="button"
              className="carousel__nav carousel__nav--prev"
              aria-label="Previous image"
              onClick={() => setIndex((index - 1 + count) % count)}
            >
              ‹
            </button>
            <button
              type="button"
              className="carousel__nav carousel__nav--next"
              aria-label="Next image"
              onClick={() => setIndex((index + 1) % count)}
            >
              ›
            </button>
          </>
        )}
      </div>
      <div className="carousel__meta">
        <strong data-testid="price-range">
          <Price>{formatCents(low)}</Price>
          {low !== high && (
            <>
              {' - '}
              <Price>{formatCents(high)}</Price>
            </>
          )}
        </strong>
        {/* No figure: a placeholder (2) holds its room out of sight, so its arrival moves nothing. */}
        <span data-testid="viewer-count" data-pending={viewers === undefined ? '' : undefined}>
          {viewers ?? 2} people viewing
        </span>
      </div>
      {count > 1 && (
        <ul className="carousel__thumbs">
          {images.map((image, i) => (
            <li key={image.src}>
              <button
                type="button"
                aria-label={`Show image ${i + 1} of ${count}`}
                aria-current={i === index || undefined}
                onClick={() => setIndex(i)}
              >
                <img src={image.src} alt="" width={72} height={72} loading="lazy" />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
