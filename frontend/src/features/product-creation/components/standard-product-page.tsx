// The upload-and-crop page of prints, retro prints, strips and greeting cards (spec 1 §2, spec 2 §2
// "Standard-print upload and crop panels"): the carousel on the left, the workflow on the right,
// the upload-panel quantity bands (spec 2 §9).
import { useLocation } from 'react-router';
import { FEATURED_SKUS, PRODUCTS, shortName, type Product } from '@printshop/shared-events/rules/catalog';
import {
  UPLOAD_PANEL_DISCOUNT,
  discountAmount,
  type DiscountScheme,
} from '@printshop/shared-events/rules/discounts';
import { ProductHead } from '@/components/product-head';
import { thumbnailOf } from '@/lib/thumbnail';
import { CATEGORY_LINKS, sizeText } from '@/lib/product-page';
import type { ShownProduct } from '@/lib/catalog/live-catalog';
import { useCurrency } from '@/lib/currency/use-currency';
import type { ImageTools } from '../image-tools';
import { useIsMobile } from '../use-mobile';
import { useProductCreation } from '../use-product-creation';
import { useProductViewTracking } from '../use-product-view-tracking';
import { useProductViewers } from '../api/product-viewers';
import { DeliveryPromise } from '@/components/delivery-promise';
import { CreationPanel } from './creation-panel';
import { MobileCartBar } from './mobile-cart-bar';
import { ProductCarousel } from './product-carousel';
import { UnsavedChangesGuard } from '@/components/unsaved-changes-guard';
import { Price } from '@/components/price';

function badgeOf(product: Product): string {
  if (product.badge) return product.badge;
  return (FEATURED_SKUS as readonly string[]).includes(product.sku) ? 'Bestseller' : 'Made to Order';
}

export interface StandardProductPageProps {
  /** The product as shown: its heading, breadcrumb and title take the owner's name once it answers. */
  product: ShownProduct;
  onCartChanged?: () => void;
  imageTools?: ImageTools;
  /** The owner's upload-panel bands (GET /api/settings); the code's until they answer. */
  scheme?: DiscountScheme;
}

export function StandardProductPage({
  product,
  onCartChanged,
  imageTools,
  scheme = UPLOAD_PANEL_DISCOUNT,
}: StandardProductPageProps) {
  const { pathname } = useLocation();
  const { formatCents } = useCurrency();
  const creation = useProductCreation({ product, scheme, onCartChanged, imageTools });
  const viewers = useProductViewers(product.sku);
  const isMobile = useIsMobile();
  useProductViewTracking(product, pathname);
  const name = shortName(product.name);
  const category = CATEGORY_LINKS[product.family];
  const top = scheme.bands[scheme.bands.length - 1]!;
  const lowest = product.basePriceUsdCents - discountAmount(product.basePriceUsdCents, top.rateBps);
  // The owner's pictures of the product first (the code's one until set), then its siblings' for a
  // feel of the family, four at least.
  const own = (product.images ?? [product.imageUrl]).map((src) => ({
    src: thumbnailOf(src, 1024),
    alt: name,
  }));
  const siblings = PRODUCTS.filter((p) => p.family === product.family && p.sku !== product.sku).map((p) => ({
    src: p.imageUrl,
    alt: shortName(p.name),
  }));
  const images = [...own, ...siblings].slice(0, Math.max(4, own.length));

  return (
    <div className="product-page">
      <ProductHead
        product={product}
        description={`${name}: ${product.category.toLowerCase()} printed from your own photos, from ${formatCents(product.basePriceUsdCents)} per ${product.unit}.`}
        category={category}
      />
      <div className="product-page__grid">
        <div className="product-page__media">
          <ProductCarousel
            images={images}
            badge={badgeOf(product)}
            priceRangeUsdCents={[lowest, product.basePriceUsdCents]}
            viewers={viewers}
          />
        </div>
        <div className="product-page__info">
          <h1 className="product-page__name">{name}</h1>
          <p className="product-page__price">
            <strong data-testid="product-price">
              <Price>{formatCents(product.basePriceUsdCents)}</Price>
            </strong>
            <span> / {product.unit}</span>
          </p>
          <DeliveryPromise />
          <dl className="product-page__specs">
            <div>
              <dt>Print size</dt>
              <dd>{sizeText(product)}</dd>
            </div>
            {creation.slots > 1 && (
              <div>
                <dt>Photos</dt>
                <dd>{creation.slots} per strip</dd>
              </div>
            )}
            {product.colour && (
              <div>
                <dt>Frame</dt>
                <dd>{product.colour === 'white' ? 'White' : 'Black'}</dd>
              </div>
            )}
          </dl>
          <CreationPanel creation={creation} aspectLabel={sizeText(product)} />
        </div>
      </div>
      {/* On phones Add to Cart stays in reach at the foot of the screen, as on the poster pages. */}
      {isMobile && <MobileCartBar creation={creation} />}
      <UnsavedChangesGuard active={creation.items.length > 0} onLeave={creation.clear} />
    </div>
  );
}
