// A poster page (spec 2 §2): gallery, feature cards and bulk-discount table on the left; title,
// price, key features, the upload-and-crop workflow and the tabs on the right. On phones an intro
// card, a floating scroll button and the fixed cart bar; the page auto-scrolls after 800 ms.
import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { shortName } from '@printshop/shared-events/rules/catalog';
import { convertFromUsd, formatMoney } from '@printshop/shared-events/rules/money';
import { ProductHead } from '@/components/product-head';
import { Price } from '@/components/price';
import { useDiscountScheme, type ShownProduct } from '@/lib/catalog/live-catalog';
import { DeliveryPromise } from '@/components/delivery-promise';
import { useReviews } from '@/lib/reviews/get-reviews';
import { useShopRating } from '@/lib/reviews/rating-summary';
import { useCurrency } from '@/lib/currency/use-currency';
import { useInView } from '@/lib/use-in-view';
import { useOwnHeight } from '@/lib/use-own-height';
import { CreationPanel } from '@/features/product-creation/components/creation-panel';
import { MobileCartBar } from '@/features/product-creation/components/mobile-cart-bar';
import { UnsavedChangesGuard } from '@/components/unsaved-changes-guard';
import type { ImageTools } from '@/features/product-creation/image-tools';
import { useIsMobile } from '@/features/product-creation/use-mobile';
import { useProductCreation } from '@/features/product-creation/use-product-creation';
import { useProductViewTracking } from '@/features/product-creation/use-product-view-tracking';
import { KEY_FEATURES, POSTER_SPECS } from '../poster-content';
import { BulkDiscountTable } from './bulk-discount-table';
import { FeatureCards } from './feature-cards';
import { PosterGallery } from './poster-gallery';
import { PosterTabs } from './poster-tabs';
import '../posters.css';

/**
 * Spec 2 §2, §9: the poster markup's offer validity and its reviews: the poster's 10 newest are
 * fetched, at most 5 are used. The rating is the approved reviews' summary, left out until there are
 * any (search engines' rule: no rating markup without real reviews).
 */
const POSTER_PRICE_VALID_UNTIL = '2025-12-31';
const REVIEWS_FETCHED = 10;
const MARKUP_REVIEWS = 5;

/** Spec 2 §9: the poster page scrolls to the preview or upload area after 800 ms. */
export const AUTO_SCROLL_MS = 800;

export interface PosterPageProps {
  /** The poster as shown: its heading, breadcrumb and title take the owner's name once it answers. */
  product: ShownProduct;
  onCartChanged?: () => void;
  imageTools?: ImageTools;
}

/**
 * Where the raised floating button sits above the bottom of the screen (posters.css, 8.5rem): a
 * section no higher than that lies under the fixed cart bar, unseen and not covered by the button.
 */
const RAISED_BUTTON_BOTTOM_PX = 136;

/** What a shopper does to scroll: any of them before the auto-scroll fires cancels it. */
const SCROLL_INTENTS = ['touchmove', 'wheel', 'keydown'] as const;

const scrollTo = (id: string) =>
  document.getElementById(id)?.scrollIntoView?.({ behavior: 'smooth', block: 'start' });

export function PosterPage({ product, onCartChanged, imageTools }: PosterPageProps) {
  const { pathname } = useLocation();
  const { formatCents, country, currency, rates } = useCurrency();
  const format = (minor: number) => formatMoney(minor, currency);
  // The owner's poster bands: the table, the nudge and the panel's total say what the cart takes.
  const scheme = useDiscountScheme('poster');
  const creation = useProductCreation({ product, scheme, onCartChanged, imageTools });
  const isMobile = useIsMobile();
  const left = useOwnHeight<HTMLDivElement>();
  const spec = POSTER_SPECS[product.sku] ?? { sku: product.sku, sizeLabel: product.sku, dimensions: '' };
  const name = shortName(product.name);
  const hasImages = creation.items.length > 0;
  // The floating button takes the shopper to this section; while it is on screen the button has
  // nothing to do and would cover its figures, so it steps aside.
  const fabTarget = hasImages ? 'order-summary' : 'upload-area';
  const fabTargetShown = useInView(fabTarget, hasImages, hasImages ? RAISED_BUTTON_BOTTOM_PX : 0);
  useProductViewTracking(product, pathname);
  const rating = useShopRating();
  // The newest reviews of this poster for its markup (a prerendered page has none until loaded).
  const reviews = useReviews({
    page: 1,
    sort: 'newest',
    rating: null,
    search: '',
    product: product.sku,
    limit: REVIEWS_FETCHED,
  });

  // On phones: after 800 ms, bring the preview (when images exist) or the upload area into view,
  // unless the shopper has started scrolling meanwhile: the page never pulls away from their finger.
  const first = useRef(true);
  useEffect(() => {
    if (!isMobile) return;
    const initial = first.current;
    first.current = false;
    if (initial && !hasImages) return;
    const timer = setTimeout(() => scrollTo(hasImages ? 'uploads-list' : 'upload-area'), AUTO_SCROLL_MS);
    const cancel = () => clearTimeout(timer);
    for (const type of SCROLL_INTENTS) window.addEventListener(type, cancel, { passive: true });
    return () => {
      cancel();
      for (const type of SCROLL_INTENTS) window.removeEventListener(type, cancel);
    };
  }, [hasImages, isMobile]);

  return (
    <div className="product-page poster-page">
      <ProductHead
        product={product}
        description={`${name}: your photo printed on 300 GSM matte board, ready to ship within 24 hours, from ${formatCents(product.basePriceUsdCents)} per poster.`}
        category={{ to: '/posters', label: 'Posters' }}
        priceValidUntil={POSTER_PRICE_VALID_UNTIL}
        aggregateRating={
          rating ? { ratingValue: rating.averageRating, reviewCount: rating.totalReviews } : undefined
        }
        reviews={reviews.data?.reviews.slice(0, MARKUP_REVIEWS).map((review) => ({
          rating: review.rating,
          content: review.content,
          author: review.user.name,
          date: review.created_at.slice(0, 10),
        }))}
      />
      <div className="poster-page__grid">
        <div className="poster-page__left" ref={left}>
          <PosterGallery product={product} />
          <FeatureCards />
          <BulkDiscountTable
            label={spec.sizeLabel}
            unitPrice={convertFromUsd(product.basePriceUsdCents, currency, rates)}
            totalQuantity={creation.summary.totalQuantity}
            format={format}
            scheme={scheme}
          />
        </div>
        <div className="poster-page__right">
          <h1 className="product-page__name">{name}</h1>
          <p className="product-page__price">
            <strong data-testid="product-price">
              <Price>{formatCents(product.basePriceUsdCents)}</Price>
            </strong>
            <span> per print</span>
          </p>
          <DeliveryPromise />
          <ul className="poster-page__key-features" aria-label="Key features">
            {KEY_FEATURES.map((feature) => (
              <li key={feature}>{feature}</li>
            ))}
          </ul>
          {!hasImages && (
            <div className="start-card" data-testid="start-creating">
              <h2>Start Creating</h2>
              <p>Upload your photos, crop each one to {spec.sizeLabel} and add them to your cart.</p>
              <p className="start-card__hint" aria-hidden="true">
                Scroll down to upload ↓
              </p>
            </div>
          )}
          <CreationPanel creation={creation} aspectLabel={`${spec.sizeLabel} (${spec.dimensions})`} />
          <PosterTabs
            spec={spec}
            country={country}
            currency={currency}
            subtotal={creation.summary.total}
            format={format}
          />
        </div>
      </div>
      {isMobile && (
        <button
          type="button"
          className={`scroll-fab${hasImages ? ' scroll-fab--raised' : ''}${fabTargetShown ? ' scroll-fab--away' : ''}`}
          onClick={() => scrollTo(fabTarget)}
        >
          {hasImages ? 'Go to order summary' : 'Go to upload'}
        </button>
      )}
      {isMobile && <MobileCartBar creation={creation} />}
      <UnsavedChangesGuard active={hasImages} onLeave={creation.clear} />
    </div>
  );
}
