// A product card (spec 1 §2): image, name before ' | ', 'From {price}/{unit}', 'View Details' on hover.
import { Link } from 'react-router';
import { thumbnailOf } from '@/lib/thumbnail';
import { Price } from '@/components/price';
import { useCurrency } from '@/lib/currency/use-currency';
import type { ProductCardData } from '../product-view';
import './product-card.css';

export function ProductCard({
  product,
  eager = false,
  heading: Heading = 'h3',
}: {
  product: ProductCardData;
  eager?: boolean;
  /** The name's level: h2 straight under a page's h1 (a category, search), h3 under a section's h2. */
  heading?: 'h2' | 'h3';
}) {
  const { formatCents } = useCurrency();
  return (
    <Link to={product.path} className="product-card" data-sku={product.sku}>
      <div className="product-card__media">
        <img
          src={thumbnailOf(product.imageUrl, 768)}
          alt=""
          width={600}
          height={600}
          loading={eager ? 'eager' : 'lazy'}
          decoding="async"
        />
        <span className="product-card__cta" aria-hidden="true">
          View Details
        </span>
      </div>
      <div className="product-card__body">
        <Heading className="product-card__name">{product.name}</Heading>
        <p className="product-card__price">
          From{' '}
          <strong data-testid="price">
            <Price>{formatCents(product.priceUsdCents)}</Price>
          </strong>
          /{product.unit}
        </p>
      </div>
    </Link>
  );
}

export function ProductGrid({ children, label }: { children: React.ReactNode; label?: string }) {
  return (
    <ul className="product-grid" aria-label={label}>
      {children}
    </ul>
  );
}
